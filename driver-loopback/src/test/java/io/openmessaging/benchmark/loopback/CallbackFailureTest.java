package io.openmessaging.benchmark.loopback;

import static io.openmessaging.benchmark.loopback.LoopbackTestKit.PAYLOAD;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.consumer;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.initializedDriver;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.producer;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.receiving;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.send;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.stamp;
import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ManualClock;
import io.openmessaging.benchmark.loopback.LoopbackTestKit.RecordingConsumer;
import org.junit.jupiter.api.Test;

class CallbackFailureTest {

    @Test
    void aThrowingCallbackIsCountedAndDeliveryToOthersGoesOn() throws Exception {
        ManualClock clock = new ManualClock();
        LoopbackDriver driver = initializedDriver(clock, LoopbackConfig.defaults(), 1);
        consumer(driver, "broken", receiving((stamp, size) -> {
            throw new IllegalStateException("consumer callback bug");
        }));
        RecordingConsumer healthy = new RecordingConsumer(clock);
        consumer(driver, "healthy", healthy);
        BenchmarkProducer producer = producer(driver);

        for (int i = 0; i < 3; i++) {
            send(producer, null, PAYLOAD, stamp(1, i), (intended, sent, producerId, sequence, error) -> {
                throw new IllegalStateException("send callback bug");
            });
        }

        assertThat(healthy.count()).isEqualTo(3);
        assertThat(driver.callbackFailureCount()).isEqualTo(6);
        assertThat(driver.counters()).containsExactly(java.util.Map.entry("loopback.callbackFailures", 6L));
        driver.close();
    }
}
