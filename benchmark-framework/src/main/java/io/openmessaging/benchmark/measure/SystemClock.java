package io.openmessaging.benchmark.measure;

import java.time.Instant;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The real clock. Epoch nanos are one wall-clock anchor, read once per JVM at class load, plus elapsed
 * {@link System#nanoTime()}: sub-microsecond resolution, as cheap as {@code nanoTime}, and never
 * stepping backwards when NTP adjusts the wall clock during a run.
 *
 * <p>{@link #sleepUntil} parks until {@value #SPIN_THRESHOLD_MICROS} µs before the deadline (Linux timer
 * slack is ~50 µs), then spins with {@link Thread#onSpinWait()}.
 */
public final class SystemClock implements Clock {

    public static final SystemClock INSTANCE = new SystemClock();

    static final long SPIN_THRESHOLD_MICROS = 100;
    private static final long SPIN_THRESHOLD_NANOS = TimeUnit.MICROSECONDS.toNanos(SPIN_THRESHOLD_MICROS);

    private final long anchorEpochNanos;
    private final long anchorMonotonicNanos;

    private SystemClock() {
        Instant now = Instant.now();
        this.anchorMonotonicNanos = System.nanoTime();
        this.anchorEpochNanos = now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    @Override
    public long monotonicNanos() {
        return System.nanoTime();
    }

    @Override
    public long epochNanos() {
        return anchorEpochNanos + (System.nanoTime() - anchorMonotonicNanos);
    }

    @Override
    public long toEpochNanos(long monotonicNanos) {
        return anchorEpochNanos + (monotonicNanos - anchorMonotonicNanos);
    }

    @Override
    public void sleepUntil(long deadlineMonotonicNanos) throws InterruptedException {
        long remaining;
        while ((remaining = deadlineMonotonicNanos - System.nanoTime()) > SPIN_THRESHOLD_NANOS) {
            LockSupport.parkNanos(remaining - SPIN_THRESHOLD_NANOS);
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
        }
        while (deadlineMonotonicNanos - System.nanoTime() > 0) {
            Thread.onSpinWait();
        }
    }
}
