package io.openmessaging.benchmark.worker.http;

import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import java.util.Arrays;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * One latency metric of one run as a Prometheus histogram: cumulative counts over fixed upper bounds
 * (seconds), folded from the worker's per-period HdrHistograms (nanoseconds). Fixed bounds are what lets
 * Prometheus add the histograms of several workers before it computes a quantile, which per-worker
 * percentiles cannot do. Precision: a quantile read from these buckets is interpolated within one bucket;
 * the exact percentiles are in the result file. Not thread-safe: {@link WorkerMetrics} guards it.
 */
final class LatencyBuckets {

    /** Upper bounds in seconds, 1-2-5 from 50 µs to 1 min (+Inf is added by the exposition). */
    static final double[] UPPER_BOUNDS_SECONDS = {
        0.00005,
        0.0001,
        0.0002,
        0.0005,
        0.001,
        0.002,
        0.005,
        0.01,
        0.02,
        0.05,
        0.1,
        0.2,
        0.5,
        1,
        2,
        5,
        10,
        30,
        60,
        Double.POSITIVE_INFINITY
    };

    private static final long[] UPPER_BOUNDS_NANOS = Arrays.stream(UPPER_BOUNDS_SECONDS)
            .mapToLong(seconds -> Double.isInfinite(seconds) ? Long.MAX_VALUE : Math.round(seconds * 1e9))
            .toArray();

    /** Per bucket, the values in it alone (not cumulative). */
    private final long[] bucketCounts = new long[UPPER_BOUNDS_NANOS.length];

    private double sumSeconds;

    /** Adds every value of one period's histogram (nanoseconds). */
    void add(Histogram periodNanos) {
        if (periodNanos.getTotalCount() == 0) {
            return;
        }
        for (HistogramIterationValue value : periodNanos.recordedValues()) {
            // HdrHistogram holds a value as a range of equivalent values: the range's lowest one picks the
            // bucket (a value recorded exactly on a bound is in that bucket, as Prometheus's le means), its
            // middle one goes into the sum
            long counted = value.getValueIteratedTo();
            long count = value.getCountAtValueIteratedTo();
            int bucket = Arrays.binarySearch(UPPER_BOUNDS_NANOS, periodNanos.lowestEquivalentValue(counted));
            bucketCounts[bucket >= 0 ? bucket : -bucket - 1] += count;
            sumSeconds += count * (periodNanos.medianEquivalentValue(counted) / 1e9);
        }
    }

    long count() {
        long total = 0;
        for (long bucketCount : bucketCounts) {
            total += bucketCount;
        }
        return total;
    }

    double sumSeconds() {
        return sumSeconds;
    }

    /**
     * The buckets for the exposition: per-bucket counts, which the model accumulates into Prometheus's
     * cumulative {@code le} series (the +Inf one equal to {@link #count}).
     */
    ClassicHistogramBuckets buckets() {
        return ClassicHistogramBuckets.of(UPPER_BOUNDS_SECONDS, bucketCounts.clone());
    }
}
