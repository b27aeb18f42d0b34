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
import io.openmessaging.benchmark.driver.SystemClock;
import io.openmessaging.benchmark.loopback.LoopbackStall.Kind;
import io.openmessaging.benchmark.loopback.LoopbackTestKit.Event;
import io.openmessaging.benchmark.loopback.LoopbackTestKit.RecordingConsumer;
import io.openmessaging.benchmark.loopback.LoopbackTestKit.RecordingSendCallback;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class FreezeStallTest {

    private static final long MILLI = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long MICRO = TimeUnit.MICROSECONDS.toNanos(1);

    @Test
    void withSynchronousDelaysCallbacksDueInTheWindowHappenAtItsEnd() throws Exception {
        ManualClock clock = new ManualClock();
        LoopbackConfig config = LoopbackConfig.defaults()
                .withAckDelayMicros(300)
                .withSynchronousDelays(true)
                .withStalls(List.of(new LoopbackStall(10, 100, Kind.FREEZE)));
        LoopbackDriver driver = initializedDriver(clock, config, 1);
        RecordingConsumer consumer = new RecordingConsumer(clock);
        consumer(driver, "s", consumer);
        BenchmarkProducer producer = producer(driver);
        RecordingSendCallback acks = new RecordingSendCallback(clock);

        send(producer, null, PAYLOAD, stamp(1, 0), acks); // at 0: the window is 10..110 ms
        clock.sleepUntil(20 * MILLI);
        send(producer, null, PAYLOAD, stamp(1, 1), acks); // inside the window
        send(producer, null, PAYLOAD, stamp(1, 2), acks); // at the window end: not frozen

        assertThat(acks.events())
                .extracting(Event::monotonicNanos)
                .containsExactly(300 * MICRO, 110 * MILLI, 110 * MILLI + 300 * MICRO);
        assertThat(consumer.events()).extracting(Event::monotonicNanos).containsExactly(0L, 110 * MILLI, 110 * MILLI);
        driver.close();
    }

    @Test
    void acknowledgementDueJustBeforeTheWindowEndsIsHeldToo() throws Exception {
        ManualClock clock = new ManualClock();
        LoopbackConfig config = LoopbackConfig.defaults()
                .withAckDelayMicros(5_000)
                .withSynchronousDelays(true)
                .withStalls(List.of(new LoopbackStall(2, 10, Kind.FREEZE)));
        LoopbackDriver driver = initializedDriver(clock, config, 1);
        RecordingSendCallback acks = new RecordingSendCallback(clock);

        send(producer(driver), null, PAYLOAD, stamp(1, 0), acks); // ack due at 5 ms, in the 2..12 ms window

        assertThat(acks.events()).extracting(Event::monotonicNanos).containsExactly(12 * MILLI);
        driver.close();
    }

    @Test
    void withTheSchedulerSendsReturnAtOnceAndNothingCompletesBeforeTheWindowEnds() throws Exception {
        ManualClock clock = new ManualClock();
        LoopbackConfig config = LoopbackConfig.defaults().withStalls(List.of(new LoopbackStall(0, 50, Kind.FREEZE)));
        LoopbackDriver driver = initializedDriver(clock, config, 2);
        RecordingConsumer consumer = new RecordingConsumer(clock);
        consumer(driver, "s", consumer);
        BenchmarkProducer producer = producer(driver);
        RecordingSendCallback acks = new RecordingSendCallback(clock);

        for (int i = 0; i < 10; i++) {
            send(producer, null, PAYLOAD, stamp(1, i), acks);
            clock.advance(1, TimeUnit.MILLISECONDS);
        }

        // the manual clock stands at 10 ms, inside the window: nothing can be due
        assertThat(clock.monotonicNanos()).isEqualTo(10 * MILLI);
        assertThat(acks.count()).isZero();
        assertThat(consumer.count()).isZero();

        clock.sleepUntil(50 * MILLI);
        await("the frozen acknowledgements", () -> acks.count() == 10);
        await("the frozen deliveries", () -> consumer.count() == 10);
        await("the scheduler to finish", () -> driver.scheduledCallbackCount() == 0);
        assertThat(acks.events()).allSatisfy(event -> {
            assertThat(event.error()).isNull();
            assertThat(event.monotonicNanos()).isEqualTo(50 * MILLI);
            assertThat(event.thread()).isEqualTo("loopback-scheduler");
        });
        assertThat(consumer.stamps())
                .extracting(s -> s.intendedSendEpochNanos())
                .containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L);

        send(producer, null, PAYLOAD, stamp(1, 10), acks);
        assertThat(acks.count())
                .as("after the window, with nothing pending, completes inside the send call")
                .isEqualTo(11);
        assertThat(consumer.count()).isEqualTo(11);
        driver.close();
    }

    @Test
    void onTheSystemClockNoAcknowledgementOfAFrozenSendComesBeforeTheWindowEnds() throws Exception {
        SystemClock clock = SystemClock.INSTANCE;
        LoopbackConfig config = LoopbackConfig.defaults().withStalls(List.of(new LoopbackStall(0, 100, Kind.FREEZE)));
        LoopbackDriver driver = initializedDriver(clock, config, 1);
        BenchmarkProducer producer = producer(driver);
        RecordingSendCallback acks = new RecordingSendCallback(clock);

        long firstSendNanos = clock.monotonicNanos();
        for (int i = 0; i < 100; i++) {
            send(producer, null, PAYLOAD, stamp(1, i), acks);
        }

        await("every acknowledgement", () -> acks.count() == 100);
        // the window began at or after firstSendNanos, so it ended at or after firstSendNanos + 100 ms
        assertThat(acks.events()).allSatisfy(event -> {
            assertThat(event.error()).isNull();
            assertThat(event.monotonicNanos()).isGreaterThanOrEqualTo(firstSendNanos + 100 * MILLI);
        });
        driver.close();
    }
}
