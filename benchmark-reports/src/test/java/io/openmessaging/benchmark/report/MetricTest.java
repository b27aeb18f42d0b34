package io.openmessaging.benchmark.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.TestResult;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** How each metric and stat is read from a result: stored aggregates, rates from their periods. */
class MetricTest {

    @Test
    void latencyStatsAreTheStoredAggregatedFields() throws Exception {
        TestResult result = ResultFiles.read(ConfluentFixtures.file("kafka/latency/default-sync-200k.json"));

        assertThat(Metric.PUBLISH_LATENCY.value(result, Stat.P99)).hasValue(4.349);
        assertThat(Metric.END_TO_END_LATENCY.value(result, Stat.P99)).hasValue(5.434);
        assertThat(Metric.END_TO_END_LATENCY.value(result, Stat.MAX)).hasValue(result.aggregatedEndToEndLatencyMax);
        assertThat(Metric.PUBLISH_LATENCY.value(result, Stat.AVG)).hasValue(result.aggregatedPublishLatencyAvg);
    }

    @Test
    void metricsAFileLacksHaveNoValue() throws Exception {
        TestResult upstream = ResultFiles.read(ConfluentFixtures.file("kafka/latency/default-sync-200k.json"));

        for (Stat stat : Stat.values()) {
            assertThat(Metric.PUBLISH_RESPONSE_TIME.value(upstream, stat)).isEmpty();
            assertThat(Metric.END_TO_END_RESPONSE_TIME.value(upstream, stat)).isEmpty();
            assertThat(Metric.PUBLISH_DELAY_LATENCY.value(upstream, stat)).isEmpty();
        }
        assertThat(Metric.PUBLISH_RESPONSE_TIME.isIn(upstream)).isFalse();
        assertThat(Metric.PUBLISH_LATENCY.isIn(upstream)).isTrue();
    }

    @Test
    void zerosWithAnEmptyQuantileCurveMeanNothingWasRecorded() {
        TestResult producerOnly = new TestResult();
        producerOnly.aggregatedEndToEndLatency99pct = 0.0;
        producerOnly.aggregatedEndToEndLatencyAvg = 0.0;

        assertThat(Metric.END_TO_END_LATENCY.value(producerOnly, Stat.P99)).isEmpty();
        assertThat(Metric.END_TO_END_LATENCY.isIn(producerOnly)).isFalse();

        producerOnly.aggregatedEndToEndLatencyQuantiles.put(100.0, 0.0);
        assertThat(Metric.END_TO_END_LATENCY.value(producerOnly, Stat.P99)).hasValue(0.0);
    }

    @Test
    void rateStatsAreMeanNearestRankAndMaxOfThePeriodsSkippingNonFiniteOnes() {
        TestResult result = new TestResult();
        result.publishRate.addAll(Arrays.asList(10.0, Double.NaN, 40.0, 20.0, null, 30.0));

        assertThat(Metric.PUBLISH_RATE.value(result, Stat.AVG)).hasValue(25.0);
        assertThat(Metric.PUBLISH_RATE.value(result, Stat.P50)).hasValue(20.0);
        assertThat(Metric.PUBLISH_RATE.value(result, Stat.P75)).hasValue(30.0);
        assertThat(Metric.PUBLISH_RATE.value(result, Stat.P99)).hasValue(40.0);
        assertThat(Metric.PUBLISH_RATE.value(result, Stat.MAX)).hasValue(40.0);
        assertThat(Metric.CONSUME_RATE.value(result, Stat.AVG)).isEqualTo(OptionalDouble.empty());
    }

    @Test
    void nearestRankPicksTheSmallestValueCoveringThePercentile() {
        List<Double> values = List.of(5.0, 1.0, 4.0, 2.0, 3.0);

        assertThat(Metric.nearestRank(values, 20.0)).isEqualTo(1.0);
        assertThat(Metric.nearestRank(values, 21.0)).isEqualTo(2.0);
        assertThat(Metric.nearestRank(values, 50.0)).isEqualTo(3.0);
        assertThat(Metric.nearestRank(values, 99.99)).isEqualTo(5.0);
    }

    @Test
    void namesAreTheResultFieldPrefixesAndTheIssuesStats() {
        assertThat(Metric.keys())
                .containsExactly(
                        "publishRate",
                        "consumeRate",
                        "publishResponseTime",
                        "publishLatency",
                        "publishDelayLatency",
                        "endToEndResponseTime",
                        "endToEndLatency");
        assertThat(Stat.keys()).containsExactly("avg", "p50", "p75", "p95", "p99", "p999", "p9999", "max");
        assertThat(Stat.P999.label()).isEqualTo("p99.9");
        assertThat(Metric.PUBLISH_DELAY_LATENCY.unit()).isEqualTo("µs");
    }
}
