package io.openmessaging.benchmark.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

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
 * Whole in-process runs against the loopback driver with an outage in the measured phase (1 topic, 4
 * partitions, 1 producer, 1 consumer, 2,000 msg/s, 2 s warm-up, 10 s measured): an outage that outlasts
 * the stall timeout fails the run with its books closed, a short one is measured and the run completes,
 * and sends that fail fail the run. The same drills against real brokers are the drivers' BrokerOutageITs.
 */
class OutageRunIT {

    private static final String WORKLOAD = """
            name: loopback-outage
            topics: 1
            partitionsPerTopic: 4
            messageSize: 1024
            subscriptionsPerTopic: 1
            consumerPerSubscription: 1
            producersPerTopic: 1
            producerRate: 2000
            warmupDuration: 2s
            testDuration: 10s
            sampleRateMillis: 1000
            """;

    @TempDir
    Path dir;

    private record Outcome(int exitCode, String printed, TestResult result, long elapsedNanos) {}

    @Test
    void aSendThatBlocksForeverFailsTheRunAndEveryDueMessageIsInTheResponseTimes() throws IOException {
        // the probe is the first send; the block starts about 5 s later, 3 s into the measured phase
        Outcome outcome = run("""
                name: loopback-dead-broker
                driver: loopback
                ackDelayMicros: 100
                deliveryDelayMicros: 100
                stalls:
                  - startAfterMillis: 5000
                    durationMillis: 600000
                    kind: BLOCK_SEND
                """, "--stall-timeout-seconds", "3");

        TestResult result = outcome.result();
        assertThat(outcome.exitCode()).as(outcome.printed()).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(result.complete).isFalse();
        assertThat(result.failureReason)
                .contains("no send completed or failed for 3 s")
                .contains("due but not sent")
                .contains("unreachable or stalled");
        // every message due until the books closed is acknowledged, failed or never sent
        assertThat(result.totalMessagesSent
                        + result.totalSendErrors
                        + result.totalMessagesNotSent
                        + result.totalMessagesUnackedAtEnd)
                .isEqualTo(result.totalMessagesDue);
        assertThat(result.totalMessagesNotSent).isGreaterThan(2_000L * 3);
        // the outage began ~5 s after the run's first send and lasted until the books closed: the oldest
        // message never sent is as old as that, and that is the maximum of the publish response time
        // (counted from the run's beginning: the set-up before the first send only makes this stricter)
        double outageMillis = result.metadata.endTimeEpochMillis - result.metadata.beginTimeEpochMillis - 5_000;
        assertThat(result.aggregatedPublishResponseTimeMax).isGreaterThan(0.8 * outageMillis);
        assertThat(result.aggregatedPublishResponseTimeMax).isGreaterThan(3_000.0);
        assertThat(result.aggregatedEndToEndResponseTimeMax).isGreaterThan(3_000.0);
        // the progress lines show the messages piling up unsent
        assertThat(outcome.printed()).containsPattern("not sent [1-9][0-9]{3,}");
    }

    @Test
    void aTwoSecondFreezeIsMeasuredAndTheRunCompletes() throws IOException {
        Outcome outcome = run("""
                name: loopback-freeze
                driver: loopback
                ackDelayMicros: 100
                deliveryDelayMicros: 100
                stalls:
                  - startAfterMillis: 6000
                    durationMillis: 2000
                    kind: FREEZE
                """);

        TestResult result = outcome.result();
        assertThat(outcome.exitCode()).as(outcome.printed()).isZero();
        assertThat(result.complete).isTrue();
        assertThat(result.failureReason).isNull();
        assertThat(result.totalMessagesDue).isEqualTo(result.totalMessagesSent);
        assertThat(result.totalMessagesAttempted).isEqualTo(result.totalMessagesSent);
        assertThat(result.totalMessagesNotSent).isZero();
        assertThat(result.totalMessagesUnackedAtEnd).isZero();
        assertThat(result.totalMessagesReceived).isEqualTo(result.totalMessagesSent);
        assertThat(result.aggregatedPublishResponseTime999pct).isGreaterThanOrEqualTo(1_500.0);
        assertThat(result.aggregatedPublishLatency50pct).isLessThan(5.0);
    }

    @Test
    void sendsThatFailFailTheRunAtOnceNamingTheFirstError() throws IOException {
        Outcome outcome = run("""
                name: loopback-refusing
                driver: loopback
                stalls:
                  - startAfterMillis: 1000
                    durationMillis: 600000
                    kind: FAIL_SEND
                """);

        TestResult result = outcome.result();
        assertThat(outcome.exitCode()).as(outcome.printed()).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(result.complete).isFalse();
        assertThat(result.failureReason)
                .contains("send(s) to the broker failed")
                .contains("the workload allows none")
                .contains("a FAIL_SEND stall window");
        assertThat(result.totalSendErrors).isPositive();
        // it fails in the warm-up, at the first poll after the errors began, not after the whole run
        assertThat(outcome.elapsedNanos()).isLessThan(10_000_000_000L);
    }

    private Outcome run(String driverYaml, String... options) throws IOException {
        Path workload = Files.writeString(dir.resolve("workload.yaml"), WORKLOAD);
        Path driver = Files.writeString(dir.resolve("driver.yaml"), driverYaml);
        List<String> args = new java.util.ArrayList<>(List.of(options));
        args.addAll(List.of(
                "-d", driver.toString(), "--output-dir", dir.resolve("results").toString(), workload.toString()));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        long start = System.nanoTime();
        int exitCode = Benchmark.run(
                args.toArray(new String[0]), new PrintStream(out, true, StandardCharsets.UTF_8), System.err, false);
        long elapsed = System.nanoTime() - start;
        String printed = out.toString(StandardCharsets.UTF_8);
        System.out.print(printed);
        try (Stream<Path> files = Files.list(dir.resolve("results"))) {
            List<Path> json = files.filter(p -> p.toString().endsWith(".json")).toList();
            assertThat(json).as(printed).hasSize(1);
            return new Outcome(exitCode, printed, ResultFiles.read(json.get(0)), elapsed);
        }
    }
}
