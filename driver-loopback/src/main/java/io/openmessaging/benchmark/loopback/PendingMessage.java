package io.openmessaging.benchmark.loopback;

import io.openmessaging.benchmark.driver.MessageStamp;
import io.openmessaging.benchmark.driver.SendCallback;

/**
 * The callbacks of one sent message still waiting in the {@link LoopbackScheduler}: its
 * acknowledgement, its deliveries, or both. One object per message, queued again when its first part
 * is done and its second part is due later. Mutable; owned by the scheduler once queued.
 */
final class PendingMessage {

    final MessageStamp stamp;
    final int payloadSizeBytes;
    final int partition;
    final long ackDueNanos;
    final long deliveryDueNanos;

    /** {@code null} once the acknowledgement is done (or when it was done at send). */
    SendCallback ackCallback;
    /** The subscriptions at send time; {@code null} once delivered (or when delivered at send). */
    LoopbackSubscription[] subscriptions;

    /** Queue order: the earliest remaining due time, then {@link #sequence} (the order of first queueing). */
    long dueNanos;

    long sequence;

    PendingMessage(
            MessageStamp stamp,
            int payloadSizeBytes,
            int partition,
            SendCallback ackCallback,
            long ackDueNanos,
            LoopbackSubscription[] subscriptions,
            long deliveryDueNanos) {
        this.stamp = stamp;
        this.payloadSizeBytes = payloadSizeBytes;
        this.partition = partition;
        this.ackCallback = ackCallback;
        this.ackDueNanos = ackDueNanos;
        this.subscriptions = subscriptions;
        this.deliveryDueNanos = deliveryDueNanos;
        updateDue();
    }

    boolean isDone() {
        return ackCallback == null && subscriptions == null;
    }

    void updateDue() {
        long due = Long.MAX_VALUE;
        if (ackCallback != null) {
            due = ackDueNanos;
        }
        if (subscriptions != null) {
            due = Math.min(due, deliveryDueNanos);
        }
        dueNanos = due;
    }
}
