package io.openmessaging.benchmark.worker.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.prometheus.metrics.model.snapshots.ClassicHistogramBucket;
import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Periods of nanosecond HdrHistograms folded into fixed Prometheus buckets. */
class LatencyBucketsTest {

    @Test
    void valuesLandInTheFirstBucketWhoseUpperBoundHoldsThemAndPeriodsAddUp() {
        Histogram first = new Histogram(3);
        first.recordValueWithCount(1_500_000, 1000); // 1.5 ms: the 2 ms bucket
        first.recordValueWithCount(40_000_000, 10); // 40 ms: the 50 ms bucket
        Histogram second = new Histogram(3);
        second.recordValueWithCount(90_000_000_000L, 2); // 90 s: above every finite bound
        second.recordValue(30_000); // 30 µs: the first bucket (50 µs)
        LatencyBuckets buckets = new LatencyBuckets();

        buckets.add(first);
        buckets.add(new Histogram(3));
        buckets.add(second);

        Map<Double, Long> perBucket = new LinkedHashMap<>();
        for (ClassicHistogramBucket bucket : buckets.buckets()) {
            if (bucket.getCount() > 0) {
                perBucket.put(bucket.getUpperBound(), bucket.getCount());
            }
        }
        assertThat(perBucket)
                .containsExactly(
                        Map.entry(0.00005, 1L),
                        Map.entry(0.002, 1000L),
                        Map.entry(0.05, 10L),
                        Map.entry(Double.POSITIVE_INFINITY, 2L));
        assertThat(buckets.count()).isEqualTo(1013);
        assertThat(buckets.sumSeconds()).isCloseTo(1000 * 0.0015 + 10 * 0.040 + 2 * 90 + 0.00003, within(0.2));
    }

    @Test
    void aValueOnABoundCountsInThatBucketAsPrometheusLeDoes() {
        Histogram period = new Histogram(3);
        period.recordValue(1_000_000); // exactly 1 ms: at 3 digits HdrHistogram holds it as 999,936 to 1,000,447 ns
        LatencyBuckets buckets = new LatencyBuckets();

        buckets.add(period);

        assertThat(buckets.buckets().stream()
                        .filter(bucket -> bucket.getCount() > 0)
                        .findFirst())
                .hasValueSatisfying(bucket -> assertThat(bucket.getUpperBound()).isEqualTo(0.001));
    }
}
