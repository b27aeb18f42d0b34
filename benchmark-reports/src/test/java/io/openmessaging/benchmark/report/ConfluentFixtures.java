package io.openmessaging.benchmark.report;

import io.openmessaging.benchmark.testing.CoreFixtures;
import java.nio.file.Path;
import java.util.List;

/** The 12 result files of the Confluent fork's 2020 study, in the test resources. */
public final class ConfluentFixtures {

    /** Every fixture, relative to {@link #directory()}. */
    public static final List<String> FILES = List.of(
            "kafka/latency/default-sync-200k.json", "kafka/latency/sync-200k.json",
            "kafka/throughput/default-sync.json", "kafka/throughput/sync.json",
            "pulsar/latency/default-sync-200k.json", "pulsar/throughput/default-sync-colocated.json",
            "pulsar/throughput/default-sync-raid0.json", "pulsar/throughput/default-sync-tiered.json",
            "rabbitmq/latency/classic-30k.json", "rabbitmq/latency/mirrored-30k.json",
            "rabbitmq/throughput/classic.json", "rabbitmq/throughput/mirrored.json");

    private ConfluentFixtures() {}

    /** The directory holding the fixtures ({@code kafka/}, {@code pulsar/}, {@code rabbitmq/}). */
    public static Path directory() {
        return CoreFixtures.path("result/confluent-2020/results");
    }

    /** One fixture file, e.g. {@code kafka/latency/sync-200k.json}. */
    public static Path file(String relative) {
        return directory().resolve(relative);
    }

    /** The golden result file of this project's own format (every field set). */
    public static Path ourGoldenResult() {
        return CoreFixtures.path("result/golden/two-period-run.json");
    }
}
