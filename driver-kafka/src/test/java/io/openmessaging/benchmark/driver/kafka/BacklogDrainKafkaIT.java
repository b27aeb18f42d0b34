package io.openmessaging.benchmark.driver.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.result.BacklogSummary;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A backlog build and drain against the real local Kafka broker: the consumers' native {@code pause()}
 * holds an 8 MiB backlog (8,192 messages of 1 KiB) in the broker while the producers keep their rate,
 * and {@code resume()} drains it.
 */
class BacklogDrainKafkaIT {

    @TempDir
    Path dir;

    @Test
    void nativePauseHoldsTheBacklogInTheBrokerAndResumeDrainsIt() throws Exception {
        LocalKafkaBroker broker = SharedLocalKafka.plaintextBroker();
        Path driver = Files.writeString(
                dir.resolve("kafka-local.yaml"), SharedLocalKafka.shippedYamlFor("kafka-local.yaml", broker));
        // 1 subscription × 2,000 msg/s × 1 KiB: the 8 MiB backlog takes about 4 s to build
        Path workload = Files.writeString(dir.resolve("backlog-kafka.yaml"), """
                name: backlog-kafka-8mib
                topics: 1
                partitionsPerTopic: 4
                messageSize: 1024
                subscriptionsPerTopic: 1
                consumerPerSubscription: 2
                producersPerTopic: 2
                producerRate: 2000
                consumerBacklogSizeGB: 0.0078125
                warmupDuration: 3s
                testDuration: 4s
                sampleRateMillis: 1000
                """);

        BenchmarkRuns.Outcome outcome = BenchmarkRuns.run(dir, "-d", driver.toString(), workload.toString());

        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        TestResult result = outcome.result();
        assertThat(result.complete).isTrue();
        assertThat(result.runMode).isEqualTo("backlog");
        BacklogSummary backlog = result.backlogPhases;
        assertThat(backlog.buildComplete).isTrue();
        assertThat(backlog.builtMessages).isGreaterThanOrEqualTo(8192L);
        // about 4.1 s on schedule; a producer running late catches up faster, so only a clear lower bound
        assertThat(backlog.buildDurationSeconds).isGreaterThan(2.0);
        // pause() returns once the poll thread has paused every assigned partition: nothing arrives after it
        assertThat(backlog.receivedWhilePausedMessages).isZero();
        assertThat(backlog.drainComplete).isTrue();
        assertThat(backlog.drainDurationSeconds).isPositive();
        assertThat(backlog.remainingBytes).isLessThanOrEqualTo(backlog.drainTargetBytes);
        assertThat(backlog.drainMessagesReceived)
                .isGreaterThanOrEqualTo(backlog.drainedMessages)
                .isGreaterThan(7000L);
        assertThat(result.totalSendErrors).isZero();
        assertThat(result.totalMessagesReceived).isEqualTo(result.totalMessagesSent);
        // a period entirely inside the build received nothing, while its backlog grew
        assertThat(result.consumeRate).contains(0.0);
        assertThat(result.backlog.stream().mapToLong(Long::longValue).max().orElseThrow())
                .isGreaterThan(4000L);
        assertThat(outcome.stdout()).contains("backlog drain | drained");
    }
}
