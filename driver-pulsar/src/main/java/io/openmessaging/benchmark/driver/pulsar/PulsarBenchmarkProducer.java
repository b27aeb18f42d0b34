package io.openmessaging.benchmark.driver.pulsar;

import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.MessageStampCodec;
import io.openmessaging.benchmark.driver.SendCallback;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.pulsar.client.api.Producer;
import org.apache.pulsar.client.api.TypedMessageBuilder;

/**
 * One Pulsar producer (for a partitioned topic, the client's partitioned producer) behind one
 * benchmark producer. The stamp travels as the string property {@value MessageStampCodec#HEADER_NAME}.
 */
final class PulsarBenchmarkProducer implements BenchmarkProducer {

    private final Producer<byte[]> producer;

    PulsarBenchmarkProducer(Producer<byte[]> producer) {
        this.producer = producer;
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
        try {
            TypedMessageBuilder<byte[]> message = producer.newMessage()
                    .value(payload)
                    .property(
                            MessageStampCodec.HEADER_NAME,
                            MessageStampCodec.encodeToString(
                                    intendedSendEpochNanos, sentEpochNanos, producerId, sequence));
            if (key != null) {
                message.key(key);
            }
            message.sendAsync()
                    .whenComplete((id, error) -> callback.sendCompleted(
                            intendedSendEpochNanos, sentEpochNanos, producerId, sequence, unwrap(error)));
        } catch (RuntimeException e) {
            callback.sendCompleted(intendedSendEpochNanos, sentEpochNanos, producerId, sequence, e);
        }
    }

    /** Closes the producer, bounded; sends still pending fail through their callbacks. Idempotent. */
    @Override
    public void close() throws Exception {
        try {
            producer.closeAsync().get(PulsarDriverDefaults.CLOSE_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new IllegalStateException(
                    "closing the producer of " + producer.getTopic() + " failed: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException(
                    "the producer of " + producer.getTopic() + " did not close within "
                            + PulsarDriverDefaults.CLOSE_TIMEOUT_MS + " ms",
                    e);
        }
    }

    private static Throwable unwrap(Throwable error) {
        return error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    }
}
