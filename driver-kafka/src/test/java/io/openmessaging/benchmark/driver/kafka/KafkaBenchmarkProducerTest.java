package io.openmessaging.benchmark.driver.kafka;

import static io.openmessaging.benchmark.testing.ConsumerCallbacks.receiving;
import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.driver.MessageStamp;
import io.openmessaging.benchmark.driver.MessageStampCodec;
import java.util.ArrayList;
import java.util.Arrays;
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
    private final KafkaBenchmarkProducer producer =
            new KafkaBenchmarkProducer(client, "test-topic-1", StampPlacement.HEADER);
    private final List<Completion> completions = Collections.synchronizedList(new ArrayList<>());

    private void complete(
            long intendedSendEpochNanos, long sentEpochNanos, int producerId, long sequence, Throwable error) {
        completions.add(
                new Completion(new MessageStamp(intendedSendEpochNanos, sentEpochNanos, producerId, sequence), error));
    }

    @Test
    void withStampInHeaderTheStampTravelsInTheHeaderAndTheTimestampIsLeftToTheClient() {
        MessageStamp stamp = new MessageStamp(1_000_000_123L, 1_000_000_456L, 7, 0);
        producer.sendAsync(
                "k",
                new byte[] {1, 2, 3},
                stamp.intendedSendEpochNanos(),
                stamp.sentEpochNanos(),
                stamp.producerId(),
                0,
                this::complete);

        ProducerRecord<String, byte[]> record = client.history().get(0);
        assertThat(record.topic()).isEqualTo("test-topic-1");
        assertThat(record.key()).isEqualTo("k");
        assertThat(record.value()).containsExactly(1, 2, 3);
        assertThat(record.timestamp()).isNull();
        List<MessageStamp> decoded = new ArrayList<>();
        MessageStampCodec.deliver(
                record.headers().lastHeader(MessageStampCodec.HEADER_NAME).value(),
                0,
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
        KafkaBenchmarkProducer reusing = new KafkaBenchmarkProducer(capturing, "test-topic-1", StampPlacement.HEADER);
        reusing.sendAsync(null, new byte[0], 10, 11, 1, 0, this::complete);
        reusing.sendAsync(null, new byte[0], 20, 21, 2, 0, this::complete);
        reusing.sendAsync(null, new byte[0], 30, 31, MessageStamp.PROBE_PRODUCER_ID, 0, this::complete);

        assertThat(stampsAtSend)
                .containsExactly(
                        MessageStampCodec.encode(10, 11, 1, 0),
                        MessageStampCodec.encode(20, 21, 2, 0),
                        MessageStampCodec.encode(30, 31, MessageStamp.PROBE_PRODUCER_ID, 0));
        assertThat(completions)
                .extracting(Completion::stamp)
                .containsExactly(
                        new MessageStamp(10, 11, 1, 0),
                        new MessageStamp(20, 21, 2, 0),
                        new MessageStamp(30, 31, MessageStamp.PROBE_PRODUCER_ID, 0));
    }

    @Test
    void callbackRunsOnceOnAcknowledgement() {
        MessageStamp stamp = new MessageStamp(1, 2, 3, 0);
        producer.sendAsync(
                null,
                new byte[0],
                stamp.intendedSendEpochNanos(),
                stamp.sentEpochNanos(),
                stamp.producerId(),
                0,
                this::complete);
        assertThat(completions).isEmpty();
        client.completeNext();
        assertThat(completions).containsExactly(new Completion(stamp, null));
    }

    @Test
    void callbackRunsOnceOnAsynchronousFailure() {
        MessageStamp stamp = new MessageStamp(1, 2, 3, 0);
        producer.sendAsync(
                null,
                new byte[0],
                stamp.intendedSendEpochNanos(),
                stamp.sentEpochNanos(),
                stamp.producerId(),
                0,
                this::complete);
        KafkaException failure = new KafkaException("broker said no");
        client.errorNext(failure);
        assertThat(completions).containsExactly(new Completion(stamp, failure));
    }

    @Test
    void synchronousFailureIsReportedThroughTheCallbackNotThrown() {
        KafkaException failure = new KafkaException("buffer exhausted");
        client.sendException = failure;
        MessageStamp stamp = new MessageStamp(1, 2, 3, 0);
        producer.sendAsync(
                null,
                new byte[0],
                stamp.intendedSendEpochNanos(),
                stamp.sentEpochNanos(),
                stamp.producerId(),
                0,
                this::complete);
        assertThat(completions).hasSize(1);
        assertThat(completions.get(0).stamp()).isEqualTo(stamp);
        assertThat(completions.get(0).error()).isNotNull();
    }

    @Test
    void sendAfterCloseIsReportedThroughTheCallback() {
        producer.close();
        producer.close();
        producer.sendAsync(null, new byte[0], 1, 2, 3, 0, this::complete);
        assertThat(client.closed()).isTrue();
        assertThat(completions).hasSize(1);
        assertThat(completions.get(0).error()).isNotNull();
    }

    private final KafkaBenchmarkProducer valueStamping =
            new KafkaBenchmarkProducer(client, "test-topic-1", StampPlacement.VALUE);

    @Test
    void withStampInValueTheStampOverwritesTheStartOfACopyOfThePayloadAndNoHeaderIsSent() {
        byte[] payload = new byte[100];
        Arrays.fill(payload, (byte) 7);
        valueStamping.sendAsync("k", payload, 1_000_000_123L, 1_000_000_456L, 7, 41, this::complete);

        ProducerRecord<String, byte[]> record = client.history().get(0);
        assertThat(record.key()).isEqualTo("k");
        assertThat(record.timestamp()).isNull();
        assertThat(record.headers().toArray()).isEmpty();
        byte[] value = record.value();
        assertThat(value).hasSize(100);
        assertThat(Arrays.copyOfRange(value, MessageStampCodec.VALUE_PREFIX_SIZE_BYTES, 100))
                .containsOnly(7);
        List<MessageStamp> decoded = new ArrayList<>();
        MessageStampCodec.deliverFromValue(value, 0, receiving((received, size) -> decoded.add(received)));
        assertThat(decoded).containsExactly(new MessageStamp(1_000_000_123L, 1_000_000_456L, 7, 41));
        client.completeNext();
        assertThat(completions).extracting(c -> c.stamp().sequence()).containsExactly(41L);
        assertThat(payload)
                .as("the framework's payload is shared and stays as it was")
                .containsOnly(7);
    }

    @Test
    void withStampInValueEverySendCarriesItsOwnStampAsTheClientCopiesTheValue() {
        List<byte[]> valuesAtSend = new ArrayList<>();
        MockProducer<String, byte[]> capturing =
                new MockProducer<>(true, null, new StringSerializer(), new ByteArraySerializer()) {
                    @Override
                    public synchronized Future<RecordMetadata> send(
                            ProducerRecord<String, byte[]> record, Callback callback) {
                        valuesAtSend.add(record.value().clone());
                        return super.send(record, callback);
                    }
                };
        KafkaBenchmarkProducer reusing = new KafkaBenchmarkProducer(capturing, "test-topic-1", StampPlacement.VALUE);
        byte[] first = new byte[64];
        byte[] second = new byte[64];
        Arrays.fill(second, (byte) 2);
        reusing.sendAsync(null, first, 10, 11, 1, 0, this::complete);
        reusing.sendAsync(null, second, 20, 21, 1, 0, this::complete);
        reusing.sendAsync(null, first, 30, 31, 1, 0, this::complete);

        List<MessageStamp> decoded = new ArrayList<>();
        for (byte[] value : valuesAtSend) {
            MessageStampCodec.deliverFromValue(value, 0, receiving((received, size) -> decoded.add(received)));
        }
        assertThat(decoded)
                .containsExactly(
                        new MessageStamp(10, 11, 1, 0), new MessageStamp(20, 21, 1, 0), new MessageStamp(30, 31, 1, 0));
        assertThat(Arrays.copyOfRange(valuesAtSend.get(0), MessageStampCodec.VALUE_PREFIX_SIZE_BYTES, 64))
                .containsOnly(0);
        assertThat(Arrays.copyOfRange(valuesAtSend.get(1), MessageStampCodec.VALUE_PREFIX_SIZE_BYTES, 64))
                .containsOnly(2);
        assertThat(Arrays.copyOfRange(valuesAtSend.get(2), MessageStampCodec.VALUE_PREFIX_SIZE_BYTES, 64))
                .as("back to the first payload: its own bytes again")
                .containsOnly(0);
        assertThat(completions)
                .extracting(Completion::stamp)
                .containsExactly(
                        new MessageStamp(10, 11, 1, 0), new MessageStamp(20, 21, 1, 0), new MessageStamp(30, 31, 1, 0));
    }

    @Test
    void withStampInValueAPayloadTooShortForTheStampCarriesItInTheHeader() {
        valueStamping.sendAsync(null, new byte[] {1, 2, 3}, 5, 6, 7, 0, this::complete);

        ProducerRecord<String, byte[]> record = client.history().get(0);
        assertThat(record.value()).containsExactly(1, 2, 3);
        assertThat(MessageStampCodec.encode(5, 6, 7, 0))
                .isEqualTo(record.headers()
                        .lastHeader(MessageStampCodec.HEADER_NAME)
                        .value());
    }

    @Test
    void probesCarryAHeaderAndTheirPayloadUntouchedWhateverThePlacement() {
        byte[] payload = new byte[50];
        valueStamping.sendAsync(null, payload, 5, 6, MessageStamp.PROBE_PRODUCER_ID, 0, this::complete);

        ProducerRecord<String, byte[]> record = client.history().get(0);
        assertThat(record.value()).isSameAs(payload).containsOnly(0);
        assertThat(record.headers().lastHeader(MessageStampCodec.HEADER_NAME).value())
                .isEqualTo(MessageStampCodec.encode(5, 6, MessageStamp.PROBE_PRODUCER_ID, 0));
        client.completeNext();
        assertThat(completions)
                .containsExactly(new Completion(new MessageStamp(5, 6, MessageStamp.PROBE_PRODUCER_ID, 0), null));
    }

    @Test
    void manySendsInFlightEachCompleteWithTheirOwnStampInEitherOrder() {
        int inFlight = 3 * SendCompletions.INITIAL_SLOTS;
        for (int i = 0; i < inFlight; i++) {
            valueStamping.sendAsync(null, new byte[32], i, i + 1, 4, 0, this::complete);
        }
        for (int i = 0; i < inFlight; i++) {
            if (i % 3 == 0) {
                client.errorNext(new KafkaException("no"));
            } else {
                client.completeNext();
            }
        }
        assertThat(completions).hasSize(inFlight);
        for (int i = 0; i < inFlight; i++) {
            assertThat(completions.get(i).stamp()).isEqualTo(new MessageStamp(i, i + 1, 4, 0));
            assertThat(completions.get(i).error() != null).isEqualTo(i % 3 == 0);
        }
    }
}
