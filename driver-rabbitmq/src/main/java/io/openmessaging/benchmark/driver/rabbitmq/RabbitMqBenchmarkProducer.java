package io.openmessaging.benchmark.driver.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Recoverable;
import com.rabbitmq.client.RecoveryListener;
import com.rabbitmq.client.ShutdownSignalException;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.driver.MessageStampCodec;
import io.openmessaging.benchmark.driver.SendCallback;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One channel publishing to one topic's exchange. The message stamp travels in the AMQP header
 * {@value MessageStampCodec#HEADER_NAME} (binary, epoch nanoseconds); the AMQP {@code timestamp}
 * property, which has one-second resolution, is not set.
 *
 * <p>With publisher confirms a send completes when the broker acks or nacks it, tracked by publish
 * sequence number in {@link PendingConfirms}; without them, as soon as the client has written it.
 * Messages are published {@code mandatory}, so one that no queue takes is returned and counted
 * ({@code rabbitmq.unroutableMessages}) rather than dropped silently.
 *
 * <p>Connection recovery ({@code connectionRecovery: true}, publisher confirms on): when the connection is
 * lost, the sends the broker has not confirmed are held instead of failed, and so is every send made while
 * the connection is being reopened; once the channel is back they are published again, in the producer's
 * order, and complete on their new confirms. A message the broker had stored before the loss then arrives
 * twice (the consumers' identity accounting counts it); none is lost for want of a confirm. Without
 * confirms a publish on a lost connection fails: nothing tells which written messages the broker kept.
 *
 * <p>Confirm window ({@code maxOutstandingConfirms} N, publisher confirms on): at most N sends are published
 * and not yet confirmed ({@link ConfirmWindow}); a send made when all N are out waits in the producer, neither
 * published nor failed, and the producer thread returns at once. As confirms come, the waiting sends are
 * published in order, by the driver's window thread (not the connection's, which must keep reading
 * confirms), or by the producer thread when it finds room. Sends held for a recovering connection keep their
 * place in the window. The wait lies between the send's {@code sent} time and its confirm, so it counts in
 * the service time (publish latency) and the response time, not in the send delay.
 *
 * <p>Threading: the channel is not thread-safe for publishing; the producer thread ({@link #sendAsync}),
 * after a recovery the recovery thread, and with a confirm window the window thread publish under one lock.
 * Confirms, returns and the channel's shutdown arrive on the connection's thread.
 */
public final class RabbitMqBenchmarkProducer implements BenchmarkProducer {

    private static final Logger log = LoggerFactory.getLogger(RabbitMqBenchmarkProducer.class);
    private static final int DELIVERY_MODE_TRANSIENT = 1;
    private static final int DELIVERY_MODE_PERSISTENT = 2;

    private final Channel channel;
    private final String topic;
    private final String exchange;
    private final PartitionRouter router;
    private final boolean confirms;
    private final boolean recovery;
    private final int deliveryMode;
    private final PendingConfirms pending;
    private final RabbitMqDriverStats stats;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final AtomicBoolean unroutableLogged = new AtomicBoolean();
    /** The confirm window, or null when the number of unconfirmed sends is not limited. */
    private final ConfirmWindow<PendingConfirms.Pending> window;
    /** Publishes waiting sends when confirms free the window; null without a window. */
    private final Executor windowPublisher;
    /** A task to publish waiting sends is queued on {@link #windowPublisher} and has not started. */
    private final AtomicBoolean windowDrainQueued = new AtomicBoolean();

    /** Guards publishing and {@link #held}: the channel is published on by one thread at a time. */
    private final Object publishLock = new Object();
    /** Sends waiting for the channel to be reopened, with recovery on. Guarded by {@link #publishLock}. */
    private final List<PendingConfirms.Pending> held = new ArrayList<>();
    /** The channel is lost and not reopened yet. Guarded by {@link #publishLock}. */
    private boolean recovering;

    RabbitMqBenchmarkProducer(
            Channel channel,
            String topic,
            PartitionRouter router,
            boolean confirms,
            boolean persistent,
            RabbitMqDriverStats stats)
            throws DriverException {
        this(channel, topic, router, confirms, persistent, false, stats);
    }

    /** @param recovery whether the channel's connection reopens itself (see the class comment) */
    RabbitMqBenchmarkProducer(
            Channel channel,
            String topic,
            PartitionRouter router,
            boolean confirms,
            boolean persistent,
            boolean recovery,
            RabbitMqDriverStats stats)
            throws DriverException {
        this(channel, topic, router, confirms, persistent, recovery, 0, null, stats);
    }

    /**
     * @param recovery whether the channel's connection reopens itself (see the class comment)
     * @param maxOutstandingConfirms the most sends published and not yet confirmed; 0 for no limit (the
     *     limit needs {@code confirms})
     * @param windowPublisher publishes the sends that waited for the window, with a limit; one thread
     */
    RabbitMqBenchmarkProducer(
            Channel channel,
            String topic,
            PartitionRouter router,
            boolean confirms,
            boolean persistent,
            boolean recovery,
            int maxOutstandingConfirms,
            Executor windowPublisher,
            RabbitMqDriverStats stats)
            throws DriverException {
        if (maxOutstandingConfirms > 0 && (!confirms || windowPublisher == null)) {
            throw new IllegalArgumentException("a confirm window needs publisher confirms and a window thread");
        }
        this.channel = channel;
        this.topic = topic;
        this.exchange = Topology.exchangeName(topic);
        this.router = router;
        this.confirms = confirms;
        this.recovery = recovery && confirms && channel instanceof Recoverable;
        this.deliveryMode = persistent ? DELIVERY_MODE_PERSISTENT : DELIVERY_MODE_TRANSIENT;
        this.stats = stats;
        if (maxOutstandingConfirms > 0) {
            this.window = new ConfirmWindow<>(
                    maxOutstandingConfirms,
                    System::nanoTime,
                    stats.confirmWindowWaitedMessages,
                    stats.confirmWindowWaitNanos);
            this.windowPublisher = windowPublisher;
            this.pending = new PendingConfirms(stats.confirmNacks, this::windowSlotFreed);
        } else {
            this.window = null;
            this.windowPublisher = null;
            this.pending = new PendingConfirms(stats.confirmNacks);
        }
        channel.addReturnListener(returned -> {
            stats.unroutableMessages.increment();
            if (unroutableLogged.compareAndSet(false, true)) {
                log.warn(
                        "A message to exchange {} with routing key '{}' reached no queue ({}); further ones are"
                                + " only counted (rabbitmq.unroutableMessages)",
                        returned.getExchange(),
                        returned.getRoutingKey(),
                        returned.getReplyText());
            }
        });
        channel.addShutdownListener(this::channelShutDown);
        if (this.recovery) {
            ((Recoverable) channel).addRecoveryListener(new RecoveryListener() {
                @Override
                public void handleRecovery(Recoverable recovered) {
                    publishHeld();
                }

                @Override
                public void handleRecoveryStarted(Recoverable recovering) {
                    // the sends are held from the loss on (channelShutDown)
                }
            });
        }
        if (confirms) {
            try {
                channel.confirmSelect();
            } catch (IOException e) {
                throw new DriverException(
                        "cannot turn on publisher confirms for " + topic + ": " + ConnectionPool.describe(e), e);
            }
            channel.addConfirmListener(pending);
        }
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
        AMQP.BasicProperties properties = new AMQP.BasicProperties.Builder()
                .deliveryMode(deliveryMode)
                .headers(Map.of(
                        MessageStampCodec.HEADER_NAME,
                        MessageStampCodec.encode(intendedSendEpochNanos, sentEpochNanos, producerId, sequence)))
                .build();
        String routingKey = router.routingKeyFor(key);
        if (!confirms) {
            try {
                channel.basicPublish(exchange, routingKey, true, properties, payload);
            } catch (IOException | RuntimeException e) {
                callback.sendCompleted(intendedSendEpochNanos, sentEpochNanos, producerId, sequence, publishError(e));
                return;
            }
            callback.sendCompleted(intendedSendEpochNanos, sentEpochNanos, producerId, sequence, null);
            return;
        }
        if (!recovery && window == null) {
            long sequenceNumber = channel.getNextPublishSeqNo();
            pending.add(sequenceNumber, intendedSendEpochNanos, sentEpochNanos, producerId, sequence, callback);
            try {
                channel.basicPublish(exchange, routingKey, true, properties, payload);
            } catch (IOException | RuntimeException e) {
                pending.fail(sequenceNumber, publishError(e));
            }
            return;
        }
        PendingConfirms.Pending send = new PendingConfirms.Pending(
                intendedSendEpochNanos,
                sentEpochNanos,
                producerId,
                sequence,
                callback,
                routingKey,
                properties,
                payload);
        synchronized (publishLock) {
            if (closed.get()) {
                send.complete(closedError());
            } else if (window == null) {
                if (recovering) {
                    held.add(send);
                } else {
                    publish(send);
                }
            } else if (window.admit(send)) {
                if (recovering) {
                    held.add(send); // holds its slot until republished and confirmed
                } else {
                    publish(send);
                }
            } else {
                publishWaiting(); // a confirm may have freed a slot since admit looked
            }
        }
    }

    /**
     * Publishes waiting sends, oldest first, while the window has room and the channel is up. Caller holds
     * {@link #publishLock}.
     */
    private void publishWaiting() {
        PendingConfirms.Pending send;
        while (!recovering && !closed.get() && (send = window.next()) != null) {
            publish(send);
        }
    }

    /** A send that held a slot of the window completed: publish waiting ones on the window thread. Any thread. */
    private void windowSlotFreed() {
        if (window.release(1) && windowDrainQueued.compareAndSet(false, true)) {
            try {
                windowPublisher.execute(() -> {
                    windowDrainQueued.set(false);
                    synchronized (publishLock) {
                        publishWaiting();
                    }
                });
            } catch (RejectedExecutionException e) {
                windowDrainQueued.set(false); // the driver is closing: close() fails the waiting sends
            }
        }
    }

    /**
     * Publishes one send with recovery or a window on; with recovery, a publish that fails because the
     * connection is gone holds the send (and every later one) until the channel is back. Caller holds {@link
     * #publishLock}.
     */
    private void publish(PendingConfirms.Pending send) {
        long sequenceNumber = channel.getNextPublishSeqNo();
        pending.add(sequenceNumber, send);
        try {
            channel.basicPublish(exchange, send.routingKey(), true, send.properties(), send.body());
        } catch (IOException | RuntimeException e) {
            PendingConfirms.Pending unsent = pending.remove(sequenceNumber);
            if (unsent == null) {
                return; // completed meanwhile
            }
            if (recovery && connectionLost(e)) {
                recovering = true;
                held.add(unsent);
            } else {
                unsent.complete(publishError(e));
                if (window != null) {
                    window.release(1); // publishWaiting, if that is the caller, goes on with the next
                }
            }
        }
    }

    /**
     * Why a publish failed: on a channel the broker shut down, the shutdown's reason, worded as for the sends the
     * shutdown itself fails (a send that arrives just after the shutdown gets the same error as one just before).
     */
    private Exception publishError(Exception e) {
        ShutdownSignalException reason = channel.getCloseReason();
        return reason == null || reason.isInitiatedByApplication() ? e : shutDownError(reason);
    }

    private DriverException shutDownError(ShutdownSignalException cause) {
        return new DriverException(
                "the channel of the producer of " + topic + " shut down: " + ConnectionPool.describe(cause), cause);
    }

    /** Whether a failed publish is the connection's loss (to be waited out) rather than this message's fault. */
    private boolean connectionLost(Exception e) {
        ShutdownSignalException reason = channel.getCloseReason();
        if (reason != null) {
            return reason.isHardError() && !reason.isInitiatedByApplication();
        }
        return e instanceof IOException; // a socket write failed: the connection's shutdown follows
    }

    private void channelShutDown(ShutdownSignalException cause) {
        if (recovery && !closed.get() && cause.isHardError() && !cause.isInitiatedByApplication()) {
            synchronized (publishLock) {
                recovering = true;
                pending.drainTo(held);
            }
            return;
        }
        DriverException unpublished = cause.isInitiatedByApplication() ? closedError() : shutDownError(cause);
        failWaiting(unpublished); // first: the slots failAll frees must not publish them on the dead channel
        pending.failAll(
                cause.isInitiatedByApplication()
                        ? new DriverException(
                                "the producer of " + topic + " was closed before the broker confirmed this message")
                        : shutDownError(cause));
        failHeld(unpublished);
    }

    /** After a recovery: publishes the held sends again, in the producer's order, on the reopened channel. */
    private void publishHeld() {
        synchronized (publishLock) {
            if (closed.get()) {
                return;
            }
            List<PendingConfirms.Pending> again = new ArrayList<>(held);
            held.clear();
            recovering = false;
            again.sort(Comparator.comparingInt(PendingConfirms.Pending::producerId)
                    .thenComparingLong(PendingConfirms.Pending::sequence));
            if (!again.isEmpty()) {
                log.info("Producer of {}: publishing {} unconfirmed message(s) again", topic, again.size());
            }
            for (PendingConfirms.Pending send : again) {
                if (recovering) {
                    held.add(send); // lost again while republishing
                } else {
                    stats.republishedMessages.increment();
                    publish(send);
                }
            }
            if (window != null) {
                publishWaiting();
            }
        }
    }

    private void failHeld(Throwable error) {
        List<PendingConfirms.Pending> failing;
        synchronized (publishLock) {
            failing = new ArrayList<>(held);
            held.clear();
        }
        failing.forEach(send -> send.complete(error));
        if (window != null) {
            window.release(failing.size());
        }
    }

    /** Fails the sends waiting for the window (never published, so they hold no slot). */
    private void failWaiting(Throwable error) {
        if (window == null) {
            return;
        }
        List<PendingConfirms.Pending> failing;
        synchronized (publishLock) {
            failing = window.removeWaiting();
        }
        failing.forEach(send -> send.complete(error));
    }

    /** The confirm window, or null without a limit; for tests. */
    ConfirmWindow<PendingConfirms.Pending> confirmWindow() {
        return window;
    }

    private DriverException closedError() {
        return new DriverException("the producer was closed before the broker confirmed this message");
    }

    /** Closes the channel without waiting for outstanding confirms: those sends fail. Idempotent. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            if (channel.isOpen()) {
                channel.close();
            }
        } catch (IOException | TimeoutException | ShutdownSignalException e) {
            log.debug("closing a producer channel: {}", ConnectionPool.describe(e));
        } finally {
            pending.failAll(closedError());
            failHeld(closedError());
            failWaiting(closedError());
        }
    }
}
