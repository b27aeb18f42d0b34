package io.openmessaging.benchmark.loopback;

import static io.openmessaging.benchmark.loopback.LoopbackTestKit.PAYLOAD;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.await;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.consumer;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.initializedDriver;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.producer;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.send;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.stamp;
import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ManualClock;
import io.openmessaging.benchmark.driver.MessageStamp;
import io.openmessaging.benchmark.driver.SystemClock;
import io.openmessaging.benchmark.loopback.LoopbackTestKit.Event;
import io.openmessaging.benchmark.loopback.LoopbackTestKit.RecordingConsumer;
import io.openmessaging.benchmark.loopback.LoopbackTestKit.RecordingSendCallback;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class AckAndDeliveryDelayTest {

    private static final long MICRO = TimeUnit.MICROSECONDS.toNanos(1);

    @Test
    void withSynchronousDelaysCallbacksHappenExactlyAtSendPlusDelay() throws Exception {
        ManualClock clock = new ManualClock();
        LoopbackConfig config = LoopbackConfig.defaults()
                .withAckDelayMicros(500)
                .withDeliveryDelayMicros(2_000)
                .withSynchronousDelays(true);
        LoopbackDriver driver = initializedDriver(clock, config, 1);
        RecordingConsumer consumer = new RecordingConsumer(clock);
        consumer(driver, "s", consumer);
        BenchmarkProducer producer = producer(driver);
        RecordingSendCallback acks = new RecordingSendCallback(clock);

        clock.advance(7, TimeUnit.MILLISECONDS);
        send(producer, null, PAYLOAD, stamp(1, 0), acks);

        assertThat(acks.events()).extracting(Event::monotonicNanos).containsExactly(7_500 * MICRO);
        assertThat(consumer.events()).extracting(Event::monotonicNanos).containsExactly(9_000 * MICRO);
        assertThat(clock.monotonicNanos())
                .as("the send call returns after both callbacks")
                .isEqualTo(9_000 * MICRO);
        driver.close();
    }

    @Test
    void withSynchronousDelaysADeliveryDueFirstComesFirst() throws Exception {
        ManualClock clock = new ManualClock();
        LoopbackConfig config = LoopbackConfig.defaults()
                .withAckDelayMicros(900)
                .withDeliveryDelayMicros(100)
                .withSynchronousDelays(true);
        LoopbackDriver driver = initializedDriver(clock, config, 1);
        RecordingConsumer consumer = new RecordingConsumer(clock);
        consumer(driver, "s", consumer);
        RecordingSendCallback acks = new RecordingSendCallback(clock);

        send(producer(driver), null, PAYLOAD, stamp(1, 0), acks);

        assertThat(consumer.events()).extracting(Event::monotonicNanos).containsExactly(100 * MICRO);
        assertThat(acks.events()).extracting(Event::monotonicNanos).containsExactly(900 * MICRO);
        driver.close();
    }

    @Test
    void theSchedulerCompletesEveryCallbackNoEarlierThanItsDelay() throws Exception {
        SystemClock clock = SystemClock.INSTANCE;
        long ackDelayMicros = 300;
        long deliveryDelayMicros = 1_000;
        LoopbackConfig config = LoopbackConfig.defaults()
                .withAckDelayMicros(ackDelayMicros)
                .withDeliveryDelayMicros(deliveryDelayMicros);
        LoopbackDriver driver = initializedDriver(clock, config, 3);
        RecordingConsumer consumer = new RecordingConsumer(clock);
        consumer(driver, "s", consumer);
        BenchmarkProducer producer = producer(driver);
        RecordingSendCallback acks = new RecordingSendCallback(clock);
        Map<MessageStamp, Long> sendNanosByStamp = new ConcurrentHashMap<>();

        for (int i = 0; i < 2_000; i++) {
            MessageStamp stamp = stamp(1, i);
            sendNanosByStamp.put(stamp, clock.monotonicNanos());
            send(producer, null, PAYLOAD, stamp, acks);
        }

        await("every acknowledgement", () -> acks.count() == 2_000);
        await("every delivery", () -> consumer.count() == 2_000);
        Map<MessageStamp, Integer> ackCounts = new HashMap<>();
        for (Event ack : acks.events()) {
            ackCounts.merge(ack.stamp(), 1, Integer::sum);
            assertThat(ack.error()).isNull();
            assertThat(ack.thread()).isEqualTo("loopback-scheduler");
            assertThat(ack.monotonicNanos() - sendNanosByStamp.get(ack.stamp()))
                    .isGreaterThanOrEqualTo(ackDelayMicros * MICRO);
        }
        assertThat(ackCounts)
                .hasSize(2_000)
                .allSatisfy((stamp, count) -> assertThat(count).isOne());
        for (Event delivery : consumer.events()) {
            assertThat(delivery.monotonicNanos() - sendNanosByStamp.get(delivery.stamp()))
                    .isGreaterThanOrEqualTo(deliveryDelayMicros * MICRO);
        }
        driver.close();
    }

    @Test
    void withOnlyADeliveryDelayAcknowledgementsStayInsideTheSendCall() throws Exception {
        SystemClock clock = SystemClock.INSTANCE;
        LoopbackDriver driver =
                initializedDriver(clock, LoopbackConfig.defaults().withDeliveryDelayMicros(200), 1);
        RecordingConsumer consumer = new RecordingConsumer(clock);
        consumer(driver, "s", consumer);
        BenchmarkProducer producer = producer(driver);
        RecordingSendCallback acks = new RecordingSendCallback(clock);

        for (int i = 0; i < 100; i++) {
            send(producer, null, PAYLOAD, stamp(1, i), acks);
            assertThat(acks.count()).isEqualTo(i + 1);
        }

        await("every delivery", () -> consumer.count() == 100);
        assertThat(consumer.events()).extracting(Event::thread).containsOnly("loopback-scheduler");
        driver.close();
    }
}
