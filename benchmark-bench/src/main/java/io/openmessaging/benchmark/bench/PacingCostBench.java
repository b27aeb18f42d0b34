package io.openmessaging.benchmark.bench;

import io.openmessaging.benchmark.bench.floor.FloorWait;
import io.openmessaging.benchmark.driver.SystemClock;
import io.openmessaging.benchmark.schedule.WakeRule;
import io.openmessaging.benchmark.workload.WorkloadSchema;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * What pacing a producer costs: one thread waits for each message of a fixed-rate schedule, then
 * busy-works a fixed time in place of the client's send, and prints per rate and way of waiting the
 * thread's CPU per message and how late each message left (p50, p90, p99, p99.9). The CPU beyond the work
 * is the wake-ups plus whatever the wait spins; the lateness is what a run records as publish delay.
 *
 * <p>Both ways wait for the same deadlines, the producer thread's: a message's intended time, and at
 * least one wake interval (the workloads' default {@code producerWakeIntervalMicros}) after the previous
 * sleep's deadline; a late message goes at once. They differ in the wait alone: <b>the tool</b> calls
 * {@link SystemClock#sleepUntil} (parks for the wait less the overshoot estimate, spins the rest after a
 * park that woke early); <b>the floor</b> calls {@link FloorWait#parkUntil}, the wait of {@code
 * bin/perf-floor}'s floor programs (parks until the deadline, again when a park returned before it), and
 * so wakes about one overshoot late. The two alternate per rate (tool first, then the floor), so
 * their rows come from the same minutes. Run it several times: rounds differ on a VM. {@code
 * bin/bench-pacing [seconds] [send-work-µs] [rates...]}.
 */
public final class PacingCostBench {

    /** The workloads' default least time between two wake-ups of a producer thread. */
    private static final long WAKE_INTERVAL_MICROS = WorkloadSchema.PRODUCER_WAKE_INTERVAL_MICROS.defaultValue();

    private enum Wait {
        TOOL("SystemClock.sleepUntil (tool)") {
            @Override
            long until(long deadlineNanos) throws InterruptedException {
                return SystemClock.INSTANCE.sleepUntil(deadlineNanos);
            }

            @Override
            String overshootEstimate() {
                return String.format(Locale.ROOT, "%.1f µs", SystemClock.INSTANCE.parkOvershootNanos() / 1e3);
            }
        },
        FLOOR("park until due (floor)") {
            @Override
            long until(long deadlineNanos) {
                return FloorWait.parkUntil(deadlineNanos);
            }

            @Override
            String overshootEstimate() {
                return "-";
            }
        };

        final String label;

        Wait(String label) {
            this.label = label;
        }

        /** Waits until {@code deadlineNanos}; returns the clock read when the wait ended. */
        abstract long until(long deadlineNanos) throws InterruptedException;

        /** The wait's own estimate of a park's overshoot, for the last column. */
        abstract String overshootEstimate();
    }

    private PacingCostBench() {}

    public static void main(String[] args) throws InterruptedException {
        long seconds = args.length > 0 ? Long.parseLong(args[0]) : 15;
        long workNanos = TimeUnit.MICROSECONDS.toNanos(args.length > 1 ? Long.parseLong(args[1]) : 5);
        double[] rates = args.length > 2
                ? Arrays.stream(args, 2, args.length)
                        .mapToDouble(Double::parseDouble)
                        .toArray()
                : new double[] {10_000, 50_000};
        if (seconds < 2) {
            throw new IllegalArgumentException("seconds must be at least 2, got " + seconds);
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        System.out.printf(
                Locale.ROOT,
                "%d s per rate and wait (the first fifth not counted), %d µs of work per message in place of the"
                        + " send, wake interval %d µs%n",
                seconds,
                TimeUnit.NANOSECONDS.toMicros(workNanos),
                WAKE_INTERVAL_MICROS);
        System.out.printf(
                Locale.ROOT,
                "%10s  %-30s  %12s  %12s  %9s  %9s  %9s  %9s  %14s%n",
                "msg/s",
                "wait",
                "CPU µs/msg",
                "beyond work",
                "late p50",
                "p90",
                "p99",
                "p99.9",
                "overshoot est.");
        for (double rate : rates) {
            for (Wait wait : Wait.values()) {
                measure(threads, rate, seconds, workNanos, wait);
            }
        }
    }

    private static void measure(ThreadMXBean threads, double rate, long seconds, long workNanos, Wait wait)
            throws InterruptedException {
        if (!(rate > 0 && rate <= 1_000_000)) {
            throw new IllegalArgumentException("a rate must be above 0 and at most 1,000,000 msg/s, got " + rate);
        }
        double gapNanos = 1e9 / rate;
        long wakeIntervalNanos = TimeUnit.MICROSECONDS.toNanos(WAKE_INTERVAL_MICROS);
        int messages = (int) (rate * seconds);
        int warmUp = messages / 5;
        long[] lateNanos = new long[messages - warmUp];
        long startNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1);
        long lastDeadlineNanos = startNanos - wakeIntervalNanos;
        long cpuAtWarmUpEnd = 0;
        for (int i = 0; i < messages; i++) {
            if (i == warmUp) {
                cpuAtWarmUpEnd = threads.getCurrentThreadCpuTime();
            }
            long dueNanos = startNanos + (long) (i * gapNanos);
            long sentNanos = System.nanoTime();
            if (sentNanos - dueNanos < 0) {
                long deadlineNanos = WakeRule.deadlineNanos(dueNanos, lastDeadlineNanos, wakeIntervalNanos);
                sentNanos = wait.until(deadlineNanos);
                lastDeadlineNanos = deadlineNanos;
            }
            if (i >= warmUp) {
                lateNanos[i - warmUp] = sentNanos - dueNanos;
            }
            long workEnd = System.nanoTime() + workNanos;
            while (System.nanoTime() - workEnd < 0) {
                // busy, standing for the work a producer does per message (the clock reads keep the loop)
            }
        }
        double cpuMicrosPerMessage = (threads.getCurrentThreadCpuTime() - cpuAtWarmUpEnd) / 1e3 / lateNanos.length;
        Arrays.sort(lateNanos);
        System.out.printf(
                Locale.ROOT,
                "%10.0f  %-30s  %12.2f  %12.2f  %9.1f  %9.1f  %9.1f  %9.1f  %14s%n",
                rate,
                wait.label,
                cpuMicrosPerMessage,
                cpuMicrosPerMessage - workNanos / 1e3,
                percentileMicros(lateNanos, 0.5),
                percentileMicros(lateNanos, 0.9),
                percentileMicros(lateNanos, 0.99),
                percentileMicros(lateNanos, 0.999),
                wait.overshootEstimate());
    }

    private static double percentileMicros(long[] sortedNanos, double quantile) {
        return sortedNanos[Math.min(sortedNanos.length - 1, (int) (sortedNanos.length * quantile))] / 1e3;
    }
}
