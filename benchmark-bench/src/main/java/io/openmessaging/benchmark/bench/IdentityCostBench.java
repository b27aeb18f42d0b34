package io.openmessaging.benchmark.bench;

import io.openmessaging.benchmark.measure.ReceivedSequences;
import io.openmessaging.benchmark.measure.SequenceSet;
import java.util.Locale;

/**
 * What keeping every message's identity costs per message, single-threaded, on a warm and on a cold cache:
 * {@code SequenceSet.add} of an acknowledged sequence number (what the send callback does) and {@code
 * ReceivedSequences.record} of a received one on one of 16 partitions (what the consumer callback does),
 * for one producer's numbers in order, as a run without loss delivers them. The cold figures read and write
 * {@value CacheEviction#BYTES} bytes before each call. The sets' sizes are checked at the end, so the calls
 * cannot be optimised away.
 */
final class IdentityCostBench {

    private static final long CALLS_PER_ROUND = 50_000_000;
    private static final int COLD_CALLS = 3_000;
    private static final int PARTITIONS = 16;

    private final CacheEviction eviction;

    IdentityCostBench(CacheEviction eviction) {
        this.eviction = eviction;
    }

    /** Measures and prints every figure, after a discarded warm-up pass. */
    void run() {
        measure(false);
        measure(true);
    }

    private void measure(boolean print) {
        SequenceSet acknowledged = new SequenceSet();
        ReceivedSequences received = new ReceivedSequences();
        long start = System.nanoTime();
        for (long n = 0; n < CALLS_PER_ROUND; n++) {
            acknowledged.add(n);
        }
        double ackNanos = (System.nanoTime() - start) / (double) CALLS_PER_ROUND;
        start = System.nanoTime();
        for (long n = 0; n < CALLS_PER_ROUND; n++) {
            received.record(0, n, (int) (n % PARTITIONS));
        }
        double receiveNanos = (System.nanoTime() - start) / (double) CALLS_PER_ROUND;

        long coldAckNanos = 0;
        long coldReceiveNanos = 0;
        for (int i = 0; i < COLD_CALLS; i++) {
            long n = CALLS_PER_ROUND + i;
            eviction.touchAll(i);
            long ackStart = System.nanoTime();
            acknowledged.add(n);
            coldAckNanos += System.nanoTime() - ackStart;
            eviction.touchAll(i + 1);
            long receiveStart = System.nanoTime();
            received.record(0, n, (int) (n % PARTITIONS));
            coldReceiveNanos += System.nanoTime() - receiveStart;
        }
        long expected = CALLS_PER_ROUND + COLD_CALLS;
        if (acknowledged.cardinality() != expected
                || received.producerSets().get(0).cardinality() != expected
                || received.duplicates() != 0
                || received.outOfOrder() != 0) {
            throw new IllegalStateException("the sets do not hold the " + expected + " numbers added");
        }
        if (print) {
            System.out.printf(
                    Locale.ROOT,
                    "every message by identity (SequenceSet, ReceivedSequences; one thread, numbers in order):%n"
                            + "  acknowledged (SequenceSet.add)  %5.1f ns, received (ReceivedSequences.record, %d"
                            + " partitions)  %5.1f ns per message, warm cache%n"
                            + "  cold cache (%d MiB touched before each call): add %4.0f ns, record %4.0f ns%n",
                    ackNanos,
                    PARTITIONS,
                    receiveNanos,
                    CacheEviction.BYTES >> 20,
                    coldAckNanos / (double) COLD_CALLS,
                    coldReceiveNanos / (double) COLD_CALLS);
        }
    }
}
