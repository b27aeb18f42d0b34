package io.openmessaging.benchmark.driver.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import com.rabbitmq.client.LongString;
import com.rabbitmq.client.ShutdownSignalException;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.driver.MessageStampCodec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One channel consuming the queues of one subscription: every queue of the subscription gets a
 * subscription ({@code basic.consume}) on this channel, so the consumers of a subscription compete
 * for the messages of every queue, whatever their number (RabbitMQ hands each message of a queue to
 * one of its consumers).
 *
 * <p>Acknowledgements: with manual acks each delivery is acked (single) after the callback returned;
 * the prefetch applies per queue subscription. With auto-ack the broker forgets a message as it sends
 * it.
 *
 * <p>Pause cancels every subscription and returns once the broker confirmed each cancellation and
 * every delivery before it was handed to the callback; resume subscribes again. For a stream queue
 * a subscription starts at the offset after the last delivered one (the first time: the start of the
 * stream), so nothing is skipped or repeated across a pause.
 *
 * <p>Failure: a channel or connection shutdown this driver did not ask for, or a subscription the
 * broker cancelled (queue deleted), is reported once through {@link ConsumerCallback#consumerFailed};
 * with connection recovery, the loss of the connection is not a failure: the client reopens it and
 * subscribes again.
 *
 * <p>Threading: {@link #pause}, {@link #resume} and {@link #close} from the control thread;
 * deliveries (and acks) on the connection's dispatch threads, in order per channel.
 */
public final class RabbitMqBenchmarkConsumer implements BenchmarkConsumer {

    private static final Logger log = LoggerFactory.getLogger(RabbitMqBenchmarkConsumer.class);
    private static final String STREAM_OFFSET = "x-stream-offset";

    private final Channel channel;
    private final String description;
    private final List<String> queues;
    private final ConsumerCallback callback;
    private final boolean autoAck;
    private final boolean stream;
    private final RabbitMqDriverStats stats;
    private final boolean recovery;
    /** Next stream offset to read per queue; -1 before the first delivery. Written by dispatch threads. */
    private final long[] nextStreamOffset;

    private final AtomicBoolean failed = new AtomicBoolean();
    private final AtomicBoolean malformedStampLogged = new AtomicBoolean();

    private final List<QueueSubscription> subscriptions = new ArrayList<>(); // control thread only
    private volatile boolean closing;

    /**
     * @param queues the queues to read; empty for a consumer that has nothing to read (a second
     *     consumer of a stream subscription)
     */
    RabbitMqBenchmarkConsumer(
            Channel channel,
            String description,
            List<String> queues,
            ConsumerCallback callback,
            boolean autoAck,
            int prefetchCount,
            boolean stream,
            RabbitMqDriverStats stats)
            throws DriverException {
        this(channel, description, queues, callback, autoAck, prefetchCount, stream, false, stats);
    }

    /**
     * @param recovery whether the channel's connection reopens itself: then a lost connection is waited out
     *     (the client subscribes again; deliveries not acknowledged before the loss come again) instead of
     *     failing this consumer
     */
    RabbitMqBenchmarkConsumer(
            Channel channel,
            String description,
            List<String> queues,
            ConsumerCallback callback,
            boolean autoAck,
            int prefetchCount,
            boolean stream,
            boolean recovery,
            RabbitMqDriverStats stats)
            throws DriverException {
        this.recovery = recovery;
        this.channel = channel;
        this.description = description;
        this.queues = List.copyOf(queues);
        this.callback = callback;
        this.autoAck = autoAck;
        this.stream = stream;
        this.stats = stats;
        this.nextStreamOffset = new long[queues.size()];
        Arrays.fill(nextStreamOffset, -1);
        channel.addShutdownListener(this::channelShutDown);
        if (!autoAck && prefetchCount > 0) {
            try {
                channel.basicQos(prefetchCount, false);
            } catch (IOException e) {
                throw new DriverException(
                        "cannot set the prefetch of " + description + ": " + ConnectionPool.describe(e), e);
            }
        }
    }

    /** Subscribes to every queue. */
    void start() throws DriverException {
        subscribeAll();
    }

    @Override
    public synchronized void pause() throws DriverException {
        if (subscriptions.isEmpty()) {
            return;
        }
        requireUsable();
        try {
            for (QueueSubscription subscription : subscriptions) {
                channel.basicCancel(subscription.tag);
            }
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(RabbitMqDefaults.CANCEL_TIMEOUT_MS);
            for (QueueSubscription subscription : subscriptions) {
                subscription.cancelled.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            }
        } catch (IOException | ShutdownSignalException e) {
            throw new DriverException("cannot pause " + description + ": " + ConnectionPool.describe(e), e);
        } catch (TimeoutException e) {
            throw new DriverException(
                    "pausing " + description + ": the broker did not confirm the cancellation" + " within "
                            + RabbitMqDefaults.CANCEL_TIMEOUT_MS + " ms",
                    e);
        } catch (ExecutionException e) {
            throw new DriverException("pausing " + description + " failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while pausing " + description, e);
        }
        subscriptions.clear();
    }

    @Override
    public synchronized void resume() throws DriverException {
        if (!subscriptions.isEmpty()) {
            return;
        }
        requireUsable();
        subscribeAll();
    }

    /** Closes the channel; deliveries stop. Idempotent. */
    @Override
    public void close() {
        closing = true;
        try {
            if (channel.isOpen()) {
                channel.close();
            }
        } catch (IOException | TimeoutException | ShutdownSignalException e) {
            log.debug("closing the channel of {}: {}", description, ConnectionPool.describe(e));
        }
    }

    /** Queues this consumer reads (and re-reads after a resume). */
    List<String> queues() {
        return queues;
    }

    private synchronized void subscribeAll() throws DriverException {
        try {
            for (int i = 0; i < queues.size(); i++) {
                QueueSubscription subscription = new QueueSubscription(i);
                Map<String, Object> arguments = null;
                if (stream) {
                    long next = nextStreamOffset[i];
                    arguments = Map.of(STREAM_OFFSET, next < 0 ? "first" : (Object) next);
                }
                subscription.tag =
                        channel.basicConsume(queues.get(i), autoAck, "", false, false, arguments, subscription);
                subscriptions.add(subscription);
            }
        } catch (IOException | ShutdownSignalException e) {
            throw new DriverException(
                    "cannot subscribe " + description + " to its queues: " + ConnectionPool.describe(e), e);
        }
    }

    private void requireUsable() throws DriverException {
        if (closing) {
            throw new DriverException(description + " is closed");
        }
        if (!channel.isOpen()) {
            throw new DriverException(
                    description + " has stopped: " + ConnectionPool.describe(channel.getCloseReason()));
        }
    }

    private void channelShutDown(ShutdownSignalException cause) {
        if (recovery && cause.isHardError()) {
            return; // the connection is reopened and the subscriptions with it (ConnectionPool logs the loss)
        }
        if (!closing && !cause.isInitiatedByApplication()) {
            fail(new DriverException(
                    "the channel of " + description + " shut down: " + ConnectionPool.describe(cause), cause));
        }
    }

    private boolean lostConnection() {
        ShutdownSignalException reason = channel.getCloseReason();
        return reason == null || reason.isHardError();
    }

    private void fail(Throwable cause) {
        if (failed.compareAndSet(false, true)) {
            stats.consumerFailures.increment();
            // the worker logs the failure it is handed, once, as one line
            log.debug("{} stopped: {}", description, cause.getMessage());
            callback.consumerFailed(cause);
        }
    }

    /**
     * Hands one message to the callback with the stamp of its header (bytes or text), or unstamped; the
     * queue's index among the subscription's queues is its partition (RabbitMQ keeps order per queue).
     */
    private void deliver(Map<String, Object> headers, int queueIndex, int payloadSizeBytes) {
        Object value = headers == null ? null : headers.get(MessageStampCodec.HEADER_NAME);
        String problem;
        if (value == null) {
            problem = MessageStampCodec.deliver((byte[]) null, queueIndex, payloadSizeBytes, callback);
        } else if (value instanceof byte[] bytes) {
            problem = MessageStampCodec.deliver(bytes, queueIndex, payloadSizeBytes, callback);
        } else if (value instanceof LongString text) {
            problem = MessageStampCodec.deliver(text.toString(), queueIndex, payloadSizeBytes, callback);
        } else {
            callback.unstampedMessageReceived(payloadSizeBytes);
            problem = "header of type " + value.getClass().getSimpleName();
        }
        if (problem != null) {
            stats.malformedStamps.increment();
            if (malformedStampLogged.compareAndSet(false, true)) {
                log.warn(
                        "{}: a message has a malformed {} header ({}); it counts as unstamped, further ones are"
                                + " only counted (rabbitmq.malformedStamps)",
                        description,
                        MessageStampCodec.HEADER_NAME,
                        problem);
            }
        }
    }

    /** The subscription to one queue: hands deliveries to the callback and acks them. */
    private final class QueueSubscription extends DefaultConsumer {
        private final int queueIndex;
        final CompletableFuture<Void> cancelled = new CompletableFuture<>();
        /**
         * The broker's tag for this subscription, as {@code basic.consume} returned it. Not {@link
         * #getConsumerTag()}: the client sets that one on a dispatch thread, after {@code basic.consume}
         * has returned, so a pause right after subscribing could find it still unset.
         */
        String tag; // control thread only

        QueueSubscription(int queueIndex) {
            super(channel);
            this.queueIndex = queueIndex;
        }

        @Override
        public void handleDelivery(String consumerTag, Envelope envelope, AMQP.BasicProperties properties, byte[] body)
                throws IOException {
            Map<String, Object> headers = properties.getHeaders();
            if (stream && headers != null && headers.get(STREAM_OFFSET) instanceof Long offset) {
                nextStreamOffset[queueIndex] = offset + 1;
            }
            try {
                deliver(headers, queueIndex, body.length);
            } catch (RuntimeException e) {
                fail(new DriverException("the message callback of " + description + " threw " + e, e));
                throw e;
            }
            if (!autoAck) {
                try {
                    getChannel().basicAck(envelope.getDeliveryTag(), false);
                } catch (IOException | ShutdownSignalException e) {
                    // with recovery, a delivery whose ack did not reach the broker comes again (a duplicate)
                    if (!closing && !(recovery && lostConnection())) {
                        throw e;
                    }
                }
            }
        }

        @Override
        public void handleCancelOk(String consumerTag) {
            cancelled.complete(null);
        }

        @Override
        public void handleCancel(String consumerTag) {
            cancelled.complete(null);
            if (!closing) {
                fail(new DriverException("the broker cancelled the subscription of " + description + " to queue "
                        + queues.get(queueIndex) + " (was the queue deleted?)"));
            }
        }

        @Override
        public void handleShutdownSignal(String consumerTag, ShutdownSignalException sig) {
            cancelled.complete(null);
        }
    }
}
