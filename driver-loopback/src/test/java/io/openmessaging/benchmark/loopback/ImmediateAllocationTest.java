package io.openmessaging.benchmark.loopback;

import static io.openmessaging.benchmark.loopback.LoopbackTestKit.PAYLOAD;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.consumer;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.initializedDriver;
import static io.openmessaging.benchmark.loopback.LoopbackTestKit.producer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import io.openmessaging.benchmark.driver.SendCallback;
import io.openmessaging.benchmark.driver.SystemClock;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * In {@link TimingMode#IMMEDIATE} (no delays, what {@code bin/bench-overhead} measures the framework with)
 * a send to a topic with a consumer allocates nothing on the sending thread: the acknowledgement and the
 * delivery run inline and the stamp reaches the consumer as primitives. Counted with HotSpot's per-thread
 * allocation counter, which sees every allocation of the thread, compiled or interpreted.
 */
class ImmediateAllocationTest {

    private static final int WARM_UP_MESSAGES = 20_000;
    private static final int MESSAGES = 100_000;

    @Test
    void aSendWithAConsumerAllocatesNothingOnTheSendingThread() throws Exception {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(threads.isThreadAllocatedMemorySupported(), "this JVM counts no per-thread allocation");
        threads.setThreadAllocatedMemoryEnabled(true);
        LoopbackDriver driver = initializedDriver(SystemClock.INSTANCE, LoopbackConfig.defaults(), 4);
        long[] received = new long[1];
        long[] acknowledged = new long[1];
        consumer(driver, "s", new ConsumerCallback() {
            @Override
            public void messageReceived(
                    long intendedSendEpochNanos,
                    long sentEpochNanos,
                    int producerId,
                    long sequence,
                    int partition,
                    int payloadSizeBytes) {
                received[0] += intendedSendEpochNanos == sentEpochNanos - 1 ? 1 : 0;
            }

            @Override
            public void unstampedMessageReceived(int payloadSizeBytes) {}
        });
        SendCallback acks = (intended, sent, producerId, sequence, error) -> acknowledged[0] += error == null ? 1 : 0;
        BenchmarkProducer producer = producer(driver);
        assertThat(driver.config().timingMode()).isEqualTo(TimingMode.IMMEDIATE);

        sendMany(producer, WARM_UP_MESSAGES, acks);
        long threadId = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(threadId);
        sendMany(producer, MESSAGES, acks);
        long allocatedBytes = threads.getThreadAllocatedBytes(threadId) - before;
        driver.close();

        assertThat(received[0]).as("messages received with their stamp").isEqualTo(WARM_UP_MESSAGES + MESSAGES);
        assertThat(acknowledged[0]).isEqualTo(WARM_UP_MESSAGES + MESSAGES);
        assertThat(allocatedBytes)
                .as("bytes allocated by the sending thread over %,d sends", MESSAGES)
                .isLessThan(MESSAGES / 10);
    }

    private static void sendMany(BenchmarkProducer producer, int count, SendCallback acks) {
        for (int i = 0; i < count; i++) {
            producer.sendAsync(null, PAYLOAD, 1_000L + i, 1_001L + i, 7, i, acks);
        }
    }
}
