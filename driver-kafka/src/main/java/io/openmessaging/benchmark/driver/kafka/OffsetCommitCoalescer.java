package io.openmessaging.benchmark.driver.kafka;

import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * Decides when a consumer commits which offsets: positions consumed since the last commit are
 * coalesced per partition, at most one asynchronous commit is in flight, and commits start at most
 * once per {@code lingerMs}. A failed commit marks its partitions for the next one.
 *
 * <p>The consumer reads one topic, so positions are kept in arrays indexed by partition number: noting a
 * consumed position ({@link #consumed(int, long)}, once per record) allocates nothing; the maps Kafka's
 * commit calls take are built per commit.
 *
 * <p>Not thread-safe: used only by the consumer's poll thread, which is also where Kafka runs commit
 * callbacks. Time is passed in, so the rules are unit-tested without a clock.
 */
final class OffsetCommitCoalescer {

    private static final long NONE = -1;

    private final String topic;
    private final long lingerMs;
    /** Next offset to read (last consumed + 1) per partition consumed and still assigned; {@link #NONE} else. */
    private long[] nextOffsets = new long[0];
    /** Partitions whose next offset has not been committed (or whose commit failed). */
    private boolean[] uncommitted = new boolean[0];

    private TopicPartition[] topicPartitions = new TopicPartition[0];
    private int uncommittedCount;

    private boolean commitInFlight;
    private long lastCommitStartMs;
    private boolean committedBefore;

    OffsetCommitCoalescer(String topic, long lingerMs) {
        this.topic = topic;
        this.lingerMs = lingerMs;
    }

    /** Records that every record of {@code partition} before {@code nextOffset} was consumed. */
    void consumed(int partition, long nextOffset) {
        if (partition >= nextOffsets.length) {
            grow(partition);
        }
        if (nextOffset > nextOffsets[partition]) {
            nextOffsets[partition] = nextOffset;
            markUncommitted(partition);
        }
    }

    /** Whether an asynchronous commit should start now. */
    boolean commitDue(long nowMs) {
        return !commitInFlight && uncommittedCount > 0 && (!committedBefore || nowMs - lastCommitStartMs >= lingerMs);
    }

    /** Offsets to commit now; the caller must report the outcome with {@link #commitCompleted}. */
    Map<TopicPartition, OffsetAndMetadata> startCommit(long nowMs) {
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        for (int partition = 0; partition < uncommitted.length; partition++) {
            if (uncommitted[partition]) {
                offsets.put(topicPartition(partition), new OffsetAndMetadata(nextOffsets[partition]));
                uncommitted[partition] = false;
            }
        }
        uncommittedCount = 0;
        commitInFlight = true;
        committedBefore = true;
        lastCommitStartMs = nowMs;
        return offsets;
    }

    /** Ends the commit in flight; on failure its partitions (those still assigned) go into the next one. */
    void commitCompleted(Map<TopicPartition, OffsetAndMetadata> offsets, Exception error) {
        commitInFlight = false;
        if (error != null) {
            for (TopicPartition partition : offsets.keySet()) {
                int index = partition.partition();
                if (index < nextOffsets.length && nextOffsets[index] != NONE) {
                    markUncommitted(index);
                }
            }
        }
    }

    /** The next offsets of {@code partitions}, for a synchronous commit before they are revoked. */
    Map<TopicPartition, OffsetAndMetadata> offsetsOf(Collection<TopicPartition> partitions) {
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        for (TopicPartition partition : partitions) {
            int index = indexOf(partition);
            if (index < nextOffsets.length && nextOffsets[index] != NONE) {
                offsets.put(partition, new OffsetAndMetadata(nextOffsets[index]));
            }
        }
        return offsets;
    }

    /** The next offset of every partition still held, for the final synchronous commit. */
    Map<TopicPartition, OffsetAndMetadata> allOffsets() {
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        for (int partition = 0; partition < nextOffsets.length; partition++) {
            if (nextOffsets[partition] != NONE) {
                offsets.put(topicPartition(partition), new OffsetAndMetadata(nextOffsets[partition]));
            }
        }
        return offsets;
    }

    /** Forgets partitions that were revoked or lost. */
    void forget(Collection<TopicPartition> partitions) {
        for (TopicPartition partition : partitions) {
            int index = indexOf(partition);
            if (index < nextOffsets.length) {
                nextOffsets[index] = NONE;
                if (uncommitted[index]) {
                    uncommitted[index] = false;
                    uncommittedCount--;
                }
            }
        }
    }

    boolean commitInFlight() {
        return commitInFlight;
    }

    private void markUncommitted(int partition) {
        if (!uncommitted[partition]) {
            uncommitted[partition] = true;
            uncommittedCount++;
        }
    }

    private int indexOf(TopicPartition partition) {
        if (!partition.topic().equals(topic)) {
            throw new IllegalArgumentException("partition " + partition + " is not of this consumer's topic " + topic);
        }
        return partition.partition();
    }

    private TopicPartition topicPartition(int partition) {
        TopicPartition known = topicPartitions[partition];
        if (known == null) {
            known = new TopicPartition(topic, partition);
            topicPartitions[partition] = known;
        }
        return known;
    }

    /** Makes room for {@code partition}: allocates only when a higher partition number than before appears. */
    private void grow(int partition) {
        int size = Math.max(partition + 1, nextOffsets.length * 2);
        int old = nextOffsets.length;
        nextOffsets = Arrays.copyOf(nextOffsets, size);
        Arrays.fill(nextOffsets, old, size, NONE);
        uncommitted = Arrays.copyOf(uncommitted, size);
        topicPartitions = Arrays.copyOf(topicPartitions, size);
    }
}
