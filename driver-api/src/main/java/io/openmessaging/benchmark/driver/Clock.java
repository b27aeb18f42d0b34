package io.openmessaging.benchmark.driver;

/**
 * The one source of time in the framework, injected everywhere so timing logic is testable in simulated
 * time (the tests' {@code ManualClock}, whose waits move the clock instead of waiting): schedules,
 * samplers, and the coordinator's readiness, stall, drain and unreachable-worker limits.
 *
 * <p>Two scales: {@link #monotonicNanos()} for intervals and schedules inside one JVM, and {@link
 * #epochNanos()} for timestamps compared across JVMs (end-to-end latency). Implementations are
 * thread-safe.
 */
public interface Clock {

    /** Monotonic nanoseconds with an arbitrary origin, like {@link System#nanoTime()}. */
    long monotonicNanos();

    /** Wall-clock nanoseconds since the Unix epoch. */
    long epochNanos();

    /**
     * Waits until {@link #monotonicNanos()} reaches {@code deadlineMonotonicNanos}. Returns at once when
     * the deadline has passed.
     *
     * @return {@link #monotonicNanos()} when the wait ended (saves the caller a clock read)
     * @throws InterruptedException when the waiting thread is interrupted
     */
    long sleepUntil(long deadlineMonotonicNanos) throws InterruptedException;

    /**
     * Waits {@code nanos} from now: {@link #sleepUntil} of now plus {@code nanos}.
     *
     * @return {@link #monotonicNanos()} when the wait ended
     * @throws InterruptedException when the waiting thread is interrupted
     */
    default long sleepNanos(long nanos) throws InterruptedException {
        return sleepUntil(monotonicNanos() + nanos);
    }

    /** Converts a monotonic reading of this clock to epoch nanoseconds. */
    default long toEpochNanos(long monotonicNanos) {
        return epochNanos() - (monotonicNanos() - monotonicNanos);
    }
}
