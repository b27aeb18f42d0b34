package io.openmessaging.benchmark.loopback;

import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.Clock;
import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.driver.MessageStamp;
import io.openmessaging.benchmark.driver.SendCallback;
import java.util.ArrayDeque;
import java.util.Iterator;

/**
 * A producer of one loopback topic. Picks the partition by key hash ({@code floorMod(key.hashCode(),
 * partitions)}), or round robin per producer for a {@code null} key, then acknowledges and delivers the
 * message as the driver's {@link TimingMode} says. The payload is not copied, and in memory there is nothing
 * to encode with {@code MessageStampCodec}: in {@link TimingMode#IMMEDIATE} the stamp's fields go to the
 * consumers as they are and nothing is allocated per message, a {@link MessageStamp} object is built only
 * for a message that must wait (a delay, a paused consumer).
 *
 * <p>Threading: {@link #sendAsync} from the one owning producer thread, {@link #close} from any thread.
 */
final class LoopbackProducer implements BenchmarkProducer {

    private final LoopbackDriver driver;
    private final LoopbackTopic topic;
    private final Clock clock;
    private final TimingMode timingMode;
    private final StallWindows stalls;
    private final LoopbackScheduler scheduler;
    private final long ackDelayNanos;
    private final long deliveryDelayNanos;
    private final int partitions;
    private final long maxHeldMessages;
    private final SendPacer pacer;
    /** {@code null} without faults. */
    private final FaultPlan faults;
    /** Messages a {@link LoopbackFault.Kind#REORDER} fault holds back; producer thread only. */
    private final ArrayDeque<Held> reordered = new ArrayDeque<>();

    /** A message held back until its producer's next message to the same partition. */
    private record Held(int partition, MessageStamp stamp, int payloadSizeBytes) {}

    /** Next partition for a message without key; touched by the producer thread only. */
    private int nextRoundRobinPartition;

    private volatile boolean closed;

    LoopbackProducer(
            LoopbackDriver driver,
            LoopbackTopic topic,
            Clock clock,
            TimingMode timingMode,
            StallWindows stalls,
            LoopbackScheduler scheduler,
            long ackDelayNanos,
            long deliveryDelayNanos,
            long maxHeldMessages,
            SendPacer pacer,
            FaultPlan faults) {
        this.driver = driver;
        this.topic = topic;
        this.clock = clock;
        this.timingMode = timingMode;
        this.stalls = stalls;
        this.scheduler = scheduler;
        this.ackDelayNanos = ackDelayNanos;
        this.deliveryDelayNanos = deliveryDelayNanos;
        this.partitions = topic.partitions;
        this.maxHeldMessages = maxHeldMessages;
        this.pacer = pacer;
        this.faults = faults;
    }

    @Override
    public void sendAsync(
            String key,
            byte[] payload,
            long intendedSendEpochNanos,
            long sentEpochNanos,
            int producerId,
            long sequence,
            SendCallback callback) {
        if (closed) {
            driver.acknowledge(
                    callback,
                    intendedSendEpochNanos,
                    sentEpochNanos,
                    producerId,
                    sequence,
                    new DriverException("this loopback producer of " + topic.name + " is closed"
                            + (driver.isClosed() ? " (its driver was closed)" : "")));
            return;
        }
        if (pacer != null) {
            try {
                pacer.awaitSlot();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                driver.acknowledge(callback, intendedSendEpochNanos, sentEpochNanos, producerId, sequence, e);
                return;
            }
        }
        long sendNanos = 0;
        if (stalls != null) {
            sendNanos = clock.monotonicNanos();
            stalls.anchorAtFirstSend(sendNanos);
            long blockedUntilNanos = stalls.blockSendUntil(sendNanos);
            if (blockedUntilNanos > sendNanos) {
                try {
                    clock.sleepUntil(blockedUntilNanos);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    driver.acknowledge(callback, intendedSendEpochNanos, sentEpochNanos, producerId, sequence, e);
                    return;
                }
                sendNanos = clock.monotonicNanos();
            }
            if (stalls.failsSendAt(sendNanos)) {
                driver.acknowledge(
                        callback,
                        intendedSendEpochNanos,
                        sentEpochNanos,
                        producerId,
                        sequence,
                        new DriverException("loopback: the send failed (a FAIL_SEND stall window)"));
                return;
            }
        } else if (timingMode != TimingMode.IMMEDIATE) {
            sendNanos = clock.monotonicNanos();
        }
        LoopbackSubscription[] subscriptions = topic.subscriptions();
        if (subscriptions.length > 0 && driver.heldMessageCount() >= maxHeldMessages) {
            driver.acknowledge(
                    callback, intendedSendEpochNanos, sentEpochNanos, producerId, sequence, driver.heldLimitError());
            return;
        }
        int partition = partitionFor(key);
        int payloadSizeBytes = payload.length;
        switch (timingMode) {
            case IMMEDIATE -> {
                driver.acknowledge(callback, intendedSendEpochNanos, sentEpochNanos, producerId, sequence, null);
                if (faults != null && producerId != MessageStamp.PROBE_PRODUCER_ID) {
                    deliverWithFault(
                            subscriptions,
                            partition,
                            new MessageStamp(intendedSendEpochNanos, sentEpochNanos, producerId, sequence),
                            payloadSizeBytes);
                    return;
                }
                for (LoopbackSubscription subscription : subscriptions) {
                    subscription.deliver(
                            partition, intendedSendEpochNanos, sentEpochNanos, producerId, sequence, payloadSizeBytes);
                }
            }
            case INLINE_DELAYS ->
                sendWithInlineDelays(
                        sendNanos,
                        subscriptions,
                        partition,
                        new MessageStamp(intendedSendEpochNanos, sentEpochNanos, producerId, sequence),
                        payloadSizeBytes,
                        callback);
            case SCHEDULER ->
                sendThroughScheduler(
                        sendNanos,
                        subscriptions,
                        partition,
                        new MessageStamp(intendedSendEpochNanos, sentEpochNanos, producerId, sequence),
                        payloadSizeBytes,
                        callback);
        }
    }

