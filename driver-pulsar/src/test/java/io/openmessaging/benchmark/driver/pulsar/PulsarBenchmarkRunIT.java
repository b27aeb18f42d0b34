package io.openmessaging.benchmark.driver.pulsar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whole benchmark runs through the command line and the in-process worker against a real local Pulsar
 * standalone, with the shipped driver files pointed at it.
 */
class PulsarBenchmarkRunIT {

    @TempDir
    Path dir;

    @Test
    void runAt5000MsgPerSecondDeliversEveryMessageAtTheTargetRate() throws Exception {
        Path driver = localDriverFile("pulsar-local.yaml");
        // 20 s of warm-up, twice Kafka's: a fresh standalone JIT-compiles broker and bookie paths for longer
        Path workload = BenchmarkRuns.workload(dir, "1-topic-16-partitions-1kb", 16, 2, 2, 5000, "20s", "30s", 5000);

        BenchmarkRuns.Outcome outcome = BenchmarkRuns.run(dir, "-d", driver.toString(), workload.toString());

        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        TestResult result = outcome.result();
        assertThat(result.complete).isTrue();
        assertThat(result.totalSendErrors).isZero();
        assertThat(result.totalMessagesSent).isGreaterThan(190_000L);
        assertThat(result.totalMessagesReceived).isEqualTo(result.totalMessagesSent);
        assertThat(result.publishRate).hasSize(6);
        // the generator kept the schedule: messages handed to the client in the measured phase
        long measuredAttempted =
                result.attempted.stream().mapToLong(Long::longValue).sum();
        assertThat(measuredAttempted / result.testDurationSeconds).isCloseTo(5000.0, within(100.0));
        // and every message that came due was acknowledged. The acknowledged rate of the phase alone is only
        // bounded below: acks of messages still in flight when the warm-up ended land in the measured phase
        // (a fresh Pulsar standalone was 4 s behind once in CI: 5,642 msg/s acknowledged at 5,000)
        assertThat(result.totalMessagesSent)
                .isEqualTo(result.totalMessagesAttempted)
                .isEqualTo(result.totalMessagesDue);
        long measuredAcked = result.sent.stream().mapToLong(Long::longValue).sum();
        assertThat(measuredAcked / result.testDurationSeconds).isGreaterThan(4500.0);
        assertThat(BenchmarkRuns.fractionalMillisShare(result)).isGreaterThan(0.5);
        assertThat(result.aggregatedEndToEndLatency50pct).isGreaterThan(0.0);
        assertThat(result.metadata.clientVersions).isNotEmpty();
        assertThat(result.version)
                .as("the broker's version, read by the driver")
                .isNotBlank()
                .isEqualTo(result.metadata.brokerInfo.get("pulsar.brokerVersion"));
        assertThat(outcome.stdout() + outcome.stderr()).doesNotContain("First send error");
        System.out.printf(
                Locale.ROOT,
                "pulsar 5000 msg/s: publish latency p50 %.3f ms p99 %.3f ms;"
                        + " end-to-end latency p50 %.3f ms p99 %.3f ms; publish response time p99 %.3f ms;"
                        + " end-to-end response time p99 %.3f ms%n",
                result.aggregatedPublishLatency50pct,
                result.aggregatedPublishLatency99pct,
                result.aggregatedEndToEndLatency50pct,
                result.aggregatedEndToEndLatency99pct,
                result.aggregatedPublishResponseTime99pct,
                result.aggregatedEndToEndResponseTime99pct);
    }

    @Test
    void aSinglePartitionTopicIsANonPartitionedTopic() throws Exception {
        Path driver = localDriverFile("pulsar-local.yaml");
        Path workload = BenchmarkRuns.workload(dir, "1-topic-1-partition-1kb", 1, 1, 1, 1000, "2s", "10s", 5000);

        BenchmarkRuns.Outcome outcome = BenchmarkRuns.run(dir, "-d", driver.toString(), workload.toString());

        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        TestResult result = outcome.result();
        assertThat(result.complete).isTrue();
        assertThat(result.totalSendErrors).isZero();
        assertThat(result.totalMessagesSent).isGreaterThan(9_000L);
        assertThat(result.totalMessagesReceived).isEqualTo(result.totalMessagesSent);
    }

    @Test
    void theEffectivelyOnceFileRunsWithDeduplication() throws Exception {
        Path driver = localDriverFile("pulsar-effectively-once.yaml");
        Path workload = BenchmarkRuns.workload(dir, "1-topic-4-partitions-1kb", 4, 1, 1, 1000, "2s", "10s", 5000);

        BenchmarkRuns.Outcome outcome = BenchmarkRuns.run(dir, "-d", driver.toString(), workload.toString());

        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        TestResult result = outcome.result();
        assertThat(result.complete).isTrue();
        assertThat(result.totalSendErrors).isZero();
        assertThat(result.totalMessagesReceived)
                .isEqualTo(result.totalMessagesSent)
                .isPositive();
        assertThat(result.metadata.driverYaml).contains("deduplicationEnabled: true");
    }

    private Path localDriverFile(String shippedFile) throws Exception {
        return Files.writeString(
                dir.resolve(shippedFile),
                SharedLocalPulsar.shippedYamlFor(shippedFile, SharedLocalPulsar.standalone()));
    }
}
