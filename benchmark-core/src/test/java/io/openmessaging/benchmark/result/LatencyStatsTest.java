package io.openmessaging.benchmark.result;

import static io.openmessaging.benchmark.result.SampleResults.nanosHistogram;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.openmessaging.benchmark.measure.LatencyUnit;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Converting nanosecond histograms into result units. */
class LatencyStatsTest {

    /** 3 significant digits: every value is within 0.1 % (plus one bucket) of what was recorded. */
    private static final double RELATIVE_PRECISION = 0.002;

    @Test
    void nanosecondValueIsWrittenInMillisecondsWithSubMillisecondDigits() {
        LatencyStats stats = LatencyStats.of(nanosHistogram(1_234_567));

        double p50Millis = (Double) stats.value(LatencyStatistic.P50, LatencyUnit.MILLISECONDS);

        assertThat(p50Millis).isCloseTo(1.234567, within(1.234567 * RELATIVE_PRECISION));
        assertThat(p50Millis).isGreaterThanOrEqualTo(1.234);
    }

    @Test
    void quarterMillisecondIsNotRoundedToZero() {
        LatencyStats stats = LatencyStats.of(nanosHistogram(250_000, 250_000, 250_000));

        for (LatencyStatistic statistic : LatencyStatistic.values()) {
            assertThat(stats.value(statistic, LatencyUnit.MILLISECONDS))
                    .as(statistic.name())
                    .isInstanceOf(Double.class)
                    .satisfies(value ->
                            assertThat(value.doubleValue()).isCloseTo(0.25, within(0.25 * RELATIVE_PRECISION)));
        }
    }

    @Test
    void everyStatisticMatchesTheRecordedDistribution() {
        Histogram histogram = nanosHistogram();
        for (long micros = 1; micros <= 1000; micros++) {
            histogram.recordValue(micros * 1000);
        }

        LatencyStats stats = LatencyStats.of(histogram);

        assertThat(stats.count()).isEqualTo(1000);
        assertMillis(stats, LatencyStatistic.MIN, 0.001);
        assertMillis(stats, LatencyStatistic.AVG, 0.5005);
        assertMillis(stats, LatencyStatistic.P50, 0.500);
        assertMillis(stats, LatencyStatistic.P75, 0.750);
        assertMillis(stats, LatencyStatistic.P95, 0.950);
        assertMillis(stats, LatencyStatistic.P99, 0.990);
        assertMillis(stats, LatencyStatistic.P999, 0.999);
        assertMillis(stats, LatencyStatistic.P9999, 1.000);
        assertMillis(stats, LatencyStatistic.MAX, 1.000);
    }

    @Test
    void publishDelayIsWrittenInWholeMicrosecondsWithADoubleAverage() {
        LatencyStats stats = LatencyStats.of(nanosHistogram(1_500_000, 2_500_000));

        assertThat(stats.value(LatencyStatistic.MIN, LatencyUnit.MICROSECONDS)).isInstanceOf(Long.class);
        assertThat(stats.value(LatencyStatistic.P99, LatencyUnit.MICROSECONDS)).isInstanceOf(Long.class);
        assertThat(stats.value(LatencyStatistic.AVG, LatencyUnit.MICROSECONDS)).isInstanceOf(Double.class);
        assertThat((Long) stats.value(LatencyStatistic.MIN, LatencyUnit.MICROSECONDS))
                .isBetween(1498L, 1502L);
        assertThat((Long) stats.value(LatencyStatistic.MAX, LatencyUnit.MICROSECONDS))
                .isBetween(2497L, 2503L);
        assertThat((Double) stats.value(LatencyStatistic.AVG, LatencyUnit.MICROSECONDS))
                .isCloseTo(2000.0, within(4.0));
    }

    @Test
    void quantileMapFollowsThePercentileIteratorWithUpstreamsTickCount() {
        Histogram histogram = nanosHistogram();
        for (long micros = 1; micros <= 100_000; micros++) {
            histogram.recordValue(micros * 1000);
        }
        TreeMap<Double, Double> expected = new TreeMap<>();
        histogram.percentiles(100).forEach(step -> expected.put(step.getPercentile(), step.getValueIteratedTo() / 1e6));

        TreeMap<Double, Double> millis = LatencyStats.quantilesMillis(histogram);
        TreeMap<Double, Long> micros = LatencyStats.quantilesMicros(histogram);

        assertThat(millis).isEqualTo(expected);
        assertThat(millis).hasSizeGreaterThan(200); // 100 ticks per half distance: 0–50 %, 50–75 %, …
        assertThat(millis.lastEntry()).isEqualTo(Map.entry(100.0, histogram.getMaxValue() / 1e6));
        assertThat(micros.keySet()).isEqualTo(millis.keySet());
        assertThat(micros.lastEntry().getValue()).isEqualTo(Math.round(histogram.getMaxValue() / 1e3));
    }

    private static void assertMillis(LatencyStats stats, LatencyStatistic statistic, double expectedMillis) {
        assertThat((Double) stats.value(statistic, LatencyUnit.MILLISECONDS))
                .as(statistic.name())
                .isCloseTo(expectedMillis, within(expectedMillis * RELATIVE_PRECISION));
    }
}
