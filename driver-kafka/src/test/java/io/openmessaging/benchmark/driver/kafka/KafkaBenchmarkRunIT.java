package io.openmessaging.benchmark.driver.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whole benchmark runs through the command line and the in-process worker against the real local
 * Kafka broker: 1 topic, 16 partitions, 1 KiB, 2 producers, 2 consumers.
 */
class KafkaBenchmarkRunIT {

    @TempDir
    Path dir;

    @Test
    void runAt5000MsgPerSecondDeliversEveryMessageAtTheTargetRate() throws Exception {
        LocalKafkaBroker broker = SharedLocalKafka.plaintextBroker();
        Path driver = Files.writeString(
                dir.resolve("kafka-local.yaml"), SharedLocalKafka.shippedYamlFor("kafka-local.yaml", broker));
        Path workload = BenchmarkRuns.workload(dir, "1-topic-16-partitions-1kb", 16, 2, 2, 5000, "10s", "30s", 5000);

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
        assertThat(result.metadata.clientVersions).isNotEmpty().doesNotContainKey("kafka.consumerFailures");
        assertThat(result.metadata.driverCounters)
                .containsOnly(
                        java.util.Map.entry("kafka.consumerFailures", 0L),
                        java.util.Map.entry("kafka.offsetCommitFailures", 0L),
                        java.util.Map.entry("kafka.malformedStamps", 0L));
    }
}
