package io.openmessaging.benchmark.measure;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * What one worker's consumers of one subscription received, by producer: which sequence numbers ({@link
 * SequenceSet}), how many arrived again (duplicates), and how many arrived after a higher number of the
 * same producer on the same partition (out of order).
 *
 * <p>Out of order: a number received for the first time that is lower than the highest number already
 * received from its producer on its partition, in the order the consumers' callbacks ran. Where the system
 * keeps a producer's order per partition (a Kafka or Pulsar partition, a RabbitMQ queue) this counts what it
 * delivered out of that order; a redelivery of what was received before is a duplicate, not out of order.
 *
 * <p>Memory: the sets' (see {@link SequenceSet}), plus 8 bytes per producer and partition.
 *
 * <p>Threading: {@link #record} from any number of delivering threads at once, without a lock but to add a
 * producer or a partition the first time; {@link #producerSets} and the counts once they are done.
 */
public final class ReceivedSequences {

    private static final long NONE = -1;

    private volatile Receipts[] byProducer = new Receipts[0];
    private final LongAdder duplicates = new LongAdder();
    private final LongAdder outOfOrder = new LongAdder();

    /** One producer's numbers and the highest received per partition. */
    private static final class Receipts {
        final SequenceSet received = new SequenceSet();
        volatile AtomicLongArray highestByPartition = new AtomicLongArray(0);

        synchronized AtomicLongArray partitions(int partition) {
            AtomicLongArray current = highestByPartition;
            if (partition < current.length()) {
                return current;
            }
            long[] grown = new long[Math.max(partition + 1, current.length() * 2)];
            Arrays.fill(grown, NONE);
            for (int i = 0; i < current.length(); i++) {
                grown[i] = current.get(i);
            }
            highestByPartition = new AtomicLongArray(grown);
            return highestByPartition;
        }
    }

    /**
     * One delivery of message {@code sequence} of {@code producerId} on {@code partition}; returns {@code
     * false} for a duplicate.
     *
     * @param producerId 0 or above (the run numbers its producers from 0)
     * @param partition 0 or above
     */
    public boolean record(int producerId, long sequence, int partition) {
        Receipts receipts = receipts(producerId);
        if (!receipts.received.add(sequence)) {
            duplicates.increment();
            return false;
        }
        AtomicLongArray highest = receipts.highestByPartition;
        if (partition >= highest.length()) {
            highest = receipts.partitions(partition);
        }
        long before = highest.get(partition);
        while (sequence > before) {
            long witnessed = highest.compareAndExchange(partition, before, sequence);
            if (witnessed == before) {
                return true;
            }
            before = witnessed;
        }
        if (before != NONE) {
            outOfOrder.increment();
        }
        return true;
    }

    /** Deliveries of a number received before, by any consumer of this subscription on this worker. */
    public long duplicates() {
        return duplicates.sum();
    }

    /** First deliveries below the highest number received from the same producer on the same partition. */
    public long outOfOrder() {
        return outOfOrder.sum();
    }

    /** The numbers received, by producer id. */
    public Map<Integer, SequenceSet> producerSets() {
        Map<Integer, SequenceSet> sets = new TreeMap<>();
        Receipts[] current = byProducer;
        for (int id = 0; id < current.length; id++) {
            if (current[id] != null) {
                sets.put(id, current[id].received);
            }
        }
        return sets;
    }

    private Receipts receipts(int producerId) {
        Receipts[] current = byProducer;
        Receipts receipts = producerId < current.length ? current[producerId] : null;
        return receipts != null ? receipts : addProducer(producerId);
    }

    private synchronized Receipts addProducer(int producerId) {
        if (producerId < 0) {
            throw new IllegalArgumentException("a producer id is 0 or above, got " + producerId);
        }
        Receipts[] current = byProducer;
        if (producerId >= current.length) {
            current = Arrays.copyOf(current, Math.max(producerId + 1, current.length * 2));
        }
        if (current[producerId] == null) {
            current[producerId] = new Receipts();
        }
        byProducer = current; // publishes the new entry
        return current[producerId];
    }
}
