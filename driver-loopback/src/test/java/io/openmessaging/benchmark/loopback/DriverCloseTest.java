package io.openmessaging.benchmark.loopback;

import static io.openmessaging.benchmark.loopback.LoopbackTestKit.PAYLOAD;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.TOPIC;
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
import io.openmessaging.benchmark.loopback.LoopbackTestKit.Event;
import io.openmessaging.benchmark.loopback.LoopbackTestKit.RecordingConsumer;
import io.openmessaging.benchmark.loopback.LoopbackTestKit.RecordingSendCallback;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class DriverCloseTest {

    private final ManualClock clock = new ManualClock();

    @Test
    void closeFailsEveryPendingAcknowledgementExactlyOnce() throws Exception {
        LoopbackConfig config =
                LoopbackConfig.defaults().withAckDelayMicros(1_000_000).withDeliveryDelayMicros(10);
        LoopbackDriver driver = initializedDriver(clock, config, 2);
        assertThat(driver.schedulerRunning()).isTrue();
        RecordingConsumer consumer = new RecordingConsumer(clock);
        consumer(driver, "s", consumer);
        BenchmarkProducer producer = producer(driver);
        RecordingSendCallback acks = new RecordingSendCallback(clock);
        for (int i = 0; i < 100; i++) {
            send(producer, null, PAYLOAD, stamp(1, i), acks);
        }
        assertThat(acks.count())
                .as("the manual clock stands still: nothing is due")
                .isZero();

        driver.close();

        assertThat(acks.events())
                .hasSize(100)
                .allSatisfy(event -> assertThat(event.error())
                        .isInstanceOf(DriverException.class)
                        .hasMessageContaining("closed before this message was acknowledged"));
        Map<MessageStamp, Long> countsByStamp =
                acks.events().stream().collect(Collectors.groupingBy(Event::stamp, Collectors.counting()));
        assertThat(countsByStamp)
                .hasSize(100)
                .containsOnlyKeys(acks.events().stream().map(Event::stamp).toList());
        assertThat(countsByStamp.values()).containsOnly(1L);
        assertThat(consumer.count()).as("pending deliveries are dropped").isZero();

        clock.advance(1, TimeUnit.HOURS);
        driver.close();
        assertThat(acks.count()).as("nothing completes twice, not even later").isEqualTo(100);
        assertThat(driver.schedulerRunning()).isFalse();
    }

    @Test
    void sendAfterCloseFailsThroughTheCallback() throws Exception {
        LoopbackDriver driver = initializedDriver(clock, LoopbackConfig.defaults(), 1);
        BenchmarkProducer producer = producer(driver);
        RecordingSendCallback acks = new RecordingSendCallback(clock);

        driver.close();
        send(producer, null, PAYLOAD, stamp(1, 0), acks);

        assertThat(acks.events())
                .singleElement()
                .satisfies(event -> assertThat(event.error())
                        .isInstanceOf(DriverException.class)
                        .hasMessageContaining("closed"));
    }

    @Test
    void producersAndConsumersCloseIdempotentlyAndTheDriverRefusesNewOnes() throws Exception {
        LoopbackDriver driver = initializedDriver(clock, LoopbackConfig.defaults(), 1);
        BenchmarkProducer producer = producer(driver);
        LoopbackConsumer consumer = (LoopbackConsumer) consumer(driver, "s", receiving((s, size) -> {}));
        consumer.pause();
        send(producer, null, PAYLOAD, stamp(1, 0), (ackIntended, ackSent, ackProducer, ackSequence, ackError) -> {});
        assertThat(driver.heldMessageCount()).isOne();

        producer.close();
        producer.close();
        driver.close();
        consumer.close();
        driver.close();

        assertThat(driver.heldMessageCount()).as("held messages are dropped").isZero();
        assertThatThrownBy(() -> driver.createProducer(TOPIC).get())
                .isInstanceOf(ExecutionException.class)
                .hasCauseInstanceOf(DriverException.class)
                .hasMessageContaining("closed");
    }

    @Test
    void createBeforeInitializeOrOnAnUnknownTopicFailsWithAClearError() throws Exception {
        LoopbackDriver fresh = new LoopbackDriver(clock);
        assertThatThrownBy(() -> fresh.createProducer(TOPIC).get())
                .hasCauseInstanceOf(DriverException.class)
                .hasMessageContaining("call initialize() first");

        LoopbackDriver driver = initializedDriver(clock, LoopbackConfig.defaults(), 1);
        assertThatThrownBy(() -> driver.createConsumer("no-such-topic", "s", receiving((s, size) -> {}))
                        .get())
                .hasCauseInstanceOf(DriverException.class)
                .hasMessageContaining("loopback topic 'no-such-topic' does not exist");
        driver.close();
        fresh.close();
    }
}
