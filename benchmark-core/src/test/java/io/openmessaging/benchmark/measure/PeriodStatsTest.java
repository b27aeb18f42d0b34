package io.openmessaging.benchmark.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * A period's histograms: as large as their values need, holding what full-range histograms given the same
 * values hold, and merging with the periods of any other range, in either order.
 */
class PeriodStatsTest {

    private static final LatencyMetric DELAY = LatencyMetric.PUBLISH_DELAY_LATENCY;

    @Test
    void aPeriodsHistogramsTakeTheSpaceTheirValuesNeedAndHoldWhatFullRangeOnesHold() {
        WorkerStats stats = new WorkerStats(HistogramSpec.DEFAULT);
        ThreadRecorders own = stats.recordersOf(null);
        Histogram fullRange = HistogramSpec.DEFAULT.newHistogram();
        for (long delayNanos = 1_000; delayNanos <= 10_000_000; delayNanos += 997) {
            stats.recordSent(own, 10, 0, delayNanos);
            fullRange.recordValue(delayNanos);
        }

        PeriodStats period = stats.cutPeriod(0, 1);

        Histogram delays = period.histogram(DELAY);
        assertThat(delays).isEqualTo(fullRange);
        assertThat(delays.getTotalCount()).isEqualTo(fullRange.getTotalCount());
        assertThat(delays.getMean()).isEqualTo(fullRange.getMean());
        for (double percentile : new double[] {50, 99, 99.9, 99.99, 100}) {
            assertThat(delays.getValueAtPercentile(percentile))
                    .as("p%s", percentile)
                    .isEqualTo(fullRange.getValueAtPercentile(percentile));
        }
        assertThat(delays.getEstimatedFootprintInBytes())
                .as("values up to 10 ms, against %d bytes for the full range", fullRange.getEstimatedFootprintInBytes())
                .isLessThan(130_000);
        assertThat(period.histogram(LatencyMetric.END_TO_END_LATENCY).getEstimatedFootprintInBytes())
                .as("a metric without values")
                .isLessThan(20_000);
    }

    @Test
    void periodsOfAnyRangeMergeInEitherOrder() {
        WorkerStats shortDelays = new WorkerStats(HistogramSpec.DEFAULT);
        shortDelays.recordSent(shortDelays.recordersOf(null), 10, 0, 1_000);
        WorkerStats longDelays = new WorkerStats(HistogramSpec.DEFAULT);
        longDelays.recordSent(longDelays.recordersOf(null), 10, 0, HistogramSpec.HIGHEST_TRACKABLE_NANOS);
        PeriodStats small = shortDelays.cutPeriod(0, 10);
        PeriodStats large = longDelays.cutPeriod(0, 10);

        for (PeriodStats merged : new PeriodStats[] {small.merge(large), large.merge(small)}) {
            Histogram delays = merged.histogram(DELAY);
            assertThat(delays.getTotalCount()).isEqualTo(2);
            assertThat(delays.getMinValue()).isEqualTo(delays.lowestEquivalentValue(1_000));
            assertThat(delays.getMaxValue())
                    .isEqualTo(delays.highestEquivalentValue(HistogramSpec.HIGHEST_TRACKABLE_NANOS));
        }
        assertThat(small.histogram(DELAY).getTotalCount())
                .as("merging leaves the periods as they were")
                .isEqualTo(1);
    }
}
