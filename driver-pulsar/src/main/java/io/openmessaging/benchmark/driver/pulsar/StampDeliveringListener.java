package io.openmessaging.benchmark.driver.pulsar;

import io.openmessaging.benchmark.driver.ConsumerCallback;
import io.openmessaging.benchmark.driver.MessageStampCodec;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.pulsar.client.api.Consumer;
import org.apache.pulsar.client.api.Message;
import org.apache.pulsar.client.api.MessageId;
import org.apache.pulsar.client.api.MessageListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The message listener of every Pulsar consumer behind one benchmark consumer: decodes the stamp from
 * the {@value MessageStampCodec#HEADER_NAME} property, hands it with the payload size to the
 * framework's callback, acknowledges asynchronously and releases the pooled message.
 *
 * <p>It reports the benchmark consumer as failed ({@link ConsumerCallback#consumerFailed}, at most
 * once) when the callback throws, or when the client refuses an acknowledgement because it closed the
 * consumer on its own (an unrecoverable error such as a deleted topic): no more messages would come.
 *
 * <p>Threading: {@link #received} runs on the client's listener threads, several at once for
 * different partitions; everything here is thread-safe.
 */
final class StampDeliveringListener implements MessageListener<byte[]> {

    private static final long serialVersionUID = 1L;
    private static final Logger log = LoggerFactory.getLogger(StampDeliveringListener.class);

    private final String description;
    private final transient ConsumerCallback callback;
    private final transient PulsarDriverStats stats;
    private final AtomicBoolean malformedStampLogged = new AtomicBoolean();
    private final AtomicBoolean ackFailureLogged = new AtomicBoolean();
    private final AtomicBoolean failureReported = new AtomicBoolean();
    private volatile boolean closing;

    /**
     * @param description "topic / subscription", for log lines and failure messages
     */
    StampDeliveringListener(String description, ConsumerCallback callback, PulsarDriverStats stats) {
        this.description = description;
        this.callback = callback;
        this.stats = stats;
    }

    @Override
    public void received(Consumer<byte[]> consumer, Message<byte[]> message) {
        try {
            int size = message.size();
            MessageId id = message.getMessageId();
            try {
                String problem = MessageStampCodec.deliver(
                        message.getProperty(MessageStampCodec.HEADER_NAME),
                        partitionIndex(message.getTopicName()),
                        size,
                        callback);
                if (problem != null) {
                    malformedStamp(problem);
                }
            } catch (RuntimeException e) {
                reportFailure(new IllegalStateException("the message callback of " + description + " threw " + e, e));
            }
            consumer.acknowledgeAsync(id).whenComplete((ignored, error) -> {
                if (error != null) {
                    onAcknowledgementFailure(consumer, error);
                }
            });
        } finally {
            message.release();
        }
    }

    /** From now on, refused acknowledgements are expected: the driver is closing the consumers. */
    void closing() {
        closing = true;
    }

    /** A message whose stamp property is not a stamp: delivered unstamped, counted, the first one logged. */
    private void malformedStamp(String problem) {
        stats.malformedStamps.increment();
        if (malformedStampLogged.compareAndSet(false, true)) {
            log.warn(
                    "A message of {} has a malformed {} property ({}); such messages count as unstamped,"
                            + " further ones only in pulsar.malformedStamps",
                    description,
                    MessageStampCodec.HEADER_NAME,
                    problem);
        }
    }

    private void onAcknowledgementFailure(Consumer<byte[]> consumer, Throwable error) {
        if (closing) {
            return;
        }
        stats.ackFailures.increment();
        if (ackFailureLogged.compareAndSet(false, true)) {
            log.warn(
                    "Acknowledging a message of {} on {} failed: {}; further failures are only counted"
                            + " (pulsar.ackFailures)",
                    description,
                    consumer.getTopic(),
                    error.toString());
        }
        if (!consumer.isConnected() && closedByTheClient(error)) {
            reportFailure(new IllegalStateException(
                    "the Pulsar client closed the consumer of " + consumer.getTopic() + " in " + description + ": "
                            + error,
                    error));
        }
    }

    /** The client refuses acknowledgements of a consumer it closed or gave up on with these messages. */
    private static boolean closedByTheClient(Throwable error) {
        String message = String.valueOf(error.getMessage());
        return message.contains("already closed")
                || message.contains("State: Closed")
                || message.contains("State: Failed")
                || message.contains("State: Terminated");
    }

    private void reportFailure(Throwable cause) {
        if (!closing && failureReported.compareAndSet(false, true)) {
            stats.consumerFailures.increment();
            log.error("Consumer of {} failed: {}", description, cause.getMessage());
            callback.consumerFailed(cause);
        }
    }

    private static final String PARTITION_SUFFIX = "-partition-";

    /**
     * The partition index in a topic name Pulsar gives a partition ({@code …-partition-3}), parsed in place;
     * 0 for a topic without partitions, which is one ordered log.
     */
    static int partitionIndex(String topicName) {
        int at = topicName == null ? -1 : topicName.lastIndexOf(PARTITION_SUFFIX);
        if (at < 0) {
            return 0;
        }
        int from = at + PARTITION_SUFFIX.length();
        try {
            return Integer.parseInt(topicName, from, topicName.length(), 10);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
