package io.openmessaging.benchmark.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.measure.Counters;
import io.openmessaging.benchmark.workload.Workload;
import io.openmessaging.benchmark.workload.WorkloadLoader;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The backlog arithmetic: size across subscriptions, the drain target, the phases' time limits. */
class BacklogPlanTest {

    private static final long GIB = 1L << 30;

    @Test
    void noPlanWithoutABacklog() throws Exception {
        assertThat(BacklogPlan.of(workload(2, 10_000, "0", "1.0", false))).isNull();
    }

    @Test
    void requestedSizeIsGibibytesAndFractionsAreKept() throws Exception {
        assertThat(BacklogPlan.of(workload(1, 10_000, "100", "1.0", false)).requestedBytes())
                .isEqualTo(100 * GIB);
        assertThat(BacklogPlan.of(workload(1, 10_000, "0.00390625", "1.0", false))
                        .requestedBytes())
                .isEqualTo(4L << 20);
    }

    @Test
    void backlogCountsEverySubscriptionButNeitherFailedSendsNorNegativeValues() throws Exception {
        BacklogPlan plan = BacklogPlan.of(workload(3, 10_000, "1", "1.0", false));

        // 1,000 sent (10 failed), 2,000 received over 3 subscriptions: 3 × 990 − 2,000 = 970 messages
        Counters totals = counters(1_000, 1_000 * 1024L, 10, 2_000);
        assertThat(plan.backlogMessages(totals)).isEqualTo(970);
        assertThat(plan.backlogBytes(totals)).isEqualTo(970 * 1024L);
        assertThat(plan.backlogMessages(counters(10, 10_240, 0, 40))).isZero();
        assertThat(plan.backlogBytes(Counters.ZERO)).isZero();
    }

    @Test
    void builtOnceTheBacklogReachesTheRequestedSize() throws Exception {
        BacklogPlan plan = BacklogPlan.of(workload(2, 10_000, "0.00390625", "1.0", false));

        assertThat(plan.built(counters(2_047, 2_047 * 1024L, 0, 0))).isFalse();
        assertThat(plan.built(counters(2_048, 2_048 * 1024L, 0, 0))).isTrue();
    }

    @Test
    void withProducersRunningDrainedMeansCaughtUpToWithin100MillisecondsOfConsumption() throws Exception {
        // 2 subscriptions × 10,000 msg/s × 1 KiB × 0.1 s = 2,000 messages; upstream: 1,000 messages
        BacklogPlan plan = BacklogPlan.of(workload(2, 10_000, "1", "1.0", false));

        assertThat(plan.caughtUpBytes()).isEqualTo(2_000 * 1024L);
        assertThat(plan.drainTargetBytes()).isEqualTo(2_000 * 1024L);
    }

    @Test
    void aSteadyBacklogAboveTheWindowCountsAsCaughtUpWhileProducersRun() throws Exception {
        BacklogPlan running = BacklogPlan.of(workload(1, 10_000, "1", "1.0", false));
        assertThat(running.withSteadyBacklog(5_000 * 1024L).drainTargetBytes()).isEqualTo(5_000 * 1024L);
        assertThat(running.withSteadyBacklog(10 * 1024L).drainTargetBytes()).isEqualTo(1_000 * 1024L);

        BacklogPlan stopped = BacklogPlan.of(workload(1, 10_000, "1", "1.0", true));
        assertThat(stopped.withSteadyBacklog(5_000 * 1024L).drainTargetBytes()).isZero();
    }

    @Test
    void drainRatioLeavesItsComplementOfTheRequestedBacklog() throws Exception {
        BacklogPlan plan = BacklogPlan.of(workload(1, 10_000, "1", "0.75", false));

        assertThat(plan.drainTargetBytes()).isEqualTo(GIB / 4);
        assertThat(plan.partialDrain()).isTrue();
        assertThat(plan.drained(counters(GIB / 1024, GIB, 0, GIB / 1024 * 3 / 4)))
                .isTrue();
        assertThat(plan.drained(counters(GIB / 1024, GIB, 0, GIB / 1024 * 3 / 4 - 1)))
                .isFalse();
    }

    @Test
    void consumerOnlyDrainsToEmpty() throws Exception {
        BacklogPlan plan = BacklogPlan.of(workload(1, 10_000, "1", "1.0", true));

        assertThat(plan.drainTargetBytes()).isZero();
        assertThat(plan.partialDrain()).isFalse();
        assertThat(plan.drained(counters(5, 5 * 1024, 0, 4))).isFalse();
        assertThat(plan.drained(counters(5, 5 * 1024, 0, 5))).isTrue();
    }

    @Test
    void buildMayTakeThreeTimesItsDurationAtTheRateAndAtLeastAMinute() throws Exception {
        // 1 GiB at 1 subscription × 10,000 msg/s × 1 KiB = 104.9 s
        BacklogPlan plan = BacklogPlan.of(workload(1, 10_000, "1", "1.0", false));
        assertThat(plan.expectedBuildNanos()).isEqualTo(104_857_600_000L);
        assertThat(plan.buildTimeout()).isEqualTo(Duration.ofNanos(3 * 104_857_600_000L));

        assertThat(BacklogPlan.of(workload(1, 10_000, "0.001", "1.0", false)).buildTimeout())
                .isEqualTo(Duration.ofSeconds(60));
    }

    @Test
    void drainMayTakeTenTimesTheBuildAndAtLeastTheDrainTimeout() throws Exception {
        BacklogPlan plan = BacklogPlan.of(workload(1, 10_000, "1", "1.0", false));

        assertThat(plan.drainTimeout(Duration.ofSeconds(100), Duration.ofSeconds(60)))
                .isEqualTo(Duration.ofSeconds(1000));
        assertThat(plan.drainTimeout(Duration.ofSeconds(2), Duration.ofSeconds(60)))
                .isEqualTo(Duration.ofSeconds(60));
        assertThat(plan.drainTimeout(Duration.ofSeconds(2), Duration.ofSeconds(90)))
                .isEqualTo(Duration.ofSeconds(90));
    }

    private static Counters counters(long sent, long bytesSent, long sendErrors, long received) {
        return new Counters(sent, bytesSent, sendErrors, sent - sendErrors, received, received * 1024, 0, 0, 0, 0);
    }

    private static Workload workload(
            int subscriptions, int rate, String backlogGiB, String drainRatio, boolean consumerOnly) throws Exception {
        return WorkloadLoader.parse(
                String.join(
                        "\n",
                        "name: backlog-plan",
                        "topics: 1",
                        "partitionsPerTopic: 4",
                        "messageSize: 1024",
                        "subscriptionsPerTopic: " + subscriptions,
                        "consumerPerSubscription: 1",
                        "producersPerTopic: 1",
                        "producerRate: " + rate,
                        "consumerBacklogSizeGB: " + backlogGiB,
                        "backlogDrainRatio: " + drainRatio,
                        "consumerOnly: " + consumerOnly,
                        "testDuration: 1m",
                        ""),
                "backlog-plan.yaml");
    }
}
