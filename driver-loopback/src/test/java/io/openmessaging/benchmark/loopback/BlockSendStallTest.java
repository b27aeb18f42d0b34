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
import io.openmessaging.benchmark.driver.SystemClock;
import io.openmessaging.benchmark.loopback.LoopbackStall.Kind;
import io.openmessaging.benchmark.loopback.LoopbackTestKit.Event;
import io.openmessaging.benchmark.loopback.LoopbackTestKit.RecordingConsumer;
import io.openmessaging.benchmark.loopback.LoopbackTestKit.RecordingSendCallback;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class BlockSendStallTest {

    private static final long MILLI = TimeUnit.MILLISECONDS.toNanos(1);

    @Test
    void sendDuringTheWindowReturnsOnlyWhenTheWindowEnds() throws Exception {
        ManualClock clock = new ManualClock(0, 5 * MILLI);
        LoopbackConfig config =
                LoopbackConfig.defaults().withStalls(List.of(new LoopbackStall(10, 50, Kind.BLOCK_SEND)));
        LoopbackDriver driver = initializedDriver(clock, config, 1);
        RecordingConsumer consumer = new RecordingConsumer(clock);
        consumer(driver, "s", consumer);
        BenchmarkProducer producer = producer(driver);
        RecordingSendCallback acks = new RecordingSendCallback(clock);

        send(producer, null, PAYLOAD, stamp(1, 0), acks); // first send at 5 ms: the window is 15..65 ms
        assertThat(clock.monotonicNanos()).isEqualTo(5 * MILLI);

        clock.advance(10, TimeUnit.MILLISECONDS);
        send(producer, null, PAYLOAD, stamp(1, 1), acks);
        assertThat(clock.monotonicNanos())
                .as("the send blocked until the window end")
                .isEqualTo(65 * MILLI);

        send(producer, null, PAYLOAD, stamp(1, 2), acks);
        assertThat(clock.monotonicNanos()).as("the window is over").isEqualTo(65 * MILLI);

        assertThat(acks.events()).extracting(Event::monotonicNanos).containsExactly(5 * MILLI, 65 * MILLI, 65 * MILLI);
        assertThat(consumer.events())
                .extracting(Event::monotonicNanos)
                .containsExactly(5 * MILLI, 65 * MILLI, 65 * MILLI);
        driver.close();
    }

    @Test
    void windowsCountFromTheFirstSendNotFromInitialize() throws Exception {
        ManualClock clock = new ManualClock();
        LoopbackConfig config =
                LoopbackConfig.defaults().withStalls(List.of(new LoopbackStall(0, 20, Kind.BLOCK_SEND)));
        LoopbackDriver driver = initializedDriver(clock, config, 1);
        BenchmarkProducer producer = producer(driver);

        clock.advance(1, TimeUnit.SECONDS);
        send(producer, null, PAYLOAD, stamp(1, 0), (ackIntended, ackSent, ackProducer, ackSequence, ackError) -> {});

        assertThat(clock.monotonicNanos()).isEqualTo(TimeUnit.SECONDS.toNanos(1) + 20 * MILLI);
        driver.close();
    }

    @Test
    void overlappingWindowsBlockUntilTheLastOneEnds() throws Exception {
        ManualClock clock = new ManualClock();
        LoopbackConfig config = LoopbackConfig.defaults()
                .withStalls(List.of(
                        new LoopbackStall(10, 30, Kind.BLOCK_SEND), new LoopbackStall(30, 30, Kind.BLOCK_SEND)));
        LoopbackDriver driver = initializedDriver(clock, config, 1);
        BenchmarkProducer producer = producer(driver);
        send(producer, null, PAYLOAD, stamp(1, 0), (ackIntended, ackSent, ackProducer, ackSequence, ackError) -> {});

        clock.advance(20, TimeUnit.MILLISECONDS);
        send(producer, null, PAYLOAD, stamp(1, 1), (ackIntended, ackSent, ackProducer, ackSequence, ackError) -> {});

        assertThat(clock.monotonicNanos()).isEqualTo(60 * MILLI);
        driver.close();
    }

    @Test
    void onTheSystemClockTheSendCallBlocksAtLeastForTheWindow() throws Exception {
        SystemClock clock = SystemClock.INSTANCE;
        LoopbackConfig config =
                LoopbackConfig.defaults().withStalls(List.of(new LoopbackStall(0, 50, Kind.BLOCK_SEND)));
        LoopbackDriver driver = initializedDriver(clock, config, 1);
        BenchmarkProducer producer = producer(driver);
        RecordingSendCallback acks = new RecordingSendCallback(clock);

        long beforeNanos = clock.monotonicNanos();
        send(producer, null, PAYLOAD, stamp(1, 0), acks);
        long afterNanos = clock.monotonicNanos();

        assertThat(afterNanos - beforeNanos).isGreaterThanOrEqualTo(50 * MILLI);
        assertThat(acks.events()).singleElement().satisfies(event -> {
            assertThat(event.error()).isNull();
            assertThat(event.monotonicNanos()).isGreaterThanOrEqualTo(beforeNanos + 50 * MILLI);
        });
        driver.close();
    }
}
