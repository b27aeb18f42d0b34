package io.openmessaging.benchmark.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * A thread's recorders: periods cut while the owner records lose and double nothing, the two values of an
 * acknowledgement or a delivery always land in the same period, and a kept reference is used only by the
 * thread that owns it and only for the stats it came from.
 */
class ThreadRecordersTest {

    private static final int MESSAGES = 300_000;

    @Test
    void periodsCutWhileRecordingKeepEveryValueOnceAndBothValuesOfAMessageTogether() throws Exception {
        WorkerStats stats = new WorkerStats(HistogramSpec.DEFAULT);
        CompletableFuture<Void> start = new CompletableFuture<>();
        Thread acker = new Thread(() -> {
            start.join();
            ThreadRecorders own = null;
            for (int i = 0; i < MESSAGES; i++) {
                own = stats.recordersOf(own);
                stats.recordAcked(own, 1_000 + i, 2_000 + i, 5_000 + 2L * i);
            }
        });
        Thread receiver = new Thread(() -> {
            start.join();
            ThreadRecorders own = null;
            for (int i = 0; i < MESSAGES; i++) {
                own = stats.recordersOf(own);
                stats.recordReceived(own, 10, 1_000 + i, 2_000 + i, 9_000 + 3L * i);
            }
        });
        acker.start();
        receiver.start();
        start.complete(null);

        long[] counts = new long[LatencyMetric.count()];
        AtomicReference<String> split = new AtomicReference<>();
        int periods = 0;
        while (acker.isAlive() || receiver.isAlive() || periods == 0) {
            PeriodStats period = stats.cutPeriod(periods, periods + 1);
            periods++;
            for (LatencyMetric metric : LatencyMetric.values()) {
                counts[metric.ordinal()] += period.histogram(metric).getTotalCount();
            }
            long responses =
                    period.histogram(LatencyMetric.PUBLISH_RESPONSE_TIME).getTotalCount();
            long latencies = period.histogram(LatencyMetric.PUBLISH_LATENCY).getTotalCount();
            long e2eResponses =
                    period.histogram(LatencyMetric.END_TO_END_RESPONSE_TIME).getTotalCount();
            long e2eLatencies =
                    period.histogram(LatencyMetric.END_TO_END_LATENCY).getTotalCount();
            if (responses != latencies || e2eResponses != e2eLatencies) {
                split.compareAndSet(
                        null,
                        "period " + periods + ": publish " + responses + " / " + latencies + ", end-to-end "
                                + e2eResponses + " / " + e2eLatencies);
            }
        }
        acker.join();
        receiver.join();
        PeriodStats last = stats.cutPeriod(periods, periods + 1);
        for (LatencyMetric metric : LatencyMetric.values()) {
            counts[metric.ordinal()] += last.histogram(metric).getTotalCount();
        }

        assertThat(periods).as("periods cut while recording").isGreaterThan(1);
        assertThat(split.get())
                .as("the two values of one message in different periods")
                .isNull();
        assertThat(counts[LatencyMetric.PUBLISH_RESPONSE_TIME.ordinal()]).isEqualTo(MESSAGES);
        assertThat(counts[LatencyMetric.PUBLISH_LATENCY.ordinal()]).isEqualTo(MESSAGES);
        assertThat(counts[LatencyMetric.END_TO_END_RESPONSE_TIME.ordinal()]).isEqualTo(MESSAGES);
        assertThat(counts[LatencyMetric.END_TO_END_LATENCY.ordinal()]).isEqualTo(MESSAGES);
        assertThat(counts[LatencyMetric.PUBLISH_DELAY_LATENCY.ordinal()]).isZero();
        assertThat(stats.totals().messagesAcked()).isEqualTo(MESSAGES);
        assertThat(stats.totals().messagesReceived()).isEqualTo(MESSAGES);
    }

