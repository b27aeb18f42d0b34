package io.openmessaging.benchmark.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.driver.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Rate plans: steps, ramps, which step a moment belongs to, and schedules that follow them. */
class RatePlanTest {

    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    private final RatePlan plan = RatePlan.ofSteps(List.of(
            new RatePlan.Step(1_000, Duration.ofSeconds(2)),
            new RatePlan.Step(4_000, Duration.ofSeconds(1)),
            new RatePlan.Step(500, Duration.ofSeconds(3))));

    @Test
    void stepsStartWhereTheOnesBeforeThemEnd() {
        assertThat(plan.totalDuration()).isEqualTo(Duration.ofSeconds(6));
        assertThat(plan.stepStart(0)).isZero();
        assertThat(plan.stepStart(1)).isEqualTo(Duration.ofSeconds(2));
        assertThat(plan.stepStart(2)).isEqualTo(Duration.ofSeconds(3));
    }

    @Test
    void aMomentBelongsToTheStepInEffect() {
        assertThat(plan.stepAt(-5)).isZero();
        assertThat(plan.stepAt(0)).isZero();
        assertThat(plan.stepAt(2 * SECOND - 1)).isZero();
        assertThat(plan.stepAt(2 * SECOND)).isEqualTo(1);
        assertThat(plan.stepAt(3 * SECOND)).isEqualTo(2);
        assertThat(plan.stepAt(60 * SECOND)).as("after the end: the last step").isEqualTo(2);
    }

    @Test
    void rampRunsFromFirstToLastRateInEqualSteps() {
        RatePlan ramp = RatePlan.ramp(100, 400, Duration.ofSeconds(8), 4);

        assertThat(ramp.steps())
                .containsExactly(
                        new RatePlan.Step(100, Duration.ofSeconds(2)), new RatePlan.Step(200, Duration.ofSeconds(2)),
                        new RatePlan.Step(300, Duration.ofSeconds(2)), new RatePlan.Step(400, Duration.ofSeconds(2)));
        assertThat(RatePlan.ramp(100, 400, Duration.ofSeconds(8), 1).steps())
                .containsExactly(new RatePlan.Step(400, Duration.ofSeconds(8)));
        assertThatThrownBy(() -> RatePlan.ramp(100, 400, Duration.ofSeconds(1), 3))
                .hasMessageContaining("does not split into 3 steps");
    }

    @Test
    void aScheduleFollowingThePlanSendsEachStepsMessagesWithoutDrift() {
        IntendedSendSchedule schedule =
                new IntendedSendSchedule(0, plan.steps().get(0).rateMsgPerSec());
        List<Long> perStep = countIntendedPerStep(schedule, 0);

        assertThat(perStep).containsExactly(2_000L, 4_000L, 1_500L);
    }

    @Test
    void aProducerLateAtAStepBoundaryStaysLateAcrossIt() {
        ManualClock clock = new ManualClock(0, 0);
        IntendedSendSchedule schedule = new IntendedSendSchedule(0, 1_000);
        // the producer is stalled from 1.5 s to 2.5 s: it sends nothing in that second
        for (long intended = schedule.peekIntendedNanos();
                intended < 1_500_000_000L;
                intended = schedule.peekIntendedNanos()) {
            clock.sleepUntil(intended);
            schedule.nextIntendedNanos();
        }
        clock.sleepUntil(2_500_000_000L);
        // the step to 4,000 msg/s arrived at 2 s but is applied now, at the next send
        schedule.changeRate(4_000);

        long firstIntendedAfterStall = schedule.nextIntendedNanos();
        long lateness = clock.monotonicNanos() - firstIntendedAfterStall;

        assertThat(firstIntendedAfterStall)
                .as("continues the old schedule, not from now")
                .isEqualTo(1_500_000_000L);
        assertThat(lateness).as("the whole stall is kept as lateness").isEqualTo(SECOND);
        assertThat(schedule.nextIntendedNanos() - firstIntendedAfterStall).isEqualTo(250_000L);
    }

    /** Sends by intended time, changing rate at each step boundary as the coordinator does. */
    private List<Long> countIntendedPerStep(IntendedSendSchedule schedule, long startNanos) {
        List<Long> counts = new ArrayList<>();
        for (int i = 0; i < plan.steps().size(); i++) {
            if (i > 0) {
                schedule.changeRate(plan.steps().get(i).rateMsgPerSec());
            }
            long stepEnd = startNanos
                    + plan.stepStart(i).plus(plan.steps().get(i).duration()).toNanos();
            long count = 0;
            while (schedule.peekIntendedNanos() < stepEnd) {
                schedule.nextIntendedNanos();
                count++;
            }
            counts.add(count);
        }
        return counts;
    }
}
