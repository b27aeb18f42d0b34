package io.openmessaging.benchmark.measure;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;

/**
 * Counts of messages handed to the client and not yet completed, by the time they were intended: one
 * thread's share. A send adds one to the bucket of its intended time, its acknowledgement or failure takes
 * one away (usually in another thread's ledger); summed over every thread, what is left is the messages
 * still in flight, with their intended times to {@value #BUCKET_NANOS} ns. That is what lets the end of
 * a run record every unacknowledged message with its age instead of dropping it, without keeping an
 * object per message.
 *
 * <p>Buckets form a ring of {@value #BUCKETS} × {@value #BUCKET_NANOS} ns (about 275 s): a message still
 * in flight after longer than that is read as younger by whole turns of the ring, so the ages it gives are
 * lower bounds, never overstated.
 *
 * <p>Threading: {@link #add} by the owning thread only (release stores); {@link #inFlight} from any thread
 * once the writers have stopped or no longer matter.
 */
public final class InFlightLedger {

    /** Width of one bucket: 2^24 ns, about 16.8 ms. */
    static final long BUCKET_NANOS = 1L << 24;

    static final int BUCKETS = 1 << 14;
    private static final int SHIFT = 24;
    private static final int MASK = BUCKETS - 1;
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(long[].class);

    private final long[] counts = new long[BUCKETS];

    InFlightLedger() {}

    /** Adds {@code delta} to the bucket of {@code intendedEpochNanos}. Owning thread only. */
    void add(long intendedEpochNanos, long delta) {
        int bucket = (int) (intendedEpochNanos >>> SHIFT) & MASK;
        SLOT.setRelease(counts, bucket, counts[bucket] + delta);
    }

    /** Receives messages by their intended time, a group at a time. */
    @FunctionalInterface
    public interface Visitor {
        /**
         * @param latestIntendedEpochNanos the latest time the group's messages can have been intended
         * @param count messages in the group
         */
        void messages(long latestIntendedEpochNanos, long count);
    }

    /**
     * Sums the ledgers of every thread and visits each bucket with messages in flight, reading the ring
     * backwards from {@code nowEpochNanos}. Returns the total.
     */
    static long inFlight(List<InFlightLedger> ledgers, long nowEpochNanos, Visitor visitor) {
        long nowBucket = nowEpochNanos >>> SHIFT;
        long total = 0;
        for (int age = 0; age < BUCKETS; age++) {
            long absoluteBucket = nowBucket - age;
            int slot = (int) absoluteBucket & MASK;
            long count = 0;
            for (InFlightLedger ledger : ledgers) {
                count += (long) SLOT.getAcquire(ledger.counts, slot);
            }
            if (count > 0) {
                long latest = Math.min(nowEpochNanos, ((absoluteBucket + 1) << SHIFT) - 1);
                visitor.messages(latest, count);
                total += count;
            }
        }
        return total;
    }
}
