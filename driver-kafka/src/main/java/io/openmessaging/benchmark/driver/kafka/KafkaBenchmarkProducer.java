package io.openmessaging.benchmark.driver.kafka;

import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.MessageStamp;
import io.openmessaging.benchmark.driver.MessageStampCodec;
import io.openmessaging.benchmark.driver.SendCallback;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;

/**
 * One Kafka producer client writing to one topic. The message stamp travels in the record header
 * {@value MessageStampCodec#HEADER_NAME}; the record timestamp is left to the client and never read.
 *
 * <p>The stamp costs no allocation of its own: the producer keeps one stamp array in one header and
 * rewrites it in place for every message. That is safe because the client serializes a record's
 * headers into its batch during {@code send} (Kafka's {@code KafkaProducer} does; a client that kept
 * the record's header values past {@code send} would see later stamps), and because {@link #sendAsync}
 * is called from the one producer thread that owns this producer. Readiness probes (producer id
 * {@link MessageStamp#PROBE_PRODUCER_ID}), sent from the control thread, get a header of their own.
 */
public final class KafkaBenchmarkProducer implements BenchmarkProducer {

    private final Producer<String, byte[]> producer;
    private final String topic;
    private final AtomicBoolean closed = new AtomicBoolean();
    /** The stamp of the message being sent; producer thread only. */
    private final byte[] stamp = new byte[MessageStampCodec.ENCODED_SIZE_BYTES];
    /** One header holding {@link #stamp}; the record copies the list, the client copies the bytes. */
    private final RecordHeaders stampHeaders =
            new RecordHeaders(new Header[] {new RecordHeader(MessageStampCodec.HEADER_NAME, stamp)});

    KafkaBenchmarkProducer(Producer<String, byte[]> producer, String topic) {
        this.producer = producer;
        this.topic = topic;
    }

    @Override
    public void sendAsync(
            String key,
            byte[] payload,
            long intendedSendEpochNanos,
            long sentEpochNanos,
            int producerId,
            SendCallback callback) {
        Completion completion = new Completion(intendedSendEpochNanos, sentEpochNanos, producerId, callback);
        try {
            Iterable<Header> headers;
            if (producerId == MessageStamp.PROBE_PRODUCER_ID) {
                headers = List.of(new RecordHeader(
                        MessageStampCodec.HEADER_NAME,
                        MessageStampCodec.encode(intendedSendEpochNanos, sentEpochNanos, producerId)));
            } else {
                MessageStampCodec.encodeInto(stamp, intendedSendEpochNanos, sentEpochNanos, producerId);
                headers = stampHeaders;
            }
            producer.send(new ProducerRecord<>(topic, null, null, key, payload, headers), completion);
        } catch (RuntimeException e) {
            completion.onCompletion(null, e);
        }
    }

    /** Closes without waiting: sends still pending fail through their callbacks. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            producer.close(Duration.ZERO);
        }
    }

    /** Reports one send to the framework exactly once, whichever way the client ends it. */
    private static final class Completion implements Callback {
        private static final AtomicIntegerFieldUpdater<Completion> DONE =
                AtomicIntegerFieldUpdater.newUpdater(Completion.class, "done");

        private final long intendedSendEpochNanos;
        private final long sentEpochNanos;
        private final int producerId;
        private final SendCallback callback;
        private volatile int done;

        Completion(long intendedSendEpochNanos, long sentEpochNanos, int producerId, SendCallback callback) {
            this.intendedSendEpochNanos = intendedSendEpochNanos;
            this.sentEpochNanos = sentEpochNanos;
            this.producerId = producerId;
            this.callback = callback;
        }

        @Override
        public void onCompletion(RecordMetadata metadata, Exception exception) {
            if (DONE.compareAndSet(this, 0, 1)) {
                callback.sendCompleted(intendedSendEpochNanos, sentEpochNanos, producerId, exception);
            }
        }
    }
}
