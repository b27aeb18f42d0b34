package io.openmessaging.benchmark.measure;

import java.time.Instant;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The real clock. Epoch nanos are one wall-clock anchor, read once per JVM at class load, plus elapsed
 * {@link System#nanoTime()}: sub-microsecond resolution, as cheap as {@code nanoTime}, and never
 * stepping backwards when NTP adjusts the wall clock during a run.
 *
 * <p>{@link #sleepUntil} parks (cheap, but {@code parkNanos} wakes late by the kernel's timer slack,
 * about 50 µs on Linux) and spins only the last microseconds: the park's typical overshoot is measured
 * once per JVM, and each park asks for that much less than the time remaining, so the thread wakes
 * close to the deadline without burning a core. Waits shorter than the overshoot are spun.
 */
public final class SystemClock implements Clock {

    public static final SystemClock INSTANCE = new SystemClock();

    /** Bounds of the measured park overshoot, so a disturbed calibration cannot do harm. */
    static final long MIN_PARK_OVERSHOOT_NANOS = TimeUnit.MICROSECONDS.toNanos(5);
    static final long MAX_PARK_OVERSHOOT_NANOS = TimeUnit.MICROSECONDS.toNanos(200);

    private volatile long parkOvershootNanos = -1;

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
    public long sleepUntil(long deadlineMonotonicNanos) throws InterruptedException {
        long now = System.nanoTime();
        if (now - deadlineMonotonicNanos >= 0) {
            return now; // late: the common case when catching up, one clock read
        }
        long overshoot = parkOvershootNanos();
        while (deadlineMonotonicNanos - now > overshoot) {
            LockSupport.parkNanos(deadlineMonotonicNanos - now - overshoot);
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            now = System.nanoTime();
        }
        while (deadlineMonotonicNanos - now > 0) {
            Thread.onSpinWait();
            now = System.nanoTime();
        }
        return now;
    }

    /** How late {@code parkNanos} typically wakes on this machine (median of a short calibration). */
    public long parkOvershootNanos() {
        long overshoot = parkOvershootNanos;
        if (overshoot < 0) {
            overshoot = calibrateParkOvershoot();
            parkOvershootNanos = overshoot;
        }
        return overshoot;
    }

    private static long calibrateParkOvershoot() {
        int samples = 101;
        long requested = TimeUnit.MICROSECONDS.toNanos(20);
        long[] overshoots = new long[samples];
        for (int i = 0; i < samples; i++) {
            long before = System.nanoTime();
            LockSupport.parkNanos(requested);
            overshoots[i] = System.nanoTime() - before - requested;
        }
        Arrays.sort(overshoots);
        return Math.max(MIN_PARK_OVERSHOOT_NANOS, Math.min(MAX_PARK_OVERSHOOT_NANOS, overshoots[samples / 2]));
    }
}