    @Test
    void drainedValuesAreTheRecordedOnesAndTheNextPeriodStartsEmpty() {
        WorkerStats stats = new WorkerStats(HistogramSpec.DEFAULT);
        ThreadRecorders own = stats.recordersOf(null);
        stats.recordAcked(own, 1_000_000, 3_000_000, 10_000_000);
        stats.recordSent(own, 10, 1_000_000, 3_000_000);

        PeriodStats first = stats.cutPeriod(0, 1);
        assertThat(first.histogram(LatencyMetric.PUBLISH_RESPONSE_TIME).getMaxValue())
                .isEqualTo(first.histogram(LatencyMetric.PUBLISH_RESPONSE_TIME).highestEquivalentValue(9_000_000));
        assertThat(first.histogram(LatencyMetric.PUBLISH_LATENCY).getMaxValue())
                .isEqualTo(first.histogram(LatencyMetric.PUBLISH_LATENCY).highestEquivalentValue(7_000_000));
        assertThat(first.histogram(LatencyMetric.PUBLISH_DELAY_LATENCY).getMaxValue())
                .isEqualTo(first.histogram(LatencyMetric.PUBLISH_DELAY_LATENCY).highestEquivalentValue(2_000_000));

        stats.recordAcked(own, 1_000_000, 3_000_000, 4_000_000);
        PeriodStats second = stats.cutPeriod(1, 2);
        assertThat(second.histogram(LatencyMetric.PUBLISH_RESPONSE_TIME).getTotalCount())
                .isEqualTo(1);
        assertThat(second.histogram(LatencyMetric.PUBLISH_LATENCY).getMaxValue())
                .isEqualTo(second.histogram(LatencyMetric.PUBLISH_LATENCY).highestEquivalentValue(1_000_000));
        assertThat(second.histogram(LatencyMetric.PUBLISH_DELAY_LATENCY).getTotalCount())
                .isZero();
        assertThat(stats.cutPeriod(2, 3)
                        .histogram(LatencyMetric.PUBLISH_LATENCY)
                        .getTotalCount())
                .isZero();
    }

    @Test
    void everyValueLandsInItsMetricAndPeriodExactly() {
        WorkerStats stats = new WorkerStats(HistogramSpec.DEFAULT);
        ThreadRecorders own = stats.recordersOf(null);
        Histogram delays = HistogramSpec.DEFAULT.newHistogram();
        Histogram responses = HistogramSpec.DEFAULT.newHistogram();
        Histogram latencies = HistogramSpec.DEFAULT.newHistogram();
        int messages = 519;
        for (int i = 0; i < messages; i++) {
            long intended = 1_000_000L * i;
            long sent = intended + 1_000 + 37L * i;
            long acked = sent + 2_000_000 + 1_009L * i;
            stats.recordSent(own, 10, intended, sent);
            stats.recordAcked(own, intended, sent, acked);
            delays.recordValue(sent - intended);
            responses.recordValue(acked - intended);
            latencies.recordValue(acked - sent);
        }

        PeriodStats first = stats.cutPeriod(0, 1);
        assertThat(first.histogram(LatencyMetric.PUBLISH_DELAY_LATENCY)).isEqualTo(delays);
        assertThat(first.histogram(LatencyMetric.PUBLISH_RESPONSE_TIME)).isEqualTo(responses);
        assertThat(first.histogram(LatencyMetric.PUBLISH_LATENCY)).isEqualTo(latencies);

        // the next period holds only what came after the cut, the largest trackable value included
        stats.recordSent(own, 10, 0, HistogramSpec.HIGHEST_TRACKABLE_NANOS);
        stats.recordSent(own, 10, 5, 5);
        Histogram second = stats.cutPeriod(1, 2).histogram(LatencyMetric.PUBLISH_DELAY_LATENCY);
        assertThat(second.getTotalCount()).isEqualTo(2);
        assertThat(second.getMaxValue())
                .isEqualTo(second.highestEquivalentValue(HistogramSpec.HIGHEST_TRACKABLE_NANOS));
        assertThat(second.getMinValue()).isZero();
    }

    @Test
    void aKeptReferenceServesOnlyTheThreadThatOwnsIt() throws Exception {
        WorkerStats stats = new WorkerStats(HistogramSpec.DEFAULT);
        ThreadRecorders mine = stats.recordersOf(null);
        assertThat(stats.recordersOf(mine)).isSameAs(mine);

        AtomicReference<ThreadRecorders> theirs = new AtomicReference<>();
        Thread other = new Thread(() -> theirs.set(stats.recordersOf(mine)));
        other.start();
        other.join();

        assertThat(theirs.get()).isNotNull().isNotSameAs(mine);
        assertThat(stats.recordersOf(theirs.get())).isSameAs(mine);

        WorkerStats another = new WorkerStats(HistogramSpec.DEFAULT);
        ThreadRecorders mineInAnother = another.recordersOf(mine);
        assertThat(mineInAnother).as("kept from another run's stats").isNotSameAs(mine);
        another.recordAcked(mineInAnother, 1_000, 2_000, 3_000);
        assertThat(another.totals().messagesAcked()).isEqualTo(1);
        assertThat(stats.totals().messagesAcked()).isZero();
    }
}
