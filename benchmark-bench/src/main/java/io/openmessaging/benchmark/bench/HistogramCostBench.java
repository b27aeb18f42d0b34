package io.openmessaging.benchmark.bench;

import io.openmessaging.benchmark.measure.HistogramSpec;
import io.openmessaging.benchmark.measure.PeriodStats;
import io.openmessaging.benchmark.measure.ThreadRecorders;
import io.openmessaging.benchmark.measure.WorkerStats;
import java.util.Locale;
import java.util.SplittableRandom;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * What recording into and snapshotting the latency histograms costs, single-threaded:
 *
 * <ul>
 *   <li>{@code SingleWriterRecorder.recordValue}: one value into HdrHistogram's own single-writer recorder
 *       (a writer-reader phaser entered per value), for comparison with the framework's calls;
 *   <li>{@code WorkerStats.recordSent} and {@code recordAcked}: the framework's calls per message on the
 *       producer path (counters, the thread's recorders, range clamping), one and two values;
 *   <li>{@code WorkerStats.cutPeriod}: one sample period's snapshot of all five metrics, with the bytes
 *       it allocates;
 *   <li>the same per-message calls on a cold cache: {@value CacheEviction#BYTES} bytes are read and written
 *       between two messages, as the broker and the other threads do between two messages of one thread at
 *       10,000 msg/s; once with the recorders the caller keeps ({@code WorkerStats.recordersOf}, what the
 *       framework does) and once looked up per call.
 * </ul>
 *
 * Values are spread over 1 µs … 10 ms, as latencies are, so that counts land in many buckets.
 */
final class HistogramCostBench {

    private static final int VALUES = 4096;
    private static final long RECORDS_PER_ROUND = 20_000_000;
    private static final int CUTS_PER_ROUND = 200;
    private static final int COLD_MESSAGES = 3_000;

    private final CacheEviction eviction;

    private final long[] valuesNanos = new long[VALUES];

    HistogramCostBench(long seed, CacheEviction eviction) {
        this.eviction = eviction;
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < VALUES; i++) {
            valuesNanos[i] = (long) Math.pow(10, 3 + 4 * random.nextDouble());
        }
    }

    /** Measures and prints every figure, after a discarded warm-up pass. */
    void run() {
        measure(false);
        measure(true);
    }

    private void measure(boolean print) {
        SingleWriterRecorder recorder = new SingleWriterRecorder(
                HistogramSpec.LOWEST_DISCERNIBLE_NANOS,
                HistogramSpec.HIGHEST_TRACKABLE_NANOS,
                HistogramSpec.DEFAULT_SIGNIFICANT_DIGITS);
        long start = System.nanoTime();
        for (long i = 0; i < RECORDS_PER_ROUND; i++) {
            recorder.recordValue(valuesNanos[(int) (i & (VALUES - 1))]);
        }
        double recorderNanos = (System.nanoTime() - start) / (double) RECORDS_PER_ROUND;

        WorkerStats stats = new WorkerStats(HistogramSpec.DEFAULT);
        long base = 1_700_000_000_000_000_000L;
        start = System.nanoTime();
        for (long i = 0; i < RECORDS_PER_ROUND; i++) {
            stats.recordSent(1024, base, base + valuesNanos[(int) (i & (VALUES - 1))]);
        }
        double sentNanos = (System.nanoTime() - start) / (double) RECORDS_PER_ROUND;
        start = System.nanoTime();
        for (long i = 0; i < RECORDS_PER_ROUND; i++) {
            long value = valuesNanos[(int) (i & (VALUES - 1))];
            stats.recordAcked(base, base + value / 4, base + value);
        }
        double ackedNanos = (System.nanoTime() - start) / (double) RECORDS_PER_ROUND;
        for (long i = 0; i < 100_000; i++) {
            long value = valuesNanos[(int) (i & (VALUES - 1))];
            stats.recordReceived(1024, base, base + value / 4, base + value);
        }

        Thread self = Thread.currentThread();
        long allocatedBefore = ThreadAllocation.allocatedBytes(self);
        start = System.nanoTime();
        long cutMessages = 0;
        for (int i = 0; i < CUTS_PER_ROUND; i++) {
            stats.recordSent(1024, base, base + valuesNanos[i]);
            PeriodStats period = stats.cutPeriod(i, i + 1);
            cutMessages += period.delta().messagesSent();
        }
        if (cutMessages != RECORDS_PER_ROUND + CUTS_PER_ROUND) {
            throw new IllegalStateException("the snapshots counted " + cutMessages + " messages sent, not "
                    + (RECORDS_PER_ROUND + CUTS_PER_ROUND));
        }
        double cutMicros = (System.nanoTime() - start) / 1e3 / CUTS_PER_ROUND;
        double cutBytes = (ThreadAllocation.allocatedBytes(self) - allocatedBefore) / (double) CUTS_PER_ROUND;
        double[] coldKept = coldNanosPerMessage(true);
        double[] coldLookedUp = coldNanosPerMessage(false);
        if (print) {
            System.out.printf(Locale.ROOT, "histograms (3 significant digits, 1 ns … 1 h, one thread):%n");
            System.out.printf(Locale.ROOT, "  SingleWriterRecorder.recordValue   %6.1f ns per value%n", recorderNanos);
            System.out.printf(
                    Locale.ROOT,
                    "  WorkerStats.recordSent             %6.1f ns per message (1 value, counters, in-flight ledger)%n",
                    sentNanos);
            System.out.printf(
                    Locale.ROOT,
                    "  WorkerStats.recordAcked            %6.1f ns per message (2 values + counter)%n",
                    ackedNanos);
            System.out.printf(
                    Locale.ROOT,
                    "  WorkerStats.cutPeriod (5 metrics)  %6.0f µs and %,.0f bytes allocated per snapshot%n",
                    cutMicros,
                    cutBytes);
            System.out.printf(
                    Locale.ROOT,
                    "cold cache (%d MiB touched between messages), ns per message, recordSent / recordAcked /"
                            + " recordReceived:%n",
                    CacheEviction.BYTES >> 20);
            System.out.printf(
                    Locale.ROOT,
                    "  recorders kept by the caller       %6.0f / %6.0f / %6.0f%n",
                    coldKept[0],
                    coldKept[1],
                    coldKept[2]);
            System.out.printf(
                    Locale.ROOT,
                    "  recorders looked up per call       %6.0f / %6.0f / %6.0f%n",
                    coldLookedUp[0],
                    coldLookedUp[1],
                    coldLookedUp[2]);
        }
    }

    /**
     * Times each of the three per-message calls alone, after evicting the caches; returns ns per message for
     * recordSent, recordAcked and recordReceived.
     */
    private double[] coldNanosPerMessage(boolean keepRecorders) {
        WorkerStats stats = new WorkerStats(HistogramSpec.DEFAULT);
        ThreadRecorders own = null;
        long base = 1_700_000_000_000_000_000L;
        long[] nanos = new long[3];
        for (int i = 0; i < COLD_MESSAGES; i++) {
            long value = valuesNanos[i & (VALUES - 1)];
            long intended = base + i * 100_000L;
            for (int call = 0; call < 3; call++) {
                eviction.touchAll(i);
                long start = System.nanoTime();
                // recordersOf(null) is the thread-local lookup the calls without recorders make
                own = stats.recordersOf(keepRecorders ? own : null);
                switch (call) {
                    case 0 -> stats.recordSent(own, 1024, intended, intended + value / 8);
                    case 1 -> stats.recordAcked(own, intended, intended + value / 8, intended + value);
                    default -> stats.recordReceived(own, 1024, intended, intended + value / 8, intended + 2 * value);
                }
                nanos[call] += System.nanoTime() - start;
            }
        }
        long messages = stats.totals().messagesReceived();
        if (messages != COLD_MESSAGES) {
            throw new IllegalStateException("recorded " + messages + " messages received, not " + COLD_MESSAGES);
        }
        return new double[] {
            nanos[0] / (double) COLD_MESSAGES, nanos[1] / (double) COLD_MESSAGES, nanos[2] / (double) COLD_MESSAGES
        };
    }
}
