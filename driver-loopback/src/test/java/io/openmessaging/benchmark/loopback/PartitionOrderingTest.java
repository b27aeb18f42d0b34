package io.openmessaging.benchmark.loopback;

import static io.openmessaging.benchmark.loopback.LoopbackTestKit.PAYLOAD;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.await;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.consumer;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.initializedDriver;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.producer;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.send;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.stamp;
import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.driver.ManualClock;
import io.openmessaging.benchmark.driver.MessageStamp;
import io.openmessaging.benchmark.driver.SystemClock;
import io.openmessaging.benchmark.loopback.LoopbackTestKit.RecordingConsumer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class PartitionOrderingTest {

    private static final int PARTITIONS = 4;
    private static final long MILLI = TimeUnit.MILLISECONDS.toNanos(1);

    @Test
    void keysMapToFixedPartitionsAndNullKeysGoRoundRobin() throws Exception {
        LoopbackDriver driver = initializedDriver(new ManualClock(), LoopbackConfig.defaults(), PARTITIONS);
        LoopbackProducer producer = (LoopbackProducer) producer(driver);

        assertThat(producer.partitionFor("order-17"))
                .isEqualTo(producer.partitionFor("order-17"))
                .isEqualTo(Math.floorMod("order-17".hashCode(), PARTITIONS));
        assertThat(List.of(
                        producer.partitionFor(null),
                        producer.partitionFor(null),
                        producer.partitionFor(null),
                        producer.partitionFor(null),
                        producer.partitionFor(null)))
                .containsExactly(0, 1, 2, 3, 0);
        driver.close();
    }

    @Test
    void eachConsumerSeesEveryPartitionInSendOrder() throws Exception {
        ManualClock clock = new ManualClock();
        LoopbackDriver driver = initializedDriver(clock, LoopbackConfig.defaults(), PARTITIONS);
        RecordingConsumer first = new RecordingConsumer(clock);
        RecordingConsumer second = new RecordingConsumer(clock);
        consumer(driver, "s", first);
        consumer(driver, "s", second);
        LoopbackProducer producer = (LoopbackProducer) producer(driver);
        LoopbackProducer partitioner = (LoopbackProducer) producer(driver);
        Map<Integer, List<MessageStamp>> sentByPartition = new HashMap<>();

        for (int i = 0; i < 2_000; i++) {
            String key = "key-" + (i % 13);
            MessageStamp stamp = stamp(1, i);
            sentByPartition
                    .computeIfAbsent(partitioner.partitionFor(key), p -> new ArrayList<>())
                    .add(stamp);
            send(producer, key, PAYLOAD, stamp, (ackIntended, ackSent, ackProducer, ackSequence, ackError) -> {});
        }

        Map<Integer, List<MessageStamp>> receivedByPartition = new HashMap<>();
        for (RecordingConsumer consumer : List.of(first, second)) {
            for (MessageStamp stamp : consumer.stamps()) {
                int partition = partitioner.partitionFor("key-" + (stamp.intendedSendEpochNanos() % 13));
                receivedByPartition
                        .computeIfAbsent(partition, p -> new ArrayList<>())
                        .add(stamp);
            }
        }
        assertThat(receivedByPartition).isEqualTo(sentByPartition);
        driver.close();
    }

    @Test
    void orderPerProducerAndKeyHoldsThroughTheSchedulerWithConcurrentProducers() throws Exception {
        LoopbackConfig config = LoopbackConfig.defaults().withAckDelayMicros(50).withDeliveryDelayMicros(200);
        LoopbackDriver driver = initializedDriver(SystemClock.INSTANCE, config, PARTITIONS);
        RecordingConsumer consumer = new RecordingConsumer(SystemClock.INSTANCE);
        consumer(driver, "s", consumer);
        int producerCount = 2;
        int messagesPerProducer = 5_000;
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        for (int producerId = 0; producerId < producerCount; producerId++) {
            LoopbackProducer producer = (LoopbackProducer) producer(driver);
            int id = producerId;
            threads.add(new Thread(() -> {
                try {
                    for (int i = 0; i < messagesPerProducer; i++) {
                        send(
                                producer,
                                "key-" + (i % 7),
                                PAYLOAD,
                                stamp(id, i),
                                (ackIntended, ackSent, ackProducer, ackSequence, ackError) -> {});
                    }
                } catch (RuntimeException e) {
                    failure.set(e);
                }
            }));
        }
        threads.forEach(Thread::start);
        for (Thread thread : threads) {
            thread.join();
        }
        assertThat(failure.get()).isNull();
        await("every delivery", () -> consumer.count() == producerCount * messagesPerProducer);

        Map<String, Long> lastSequenceByProducerAndKey = new HashMap<>();
        for (MessageStamp stamp : consumer.stamps()) {
            long sequence = stamp.intendedSendEpochNanos();
            String producerAndKey = stamp.producerId() + "/" + (sequence % 7);
            Long previous = lastSequenceByProducerAndKey.put(producerAndKey, sequence);
            assertThat(previous == null || previous < sequence)
                    .as("%s arrived after %s for %s", sequence, previous, producerAndKey)
                    .isTrue();
        }
        driver.close();
    }

    @Test
    void aMessageWhoseDeliveryIsFrozenStaysAheadOfLaterMessagesFrozenToTheSameInstant() throws Exception {
        ManualClock clock = new ManualClock();
        LoopbackConfig config = LoopbackConfig.defaults()
                .withAckDelayMicros(1_000)
                .withDeliveryDelayMicros(5_000)
                .withStalls(List.of(new LoopbackStall(10, 10, LoopbackStall.Kind.FREEZE)));
        LoopbackDriver driver = initializedDriver(clock, config, 1);
        RecordingConsumer consumer = new RecordingConsumer(clock);
        consumer(driver, "s", consumer);
        LoopbackProducer producer = (LoopbackProducer) producer(driver);

        send(
                producer,
                null,
                PAYLOAD,
                stamp(1, 0),
                (ackIntended, ackSent, ackProducer, ackSequence, ackError) -> {}); // at 0 ms: the window is 10..20 ms
        clock.sleepUntil(6 * MILLI);
        send(
                producer,
                null,
                PAYLOAD,
                stamp(1, 1),
                (ackIntended,
                        ackSent,
                        ackProducer,
                        ackSequence,
                        ackError) -> {}); // ack at 7 ms, delivery frozen to 20 ms
        clock.sleepUntil(12 * MILLI);
        send(
                producer,
                null,
                PAYLOAD,
                stamp(1, 2),
                (ackIntended, ackSent, ackProducer, ackSequence, ackError) -> {}); // ack and delivery frozen to 20 ms
        clock.sleepUntil(30 * MILLI);

        await("every delivery", () -> consumer.count() == 3);
        assertThat(consumer.stamps()).containsExactly(stamp(1, 0), stamp(1, 1), stamp(1, 2));
        driver.close();
    }
}
