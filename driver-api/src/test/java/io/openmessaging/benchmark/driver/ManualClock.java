package io.openmessaging.benchmark.driver;

import java.util.concurrent.TimeUnit;

/**
 * A clock that moves only when told, for deterministic tests of schedules and measurements.
 *
 * <p>{@link #sleepUntil} advances the clock to the deadline instead of waiting (a single-threaded test
 * then runs simulated time as fast as the CPU allows). Epoch nanos = {@code epochOffsetNanos} +
 * monotonic nanos. Thread-safe.
 */
public final class ManualClock implements Clock {

    private final long epochOffsetNanos;
    private long nowMonotonicNanos;

    public ManualClock() {
        this(1_700_000_000_000_000_000L, 0);
    }

    public ManualClock(long epochOffsetNanos, long startMonotonicNanos) {
        this.epochOffsetNanos = epochOffsetNanos;
        this.nowMonotonicNanos = startMonotonicNanos;
    }

    @Override
    public synchronized long monotonicNanos() {
        return nowMonotonicNanos;
    }

    @Override
    public synchronized long epochNanos() {
        return epochOffsetNanos + nowMonotonicNanos;
    }

    @Override
    public long toEpochNanos(long monotonicNanos) {
        return epochOffsetNanos + monotonicNanos;
    }

    /** Moves the clock to {@code deadlineMonotonicNanos} when that is in the future. */
    @Override
    public synchronized long sleepUntil(long deadlineMonotonicNanos) {
        if (deadlineMonotonicNanos > nowMonotonicNanos) {
            nowMonotonicNanos = deadlineMonotonicNanos;
        }
        return nowMonotonicNanos;
    }

    /** Moves the clock forward. */
    public synchronized void advance(long amount, TimeUnit unit) {
        nowMonotonicNanos += unit.toNanos(amount);
    }

    /** Moves the clock forward by nanoseconds. */
    public synchronized void advanceNanos(long nanos) {
        nowMonotonicNanos += nanos;
    }
}
