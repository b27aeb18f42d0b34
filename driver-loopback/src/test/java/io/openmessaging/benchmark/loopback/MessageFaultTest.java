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
import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.driver.ManualClock;
import io.openmessaging.benchmark.driver.MessageStamp;
import io.openmessaging.benchmark.loopback.LoopbackTestKit.RecordingConsumer;
import io.openmessaging.benchmark.loopback.LoopbackTestKit.RecordingSendCallback;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The faults of the loopback driver: exactly the chosen messages are dropped, duplicated or reordered. */
class MessageFaultTest {

    private final ManualClock clock = new ManualClock();
    private final RecordingConsumer received = new RecordingConsumer(clock);
    private final RecordingSendCallback acks = new RecordingSendCallback(clock);

    private List<Long> sendTen(LoopbackFault fault, int partitions) throws Exception {
        LoopbackDriver driver =
                initializedDriver(clock, LoopbackConfig.defaults().withFaults(List.of(fault)), partitions);
        consumer(driver, "s", received);
        BenchmarkProducer producer = producer(driver);
        for (int i = 0; i < 10; i++) {
            send(producer, null, PAYLOAD, stamp(1, i), acks);
        }
        driver.close();
        assertThat(acks.count()).as("every message acknowledged").isEqualTo(10);
        assertThat(acks.errors()).isEmpty();
        return received.stamps().stream().map(MessageStamp::sequence).toList();
    }

    @Test
    void dropDeliversTheChosenMessagesToNoSubscription() throws Exception {
        assertThat(sendTen(new LoopbackFault(LoopbackFault.Kind.DROP, 3, 2), 1))
                .containsExactly(0L, 1L, 3L, 4L, 6L, 7L, 8L, 9L);
    }

    @Test
    void duplicateDeliversTheChosenMessagesTwice() throws Exception {
        assertThat(sendTen(new LoopbackFault(LoopbackFault.Kind.DUPLICATE, 4, 5), 1))
                .containsExactly(0L, 1L, 2L, 3L, 3L, 4L, 5L, 6L, 7L, 7L, 8L, 9L);
    }

    @Test
    void reorderDeliversTheChosenMessageAfterTheNextOneToItsPartition() throws Exception {
        assertThat(sendTen(new LoopbackFault(LoopbackFault.Kind.REORDER, 5, 1), 1))
                .containsExactly(0L, 1L, 2L, 3L, 5L, 4L, 6L, 7L, 8L, 9L);
    }

    @Test
    void reorderWaitsForAMessageToTheSamePartition() throws Exception {
        // round robin over 2 partitions: 4 (partition 0) waits for 6, the next message to partition 0
        assertThat(sendTen(new LoopbackFault(LoopbackFault.Kind.REORDER, 5, 1), 2))
                .containsExactly(0L, 1L, 2L, 3L, 5L, 6L, 4L, 7L, 8L, 9L);
    }

    @Test
    void probesAreNeitherCountedNorHit() throws Exception {
        LoopbackDriver driver = initializedDriver(
                clock,
                LoopbackConfig.defaults().withFaults(List.of(new LoopbackFault(LoopbackFault.Kind.DROP, 1, 1))),
                1);
        consumer(driver, "s", received);
        BenchmarkProducer producer = producer(driver);
        send(producer, null, PAYLOAD, stamp(MessageStamp.PROBE_PRODUCER_ID, 0), acks);
        send(producer, null, PAYLOAD, stamp(1, 0), acks);
        send(producer, null, PAYLOAD, stamp(1, 1), acks);
        driver.close();
        assertThat(received.stamps())
                .extracting(MessageStamp::producerId, MessageStamp::sequence)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(MessageStamp.PROBE_PRODUCER_ID, 0L),
                        org.assertj.core.groups.Tuple.tuple(1, 1L));
    }

    @Test
    void faultsAreReadFromTheDriverFileAndRefusedWithDelays() throws Exception {
        LoopbackConfig config = LoopbackConfig.fromYaml("""
                name: Loopback
                driver: loopback
                faults:
                  - {kind: DROP, everyNth: 1000, count: 3}
                  - {kind: REORDER, everyNth: 7, count: 1}
                """, "faults.yaml");
        assertThat(config.faults())
                .containsExactly(
                        new LoopbackFault(LoopbackFault.Kind.DROP, 1000, 3),
                        new LoopbackFault(LoopbackFault.Kind.REORDER, 7, 1));
        assertThatThrownBy(() -> LoopbackConfig.fromYaml("""
                        name: Loopback
                        driver: loopback
                        deliveryDelayMicros: 100
                        faults:
                          - {kind: DUPLICATE, everyNth: 10, count: 1}
                        """, "delayed.yaml"))
                .isInstanceOf(DriverException.class)
                .hasMessageContaining("delayed.yaml")
                .hasMessageContaining("faults apply to messages delivered at once");
    }
}
