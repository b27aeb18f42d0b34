package io.openmessaging.benchmark.loopback;

import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.driver.MessageStamp;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A consumer in one subscription of a loopback topic. Its callback runs on whichever thread delivers:
 * the producer thread (immediate and inline-delay modes), the driver's scheduler thread, or the thread
 * calling {@link #resume} (for held messages) or creating another consumer of the subscription (for
 * held messages of partitions that move to the new consumer). Never two at once.
 */
final class LoopbackConsumer implements BenchmarkConsumer {

    final LoopbackSubscription subscription;
    private final LoopbackTopic topic;
    private final ConsumerCallback callback;
    private final AtomicBoolean closed = new AtomicBoolean();

    /** Read under the subscription's lock by deliveries; written without it by {@link #pause}. */
    volatile boolean paused;

    LoopbackConsumer(LoopbackTopic topic, LoopbackSubscription subscription, ConsumerCallback callback) {
        this.topic = topic;
        this.subscription = subscription;
        this.callback = callback;
    }

    /**
     * Stops deliveries to this consumer: from now on, messages for its partitions are held in memory
     * (counted in {@link LoopbackDriver#heldMessageCount()}). A delivery already running completes.
     */
    @Override
    public void pause() throws DriverException {
        requireOpen("pause");
        paused = true;
    }

    /** Delivers everything held for this consumer's partitions, in order, on the calling thread. */
    @Override
    public void resume() throws DriverException {
        requireOpen("resume");
        subscription.resume(this);
    }

    /** Leaves the subscription; its partitions go to the remaining consumers. Idempotent. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            topic.removeConsumer(this);
        }
    }

    /** The partitions this consumer owns now, ascending. */
    List<Integer> assignedPartitions() {
        return subscription.assignedPartitions(this);
    }

    /** Messages held for this consumer's partitions. */
    long heldMessageCount() {
        return subscription.heldMessageCount(this);
    }

    void receive(MessageStamp stamp, int partition, int payloadSizeBytes) {
        if (stamp != null) {
            receive(
                    stamp.intendedSendEpochNanos(),
                    stamp.sentEpochNanos(),
                    stamp.producerId(),
                    stamp.sequence(),
                    partition,
                    payloadSizeBytes);
            return;
        }
        try {
            callback.unstampedMessageReceived(payloadSizeBytes);
        } catch (RuntimeException e) {
            topic.driver().callbackFailed(e);
        }
    }

    void receive(
            long intendedSendEpochNanos,
            long sentEpochNanos,
            int producerId,
            long sequence,
            int partition,
            int payloadSizeBytes) {
        try {
            callback.messageReceived(
                    intendedSendEpochNanos, sentEpochNanos, producerId, sequence, partition, payloadSizeBytes);
        } catch (RuntimeException e) {
            topic.driver().callbackFailed(e);
        }
    }

    void markClosed() {
        closed.set(true);
    }

    private void requireOpen(String action) throws DriverException {
        if (closed.get()) {
            throw new DriverException("cannot " + action + " a closed loopback consumer of " + subscription);
        }
    }

    @Override
    public String toString() {
        return "loopback consumer in " + subscription;
    }
}
