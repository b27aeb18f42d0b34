package io.openmessaging.benchmark.bench.floor;

import java.util.concurrent.locks.LockSupport;

/**
 * The floor programs' wait for a message that is not yet due (its deadline from the benchmark's own {@link
 * io.openmessaging.benchmark.schedule.WakeRule}): park until the deadline, and park again after a park
 * that returned before it. No overshoot estimate, no spin, no interrupt check (nothing interrupts a floor's
 * producer thread), so it wakes about one park overshoot late. {@code bin/bench-pacing} calls this same
 * method beside the benchmark's {@code SystemClock.sleepUntil}.
 */
public final class FloorWait {

    /** The longest single park, so that a clock jump cannot park the thread for long. */
    private static final long MAX_PARK_NANOS = 10_000_000;

    private FloorWait() {}

    /** Parks until {@link System#nanoTime()} reaches {@code deadlineNanos}; returns the time it read then. */
    public static long parkUntil(long deadlineNanos) {
        long nowNanos;
        while ((nowNanos = System.nanoTime()) - deadlineNanos < 0) {
            LockSupport.parkNanos(Math.min(deadlineNanos - nowNanos, MAX_PARK_NANOS));
        }
        return nowNanos;
    }
}
