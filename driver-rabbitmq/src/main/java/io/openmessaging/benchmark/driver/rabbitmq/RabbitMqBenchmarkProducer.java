package io.openmessaging.benchmark.driver.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.ShutdownSignalException;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.driver.MessageStampCodec;
import io.openmessaging.benchmark.driver.SendCallback;
import java.io.IOException;
import java.util.Map;
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
 * <p>Threading: the channel is not thread-safe for publishing; only the producer thread publishes
 * ({@link #sendAsync}). Confirms, returns and the channel's shutdown arrive on the connection's
 * thread.
 */
public final class RabbitMqBenchmarkProducer implements BenchmarkProducer {

    private static final Logger log = LoggerFactory.getLogger(RabbitMqBenchmarkProducer.class);
    private static final int DELIVERY_MODE_TRANSIENT = 1;
    private static final int DELIVERY_MODE_PERSISTENT = 2;

    private final Channel channel;
    private final String exchange;
    private final PartitionRouter router;
    private final boolean confirms;
    private final int deliveryMode;
    private final PendingConfirms pending;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final AtomicBoolean unroutableLogged = new AtomicBoolean();

    RabbitMqBenchmarkProducer(
            Channel channel,
            String topic,
            PartitionRouter router,
            boolean confirms,
            boolean persistent,
            RabbitMqDriverStats stats)
            throws DriverException {
        this.channel = channel;
        this.exchange = Topology.exchangeName(topic);
        this.router = router;
        this.confirms = confirms;
        this.deliveryMode = persistent ? DELIVERY_MODE_PERSISTENT : DELIVERY_MODE_TRANSIENT;
        this.pending = new PendingConfirms(stats.confirmNacks);
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
        channel.addShutdownListener(cause -> pending.failAll(
                cause.isInitiatedByApplication()
                        ? new DriverException(
                                "the producer of " + topic + " was closed before the broker confirmed this message")
                        : new DriverException(
                                "the channel of the producer of " + topic + " shut down: "
                                        + ConnectionPool.describe(cause),
                                cause)));
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
                callback.sendCompleted(intendedSendEpochNanos, sentEpochNanos, producerId, sequence, e);
                return;
            }
            callback.sendCompleted(intendedSendEpochNanos, sentEpochNanos, producerId, sequence, null);
            return;
        }
        long sequenceNumber = channel.getNextPublishSeqNo();
        pending.add(sequenceNumber, intendedSendEpochNanos, sentEpochNanos, producerId, sequence, callback);
        try {
            channel.basicPublish(exchange, routingKey, true, properties, payload);
        } catch (IOException | RuntimeException e) {
            pending.fail(sequenceNumber, e);
        }
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
            pending.failAll(new DriverException("the producer was closed before the broker confirmed this message"));
        }
    }
}
