package io.openmessaging.benchmark.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.schedule.RateSearchTrial;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whole runs with {@code producerRate: 0} through the command line against the loopback driver capped at
 * 4,000 msg/s ({@code maxSendRateMsgPerSec}): the search runs before the warm-up, the measured phase runs
 * at the rate found, and the result records every trial.
 */
class MaxRateSearchIT {

    private static final double CAP = 4_000;

    /**
     * Highest rate the search may accept against the cap: with 2 s windows the 99 % rule and the 100 ms
     * in-flight allowance pass a rate whose achieved count is 94 % of its target.
     */
    private static final double HIGHEST_ACCEPTABLE = CAP / (0.99 - 0.1 / 2);

    @TempDir
    Path dir;

    @Test
    void searchFindsTheDriversCapAndTheMeasuredPhaseRunsAtIt() throws IOException {
        BenchmarkRuns.Outcome outcome = run(1);

        TestResult result = outcome.result();
        assertThat(outcome.exitCode()).as(outcome.stdout()).isZero();
        assertThat(result.complete).isTrue();
        assertThat(result.rateSearch.subscriptions).isEqualTo(1);
        double found = result.rateSearch.foundRateMsgPerSec;
        assertThat(result.targetRate).as("the measured phase's target").isEqualTo(found);
        // the search finds the cap within its tolerance; a loaded machine may find somewhat less
        assertThat(found).isBetween(0.7 * CAP, HIGHEST_ACCEPTABLE);
        assertTrialsRecorded(result.rateSearch.trials, found);
        double measuredRate = result.sent.stream().mapToLong(Long::longValue).sum() / result.testDurationSeconds;
        assertThat(measuredRate).as("the measured phase runs at the rate found").isBetween(0.9 * found, 1.05 * found);
        // sends still waiting for the cap's slot when the load stops fail (interrupted): never received
        assertThat(result.totalMessagesReceived).isEqualTo(result.totalMessagesSent - result.totalSendErrors);
    }

    @Test
    void producerOnlySearchNeedsNoConsumers() throws IOException {
        BenchmarkRuns.Outcome outcome = run(0);

        TestResult result = outcome.result();
        assertThat(outcome.exitCode()).as(outcome.stdout()).isZero();
        assertThat(result.rateSearch.subscriptions).isZero();
        assertThat(result.rateSearch.foundRateMsgPerSec).isBetween(0.7 * CAP, HIGHEST_ACCEPTABLE);
        assertThat(result.rateSearch.trials)
                .allSatisfy(t -> assertThat(t.consumeTargetMsgPerSec()).isZero());
        assertThat(result.totalMessagesReceived).isZero();
    }

    private static void assertTrialsRecorded(List<RateSearchTrial> trials, double found) {
        assertThat(trials).extracting(RateSearchTrial::targetRateMsgPerSec).startsWith(1_000.0, 2_000.0, 4_000.0);
        assertThat(trials).anySatisfy(t -> {
            assertThat(t.sustained()).isFalse();
            assertThat(t.publishRateMsgPerSec()).isLessThan(CAP * 1.05);
            assertThat(t.recoverySeconds()).isNotNull();
        });
        RateSearchTrial last = trials.get(trials.size() - 1);
        assertThat(last.stage()).isEqualTo("confirm");
        assertThat(last.sustained()).isTrue();
        assertThat(last.targetRateMsgPerSec()).isEqualTo(found);
        assertThat(last.consumeTargetMsgPerSec()).isEqualTo(found);
    }

    private BenchmarkRuns.Outcome run(int subscriptions) throws IOException {
        Path workload = Files.writeString(dir.resolve("max-rate.yaml"), """
                name: max-rate
                topics: 1
                partitionsPerTopic: 4
                messageSize: 100
                subscriptionsPerTopic: %d
                consumerPerSubscription: 1
                producersPerTopic: 2
                producerRate: 0
                rateSearchStartRate: 1000
                rateSearchSettle: 1s
                rateSearchWindow: 2s
                rateSearchPrecision: 0.05
                warmupDuration: 2s
                testDuration: 4s
                sampleRateMillis: 1000
                """.formatted(subscriptions));
        Path driver = Files.writeString(dir.resolve("capped.yaml"), """
                name: loopback-capped
                driver: loopback
                maxSendRateMsgPerSec: 4000
                """);
        return BenchmarkRuns.run(dir, "-d", driver.toString(), workload.toString());
    }
}
