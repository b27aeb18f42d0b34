package io.openmessaging.benchmark.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.driver.SystemClock;
import io.openmessaging.benchmark.driver.TopicSpec;
import io.openmessaging.benchmark.loopback.LoopbackConfig;
import io.openmessaging.benchmark.loopback.LoopbackDriver;
import io.openmessaging.benchmark.measure.HistogramSpec;
import io.openmessaging.benchmark.worker.LoadSpec;
import io.openmessaging.benchmark.worker.LocalWorker;
import io.openmessaging.benchmark.worker.ProducerAssignment;
import io.openmessaging.benchmark.workload.KeyDistributorType;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The producer path (schedule, key, send, acknowledgement, publish histograms and counters) allocates
 * nothing per message once warm: the stamp travels as primitives through the driver SPI. Counted with
 * HotSpot's per-thread allocation counter on the producer thread, through the loopback driver, which
 * acknowledges inline on that thread; a topic without subscriptions, so nothing is delivered.
 *
 * <p>Not a timing test: the assertion is on bytes, which do not depend on the machine's speed. A stamp
 * object per message, as before, is 32 bytes; the bound of half a byte per message leaves room for a
 * few one-time allocations (a resized buffer, a lazily created cell) over the million messages.
 */
class ProducerPathAllocationTest {

    private static final long WARM_UP_MESSAGES = 1_000_000;
    private static final long MEASURED_MESSAGES = 1_000_000;
    private static final long WAIT_LIMIT_NANOS = TimeUnit.SECONDS.toNanos(120);

    @ParameterizedTest
    @EnumSource(KeyDistributorType.class)
    void steadyStateProducerPathAllocatesNothingPerMessage(KeyDistributorType keys) throws Exception {
        LocalWorker worker = new LocalWorker(SystemClock.INSTANCE, HistogramSpec.DEFAULT);
        try {
            worker.initializeDriver(new LoopbackDriver(SystemClock.INSTANCE, LoopbackConfig.defaults()));
            List<TopicSpec> topics = worker.createTopics(1, 16);
            worker.createProducers(List.of(new ProducerAssignment(topics.get(0).name(), 0)));
            worker.startLoad(new LoadSpec(1e12, List.of(new byte[100]), keys, 0), 1000);

            awaitSent(worker, WARM_UP_MESSAGES);
            Thread producer = ThreadAllocation.named("producer-0");
            long bytesBefore = ThreadAllocation.allocatedBytes(producer);
            long sentBefore = worker.totals().messagesSent();
            awaitSent(worker, sentBefore + MEASURED_MESSAGES);
            long bytes = ThreadAllocation.allocatedBytes(producer) - bytesBefore;
            long sent = worker.totals().messagesSent() - sentBefore;
            worker.stopLoad();

            assertThat(worker.totals().sendErrors()).isZero();
            assertThat(worker.totals().messagesAcked())
                    .isEqualTo(worker.totals().messagesSent());
            assertThat((double) bytes / sent)
                    .as(
                            "bytes the producer thread allocated per message (%,d bytes over %,d messages, keys %s)",
                            bytes, sent, keys)
                    .isLessThan(0.5);
        } finally {
            worker.close();
        }
    }

    private static void awaitSent(LocalWorker worker, long messages) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT_LIMIT_NANOS;
        while (worker.totals().messagesSent() < messages) {
            assertThat(System.nanoTime())
                    .as("%,d messages sent within 120 s", messages)
                    .isLessThan(deadline);
            Thread.sleep(5);
        }
    }
}
