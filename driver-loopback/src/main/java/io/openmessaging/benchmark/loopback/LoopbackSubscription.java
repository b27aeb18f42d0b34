package io.openmessaging.benchmark.loopback;

import io.openmessaging.benchmark.driver.MessageStamp;
import java.util.ArrayList;
import java.util.List;

/**
 * One subscription (consumer group) of a topic: which consumer owns each partition, and the messages
 * held for partitions whose consumer is paused.
 *
 * <p>Assignment: partition {@code p} belongs to consumer {@code p mod n} of the {@code n} consumers in
 * join order; every join and leave reassigns at once, and messages held for a partition move with it.
 *
 * <p>Locking: one monitor per subscription guards the assignment and the held messages, and is held
 * while a consumer callback runs, so one consumer's callbacks never overlap and per-partition order is
 * kept even when several producer threads and the scheduler deliver. {@link LoopbackConsumer#pause}
 * takes no lock (it sets a volatile flag), as the driver SPI requires.
 */
final class LoopbackSubscription {

    final String name;
    private final LoopbackTopic topic;
    private final LoopbackDriver driver;
    private final List<LoopbackConsumer> consumers = new ArrayList<>();
    private final LoopbackConsumer[] ownerByPartition;
    private final HeldMessages[] heldByPartition;

    LoopbackSubscription(String name, LoopbackTopic topic, LoopbackDriver driver) {
        this.name = name;
        this.topic = topic;
        this.driver = driver;
        this.ownerByPartition = new LoopbackConsumer[topic.partitions];
        this.heldByPartition = new HeldMessages[topic.partitions];
    }

    /**
     * Hands a message to the partition's consumer, or holds it when that consumer is paused (or older
     * messages of the partition are still held). Dropped when the subscription has no consumers left.
     */
    synchronized void deliver(
            int partition,
            long intendedSendEpochNanos,
            long sentEpochNanos,
            int producerId,
            long sequence,
            int payloadSizeBytes) {
        LoopbackConsumer owner = ownerByPartition[partition];
        if (owner == null) {
            return;
        }
        if (mustWait(owner, partition)) {
            hold(
                    partition,
                    new MessageStamp(intendedSendEpochNanos, sentEpochNanos, producerId, sequence),
                    payloadSizeBytes);
            return;
        }
        owner.receive(intendedSendEpochNanos, sentEpochNanos, producerId, sequence, partition, payloadSizeBytes);
    }

    /** {@link #deliver(int, long, long, int, long, int)} of a stamp object ({@code null}: an unstamped message). */
    synchronized void deliver(int partition, MessageStamp stamp, int payloadSizeBytes) {
        LoopbackConsumer owner = ownerByPartition[partition];
        if (owner == null) {
            return;
        }
        if (mustWait(owner, partition)) {
            hold(partition, stamp, payloadSizeBytes);
            return;
        }
        owner.receive(stamp, partition, payloadSizeBytes);
    }

    /** Whether a message of {@code partition} must be held: its owner is paused or older ones are held. */
    private boolean mustWait(LoopbackConsumer owner, int partition) {
        HeldMessages held = heldByPartition[partition];
        return owner.paused || (held != null && !held.isEmpty());
    }

    synchronized void join(LoopbackConsumer consumer) {
        consumers.add(consumer);
        reassignAndDrain();
    }

    /** Removes {@code consumer}; returns whether it was the last one, which drops the subscription. */
    synchronized boolean leave(LoopbackConsumer consumer) {
        if (!consumers.remove(consumer)) {
            return false;
        }
        if (consumers.isEmpty()) {
            dropEverything();
            return true;
        }
        reassignAndDrain();
        return false;
    }

    /** Unpauses {@code consumer} and delivers what was held for its partitions, in order. */
    synchronized void resume(LoopbackConsumer consumer) {
        consumer.paused = false;
        for (int partition = 0; partition < ownerByPartition.length; partition++) {
            if (ownerByPartition[partition] == consumer) {
                drain(partition);
            }
        }
    }

    synchronized void closeAll() {
        for (LoopbackConsumer consumer : consumers) {
            consumer.markClosed();
        }
        consumers.clear();
        dropEverything();
    }

    synchronized List<Integer> assignedPartitions(LoopbackConsumer consumer) {
        List<Integer> partitions = new ArrayList<>();
        for (int partition = 0; partition < ownerByPartition.length; partition++) {
            if (ownerByPartition[partition] == consumer) {
                partitions.add(partition);
            }
        }
        return partitions;
    }

    synchronized long heldMessageCount(LoopbackConsumer consumer) {
        long count = 0;
        for (int partition = 0; partition < ownerByPartition.length; partition++) {
            HeldMessages held = heldByPartition[partition];
            if (ownerByPartition[partition] == consumer && held != null) {
                count += held.size();
            }
        }
        return count;
    }

    private void hold(int partition, MessageStamp stamp, int payloadSizeBytes) {
        HeldMessages held = heldByPartition[partition];
        if (held == null) {
            held = new HeldMessages();
            heldByPartition[partition] = held;
        }
        held.add(stamp, payloadSizeBytes);
        driver.heldMessagesChanged(1);
    }

    private void reassignAndDrain() {
        for (int partition = 0; partition < ownerByPartition.length; partition++) {
            ownerByPartition[partition] = consumers.get(partition % consumers.size());
        }
        for (int partition = 0; partition < ownerByPartition.length; partition++) {
            drain(partition);
        }
    }

    /** Delivers the partition's held messages to its owner until none is left or the owner is paused. */
    private void drain(int partition) {
        HeldMessages held = heldByPartition[partition];
        if (held == null) {
            return;
        }
        LoopbackConsumer owner = ownerByPartition[partition];
        while (owner != null && !owner.paused && !held.isEmpty()) {
            MessageStamp stamp = held.firstStamp();
            int payloadSizeBytes = held.firstPayloadSizeBytes();
            held.removeFirst();
            driver.heldMessagesChanged(-1);
            owner.receive(stamp, partition, payloadSizeBytes);
            owner = ownerByPartition[partition];
        }
    }

    private void dropEverything() {
        for (int partition = 0; partition < ownerByPartition.length; partition++) {
            ownerByPartition[partition] = null;
            HeldMessages held = heldByPartition[partition];
            if (held != null) {
                driver.heldMessagesChanged(-held.clear());
                heldByPartition[partition] = null;
            }
        }
    }

    @Override
    public String toString() {
        return "subscription '" + name + "' of " + topic.name;
    }
}
