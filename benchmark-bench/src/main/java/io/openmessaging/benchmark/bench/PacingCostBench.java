package io.openmessaging.benchmark.bench;

import io.openmessaging.benchmark.driver.SystemClock;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * What pacing a producer costs with the tool's own clock: one thread waits with {@link
 * SystemClock#sleepUntil} for each message of a fixed-rate schedule, then busy-works a fixed time in
 * place of the client's send, and prints per rate the thread's CPU per message and how late each
 * message left (p50, p90, p99, p99.9). The CPU beyond the work is the wake-up plus whatever the clock
 * spins; the lateness is what the run would record as publish delay. Run the same command against two
 * versions of the project, interleaved, to compare pacing rules. {@code bin/bench-pacing [seconds]
 * [send-work-µs] [rates...]}.
 */
public final class PacingCostBench {

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
                "%d s per rate (the first fifth not counted), %d µs of work per message in place of the send%n",
                seconds,
                TimeUnit.NANOSECONDS.toMicros(workNanos));
        System.out.printf(
                Locale.ROOT,
                "%10s  %12s  %12s  %9s  %9s  %9s  %9s  %14s%n",
                "msg/s",
                "CPU µs/msg",
                "beyond work",
                "late p50",
                "p90",
                "p99",
                "p99.9",
                "overshoot est.");
        for (double rate : rates) {
            measure(threads, rate, seconds, workNanos);
        }
    }

    private static void measure(ThreadMXBean threads, double rate, long seconds, long workNanos)
            throws InterruptedException {
        if (!(rate > 0 && rate <= 1_000_000)) {
            throw new IllegalArgumentException("a rate must be above 0 and at most 1,000,000 msg/s, got " + rate);
        }
        double gapNanos = 1e9 / rate;
        int messages = (int) (rate * seconds);
        int warmUp = messages / 5;
        long[] lateNanos = new long[messages - warmUp];
        long startNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1);
        long cpuAtWarmUpEnd = 0;
        for (int i = 0; i < messages; i++) {
            if (i == warmUp) {
                cpuAtWarmUpEnd = threads.getCurrentThreadCpuTime();
            }
            long dueNanos = startNanos + (long) (i * gapNanos);
            long sentNanos = SystemClock.INSTANCE.sleepUntil(dueNanos);
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
                "%10.0f  %12.2f  %12.2f  %9.1f  %9.1f  %9.1f  %9.1f  %11.1f µs%n",
                rate,
                cpuMicrosPerMessage,
                cpuMicrosPerMessage - workNanos / 1e3,
                percentileMicros(lateNanos, 0.5),
                percentileMicros(lateNanos, 0.9),
                percentileMicros(lateNanos, 0.99),
                percentileMicros(lateNanos, 0.999),
                SystemClock.INSTANCE.parkOvershootNanos() / 1e3);
    }

    private static double percentileMicros(long[] sortedNanos, double quantile) {
        return sortedNanos[Math.min(sortedNanos.length - 1, (int) (sortedNanos.length * quantile))] / 1e3;
    }
}
