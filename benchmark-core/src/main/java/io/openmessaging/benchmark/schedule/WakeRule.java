package io.openmessaging.benchmark.schedule;

/**
 * When a sending thread that waits for its next message wakes: at the message's intended time, and at
 * least one wake interval after the previous wait's deadline. Messages that come due meanwhile go at once
 * after the wake-up, each still measured from its own intended time, so this bounds the wake-ups per
 * second without hiding any wait. The benchmark's producer thread and the client-library floor programs
 * of {@code benchmark-bench} both call this method, so both wake equally often by construction.
 *
 * <p>The deadline is counted from the previous <em>deadline</em>, not from the time the thread actually
 * woke (later by the park's overshoot): counting from the wake-up would push every following message late
 * by one more overshoot when the rate is one message per interval.
 */
public final class WakeRule {

    private WakeRule() {}

    /**
     * The deadline of the wait for a message intended at {@code intendedNanos}, when the previous wait's
     * deadline was {@code lastDeadlineNanos}; all three on one monotonic clock, compared so that the
     * clock's wrap-around does not matter. Small enough for the JIT to inline into the send loops.
     */
    public static long deadlineNanos(long intendedNanos, long lastDeadlineNanos, long wakeIntervalNanos) {
        long earliestNanos = lastDeadlineNanos + wakeIntervalNanos;
        return earliestNanos - intendedNanos > 0 ? earliestNanos : intendedNanos;
    }
}
