package io.openmessaging.benchmark.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The per-message counters, recorded from several threads at once: exact once the threads are done, never
 * decreasing while they run, and in step with the histograms.
 */
class WorkerStatsCountersTest {

    private static final int MESSAGES_PER_THREAD = 200_000;
    private static final int PAYLOAD_BYTES = 100;

    @Test
    void countsFromManyThreadsAddUpExactlyAndNeverGoBackwardsWhileRecorded() throws Exception {
        WorkerStats stats = new WorkerStats(HistogramSpec.DEFAULT);
        CompletableFuture<Void> start = new CompletableFuture<>();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
            threads.add(new Thread(() -> {
                start.join();
                for (int i = 0; i < MESSAGES_PER_THREAD; i++) {
                    stats.recordSent(PAYLOAD_BYTES, 1_000 + i, 2_000 + i);
                }
            }));
        }
        threads.add(new Thread(() -> {
            start.join();
            for (int i = 0; i < MESSAGES_PER_THREAD; i++) {
                stats.recordAcked(1_000 + i, 2_000 + i, 5_000 + i);
            }
        }));
        threads.add(new Thread(() -> {
            start.join();
            for (int i = 0; i < MESSAGES_PER_THREAD; i++) {
                stats.recordReceived(PAYLOAD_BYTES, 1_000 + i, 2_000 + i, 9_000 + i);
                stats.recordUnstampedReceived(PAYLOAD_BYTES);
            }
        }));
        AtomicBoolean done = new AtomicBoolean();
        AtomicReference<String> backwards = new AtomicReference<>();
        long[] samples = new long[1];
        Thread sampler = new Thread(() -> {
            Counters previous = Counters.ZERO;
            while (!done.get()) {
                Counters now = stats.totals();
                if (now.messagesSent() < previous.messagesSent()
                        || now.bytesSent() < previous.bytesSent()
                        || now.messagesAcked() < previous.messagesAcked()
                        || now.messagesReceived() < previous.messagesReceived()
                        || now.bytesReceived() < previous.bytesReceived()) {
                    backwards.compareAndSet(null, previous + " then " + now);
                }
                previous = now;
                samples[0]++;
            }
        });
        threads.forEach(Thread::start);
        sampler.start();
        start.complete(null);
        for (Thread thread : threads) {
            thread.join();
        }
        done.set(true);
        sampler.join();

        Counters totals = stats.totals();
        assertThat(totals.messagesSent()).isEqualTo(2L * MESSAGES_PER_THREAD);
        assertThat(totals.bytesSent()).isEqualTo(2L * MESSAGES_PER_THREAD * PAYLOAD_BYTES);
        assertThat(totals.messagesAcked()).isEqualTo(MESSAGES_PER_THREAD);
        assertThat(totals.messagesReceived()).isEqualTo(2L * MESSAGES_PER_THREAD);
        assertThat(totals.bytesReceived()).isEqualTo(2L * MESSAGES_PER_THREAD * PAYLOAD_BYTES);
        assertThat(totals.unstampedReceived()).isEqualTo(MESSAGES_PER_THREAD);
        assertThat(backwards.get())
                .as("a counter read lower than before (%d reads)", samples[0])
                .isNull();
        assertThat(samples[0]).as("reads while recording").isPositive();

        PeriodStats period = stats.cutPeriod(0, 1);
        assertThat(period.delta()).isEqualTo(totals);
        assertThat(period.histogram(LatencyMetric.PUBLISH_DELAY_LATENCY).getTotalCount())
                .isEqualTo(totals.messagesSent());
        assertThat(period.histogram(LatencyMetric.PUBLISH_LATENCY).getTotalCount())
                .isEqualTo(totals.messagesAcked());
        assertThat(period.histogram(LatencyMetric.END_TO_END_LATENCY).getTotalCount())
                .isEqualTo(totals.messagesReceived() - totals.unstampedReceived());
        assertThat(stats.cutPeriod(1, 2).delta().messagesSent())
                .as("nothing new since the cut")
                .isZero();
    }
}
