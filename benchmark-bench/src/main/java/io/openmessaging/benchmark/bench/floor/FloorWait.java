package io.openmessaging.benchmark.bench.floor;

import java.util.concurrent.locks.LockSupport;

/**
 * The floor programs' wait for a message that is not yet due: park until the deadline, and park again
 * after a park that returned before it. No overshoot estimate, no spin, no interrupt check (nothing
 * interrupts a floor's producer thread), so it wakes about one park overshoot late. {@code
 * bin/bench-pacing} calls this same method beside the benchmark's {@code SystemClock.sleepUntil}.
 */
public final class FloorWait {

    /** The longest single park, so that a clock jump cannot park the thread for long. */
    private static final long MAX_PARK_NANOS = 10_000_000;

    private FloorWait() {}

    /**
     * The deadline of the next wait for a message due at {@code dueNanos}, under the wake rule the floor
     * programs share with the benchmark's producer thread: at the message's due time, and at least {@code
     * wakeIntervalNanos} after the previous wait's deadline {@code lastDeadlineNanos} (so both wake equally
     * often; messages that come due meanwhile go at once after the wake-up). Small enough that the JIT
     * inlines it into the send loops that call it.
     */
    public static long wakeDeadline(long dueNanos, long lastDeadlineNanos, long wakeIntervalNanos) {
        long earliestNanos = lastDeadlineNanos + wakeIntervalNanos;
        return earliestNanos - dueNanos > 0 ? earliestNanos : dueNanos;
    }

    /** Parks until {@link System#nanoTime()} reaches {@code deadlineNanos}; returns the time it read then. */
    public static long parkUntil(long deadlineNanos) {
        long nowNanos;
        while ((nowNanos = System.nanoTime()) - deadlineNanos < 0) {
            LockSupport.parkNanos(Math.min(deadlineNanos - nowNanos, MAX_PARK_NANOS));
        }
        return nowNanos;
    }
}
