package io.openmessaging.benchmark.result;

import io.openmessaging.benchmark.measure.LatencyUnit;
import java.util.TreeMap;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The summary statistics of one latency histogram recorded in nanoseconds, and their conversion to the
 * unit a {@link TestResult} field is written in.
 *
 * <p>Values are HdrHistogram's: percentiles, minimum and maximum are bucket-equivalent values, so they
 * carry the histogram's precision (about 0.1 % at 3 significant digits), not the exact recorded value.
 * An empty histogram gives zero for every statistic (upstream's behaviour), never {@code NaN}.
 *
 * @param count number of recorded values
 * @param minNanos smallest recorded value (lowest equivalent value of its bucket)
 * @param meanNanos arithmetic mean
 * @param p50Nanos median
 * @param p75Nanos 75th percentile
 * @param p95Nanos 95th percentile
 * @param p99Nanos 99th percentile
 * @param p999Nanos 99.9th percentile
 * @param p9999Nanos 99.99th percentile
 * @param maxNanos largest recorded value (highest equivalent value of its bucket)
 */
public record LatencyStats(
        long count,
        long minNanos,
        double meanNanos,
        long p50Nanos,
        long p75Nanos,
        long p95Nanos,
        long p99Nanos,
        long p999Nanos,
        long p9999Nanos,
        long maxNanos) {

    /** Ticks per half distance of the percentile iterator, as upstream (about 2,000 map entries). */
    public static final int QUANTILE_TICKS_PER_HALF_DISTANCE = 100;

    private static final LatencyStats EMPTY = new LatencyStats(0, 0, 0.0, 0, 0, 0, 0, 0, 0, 0);

    /** Summarises {@code histogramNanos}, which must hold values in nanoseconds. */
    public static LatencyStats of(AbstractHistogram histogramNanos) {
        if (histogramNanos.getTotalCount() == 0) {
            return EMPTY;
        }
        return new LatencyStats(
                histogramNanos.getTotalCount(),
                histogramNanos.getMinValue(),
                histogramNanos.getMean(),
                histogramNanos.getValueAtPercentile(LatencyStatistic.P50.percentile()),
                histogramNanos.getValueAtPercentile(LatencyStatistic.P75.percentile()),
                histogramNanos.getValueAtPercentile(LatencyStatistic.P95.percentile()),
                histogramNanos.getValueAtPercentile(LatencyStatistic.P99.percentile()),
                histogramNanos.getValueAtPercentile(LatencyStatistic.P999.percentile()),
                histogramNanos.getValueAtPercentile(LatencyStatistic.P9999.percentile()),
                histogramNanos.getMaxValue());
    }

    /** The value of {@code statistic} in nanoseconds. */
    public double nanos(LatencyStatistic statistic) {
        return switch (statistic) {
            case MIN -> minNanos;
            case AVG -> meanNanos;
            case P50 -> p50Nanos;
            case P75 -> p75Nanos;
            case P95 -> p95Nanos;
            case P99 -> p99Nanos;
            case P999 -> p999Nanos;
            case P9999 -> p9999Nanos;
            case MAX -> maxNanos;
        };
    }

    /**
     * The value of {@code statistic} as written in {@code unit}: a {@link Double} for milliseconds and
     * for every average, a {@link Long} for the other microsecond statistics.
     */
    public Number value(LatencyStatistic statistic, LatencyUnit unit) {
        if (statistic == LatencyStatistic.AVG) {
            return unit.meanFromNanos(meanNanos);
        }
        return unit.valueFromNanos((long) nanos(statistic));
    }

    /**
     * The quantile curve of {@code histogramNanos} in milliseconds: percentile (0–100] → value, from
     * HdrHistogram's percentile iterator with {@value #QUANTILE_TICKS_PER_HALF_DISTANCE} ticks per half
     * distance. Keys are the percentile actually reached at each step (upstream's choice), e.g.
     * {@code 99.90234375}. Empty for an empty histogram.
     */
    public static TreeMap<Double, Double> quantilesMillis(AbstractHistogram histogramNanos) {
        TreeMap<Double, Double> quantiles = new TreeMap<>();
        forEachQuantile(
                histogramNanos,
                (percentile, nanos) ->
                        quantiles.put(percentile, (Double) LatencyUnit.MILLISECONDS.valueFromNanos(nanos)));
        return quantiles;
    }

    /** As {@link #quantilesMillis}, with values in whole microseconds (publish delay's unit). */
    public static TreeMap<Double, Long> quantilesMicros(AbstractHistogram histogramNanos) {
        TreeMap<Double, Long> quantiles = new TreeMap<>();
        forEachQuantile(
                histogramNanos,
                (percentile, nanos) ->
                        quantiles.put(percentile, (Long) LatencyUnit.MICROSECONDS.valueFromNanos(nanos)));
        return quantiles;
    }

    private interface QuantileConsumer {
        void accept(double percentile, long valueNanos);
    }

    private static void forEachQuantile(AbstractHistogram histogramNanos, QuantileConsumer consumer) {
        if (histogramNanos.getTotalCount() == 0) {
            return;
        }
        for (HistogramIterationValue step : histogramNanos.percentiles(QUANTILE_TICKS_PER_HALF_DISTANCE)) {
            consumer.accept(step.getPercentile(), step.getValueIteratedTo());
        }
    }
}
