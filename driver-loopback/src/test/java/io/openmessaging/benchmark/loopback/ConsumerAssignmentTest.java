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

class ConsumerAssignmentTest {

    private final ManualClock clock = new ManualClock();

    @Test
    void joiningAndLeavingConsumersReassignEveryPartitionToExactlyOneConsumer() throws Exception {
        LoopbackDriver driver = initializedDriver(clock, LoopbackConfig.defaults(), 4);
        LoopbackConsumer first = (LoopbackConsumer) consumer(driver, "s", receiving((s, size) -> {}));
        assertThat(first.assignedPartitions()).containsExactly(0, 1, 2, 3);

        LoopbackConsumer second = (LoopbackConsumer) consumer(driver, "s", receiving((s, size) -> {}));
        assertThat(first.assignedPartitions()).containsExactly(0, 2);
        assertThat(second.assignedPartitions()).containsExactly(1, 3);

        LoopbackConsumer third = (LoopbackConsumer) consumer(driver, "s", receiving((s, size) -> {}));
        assertThat(first.assignedPartitions()).containsExactly(0, 3);
        assertThat(second.assignedPartitions()).containsExactly(1);
        assertThat(third.assignedPartitions()).containsExactly(2);

        first.close();
        assertThat(first.assignedPartitions()).isEmpty();
        assertThat(second.assignedPartitions()).containsExactly(0, 2);
        assertThat(third.assignedPartitions()).containsExactly(1, 3);
        driver.close();
    }

    @Test
    void moreConsumersThanPartitionsLeavesSomeIdle() throws Exception {
        LoopbackDriver driver = initializedDriver(clock, LoopbackConfig.defaults(), 1);
        RecordingConsumer busy = new RecordingConsumer(clock);
        RecordingConsumer idle = new RecordingConsumer(clock);
        consumer(driver, "s", busy);
        LoopbackConsumer idleConsumer = (LoopbackConsumer) consumer(driver, "s", idle);
        BenchmarkProducer producer = producer(driver);

        for (int i = 0; i < 10; i++) {
            send(
                    producer,
                    null,
                    PAYLOAD,
                    stamp(1, i),
                    (ackIntended, ackSent, ackProducer, ackSequence, ackError) -> {});
        }

        assertThat(idleConsumer.assignedPartitions()).isEmpty();
        assertThat(busy.count()).isEqualTo(10);
        assertThat(idle.count()).isZero();
        driver.close();
    }

    @Test
    void afterAConsumerLeavesTheOthersReceiveItsPartitions() throws Exception {
        LoopbackDriver driver = initializedDriver(clock, LoopbackConfig.defaults(), 2);
        RecordingConsumer staying = new RecordingConsumer(clock);
        RecordingConsumer leaving = new RecordingConsumer(clock);
        consumer(driver, "s", staying);
        LoopbackConsumer leavingConsumer = (LoopbackConsumer) consumer(driver, "s", leaving);
        BenchmarkProducer producer = producer(driver);
        for (int i = 0; i < 10; i++) {
            send(
                    producer,
                    null,
                    PAYLOAD,
                    stamp(1, i),
                    (ackIntended, ackSent, ackProducer, ackSequence, ackError) -> {});
        }

        leavingConsumer.close();
        leavingConsumer.close();
        for (int i = 10; i < 20; i++) {
            send(
                    producer,
                    null,
                    PAYLOAD,
                    stamp(1, i),
                    (ackIntended, ackSent, ackProducer, ackSequence, ackError) -> {});
        }

        assertThat(leaving.count()).isEqualTo(5);
        assertThat(staying.count()).isEqualTo(15);
        driver.close();
    }

    @Test
    void subscriptionWhoseLastConsumerLeftStartsAfreshWhenAConsumerJoins() throws Exception {
        LoopbackDriver driver = initializedDriver(clock, LoopbackConfig.defaults(), 1);
        RecordingConsumer before = new RecordingConsumer(clock);
        LoopbackConsumer only = (LoopbackConsumer) consumer(driver, "s", before);
        BenchmarkProducer producer = producer(driver);
        send(producer, null, PAYLOAD, stamp(1, 1), (ackIntended, ackSent, ackProducer, ackSequence, ackError) -> {});

        only.close();
        send(producer, null, PAYLOAD, stamp(1, 2), (ackIntended, ackSent, ackProducer, ackSequence, ackError) -> {});
        RecordingConsumer after = new RecordingConsumer(clock);
        consumer(driver, "s", after);
        send(producer, null, PAYLOAD, stamp(1, 3), (ackIntended, ackSent, ackProducer, ackSequence, ackError) -> {});

        assertThat(before.stamps()).containsExactly(stamp(1, 1));
        assertThat(after.stamps()).containsExactly(stamp(1, 3));
        driver.close();
    }
}
