package io.openmessaging.benchmark.loopback;

import static io.openmessaging.benchmark.loopback.LoopbackTestKit.PAYLOAD;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.consumer;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.initializedDriver;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.producer;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.send;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.stamp;
import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ManualClock;
import io.openmessaging.benchmark.driver.MessageStamp;
import io.openmessaging.benchmark.loopback.LoopbackTestKit.RecordingConsumer;
import io.openmessaging.benchmark.loopback.LoopbackTestKit.RecordingSendCallback;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SubscriptionDeliveryTest {

    private final ManualClock clock = new ManualClock();

    @Test
    void everySubscriptionGetsEveryMessageOnceAndItsConsumersSplitThem() throws Exception {
        LoopbackDriver driver = initializedDriver(clock, LoopbackConfig.defaults(), 6);
        List<RecordingConsumer> groupA =
                List.of(new RecordingConsumer(clock), new RecordingConsumer(clock), new RecordingConsumer(clock));
        for (RecordingConsumer callback : groupA) {
            consumer(driver, "a", callback);
        }
        RecordingConsumer groupB = new RecordingConsumer(clock);
        consumer(driver, "b", groupB);
        BenchmarkProducer producer = producer(driver);
        RecordingSendCallback acks = new RecordingSendCallback(clock);

        List<MessageStamp> sent = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            MessageStamp stamp = stamp(1, i);
            sent.add(stamp);
            send(producer, i % 3 == 0 ? null : "key-" + i, PAYLOAD, stamp, acks);
        }

        assertThat(acks.count()).isEqualTo(600);
        assertThat(acks.errors()).isEmpty();
        assertThat(groupB.stamps()).containsExactlyInAnyOrderElementsOf(sent);
        List<MessageStamp> receivedByA = new ArrayList<>();
        Set<MessageStamp> distinctA = new HashSet<>();
        for (RecordingConsumer callback : groupA) {
            assertThat(callback.count()).as("each consumer of 'a' gets a share").isPositive();
            receivedByA.addAll(callback.stamps());
            distinctA.addAll(callback.stamps());
        }
        assertThat(receivedByA).hasSize(600);
        assertThat(distinctA).containsExactlyInAnyOrderElementsOf(sent);
        driver.close();
    }

    @Test
    void consumersOfOneSubscriptionGetWholePartitions() throws Exception {
        LoopbackDriver driver = initializedDriver(clock, LoopbackConfig.defaults(), 4);
        RecordingConsumer first = new RecordingConsumer(clock);
        RecordingConsumer second = new RecordingConsumer(clock);
        consumer(driver, "s", first);
        consumer(driver, "s", second);
        BenchmarkProducer producer = producer(driver);

        for (int i = 0; i < 400; i++) {
            send(
                    producer,
                    null,
                    PAYLOAD,
                    stamp(1, i),
                    (ackIntended, ackSent, ackProducer, ackSequence, ackError) -> {});
        }

        // round robin over 4 partitions, partitions 0 and 2 to the first consumer, 1 and 3 to the second
        assertThat(first.stamps())
                .extracting(MessageStamp::intendedSendEpochNanos)
                .allMatch(sequence -> sequence % 2 == 0)
                .hasSize(200);
        assertThat(second.stamps())
                .extracting(MessageStamp::intendedSendEpochNanos)
                .allMatch(sequence -> sequence % 2 == 1)
                .hasSize(200);
        driver.close();
    }

    @Test
    void messagesSentBeforeASubscriptionExistsAreNotDeliveredToIt() throws Exception {
        LoopbackDriver driver = initializedDriver(clock, LoopbackConfig.defaults(), 2);
        BenchmarkProducer producer = producer(driver);
        for (int i = 0; i < 10; i++) {
            send(
                    producer,
                    null,
                    PAYLOAD,
                    stamp(1, i),
                    (ackIntended, ackSent, ackProducer, ackSequence, ackError) -> {});
        }
        RecordingConsumer late = new RecordingConsumer(clock);
        consumer(driver, "late", late);
        for (int i = 10; i < 15; i++) {
            send(
                    producer,
                    null,
                    PAYLOAD,
                    stamp(1, i),
                    (ackIntended, ackSent, ackProducer, ackSequence, ackError) -> {});
        }

        assertThat(late.stamps())
                .extracting(MessageStamp::intendedSendEpochNanos)
                .containsExactlyInAnyOrder(10L, 11L, 12L, 13L, 14L);
        driver.close();
    }

    @Test
    void stampFieldsAndPayloadSizeArePassedThroughUnchanged() throws Exception {
        LoopbackDriver driver = initializedDriver(clock, LoopbackConfig.defaults(), 1);
        RecordingConsumer callback = new RecordingConsumer(clock);
        consumer(driver, "s", callback);
        MessageStamp stamp = stamp(3, 42);
        MessageStamp[] acked = new MessageStamp[1];

        send(producer(driver), "k", new byte[1234], stamp, (i, s, p, n, e) -> acked[0] = new MessageStamp(i, s, p, n));

        assertThat(callback.events()).singleElement().satisfies(event -> {
            assertThat(event.stamp()).isEqualTo(stamp);
            assertThat(event.payloadSizeBytes()).isEqualTo(1234);
        });
        assertThat(acked[0]).isEqualTo(stamp);
        driver.close();
    }

    @Test
    void withoutDelaysAckAndDeliveryHappenInsideTheSendCallOnTheProducerThread() throws Exception {
        LoopbackDriver driver = initializedDriver(clock, LoopbackConfig.defaults(), 1);
        RecordingConsumer callback = new RecordingConsumer(clock);
        consumer(driver, "s", callback);
        RecordingSendCallback acks = new RecordingSendCallback(clock);

        send(producer(driver), null, PAYLOAD, stamp(1, 1), acks);

        String thread = Thread.currentThread().getName();
        assertThat(acks.events())
                .singleElement()
                .extracting(LoopbackTestKit.Event::thread)
                .isEqualTo(thread);
        assertThat(callback.events())
                .singleElement()
                .extracting(LoopbackTestKit.Event::thread)
                .isEqualTo(thread);
        driver.close();
    }
}
