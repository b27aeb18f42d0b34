package io.openmessaging.benchmark.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * What one timed wake-up of a thread costs on this machine: for several requested waits, the thread's
 * CPU time per {@code LockSupport.parkNanos} (user + system, the kernel's thread CPU clock) and how late
 * the park woke (p50, p99). A producer thread that sleeps between messages pays this once per wake-up,
 * whatever it sends; so do the Kafka client's threads for every batch and fetch. On bare metal a wake-up
 * costs a few microseconds; in the virtual machines this project is measured on, tens
 * (docs/performance.md). Run with {@code bin/bench-wakeup [parks-per-wait]}.
 */
public final class WakeUpCostBench {

    private static final long[] WAITS_MICROS = {10, 20, 50, 100, 200, 1000};

    private WakeUpCostBench() {}

    public static void main(String[] args) {
        int parks = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        if (parks < 100) {
            throw new IllegalArgumentException("parks-per-wait must be at least 100, got " + parks);
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        if (!threads.isCurrentThreadCpuTimeSupported()) {
            throw new IllegalStateException("this JVM cannot read a thread's CPU time");
        }
        System.out.printf(
                Locale.ROOT,
                "timer slack of this process: %s; %d parks per wait, after a warm-up pass%n",
                timerSlack(),
                parks);
        System.out.printf(
                Locale.ROOT, "%10s  %14s  %14s  %14s%n", "wait µs", "CPU µs/wake", "overshoot p50", "overshoot p99");
        measure(threads, Math.min(parks, 2_000), false);
        measure(threads, parks, true);
    }

    private static void measure(ThreadMXBean threads, int parks, boolean print) {
        for (long waitMicros : WAITS_MICROS) {
            long waitNanos = TimeUnit.MICROSECONDS.toNanos(waitMicros);
            int count = (int) Math.max(100, Math.min(parks, TimeUnit.SECONDS.toNanos(10) / waitNanos));
            long[] overshootNanos = new long[count];
            long cpuBefore = threads.getCurrentThreadCpuTime();
            for (int i = 0; i < count; i++) {
                long before = System.nanoTime();
                LockSupport.parkNanos(waitNanos);
                overshootNanos[i] = System.nanoTime() - before - waitNanos;
            }
            double cpuMicros = (threads.getCurrentThreadCpuTime() - cpuBefore) / 1e3 / count;
            Arrays.sort(overshootNanos);
            if (print) {
                System.out.printf(
                        Locale.ROOT,
                        "%10d  %14.1f  %14.1f  %14.1f%n",
                        waitMicros,
                        cpuMicros,
                        overshootNanos[count / 2] / 1e3,
                        overshootNanos[(int) (count * 0.99)] / 1e3);
            }
        }
    }

    private static String timerSlack() {
        try {
            return Files.readString(Path.of("/proc/self/timerslack_ns")).trim() + " ns";
        } catch (IOException | UnsupportedOperationException e) {
            return "unknown (" + e.getMessage() + ")";
        }
    }
}
