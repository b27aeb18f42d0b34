package io.openmessaging.benchmark.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * A thread's recorders: periods cut while the owner records lose and double nothing and give each period
 * its own minimum and maximum, and a kept reference is used only by the thread that owns it and only for
 * the stats it came from.
 */
class ThreadRecordersTest {

    private static final int MESSAGES = 300_000;

    @Test
    void periodsCutWhileRecordingKeepEveryValueOnceWithEachPeriodsOwnExtremes() throws Exception {
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

        Histogram[] merged = new Histogram[LatencyMetric.count()];
        for (int i = 0; i < merged.length; i++) {
            merged[i] = HistogramSpec.DEFAULT.newHistogram();
        }
        AtomicReference<String> wrongExtreme = new AtomicReference<>();
        int periods = 0;
        while (acker.isAlive() || receiver.isAlive() || periods == 0) {
            mergePeriod(stats.cutPeriod(periods, periods + 1), merged, periods, wrongExtreme);
            periods++;
        }
        acker.join();
        receiver.join();
        mergePeriod(stats.cutPeriod(periods, periods + 1), merged, periods, wrongExtreme);

        Histogram responses = HistogramSpec.DEFAULT.newHistogram();
        Histogram latencies = HistogramSpec.DEFAULT.newHistogram();
        Histogram endToEndResponses = HistogramSpec.DEFAULT.newHistogram();
        Histogram endToEndLatencies = HistogramSpec.DEFAULT.newHistogram();
        for (int i = 0; i < MESSAGES; i++) {
            responses.recordValue(5_000 + 2L * i - (1_000 + i));
            latencies.recordValue(5_000 + 2L * i - (2_000 + i));
            endToEndResponses.recordValue(9_000 + 3L * i - (1_000 + i));
            endToEndLatencies.recordValue(9_000 + 3L * i - (2_000 + i));
        }
        assertThat(periods).as("periods cut while recording").isGreaterThan(1);
        assertThat(wrongExtreme.get())
                .as("a period whose minimum or maximum is not among its values")
                .isNull();
        assertThat(merged[LatencyMetric.PUBLISH_RESPONSE_TIME.ordinal()]).isEqualTo(responses);
        assertThat(merged[LatencyMetric.PUBLISH_LATENCY.ordinal()]).isEqualTo(latencies);
        assertThat(merged[LatencyMetric.END_TO_END_RESPONSE_TIME.ordinal()]).isEqualTo(endToEndResponses);
        assertThat(merged[LatencyMetric.END_TO_END_LATENCY.ordinal()]).isEqualTo(endToEndLatencies);
        assertThat(merged[LatencyMetric.PUBLISH_DELAY_LATENCY.ordinal()].getTotalCount())
                .isZero();
        assertThat(stats.totals().messagesAcked()).isEqualTo(MESSAGES);
        assertThat(stats.totals().messagesReceived()).isEqualTo(MESSAGES);
    }

    /**
     * Adds one period to {@code merged} and notes the first metric whose minimum or maximum is not the
     * lowest or highest value counted in it (read from its counts).
     */
    private static void mergePeriod(PeriodStats period, Histogram[] merged, int index, AtomicReference<String> wrong) {
        for (LatencyMetric metric : LatencyMetric.values()) {
            Histogram histogram = period.histogram(metric);
            merged[metric.ordinal()].add(histogram);
            if (histogram.getTotalCount() == 0) {
                continue;
            }
            long lowest = -1;
            long highest = -1;
            for (var value : histogram.recordedValues()) {
                if (lowest < 0) {
                    lowest = value.getValueIteratedTo();
                }
                highest = value.getValueIteratedTo();
            }
            if (histogram.getMinValue() != histogram.lowestEquivalentValue(lowest)
                    || histogram.getMaxValue() != histogram.highestEquivalentValue(highest)) {
                wrong.compareAndSet(
                        null,
                        "period " + index + ", " + metric + ": min / max " + histogram.getMinValue() + " / "
                                + histogram.getMaxValue() + ", counted " + lowest + " to " + highest);
            }
        }
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

        // the lowest nonzero value, and a period that holds only the highest one
        stats.recordSent(own, 10, 0, HistogramSpec.LOWEST_DISCERNIBLE_NANOS);
        stats.recordSent(own, 10, 0, 3_000);
        Histogram third = stats.cutPeriod(2, 3).histogram(LatencyMetric.PUBLISH_DELAY_LATENCY);
        assertThat(third.getTotalCount()).isEqualTo(2);
        assertThat(third.getMinValue()).isEqualTo(HistogramSpec.LOWEST_DISCERNIBLE_NANOS);
        assertThat(third.getMaxValue()).isEqualTo(third.highestEquivalentValue(3_000));
        stats.recordSent(own, 10, 0, HistogramSpec.HIGHEST_TRACKABLE_NANOS);
        Histogram fourth = stats.cutPeriod(3, 4).histogram(LatencyMetric.PUBLISH_DELAY_LATENCY);
        assertThat(fourth.getTotalCount()).isEqualTo(1);
        assertThat(fourth.getMinValue()).isEqualTo(fourth.lowestEquivalentValue(HistogramSpec.HIGHEST_TRACKABLE_NANOS));
        assertThat(fourth.getMaxValue())
                .isEqualTo(fourth.highestEquivalentValue(HistogramSpec.HIGHEST_TRACKABLE_NANOS));
        assertThat(stats.cutPeriod(4, 5)
                        .histogram(LatencyMetric.PUBLISH_DELAY_LATENCY)
                        .getTotalCount())
                .isZero();
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
