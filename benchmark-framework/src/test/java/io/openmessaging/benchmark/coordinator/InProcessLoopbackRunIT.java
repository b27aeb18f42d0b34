package io.openmessaging.benchmark.coordinator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.openmessaging.benchmark.cli.Benchmark;
import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.TestResult;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whole in-process runs through the command line against the loopback driver: 1 topic, 16 partitions,
 * 1 KiB, 2 producers, 2 consumers, 20,000 msg/s, 10 s warm-up, 30 s measured.
 */
class InProcessLoopbackRunIT {

    private static final String WORKLOAD = """
            name: loopback-1-topic-16-partitions-1kb
            topics: 1
            partitionsPerTopic: 16
            messageSize: 1024
            subscriptionsPerTopic: 1
            consumerPerSubscription: 2
            producersPerTopic: 2
            producerRate: 20000
            warmupDuration: 10s
            testDuration: 30s
            sampleRateMillis: 2000
            """;

    @TempDir
    Path dir;

    @Test
    void everyMessageArrivesAtTheTargetRateWithSubMillisecondLatencies() throws IOException {
        // the file's 5 ms acknowledgement delay is overridden on the command line (--set driver.KEY=VALUE)
        TestResult result = run("""
                name: loopback-with-delays
                driver: loopback
                ackDelayMicros: 5000
                deliveryDelayMicros: 200
                """, "--set", "driver.ackDelayMicros=100");
        assertThat(result.metadata.driverYaml).contains("ackDelayMicros: 100").doesNotContain("5000");
        assertThat(result.metadata.commandLine).containsSubsequence("--set", "driver.ackDelayMicros=100");

        assertThat(result.complete).isTrue();
        assertThat(result.totalMessagesSent).isGreaterThan(800_000L);
        assertThat(result.totalMessagesReceived).isEqualTo(result.totalMessagesSent);
        assertThat(result.totalSendErrors).isZero();
        assertThat(result.publishRate).hasSize(15);
        long measuredSent = result.sent.stream().mapToLong(Long::longValue).sum();
        assertThat(measuredSent / result.testDurationSeconds).isCloseTo(20_000.0, within(200.0));
        assertThat(result.publishRate.stream()
                        .mapToDouble(Double::doubleValue)
                        .average()
                        .orElseThrow())
                .isCloseTo(20_000.0, within(200.0));

        // all five metrics, with sub-millisecond values
        assertThat(result.aggregatedPublishResponseTime50pct).isGreaterThan(0.0).isLessThan(1.0);
        assertThat(result.aggregatedPublishLatency50pct)
                .isGreaterThanOrEqualTo(0.1)
                .isLessThan(1.0);
        assertThat(result.aggregatedPublishDelayLatency50pct).isLessThan(1000L);
        assertThat(result.aggregatedEndToEndResponseTime50pct)
                .isGreaterThanOrEqualTo(0.2)
                .isLessThan(1.0);
        assertThat(result.aggregatedEndToEndLatency50pct)
                .isGreaterThanOrEqualTo(0.2)
                .isLessThan(1.0);
        assertThat(result.aggregatedEndToEndLatencyQuantiles).isNotEmpty();
        assertThat(result.endToEndNegativeCount).isZero();
        assertThat(result.metadata.driverCounters)
                .containsExactly(java.util.Map.entry("loopback.callbackFailures", 0L));
        assertThat(result.metadata.producerWakeIntervalMicros).isEqualTo(100); // the default
        assertThat(result.hlogFiles).hasSize(5);
        for (String hlog : result.hlogFiles.values()) {
            assertThat(dir.resolve("results").resolve(hlog)).isNotEmptyFile();
        }
    }

    @Test
    void aBlockedSendShowsInResponseTimesAndNotInServiceTimeMedians() throws IOException {
        TestResult result = run("""
                name: loopback-stall-send
                driver: loopback
                ackDelayMicros: 100
                deliveryDelayMicros: 200
                stalls:
                  - startAfterMillis: 25000
                    durationMillis: 1000
                    kind: BLOCK_SEND
                """);

        assertThat(result.complete).isTrue();
        assertThat(result.totalMessagesReceived).isEqualTo(result.totalMessagesSent);
        assertThat(result.aggregatedPublishResponseTime999pct).isGreaterThanOrEqualTo(900.0);
        assertThat(result.aggregatedEndToEndResponseTime999pct).isGreaterThanOrEqualTo(900.0);
        assertThat(result.aggregatedPublishDelayLatencyMax).isGreaterThanOrEqualTo(900_000L);
        assertThat(result.aggregatedPublishLatency50pct).isLessThan(5.0);
        assertThat(result.aggregatedEndToEndLatency50pct).isLessThan(5.0);
    }

    private TestResult run(String driverYaml, String... driverOptions) throws IOException {
        Path workload = Files.writeString(dir.resolve("workload.yaml"), WORKLOAD);
        Path driver = Files.writeString(dir.resolve("driver.yaml"), driverYaml);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exitCode = Benchmark.run(
                Stream.concat(
                                Stream.of(
                                        "-d",
                                        driver.toString(),
                                        "--output-dir",
                                        dir.resolve("results").toString(),
                                        "-v",
                                        "loopback-test-1.0",
                                        "--set",
                                        "testDuration=30s"),
                                Stream.concat(Stream.of(driverOptions), Stream.of(workload.toString())))
                        .toArray(String[]::new),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                System.err,
                false);
        String printed = out.toString(StandardCharsets.UTF_8);
        System.out.print(printed);
        assertThat(exitCode).as(printed).isZero();
        assertThat(printed)
                .contains("measured 15")
                .doesNotContain("measured 16")
                .contains("Result written to")
                .contains("=== loopback-1-topic-16-partitions-1kb on ")
                .contains("  rate        target 20,000 msg/s, acknowledged ")
                .contains("  HTML report: bin/benchmark report " + dir.resolve("results"));
        try (Stream<Path> files = Files.list(dir.resolve("results"))) {
            List<Path> json = files.filter(p -> p.toString().endsWith(".json")).toList();
            assertThat(json).hasSize(1);
            TestResult result = ResultFiles.read(json.get(0));
            assertThat(result.version).as("-v").isEqualTo("loopback-test-1.0");
            assertThat(result.metadata.commandLine)
                    .as("how to run it again")
                    .containsSubsequence(
                            "bin/benchmark",
                            "--output-dir",
                            dir.resolve("results").toString(),
                            "-v",
                            "loopback-test-1.0",
                            "--set",
                            "testDuration=30s",
                            workload.toString());
            return result;
        }
    }
}
