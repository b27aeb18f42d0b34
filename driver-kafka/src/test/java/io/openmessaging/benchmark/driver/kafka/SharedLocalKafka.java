package io.openmessaging.benchmark.driver.kafka;

import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Helpers for driver-level integration tests: one PLAINTEXT {@link LocalKafkaBroker} shared by every
 * test class of the JVM (started on first use, stopped by the fixture's shutdown hook), shipped driver
 * YAMLs pointed at a local broker, and waiting for consumer-group assignments.
 */
public final class SharedLocalKafka {

    private static LocalKafkaBroker plaintext;

    private SharedLocalKafka() {}

    /** The shared PLAINTEXT broker. */
    public static synchronized LocalKafkaBroker plaintextBroker() {
        if (plaintext == null) {
            plaintext = LocalKafkaBroker.start(false);
        }
        return plaintext;
    }

    /**
     * A shipped driver YAML rewritten for a single local broker: its bootstrap servers, replication
     * factor 1 and {@code min.insync.replicas=1}.
     *
     * @param file path of the YAML relative to the module directory
     */
    public static String shippedYamlFor(String file, LocalKafkaBroker broker) {
        String yaml;
        try {
            yaml = Files.readString(Path.of(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return yaml.replaceAll("bootstrap\\.servers=\\S+", "bootstrap.servers=" + broker.bootstrapServers())
                .replaceAll("(?m)^replicationFactor: \\d+$", "replicationFactor: 1")
                .replace("min.insync.replicas=2", "min.insync.replicas=1");
    }

    /**
     * Waits until the consumers hold {@code partitions} partitions between them, each at least one,
     * none twice: the group has settled.
     */
    public static void awaitAssignment(
            Collection<? extends BenchmarkConsumer> consumers, int partitions, Duration timeout)
            throws InterruptedException {
        List<KafkaBenchmarkConsumer> kafkaConsumers =
                consumers.stream().map(c -> (KafkaBenchmarkConsumer) c).collect(Collectors.toList());
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            int total = 0;
            boolean everyoneHasSome = true;
            Set<Object> distinct = new java.util.HashSet<>();
            for (KafkaBenchmarkConsumer consumer : kafkaConsumers) {
                Set<?> assigned = consumer.assignedPartitions();
                total += assigned.size();
                distinct.addAll(assigned);
                everyoneHasSome &= !assigned.isEmpty();
            }
            if (total == partitions && distinct.size() == partitions && everyoneHasSome) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("consumers did not settle on " + partitions + " partitions within "
                        + timeout.toSeconds() + " s: "
                        + kafkaConsumers.stream()
                                .map(c -> c.assignedPartitions().size() + " assigned, failure " + c.failure())
                                .collect(Collectors.joining("; ")));
            }
            Thread.sleep(50);
        }
    }
}
