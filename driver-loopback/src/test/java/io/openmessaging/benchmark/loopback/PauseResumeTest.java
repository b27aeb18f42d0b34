package io.openmessaging.benchmark.loopback;

import static io.openmessaging.benchmark.loopback.LoopbackTestKit.PAYLOAD;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.consumer;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.initializedDriver;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.producer;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.receiving;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.send;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.stamp;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.driver.ManualClock;
import io.openmessaging.benchmark.driver.MessageStamp;
import io.openmessaging.benchmark.loopback.LoopbackTestKit.RecordingConsumer;
import io.openmessaging.benchmark.loopback.LoopbackTestKit.RecordingSendCallback;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PauseResumeTest {

    private final ManualClock clock = new ManualClock();

    @Test
    void pausedConsumerGetsNothingUntilResumeThenEverythingInOrder() throws Exception {
        LoopbackDriver driver = initializedDriver(clock, LoopbackConfig.defaults(), 3);
        RecordingConsumer callback = new RecordingConsumer(clock);
        LoopbackConsumer consumer = (LoopbackConsumer) consumer(driver, "s", callback);
        BenchmarkProducer producer = producer(driver);
        RecordingSendCallback acks = new RecordingSendCallback(clock);
        List<MessageStamp> sent = new ArrayList<>();

        consumer.pause();
        for (int i = 0; i < 300; i++) {
            MessageStamp stamp = stamp(1, i);
            sent.add(stamp);
            send(producer, null, PAYLOAD, stamp, acks);
        }

        assertThat(acks.count())
                .as("sends are acknowledged while the consumer is paused")
                .isEqualTo(300);
        assertThat(callback.count()).isZero();
        assertThat(driver.heldMessageCount()).isEqualTo(300);
        assertThat(consumer.heldMessageCount()).isEqualTo(300);

        consumer.resume();

        assertThat(driver.heldMessageCount()).isZero();
        // one consumer owns all three partitions, which are drained one after the other
        for (int partition = 0; partition < 3; partition++) {
            int p = partition;
            assertThat(callback.stamps().stream()
                            .filter(s -> s.intendedSendEpochNanos() % 3 == p)
                            .toList())
                    .isEqualTo(sent.stream()
                            .filter(s -> s.intendedSendEpochNanos() % 3 == p)
                            .toList());
        }
        assertThat(callback.stamps()).containsExactlyInAnyOrderElementsOf(sent);

        send(producer, null, PAYLOAD, stamp(1, 300), acks);
        assertThat(callback.count()).as("delivers at once again after resume").isEqualTo(301);
        driver.close();
    }

    @Test
    void pauseHoldsOnlyThePartitionsOfThePausedConsumer() throws Exception {
        LoopbackDriver driver = initializedDriver(clock, LoopbackConfig.defaults(), 2);
        RecordingConsumer pausedCallback = new RecordingConsumer(clock);
        RecordingConsumer activeCallback = new RecordingConsumer(clock);
        RecordingConsumer otherSubscription = new RecordingConsumer(clock);
        LoopbackConsumer paused = (LoopbackConsumer) consumer(driver, "s", pausedCallback);
        consumer(driver, "s", activeCallback);
        consumer(driver, "other", otherSubscription);
        BenchmarkProducer producer = producer(driver);

        paused.pause();
        for (int i = 0; i < 10; i++) {
            send(
                    producer,
                    null,
                    PAYLOAD,
                    stamp(1, i),
                    (ackIntended, ackSent, ackProducer, ackSequence, ackError) -> {});
        }

        assertThat(pausedCallback.count()).isZero();
        assertThat(activeCallback.count()).isEqualTo(5);
        assertThat(otherSubscription.count()).isEqualTo(10);
        assertThat(driver.heldMessageCount()).isEqualTo(5);
        driver.close();
    }

    @Test
    void closingAPausedConsumerHandsItsHeldMessagesToTheNextOwner() throws Exception {
        LoopbackDriver driver = initializedDriver(clock, LoopbackConfig.defaults(), 2);
        RecordingConsumer leavingCallback = new RecordingConsumer(clock);
        RecordingConsumer stayingCallback = new RecordingConsumer(clock);
        LoopbackConsumer leaving = (LoopbackConsumer) consumer(driver, "s", leavingCallback);
        consumer(driver, "s", stayingCallback);
        BenchmarkProducer producer = producer(driver);

        leaving.pause();
        for (int i = 0; i < 10; i++) {
            send(
                    producer,
                    null,
                    PAYLOAD,
                    stamp(1, i),
                    (ackIntended, ackSent, ackProducer, ackSequence, ackError) -> {});
        }
        leaving.close();

        assertThat(leavingCallback.count()).isZero();
        assertThat(stayingCallback.count()).isEqualTo(10);
        assertThat(driver.heldMessageCount()).isZero();
        assertThatThrownBy(leaving::resume).isInstanceOf(DriverException.class).hasMessageContaining("closed");
        driver.close();
    }

    @Test
    void sendsFailThroughTheCallbackWhileTheHeldLimitIsReached() throws Exception {
        LoopbackDriver driver =
                initializedDriver(clock, LoopbackConfig.defaults().withMaxHeldMessages(10), 1);
        LoopbackConsumer consumer = (LoopbackConsumer) consumer(driver, "s", receiving((s, size) -> {}));
        BenchmarkProducer producer = producer(driver);
        RecordingSendCallback acks = new RecordingSendCallback(clock);

        consumer.pause();
        for (int i = 0; i < 15; i++) {
            send(producer, null, PAYLOAD, stamp(1, i), acks);
        }

        assertThat(acks.count()).isEqualTo(15);
        assertThat(acks.errors())
                .hasSize(5)
                .allSatisfy(event -> assertThat(event.error())
                        .isInstanceOf(DriverException.class)
                        .hasMessageContaining("maxHeldMessages is 10"));
        assertThat(driver.heldMessageCount()).isEqualTo(10);

        consumer.resume();
        send(producer, null, PAYLOAD, stamp(1, 15), acks);
        assertThat(acks.errors()).hasSize(5);
        driver.close();
    }
}
