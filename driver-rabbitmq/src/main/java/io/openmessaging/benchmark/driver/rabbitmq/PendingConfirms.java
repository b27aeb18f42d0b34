package io.openmessaging.benchmark.driver.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.ConfirmListener;
import io.openmessaging.benchmark.driver.SendCallback;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The sends of one confirm-mode channel that the broker has not confirmed yet, by publish sequence
 * number, and their completion on acks and nacks (single, or {@code multiple}: every number up to
 * and including the given one).
 *
 * <p>Every send completes exactly once, whichever comes first: its ack or nack, a failed publish
 * ({@link #fail(long, Throwable)}), or the channel's end ({@link #failAll}). Threading: {@link #add}
 * from the producer thread, confirms from the connection's thread, {@link #failAll} from either;
 * removal from the concurrent map decides who completes a send.
 */
final class PendingConfirms implements ConfirmListener {

    private final ConcurrentSkipListMap<Long, Pending> pending = new ConcurrentSkipListMap<>();
    private final LongAdder nacks;
    private final Runnable completed;

    /** @param nacks counts nacked messages (shared driver statistic) */
    PendingConfirms(LongAdder nacks) {
        this(nacks, () -> {});
    }

    /**
     * @param nacks counts nacked messages (shared driver statistic)
     * @param completed told after each send this class completes (ack, nack, {@link #fail}, {@link #failAll});
     *     not for those taken out by {@link #remove} or {@link #drainTo}
     */
    PendingConfirms(LongAdder nacks, Runnable completed) {
        this.nacks = nacks;
        this.completed = completed;
    }

    void add(
            long sequenceNumber,
            long intendedSendEpochNanos,
            long sentEpochNanos,
            int producerId,
            long sequence,
            SendCallback callback) {
        add(
                sequenceNumber,
                new Pending(intendedSendEpochNanos, sentEpochNanos, producerId, sequence, callback, null, null, null));
    }

    /** Tracks one send under its publish sequence number. */
    void add(long sequenceNumber, Pending send) {
        pending.put(sequenceNumber, send);
    }

    /** Removes and returns the send of one publish sequence number, or null when it completed already. */
    Pending remove(long sequenceNumber) {
        return pending.remove(sequenceNumber);
    }

    /** Removes every pending send, uncompleted, into {@code into}, in publish order. */
    void drainTo(Collection<Pending> into) {
        Map.Entry<Long, Pending> entry;
        while ((entry = pending.pollFirstEntry()) != null) {
            into.add(entry.getValue());
        }
    }

    /** Completes one send with {@code error} unless it completed already. */
    void fail(long sequenceNumber, Throwable error) {
        Pending p = pending.remove(sequenceNumber);
        if (p != null) {
            p.complete(error);
            completed.run();
        }
    }

    /** Completes every pending send with {@code error}. */
    void failAll(Throwable error) {
        Map.Entry<Long, Pending> entry;
        while ((entry = pending.pollFirstEntry()) != null) {
            entry.getValue().complete(error);
            completed.run();
        }
    }

    int size() {
        return pending.size();
    }

    @Override
    public void handleAck(long deliveryTag, boolean multiple) {
        complete(deliveryTag, multiple, null);
    }

    @Override
    public void handleNack(long deliveryTag, boolean multiple) {
        complete(deliveryTag, multiple, new NackException(deliveryTag));
    }

    private void complete(long deliveryTag, boolean multiple, Throwable error) {
        if (!multiple) {
            Pending p = pending.remove(deliveryTag);
            if (p != null) {
                countNack(error);
                p.complete(error);
                completed.run();
            }
            return;
        }
        Map.Entry<Long, Pending> entry;
        while ((entry = pending.firstEntry()) != null && entry.getKey() <= deliveryTag) {
            if (pending.remove(entry.getKey(), entry.getValue())) {
                countNack(error);
                entry.getValue().complete(error);
                completed.run();
            }
        }
    }

    private void countNack(Throwable error) {
        if (error != null) {
            nacks.increment();
        }
    }

    /**
     * One send not yet confirmed; with connection recovery it also holds what to publish again ({@code
     * routingKey}, {@code properties}, {@code body}: references to what was published, nothing copied), else
     * those are null.
     */
    record Pending(
            long intendedSendEpochNanos,
            long sentEpochNanos,
            int producerId,
            long sequence,
            SendCallback callback,
            String routingKey,
            AMQP.BasicProperties properties,
            byte[] body) {
        void complete(Throwable error) {
            callback.sendCompleted(intendedSendEpochNanos, sentEpochNanos, producerId, sequence, error);
        }
    }

    /** The broker refused responsibility for a message (basic.nack): it may be lost. */
    static final class NackException extends Exception {
        private static final long serialVersionUID = 1L;

        NackException(long sequenceNumber) {
            super("the broker nacked message " + sequenceNumber + " (publisher confirm negative: an internal"
                    + " error of the queue, or a queue full with overflow reject-publish); it may be lost");
        }
    }
}
