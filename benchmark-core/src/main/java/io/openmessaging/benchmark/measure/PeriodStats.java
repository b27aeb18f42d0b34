package io.openmessaging.benchmark.measure;

import org.HdrHistogram.Histogram;

/**
 * What one worker (or, merged, all workers) measured during one sampling period.
 *
 * @param startEpochNanos period start on the measuring worker's clock
 * @param endEpochNanos period end on the measuring worker's clock
 * @param delta counters of this period
 * @param totals running totals at the end of this period
 * @param histograms one histogram per {@link LatencyMetric}, indexed by ordinal, values in nanoseconds
 */
public record PeriodStats(
        long startEpochNanos, long endEpochNanos, Counters delta, Counters totals, Histogram[] histograms) {

    public Histogram histogram(LatencyMetric metric) {
        return histograms[metric.ordinal()];
    }

    public double durationSeconds() {
        return (endEpochNanos - startEpochNanos) / 1e9;
    }

    /** Adds another worker's stats of the same period: counters summed, histograms merged. */
    public PeriodStats merge(PeriodStats other) {
        Histogram[] merged = new Histogram[histograms.length];
        for (int i = 0; i < merged.length; i++) {
            merged[i] = histograms[i].copy();
            merged[i].add(other.histograms[i]);
        }
        return new PeriodStats(
                Math.min(startEpochNanos, other.startEpochNanos),
                Math.max(endEpochNanos, other.endEpochNanos),
                delta.plus(other.delta),
                totals.plus(other.totals),
                merged);
    }
}
