package io.openmessaging.benchmark.driver.kafka;

import static io.openmessaging.benchmark.testing.ConsumerCallbacks.receiving;
import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.driver.MessageStamp;
import io.openmessaging.benchmark.driver.MessageStampCodec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Future;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

class KafkaBenchmarkProducerTest {

    private record Completion(MessageStamp stamp, Throwable error) {}

    private final MockProducer<String, byte[]> client =
            new MockProducer<>(false, null, new StringSerializer(), new ByteArraySerializer());
    private final KafkaBenchmarkProducer producer = new KafkaBenchmarkProducer(client, "test-topic-1");
    private final List<Completion> completions = Collections.synchronizedList(new ArrayList<>());

    private void complete(long intendedSendEpochNanos, long sentEpochNanos, int producerId, Throwable error) {
        completions.add(new Completion(new MessageStamp(intendedSendEpochNanos, sentEpochNanos, producerId), error));
    }

    @Test
    void stampTravelsInTheHeaderAndTheTimestampIsLeftToTheClient() {
        MessageStamp stamp = new MessageStamp(1_000_000_123L, 1_000_000_456L, 7);
        producer.sendAsync(
                "k",
                new byte[] {1, 2, 3},
                stamp.intendedSendEpochNanos(),
                stamp.sentEpochNanos(),
                stamp.producerId(),
                this::complete);

        ProducerRecord<String, byte[]> record = client.history().get(0);
        assertThat(record.topic()).isEqualTo("test-topic-1");
        assertThat(record.key()).isEqualTo("k");
        assertThat(record.value()).containsExactly(1, 2, 3);
        assertThat(record.timestamp()).isNull();
        List<MessageStamp> decoded = new ArrayList<>();
        MessageStampCodec.deliver(
                record.headers().lastHeader(MessageStampCodec.HEADER_NAME).value(),
                3,
                receiving((received, size) -> decoded.add(received)));
        assertThat(decoded).containsExactly(stamp);
    }

    @Test
    void everySendCarriesItsOwnStampAsTheClientSerializesIt() {
        // the client copies header bytes during send; capture them there, as KafkaProducer's batch does
        List<byte[]> stampsAtSend = new ArrayList<>();
        MockProducer<String, byte[]> capturing =
                new MockProducer<>(true, null, new StringSerializer(), new ByteArraySerializer()) {
                    @Override
                    public synchronized Future<RecordMetadata> send(
                            ProducerRecord<String, byte[]> record, Callback callback) {
                        stampsAtSend.add(record.headers()
                                .lastHeader(MessageStampCodec.HEADER_NAME)
                                .value()
                                .clone());
                        return super.send(record, callback);
                    }
                };
        KafkaBenchmarkProducer reusing = new KafkaBenchmarkProducer(capturing, "test-topic-1");
        reusing.sendAsync(null, new byte[0], 10, 11, 1, this::complete);
        reusing.sendAsync(null, new byte[0], 20, 21, 2, this::complete);
        reusing.sendAsync(null, new byte[0], 30, 31, MessageStamp.PROBE_PRODUCER_ID, this::complete);

        assertThat(stampsAtSend)
                .containsExactly(
                        MessageStampCodec.encode(10, 11, 1),
                        MessageStampCodec.encode(20, 21, 2),
                        MessageStampCodec.encode(30, 31, MessageStamp.PROBE_PRODUCER_ID));
        assertThat(completions)
                .extracting(Completion::stamp)
                .containsExactly(
                        new MessageStamp(10, 11, 1),
                        new MessageStamp(20, 21, 2),
                        new MessageStamp(30, 31, MessageStamp.PROBE_PRODUCER_ID));
    }

    @Test
    void callbackRunsOnceOnAcknowledgement() {
        MessageStamp stamp = new MessageStamp(1, 2, 3);
        producer.sendAsync(
                null,
                new byte[0],
                stamp.intendedSendEpochNanos(),
                stamp.sentEpochNanos(),
                stamp.producerId(),
                this::complete);
        assertThat(completions).isEmpty();
        client.completeNext();
        assertThat(completions).containsExactly(new Completion(stamp, null));
    }

    @Test
    void callbackRunsOnceOnAsynchronousFailure() {
        MessageStamp stamp = new MessageStamp(1, 2, 3);
        producer.sendAsync(
                null,
                new byte[0],
                stamp.intendedSendEpochNanos(),
                stamp.sentEpochNanos(),
                stamp.producerId(),
                this::complete);
        KafkaException failure = new KafkaException("broker said no");
        client.errorNext(failure);
        assertThat(completions).containsExactly(new Completion(stamp, failure));
    }

    @Test
    void synchronousFailureIsReportedThroughTheCallbackNotThrown() {
        KafkaException failure = new KafkaException("buffer exhausted");
        client.sendException = failure;
        MessageStamp stamp = new MessageStamp(1, 2, 3);
        producer.sendAsync(
                null,
                new byte[0],
                stamp.intendedSendEpochNanos(),
                stamp.sentEpochNanos(),
                stamp.producerId(),
                this::complete);
        assertThat(completions).hasSize(1);
        assertThat(completions.get(0).stamp()).isEqualTo(stamp);
        assertThat(completions.get(0).error()).isNotNull();
    }

    @Test
    void sendAfterCloseIsReportedThroughTheCallback() {
        producer.close();
        producer.close();
        producer.sendAsync(null, new byte[0], 1, 2, 3, this::complete);
        assertThat(client.closed()).isTrue();
        assertThat(completions).hasSize(1);
        assertThat(completions.get(0).error()).isNotNull();
    }
}
