package io.openmessaging.benchmark.schedule;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The producer rate of a measured phase as a list of steps (docs/rate-plans.md): a workload's {@code
 * producerRateSteps}, or its {@code producerRateRamp} expanded into equal steps. The warm-up runs at the
 * first step's rate; every rate change continues the producers' intended-send schedules where they are
 * ({@link IntendedSendSchedule#changeRate}), so lateness carries over from one step to the next.
 * Immutable.
 */
public final class RatePlan {

    /**
     * One step.
     *
     * @param rateMsgPerSec rate of all producers together, msg/s, above 0
     * @param duration how long the step lasts, above 0
     */
    public record Step(double rateMsgPerSec, Duration duration) {

        public Step {
            if (!(rateMsgPerSec > 0) || Double.isInfinite(rateMsgPerSec)) {
                throw new IllegalArgumentException(
                        "a step's rate must be a positive finite msg/s, got " + rateMsgPerSec);
            }
            if (duration.isNegative() || duration.isZero()) {
                throw new IllegalArgumentException("a step's duration must be positive, got " + duration);
            }
        }
    }

    private final List<Step> steps;
    private final Duration totalDuration;

    private RatePlan(List<Step> steps) {
        if (steps.isEmpty()) {
            throw new IllegalArgumentException("a rate plan needs at least one step");
        }
        this.steps = List.copyOf(steps);
        this.totalDuration = steps.stream().map(Step::duration).reduce(Duration.ZERO, Duration::plus);
    }

    /** A plan of the given steps, in order. */
    public static RatePlan ofSteps(List<Step> steps) {
        return new RatePlan(steps);
    }

    /**
     * A ramp from {@code fromMsgPerSec} to {@code toMsgPerSec} in {@code stepCount} steps of equal length
     * ({@code duration / stepCount}, which must be a whole number of milliseconds); the first step runs at
     * {@code from}, the last at {@code to}, the others evenly between. A single step runs at {@code to}.
     */
    public static RatePlan ramp(double fromMsgPerSec, double toMsgPerSec, Duration duration, int stepCount) {
        if (stepCount < 1) {
            throw new IllegalArgumentException("a ramp needs at least 1 step, got " + stepCount);
        }
        long stepMillis = duration.toMillis() / stepCount;
        if (stepMillis * stepCount != duration.toMillis() || duration.toNanos() % 1_000_000 != 0) {
            throw new IllegalArgumentException("a ramp's duration " + duration + " does not split into " + stepCount
                    + " steps of whole milliseconds");
        }
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < stepCount; i++) {
            double rate =
                    stepCount == 1 ? toMsgPerSec : fromMsgPerSec + (toMsgPerSec - fromMsgPerSec) * i / (stepCount - 1);
            steps.add(new Step(rate, Duration.ofMillis(stepMillis)));
        }
        return new RatePlan(steps);
    }

    public List<Step> steps() {
        return steps;
    }

    /** Sum of the steps' durations: the length of the measured phase. */
    public Duration totalDuration() {
        return totalDuration;
    }

    /** Where step {@code index} (0-based) starts, counted from the start of the measured phase. */
    public Duration stepStart(int index) {
        Duration start = Duration.ZERO;
        for (int i = 0; i < index; i++) {
            start = start.plus(steps.get(i).duration());
        }
        return start;
    }

    /**
     * The 0-based step in effect {@code elapsedNanos} after the measured phase started: the first step
     * before it, the last step after the plan's end.
     */
    public int stepAt(long elapsedNanos) {
        long end = 0;
        for (int i = 0; i < steps.size(); i++) {
            end += steps.get(i).duration().toNanos();
            if (elapsedNanos < end) {
                return i;
            }
        }
        return steps.size() - 1;
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("RatePlan[");
        for (int i = 0; i < steps.size(); i++) {
            text.append(i == 0 ? "" : ", ")
                    .append(steps.get(i).rateMsgPerSec())
                    .append(" msg/s for ")
                    .append(steps.get(i).duration());
        }
        return text.append(']').toString();
    }
}
