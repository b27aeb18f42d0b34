package io.openmessaging.benchmark.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.result.BacklogSummary;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Backlog build and drain ({@code consumerBacklogSizeGB}) and {@code consumerOnly}, whole in-process runs
 * through the command line against the loopback driver, whose consumers pause natively (messages are held
 * in memory until resume), with backlogs of a few MiB of 1 KiB messages.
 */
class BacklogDrainIT {

    private static final long FOUR_MIB = 4L * 1024 * 1024;

    @TempDir
    Path dir;

    @Test
    void backlogBuildsWhileConsumersArePausedAndDrainsWhileProducersKeepTheirRate() throws IOException {
        // 2 subscriptions × 1,000 msg/s × 1 KiB: the 4 MiB backlog takes about 2 s to build
        BenchmarkRuns.Outcome outcome = run("""
                name: backlog-4mib
                topics: 1
                partitionsPerTopic: 4
                messageSize: 1024
                subscriptionsPerTopic: 2
                consumerPerSubscription: 1
                producersPerTopic: 2
                producerRate: 1000
                consumerBacklogSizeGB: 0.00390625
                warmupDuration: 2s
                testDuration: 3s
                sampleRateMillis: 1000
                """);

        TestResult result = outcome.result();
        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        assertThat(result.complete).isTrue();
        assertThat(result.runMode).isEqualTo("backlog");
        assertThat(result.subscriptionsPerTopic).isEqualTo(2);
        BacklogSummary backlog = result.backlogPhases;
        assertThat(backlog.producersRunDuringDrain).isTrue();
        assertThat(backlog.requestedBytes).isEqualTo(FOUR_MIB);
        assertThat(backlog.buildComplete).isTrue();
        assertThat(backlog.builtBytes).isGreaterThanOrEqualTo(FOUR_MIB);
        assertThat(backlog.builtMessages).isGreaterThanOrEqualTo(4096L);
        // 2.048 s on schedule; a producer running late catches up faster, so only a clear lower bound
        assertThat(backlog.buildDurationSeconds).isGreaterThan(1.0);
        assertThat(backlog.buildMessagesSent).isGreaterThanOrEqualTo(2048L);
        assertThat(backlog.receivedWhilePausedMessages)
                .as("paused loopback consumers receive nothing")
                .isLessThan(10L);
        // caught up = 100 ms of consumption at 2 × 1,000 msg/s × 1 KiB, or the backlog before the pause if larger
        assertThat(backlog.drainTargetBytes)
                .isGreaterThanOrEqualTo(2 * 1000 * 1024 / 10L)
                .isLessThan(FOUR_MIB / 2);
        assertThat(backlog.drainComplete).isTrue();
        assertThat(backlog.drainDurationSeconds).isPositive();
        assertThat(backlog.remainingBytes).isLessThanOrEqualTo(backlog.drainTargetBytes);
        assertThat(backlog.drainedMessages).isGreaterThanOrEqualTo(backlog.builtMessages - 200);
        assertThat(backlog.drainMessagesReceived).isGreaterThanOrEqualTo(backlog.drainedMessages);
        assertThat(backlog.drainConsumeRateMsgPerSec).isPositive();
        assertThat(backlog.drainStartEpochMillis).isGreaterThan(backlog.buildStartEpochMillis);

        assertThat(result.totalSendErrors).isZero();
        assertThat(result.totalMessagesReceived).isEqualTo(2 * result.totalMessagesSent);
        assertThat(result.totalBytesReceived).isEqualTo(2 * result.totalBytesSent);
        // the measured phase holds the build, the drain and 3 s more: the per-period backlog shows the build
        assertThat(result.testDurationSeconds).isGreaterThan(3.0 + backlog.buildDurationSeconds);
        assertThat(result.backlog.stream().mapToLong(Long::longValue).max().orElseThrow())
                .isGreaterThan(backlog.builtMessages / 2);
        assertThat(outcome.stdout())
                .contains("backlog build | consumers paused")
                .contains("backlog drain | drained")
                .contains("measured 1 backlog build");
    }

    /** 1 subscription × 8,000 msg/s × 1 KiB: a 16 MiB backlog of 16,384 messages takes about 2 s to build. */
    @Test
    void consumerOnlyMeasuresTheConsumersDrainingTheBacklogWithProducersStopped() throws IOException {
        BenchmarkRuns.Outcome outcome = run("""
                name: consumer-only-4mib
                topics: 1
                partitionsPerTopic: 4
                messageSize: 1024
                subscriptionsPerTopic: 1
                consumerPerSubscription: 2
                producersPerTopic: 2
                producerRate: 8000
                consumerBacklogSizeGB: 0.015625
                consumerOnly: true
                warmupDuration: 1s
                testDuration: 1s
                sampleRateMillis: 1000
                """);

        TestResult result = outcome.result();
        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        assertThat(result.complete).isTrue();
        assertThat(result.runMode).isEqualTo("consumer-only");
        BacklogSummary backlog = result.backlogPhases;
        assertThat(backlog.producersRunDuringDrain).isFalse();
        assertThat(backlog.drainTargetBytes)
                .as("producers stopped: drained means empty")
                .isZero();
        assertThat(backlog.buildComplete).isTrue();
        assertThat(backlog.builtMessages).isGreaterThanOrEqualTo(16_384L);
        assertThat(backlog.buildDurationSeconds).isGreaterThan(1.0);
        assertThat(backlog.drainComplete).isTrue();
        assertThat(backlog.drainDurationSeconds).isPositive();
        assertThat(backlog.remainingMessages).isZero();
        // what the producers sent between the end of the build and their stop is drained too
        assertThat(backlog.drainedMessages).isGreaterThanOrEqualTo(backlog.builtMessages);
        assertThat(backlog.drainMessagesReceived).isEqualTo(backlog.drainedMessages);
        assertThat(backlog.drainConsumeRateMsgPerSec).isPositive();

        // the measured phase is the drain: nothing sent, everything drained received in it
        assertThat(result.sent).isNotEmpty().allMatch(sent -> sent == 0L);
        assertThat(result.consumed.stream().mapToLong(Long::longValue).sum()).isEqualTo(backlog.drainMessagesReceived);
        assertThat(result.consumeRate.get(0)).isPositive();
        assertThat(result.totalMessagesReceived).isEqualTo(result.totalMessagesSent);
        // messages waited in the backlog for up to 2 s: end-to-end shows it
        assertThat(result.aggregatedEndToEndLatency50pct).isGreaterThan(100.0);
        assertThat(outcome.stdout()).contains("warm-up backlog build").contains("measured 1 backlog drain");
    }

    private BenchmarkRuns.Outcome run(String workloadYaml) throws IOException {
        Path workload = Files.writeString(dir.resolve("workload.yaml"), workloadYaml);
        Path driver = Files.writeString(dir.resolve("loopback.yaml"), "name: loopback\ndriver: loopback\n");
        return BenchmarkRuns.run(dir, "-d", driver.toString(), workload.toString());
    }
}
