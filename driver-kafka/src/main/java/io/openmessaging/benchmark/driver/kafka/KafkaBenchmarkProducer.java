package io.openmessaging.benchmark.driver.kafka;

import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.MessageStamp;
import io.openmessaging.benchmark.driver.MessageStampCodec;
import io.openmessaging.benchmark.driver.SendCallback;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;

/**
 * One Kafka producer client writing to one topic. The message stamp travels where the driver file's
 * {@code stampIn} says ({@link StampPlacement}): over the first bytes of the value, or in the record header
 * {@value MessageStampCodec#HEADER_NAME}. The record timestamp is left to the client and never read.
 *
 * <p>A send allocates nothing of the driver's own: the completion callbacks are reused ({@link
 * SendCompletions}); with the stamp in the value, the producer writes it into its own copy of the payload
 * ({@link StampedPayloads}) and the record is shaped exactly like a bare client's ({@code new
 * ProducerRecord(topic, null, null, key, value)}, no headers); with the stamp in a header, it keeps one
 * stamp array in one header and rewrites it in place. Both rewrites are safe because Kafka's {@code
 * KafkaProducer} copies a record's value and headers into its batch during {@code send} (a client that
 * kept them past {@code send} would see later stamps), and because {@link #sendAsync} is called from the
 * one producer thread that owns this producer. Readiness probes (producer id {@link
 * MessageStamp#PROBE_PRODUCER_ID}), sent from the control thread, get a header and a completion of their
 * own.
 */
public final class KafkaBenchmarkProducer implements BenchmarkProducer {

    private final Producer<String, byte[]> producer;
    private final String topic;
    private final StampPlacement stampIn;
    private final AtomicBoolean closed = new AtomicBoolean();
    /** Producer thread only. */
    private final SendCompletions completions = new SendCompletions();
    /** Producer thread only; used when {@link #stampIn} is {@link StampPlacement#VALUE}. */
    private final StampedPayloads stampedPayloads = new StampedPayloads();
    /** The stamp of the message being sent with a header; producer thread only. */
    private final byte[] stamp = new byte[MessageStampCodec.ENCODED_SIZE_BYTES];
    /** One header holding {@link #stamp}; the record copies the list, the client copies the bytes. */
    private final RecordHeaders stampHeaders =
            new RecordHeaders(new Header[] {new RecordHeader(MessageStampCodec.HEADER_NAME, stamp)});

    KafkaBenchmarkProducer(Producer<String, byte[]> producer, String topic, StampPlacement stampIn) {
        this.producer = producer;
        this.topic = topic;
        this.stampIn = stampIn;
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
        if (producerId == MessageStamp.PROBE_PRODUCER_ID) {
            sendProbe(key, payload, intendedSendEpochNanos, sentEpochNanos, sequence, callback);
            return;
        }
        Callback completion =
                completions.acquire(intendedSendEpochNanos, sentEpochNanos, producerId, sequence, callback);
        try {
            ProducerRecord<String, byte[]> record;
            if (stampIn == StampPlacement.VALUE && payload.length >= MessageStampCodec.VALUE_PREFIX_SIZE_BYTES) {
                byte[] value = stampedPayloads.copyOf(payload);
                MessageStampCodec.encodeIntoValue(value, intendedSendEpochNanos, sentEpochNanos, producerId, sequence);
                record = new ProducerRecord<>(topic, null, null, key, value);
            } else {
                MessageStampCodec.encodeInto(stamp, intendedSendEpochNanos, sentEpochNanos, producerId, sequence);
                record = new ProducerRecord<>(topic, null, null, key, payload, stampHeaders);
            }
            producer.send(record, completion);
        } catch (RuntimeException e) {
            completion.onCompletion(null, e); // reports it unless the client already did
        }
    }

    /** A readiness probe, from the control thread: a header and a completion of its own, the payload as given. */
    private void sendProbe(
            String key,
            byte[] payload,
            long intendedSendEpochNanos,
            long sentEpochNanos,
            long sequence,
            SendCallback callback) {
        SendCompletions.Completion completion = new SendCompletions.Completion();
        completion.arm(intendedSendEpochNanos, sentEpochNanos, MessageStamp.PROBE_PRODUCER_ID, sequence, callback);
        try {
            List<Header> headers = List.of(new RecordHeader(
                    MessageStampCodec.HEADER_NAME,
                    MessageStampCodec.encode(
                            intendedSendEpochNanos, sentEpochNanos, MessageStamp.PROBE_PRODUCER_ID, sequence)));
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
}
