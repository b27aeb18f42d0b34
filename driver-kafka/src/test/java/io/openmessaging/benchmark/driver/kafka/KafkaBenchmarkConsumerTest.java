package io.openmessaging.benchmark.driver.kafka;

import static io.openmessaging.benchmark.testing.ConsumerCallbacks.receiving;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.driver.ConsumerCallback;
import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.driver.MessageStamp;
import io.openmessaging.benchmark.driver.MessageStampCodec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.OffsetCommitCallback;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class KafkaBenchmarkConsumerTest {

    private static final String TOPIC = "test-topic-0";
    private static final TopicPartition P0 = new TopicPartition(TOPIC, 0);
    private static final TopicPartition P1 = new TopicPartition(TOPIC, 1);

    private record Delivery(MessageStamp stamp, int size) {}

    /** Records every commit, since MockConsumer forgets them for unassigned partitions and once closed. */
    private static final class RecordingConsumer extends MockConsumer<String, byte[]> {
        final Map<TopicPartition, Long> lastCommitted = new ConcurrentHashMap<>();

        RecordingConsumer() {
            super("earliest");
        }

        @Override
        public synchronized void commitAsync(
                Map<TopicPartition, OffsetAndMetadata> offsets, OffsetCommitCallback callback) {
            offsets.forEach((tp, o) -> lastCommitted.put(tp, o.offset()));
            super.commitAsync(offsets, callback);
        }

        @Override
        public void commitSync(Map<TopicPartition, OffsetAndMetadata> offsets, Duration timeout) {
            offsets.forEach((tp, o) -> lastCommitted.put(tp, o.offset()));
            super.commitSync(offsets, timeout);
        }
    }

    private final RecordingConsumer client = new RecordingConsumer();
    private final KafkaDriverStats stats = new KafkaDriverStats();
    private final List<Delivery> deliveries = Collections.synchronizedList(new ArrayList<>());
    private KafkaBenchmarkConsumer consumer;

    @AfterEach
    void closeConsumer() {
        if (consumer != null) {
            consumer.close();
        }
    }

    private KafkaBenchmarkConsumer start(boolean manualCommit, long lingerMs, ConsumerCallback callback) {
        client.updateBeginningOffsets(Map.of(P0, 0L, P1, 0L));
        consumer = new KafkaBenchmarkConsumer(client, TOPIC, "sub-a", callback, manualCommit, lingerMs, stats);
        consumer.start();
        await(() -> !client.subscription().isEmpty(), "subscription");
        client.schedulePollTask(() -> client.rebalance(List.of(P0)));
        await(() -> consumer.assignedPartitions().contains(P0), "assignment of partition 0");
        return consumer;
    }

    private KafkaBenchmarkConsumer start(boolean manualCommit, long lingerMs) {
        return start(manualCommit, lingerMs, receiving((stamp, size) -> deliveries.add(new Delivery(stamp, size))));
    }

    private static void await(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
    }

    private static ConsumerRecord<String, byte[]> record(
            TopicPartition partition, long offset, byte[] stampHeader, int size) {
        RecordHeaders headers = new RecordHeaders();
        if (stampHeader != null) {
            headers.add(new RecordHeader(MessageStampCodec.HEADER_NAME, stampHeader));
        }
        return new ConsumerRecord<>(
                partition.topic(),
                partition.partition(),
                offset,
                0L,
                TimestampType.CREATE_TIME,
                0,
                size,
                null,
                new byte[size],
                headers,
                Optional.empty());
    }

    private static byte[] stamp(long n) {
        return MessageStampCodec.encode(n, n + 1, 3, 0);
    }

    private Long committed(TopicPartition partition) {
        return client.lastCommitted.get(partition);
    }

    @Test
    void deliversStampAndSizeAndCommitsTheNextOffset() {
        start(true, 0);
        client.addRecord(record(P0, 0, stamp(10), 100));
        client.addRecord(record(P0, 1, stamp(20), 200));
        await(() -> deliveries.size() == 2, "two deliveries");
        assertThat(deliveries)
                .containsExactly(
                        new Delivery(new MessageStamp(10, 11, 3, 0), 100),
                        new Delivery(new MessageStamp(20, 21, 3, 0), 200));
        await(() -> Long.valueOf(2).equals(committed(P0)), "commit of offset 2");
    }

    private static ConsumerRecord<String, byte[]> valueStamped(
            TopicPartition partition, long offset, long n, int size) {
        byte[] value = new byte[size];
        MessageStampCodec.encodeIntoValue(value, n, n + 1, 3, 0);
        return new ConsumerRecord<>(partition.topic(), partition.partition(), offset, null, value);
    }

    @Test
    void aStampAtTheStartOfTheValueIsReadThereAndHeaderStampsAreReadBesideIt() {
        start(true, 0);
        client.addRecord(valueStamped(P0, 0, 10, 100));
        client.addRecord(record(P0, 1, stamp(20), 200));
        client.addRecord(valueStamped(P0, 2, 30, MessageStampCodec.VALUE_PREFIX_SIZE_BYTES));
        await(() -> deliveries.size() == 3, "three deliveries");
        assertThat(deliveries)
                .containsExactly(
                        new Delivery(new MessageStamp(10, 11, 3, 0), 100),
                        new Delivery(new MessageStamp(20, 21, 3, 0), 200),
                        new Delivery(new MessageStamp(30, 31, 3, 0), MessageStampCodec.VALUE_PREFIX_SIZE_BYTES));
        await(() -> Long.valueOf(3).equals(committed(P0)), "commit of offset 3");
        assertThat(stats.malformedStamps.sum()).isZero();
    }

    @Test
    void missingStampGivesNullAndMalformedStampIsCountedWithoutStoppingTheLoop() {
        start(true, 0);
        client.addRecord(record(P0, 0, null, 1));
        client.addRecord(record(P0, 1, new byte[] {9, 9}, 2));
        client.addRecord(record(P0, 2, stamp(5), 3));
        await(() -> deliveries.size() == 3, "three deliveries");
        assertThat(deliveries)
                .containsExactly(
                        new Delivery(null, 1), new Delivery(null, 2), new Delivery(new MessageStamp(5, 6, 3, 0), 3));
        assertThat(stats.malformedStamps.sum()).isEqualTo(1);
        assertThat(consumer.failure()).isEmpty();
    }

    @Test
    void pauseStopsDeliveriesAndPausesPartitionsAssignedWhilePaused() throws Exception {
        start(true, 0);
        consumer.pause();
        assertThat(client.paused()).containsExactly(P0);
        client.schedulePollTask(() -> client.rebalance(List.of(P0, P1)));
        await(() -> consumer.assignedPartitions().contains(P1), "assignment of partition 1");
        client.addRecord(record(P0, 0, stamp(1), 1));
        client.addRecord(record(P1, 0, stamp(2), 1));
        assertThat(client.paused()).containsExactlyInAnyOrder(P0, P1);
        Thread.sleep(300);
        assertThat(deliveries).isEmpty();

        consumer.resume();
        await(() -> deliveries.size() == 2, "deliveries after resume");
        assertThat(client.paused()).isEmpty();
    }

    @Test
    void pollErrorStopsTheConsumerAndSurfaces() {
        start(true, 0);
        client.setPollException(new KafkaException("broker gone wrong"));
        await(() -> consumer.failure().isPresent(), "failure");
        assertThat(consumer.failure().get()).hasMessage("broker gone wrong");
        assertThat(stats.consumerFailures.sum()).isEqualTo(1);
        assertThatThrownBy(consumer::pause)
                .isInstanceOf(DriverException.class)
                .hasMessageContaining("cannot pause the consumer of topic test-topic-0 in subscription sub-a")
                .hasMessageContaining("broker gone wrong");
        await(client::closed, "client closed after the failure");
    }

    @Test
    void callbackExceptionStopsTheConsumer() {
        start(true, 0, receiving((stamp, size) -> {
            throw new IllegalStateException("framework bug");
        }));
        client.addRecord(record(P0, 0, stamp(1), 1));
        await(() -> consumer.failure().isPresent(), "failure");
        assertThat(consumer.failure().get()).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void autoCommitMeansTheDriverNeverCommits() throws Exception {
        start(false, 0);
        client.addRecord(record(P0, 0, stamp(1), 1));
        await(() -> deliveries.size() == 1, "delivery");
        Thread.sleep(200);
        consumer.close();
        assertThat(committed(P0)).isNull();
    }

    @Test
    void closeCommitsTheLastPositionsAndClosesTheClient() {
        start(true, 3_600_000);
        client.addRecord(record(P0, 0, stamp(1), 1));
        await(() -> Long.valueOf(1).equals(committed(P0)), "first commit, due at once");
        client.addRecord(record(P0, 1, stamp(2), 1));
        client.addRecord(record(P0, 2, stamp(3), 1));
        await(() -> deliveries.size() == 3, "deliveries");
        assertThat(committed(P0)).isEqualTo(1L);

        consumer.close();
        assertThat(client.closed()).isTrue();
        assertThat(committed(P0)).isEqualTo(3L);
        assertThatThrownBy(consumer::resume).hasMessageContaining("closed");
    }

    @Test
    void revokedPartitionsAreCommittedBeforeTheyGo() {
        start(true, 3_600_000);
        client.schedulePollTask(() -> client.rebalance(List.of(P0, P1)));
        await(() -> consumer.assignedPartitions().size() == 2, "two partitions");
        client.addRecord(record(P1, 0, stamp(1), 1));
        await(() -> deliveries.size() == 1, "delivery");
        client.addRecord(record(P1, 1, stamp(2), 1));
        await(() -> deliveries.size() == 2, "second delivery");
        long revocationsBefore = consumer.revocationCount();
        client.schedulePollTask(() -> client.rebalance(List.of(P0)));
        await(() -> consumer.assignedPartitions().equals(Set.of(P0)), "partition 1 revoked");
        assertThat(committed(P1)).isEqualTo(2L);
        assertThat(consumer.revocationCount()).isEqualTo(revocationsBefore + 1);
    }
}
