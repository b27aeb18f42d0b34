package io.openmessaging.benchmark.driver.kafka;

import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * Decides when a consumer commits which offsets: positions consumed since the last commit are
 * coalesced per partition, at most one asynchronous commit is in flight, and commits start at most
 * once per {@code lingerMs}. A failed commit marks its partitions for the next one.
 *
 * <p>Not thread-safe: used only by the consumer's poll thread, which is also where Kafka runs commit
 * callbacks. Time is passed in, so the rules are unit-tested without a clock.
 */
final class OffsetCommitCoalescer {

    private final long lingerMs;
    /** Next offset to read (last consumed + 1) of every partition consumed and still assigned. */
    private final Map<TopicPartition, Long> nextOffsets = new HashMap<>();
    /** Partitions whose next offset has not been committed (or whose commit failed). */
    private final Set<TopicPartition> uncommitted = new HashSet<>();

    private boolean commitInFlight;
    private long lastCommitStartMs;
    private boolean committedBefore;

    OffsetCommitCoalescer(long lingerMs) {
        this.lingerMs = lingerMs;
    }

    /** Records that every record of {@code partition} before {@code nextOffset} was consumed. */
    void consumed(TopicPartition partition, long nextOffset) {
        Long previous = nextOffsets.get(partition);
        if (previous == null || nextOffset > previous) {
            nextOffsets.put(partition, nextOffset);
            uncommitted.add(partition);
        }
    }

    /** Whether an asynchronous commit should start now. */
    boolean commitDue(long nowMs) {
        return !commitInFlight && !uncommitted.isEmpty() && (!committedBefore || nowMs - lastCommitStartMs >= lingerMs);
    }

    /** Offsets to commit now; the caller must report the outcome with {@link #commitCompleted}. */
    Map<TopicPartition, OffsetAndMetadata> startCommit(long nowMs) {
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        for (TopicPartition partition : uncommitted) {
            offsets.put(partition, new OffsetAndMetadata(nextOffsets.get(partition)));
        }
        uncommitted.clear();
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
                if (nextOffsets.containsKey(partition)) {
                    uncommitted.add(partition);
                }
            }
        }
    }

    /** The next offsets of {@code partitions}, for a synchronous commit before they are revoked. */
    Map<TopicPartition, OffsetAndMetadata> offsetsOf(Collection<TopicPartition> partitions) {
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        for (TopicPartition partition : partitions) {
            Long next = nextOffsets.get(partition);
            if (next != null) {
                offsets.put(partition, new OffsetAndMetadata(next));
            }
        }
        return offsets;
    }

    /** The next offset of every partition still held, for the final synchronous commit. */
    Map<TopicPartition, OffsetAndMetadata> allOffsets() {
        return offsetsOf(nextOffsets.keySet());
    }

    /** Forgets partitions that were revoked or lost. */
    void forget(Collection<TopicPartition> partitions) {
        for (TopicPartition partition : partitions) {
            nextOffsets.remove(partition);
            uncommitted.remove(partition);
        }
    }

    boolean commitInFlight() {
        return commitInFlight;
    }
}
