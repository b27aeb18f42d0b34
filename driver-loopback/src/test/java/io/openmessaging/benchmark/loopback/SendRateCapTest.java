package io.openmessaging.benchmark.loopback;

import static io.openmessaging.benchmark.loopback.LoopbackTestKit.PAYLOAD;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.consumer;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.initializedDriver;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.producer;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.send;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.stamp;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ManualClock;
import io.openmessaging.benchmark.loopback.LoopbackTestKit.Event;
import io.openmessaging.benchmark.loopback.LoopbackTestKit.RecordingConsumer;
import io.openmessaging.benchmark.loopback.LoopbackTestKit.RecordingSendCallback;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@code maxSendRateMsgPerSec}: the driver's throughput cap, shared by all its producers. */
class SendRateCapTest {

    private static final long MILLI = TimeUnit.MILLISECONDS.toNanos(1);

    @Test
    void sendsOverTheCapWaitForTheirSlot() throws Exception {
        ManualClock clock = new ManualClock(0, 0);
        LoopbackDriver driver =
                initializedDriver(clock, LoopbackConfig.defaults().withMaxSendRateMsgPerSec(100), 1);
        RecordingConsumer consumer = new RecordingConsumer(clock);
        consumer(driver, "s", consumer);
        BenchmarkProducer first = producer(driver);
        BenchmarkProducer second = producer(driver);
        RecordingSendCallback acks = new RecordingSendCallback(clock);

        for (int i = 0; i < 5; i++) {
            send(first, null, PAYLOAD, stamp(1, i), acks);
            send(second, null, PAYLOAD, stamp(2, i), acks);
        }

        assertThat(acks.events())
                .extracting(Event::monotonicNanos)
                .containsExactly(
                        0L,
                        10 * MILLI,
                        20 * MILLI,
                        30 * MILLI,
                        40 * MILLI,
                        50 * MILLI,
                        60 * MILLI,
                        70 * MILLI,
                        80 * MILLI,
                        90 * MILLI);
        assertThat(consumer.events()).hasSize(10);
        driver.close();
    }

    @Test
    void anIdleSpellSavesNoBurst() throws Exception {
        ManualClock clock = new ManualClock(0, 0);
        LoopbackDriver driver =
                initializedDriver(clock, LoopbackConfig.defaults().withMaxSendRateMsgPerSec(100), 1);
        BenchmarkProducer producer = producer(driver);
        RecordingSendCallback acks = new RecordingSendCallback(clock);

        send(producer, null, PAYLOAD, stamp(1, 0), acks);
        clock.advance(1, TimeUnit.SECONDS);
        send(producer, null, PAYLOAD, stamp(1, 1), acks);
        send(producer, null, PAYLOAD, stamp(1, 2), acks);

        assertThat(acks.events()).extracting(Event::monotonicNanos).containsExactly(0L, 1000 * MILLI, 1010 * MILLI);
        driver.close();
    }

    @Test
    void capIsReadFromTheDriverFileAndChecked() throws Exception {
        assertThat(LoopbackConfig.fromYaml("maxSendRateMsgPerSec: 5000\n", "cap.yaml")
                        .maxSendRateMsgPerSec())
                .isEqualTo(5000);
        assertThat(LoopbackConfig.defaults().maxSendRateMsgPerSec()).isZero();
        assertThatThrownBy(() -> LoopbackConfig.fromYaml("maxSendRateMsgPerSec: -1\n", "cap.yaml"))
                .hasMessage("cap.yaml:1:23: maxSendRateMsgPerSec: found -1, expected an integer number of msg/s from 0"
                        + " to 1000000000");
    }
}