    /**
     * Delivers a message as the fault plan says: not at all, twice, or after the next message to its
     * partition; then every message held back for that partition.
     */
    private void deliverWithFault(
            LoopbackSubscription[] subscriptions, int partition, MessageStamp stamp, int payloadSizeBytes) {
        LoopbackFault.Kind fault = faults.next();
        if (fault == LoopbackFault.Kind.REORDER) {
            reordered.addLast(new Held(partition, stamp, payloadSizeBytes));
            return;
        }
        if (fault != LoopbackFault.Kind.DROP) {
            deliver(subscriptions, partition, stamp, payloadSizeBytes);
        }
        if (fault == LoopbackFault.Kind.DUPLICATE) {
            deliver(subscriptions, partition, stamp, payloadSizeBytes);
        }
        for (Iterator<Held> it = reordered.iterator(); it.hasNext(); ) {
            Held held = it.next();
            if (held.partition() == partition) {
                it.remove();
                deliver(subscriptions, partition, held.stamp(), held.payloadSizeBytes());
            }
        }
    }

    /** Marks this producer closed: later sends fail through their callback. Pending callbacks still run. */
    @Override
    public void close() {
        closed = true;
    }

    /** The partition a message with {@code key} goes to; a {@code null} key advances the round robin. */
    int partitionFor(String key) {
        if (partitions == 1) {
            return 0;
        }
        if (key == null) {
            int partition = nextRoundRobinPartition;
            nextRoundRobinPartition = partition + 1 == partitions ? 0 : partition + 1;
            return partition;
        }
        return Math.floorMod(key.hashCode(), partitions);
    }

    private void sendWithInlineDelays(
            long sendNanos,
            LoopbackSubscription[] subscriptions,
            int partition,
            MessageStamp stamp,
            int payloadSizeBytes,
            SendCallback callback) {
        long ackDueNanos = dueNanos(sendNanos, ackDelayNanos);
        long deliveryDueNanos = dueNanos(sendNanos, deliveryDelayNanos);
        boolean acked = false;
        try {
            if (ackDueNanos <= deliveryDueNanos) {
                clock.sleepUntil(ackDueNanos);
                acked = true;
                driver.acknowledge(callback, stamp, null);
                clock.sleepUntil(deliveryDueNanos);
                deliver(subscriptions, partition, stamp, payloadSizeBytes);
            } else {
                clock.sleepUntil(deliveryDueNanos);
                deliver(subscriptions, partition, stamp, payloadSizeBytes);
                clock.sleepUntil(ackDueNanos);
                acked = true;
                driver.acknowledge(callback, stamp, null);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            if (!acked) {
                driver.acknowledge(callback, stamp, e);
            }
        }
    }

    private void sendThroughScheduler(
            long sendNanos,
            LoopbackSubscription[] subscriptions,
            int partition,
            MessageStamp stamp,
            int payloadSizeBytes,
            SendCallback callback) {
        long ackDueNanos = dueNanos(sendNanos, ackDelayNanos);
        long deliveryDueNanos = dueNanos(sendNanos, deliveryDelayNanos);
        boolean ackInline = ackDueNanos <= sendNanos && scheduler.pendingAcks() == 0;
        boolean deliveryInline =
                subscriptions.length == 0 || (deliveryDueNanos <= sendNanos && scheduler.pendingDeliveries() == 0);
        if (ackInline) {
            driver.acknowledge(callback, stamp, null);
        }
        if (deliveryInline) {
            deliver(subscriptions, partition, stamp, payloadSizeBytes);
        }
        if (!ackInline || !deliveryInline) {
            scheduler.schedule(new PendingMessage(
                    stamp,
                    payloadSizeBytes,
                    partition,
                    ackInline ? null : callback,
                    ackDueNanos,
                    deliveryInline ? null : subscriptions,
                    deliveryDueNanos));
        }
    }

    private long dueNanos(long sendNanos, long delayNanos) {
        long dueNanos = sendNanos + delayNanos;
        return stalls == null ? dueNanos : stalls.afterFreezes(dueNanos);
    }

    private static void deliver(
            LoopbackSubscription[] subscriptions, int partition, MessageStamp stamp, int payloadSizeBytes) {
        for (LoopbackSubscription subscription : subscriptions) {
            subscription.deliver(partition, stamp, payloadSizeBytes);
        }
    }

    @Override
    public String toString() {
        return "loopback producer of " + topic.name;
    }
}
