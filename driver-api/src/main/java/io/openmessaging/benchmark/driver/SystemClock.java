package io.openmessaging.benchmark.driver;

import java.time.Instant;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The real clock. Epoch nanos are one wall-clock anchor, read once per JVM at class load, plus elapsed
 * {@link System#nanoTime()}: sub-microsecond resolution, as cheap as {@code nanoTime}, and never
 * stepping backwards when NTP adjusts the wall clock during a run.
 *
 * <p>{@link #sleepUntil} parks, and spins only where spinning is short. {@code parkNanos} wakes late by
 * the kernel's timer slack (50 µs by default on Linux; {@code bin/benchmark} lowers it to 1 µs for its
 * JVM) plus the wake-up latency; that overshoot is calibrated once per JVM and then follows every park's
 * observed overshoot (a running estimate of its 10th percentile). A wait longer than the overshoot parks
 * for the wait minus the overshoot and spins what is left after that park: one park in ten wakes early
 * and spins a few microseconds, nine wake a little late (by the overshoot's spread above its 10th
 * percentile, a microsecond or two here), which costs far less CPU than spinning to the median and is
 * measured as publish delay like any lateness ({@code bin/bench-pacing}). A wait shorter than the
 * overshoot but longer than {@value #SPIN_ONLY_NANOS} ns, the gap between messages at high rates, parks
 * for the whole wait and accepts waking about one overshoot late: spinning it instead would burn a core
 * at 50,000 msg/s, and the schedule's catch-up sends every message that came due meanwhile. Waits under
 * {@value #SPIN_ONLY_NANOS} ns are spun.
 */
public final class SystemClock implements Clock {

    public static final SystemClock INSTANCE = new SystemClock();

    /** Bounds of the measured park overshoot, so a disturbed calibration cannot do harm. */
    static final long MIN_PARK_OVERSHOOT_NANOS = TimeUnit.MICROSECONDS.toNanos(5);

    static final long MAX_PARK_OVERSHOOT_NANOS = TimeUnit.MICROSECONDS.toNanos(200);
    /**
     * How far one park's observation moves the overshoot estimate: up a little when the park woke later
     * than the estimate, down nine times as far when earlier, so that the estimate settles where one park
     * in ten wakes earlier than it (the 10th percentile).
     */
    static final long OVERSHOOT_STEP_UP_NANOS = 50;

    static final long OVERSHOOT_STEP_DOWN_NANOS = 9 * OVERSHOOT_STEP_UP_NANOS;
    /** Waits up to this long are spun: a park and its wake-up cost about as much CPU. */
    static final long SPIN_ONLY_NANOS = 5_000;

    /*
     * The anchor is static and final, so the compiled epochNanos and toEpochNanos read no memory: they are
     * called by every producer, acknowledgement and consumer thread per message, while the overshoot
     * estimate below is written after every park by the producer threads. Kept in one object's fields,
     * both shared a cache line, and every park took that line away from the other threads' caches.
     */
    private static final long ANCHOR_MONOTONIC_NANOS;
    private static final long ANCHOR_EPOCH_NANOS;

    static {
        Instant now = Instant.now();
        ANCHOR_MONOTONIC_NANOS = System.nanoTime();
        ANCHOR_EPOCH_NANOS = now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    private volatile long parkOvershootNanos = -1;

    private SystemClock() {}

    @Override
    public long monotonicNanos() {
        return System.nanoTime();
    }

    @Override
    public long epochNanos() {
        return ANCHOR_EPOCH_NANOS + (System.nanoTime() - ANCHOR_MONOTONIC_NANOS);
    }

    @Override
    public long toEpochNanos(long monotonicNanos) {
        return ANCHOR_EPOCH_NANOS + (monotonicNanos - ANCHOR_MONOTONIC_NANOS);
    }

    @Override
    public long sleepUntil(long deadlineMonotonicNanos) throws InterruptedException {
        long now = System.nanoTime();
        if (now - deadlineMonotonicNanos >= 0) {
            return now; // late: the common case when catching up, one clock read
        }
        long overshoot = parkOvershootNanos();
        boolean afterPark = false;
        while (true) {
            long remaining = deadlineMonotonicNanos - now;
            if (remaining <= 0) {
                return now;
            }
            long parkNanos = parkNanosFor(remaining, overshoot, afterPark);
            if (parkNanos == 0) {
                while (deadlineMonotonicNanos - now > 0) {
                    Thread.onSpinWait();
                    now = System.nanoTime();
                }
                return now;
            }
            long parkedAt = now;
            LockSupport.parkNanos(parkNanos);
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            afterPark = true;
            now = System.nanoTime();
            overshoot = learnOvershoot(overshoot, now - parkedAt - parkNanos);
        }
    }

    /**
     * Moves the overshoot estimate towards one park's observed overshoot ({@link #nextOvershootEstimate}).
     * Racy updates from several producer threads only mix their observations, which is what the estimate
     * is.
     */
    private long learnOvershoot(long estimateNanos, long observedNanos) {
        long updated = nextOvershootEstimate(estimateNanos, observedNanos);
        parkOvershootNanos = updated;
        return updated;
    }

    /**
     * The overshoot estimate after one observation: a stochastic estimate of the overshoot's 10th
     * percentile, which follows the machine after the start-up calibration and ignores the rare park that
     * wakes milliseconds late. An estimate that is too high makes parks wake early and spin the
     * difference (CPU); one too low, wake late (publish delay). The 10th percentile spins in one park of
     * ten; a running median spun in half of them, about 0.3 µs per message at 10,000 msg/s and 1 µs at
     * 50,000 in this project's VMs (docs/performance.md, "Pacing").
     */
    static long nextOvershootEstimate(long estimateNanos, long observedNanos) {
        long step = observedNanos > estimateNanos ? OVERSHOOT_STEP_UP_NANOS : -OVERSHOOT_STEP_DOWN_NANOS;
        return withinBounds(estimateNanos + step);
    }

    /** {@code overshootNanos} clamped to [{@link #MIN_PARK_OVERSHOOT_NANOS}, {@link #MAX_PARK_OVERSHOOT_NANOS}]. */
    private static long withinBounds(long overshootNanos) {
        return Math.max(MIN_PARK_OVERSHOOT_NANOS, Math.min(MAX_PARK_OVERSHOOT_NANOS, overshootNanos));
    }

    /**
     * How to wait {@code remainingNanos} (&gt; 0): 0 to spin them, otherwise how long to park first.
     *
     * @param overshootNanos how late a park typically wakes
     * @param afterPark whether this wait already parked once (and woke early)
     */
    static long parkNanosFor(long remainingNanos, long overshootNanos, boolean afterPark) {
        if (remainingNanos <= SPIN_ONLY_NANOS || (afterPark && remainingNanos <= overshootNanos)) {
            return 0;
        }
        return remainingNanos > overshootNanos ? remainingNanos - overshootNanos : remainingNanos;
    }

    /**
     * How late {@code parkNanos} wakes on this machine at its 10th percentile: a short calibration at first
     * use, then the running estimate over the parks {@link #sleepUntil} made.
     */
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
        return withinBounds(overshoots[samples / 10]);
    }
}
