package io.openmessaging.benchmark.result;

import static io.openmessaging.benchmark.result.SampleResults.nanosHistogram;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.openmessaging.benchmark.measure.LatencyMetric;
import io.openmessaging.benchmark.measure.LatencyUnit;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Appending periods and setting aggregates writes exactly the fields of the metric asked for. */
class ResultFillerTest {

    @ParameterizedTest
    @EnumSource(LatencyMetric.class)
    void addPeriodAppendsOneElementToEachListOfTheMetricOnly(LatencyMetric metric) throws Exception {
        TestResult result = new TestResult();

        ResultFiller.addPeriod(result, metric, nanosHistogram(2_000_000));
        ResultFiller.addPeriod(result, metric, nanosHistogram(4_000_000));

        for (LatencyMetric any : LatencyMetric.values()) {
            for (LatencyStatistic statistic : LatencyStatistic.values()) {
                List<?> list = (List<?>) field(result, any.fieldPrefix() + statistic.fieldSuffix());
                assertThat(list).as(any.fieldPrefix() + statistic.fieldSuffix()).hasSize(any == metric ? 2 : 0);
            }
        }
        List<?> p99 = (List<?>) field(result, metric.fieldPrefix() + "99pct");
        double scale = metric.unit() == LatencyUnit.MILLISECONDS ? 1.0 : 1000.0;
        assertThat(((Number) p99.get(0)).doubleValue()).isCloseTo(2.0 * scale, within(0.004 * scale));
        assertThat(((Number) p99.get(1)).doubleValue()).isCloseTo(4.0 * scale, within(0.008 * scale));
    }

    @ParameterizedTest
    @EnumSource(LatencyMetric.class)
    void setAggregateFillsScalarsAndQuantilesInTheMetricsUnit(LatencyMetric metric) throws Exception {
        TestResult result = new TestResult();
        Histogram histogram = nanosHistogram(1_000_000, 3_000_000);

        ResultFiller.setAggregate(result, metric, histogram);

        String prefix = metric.aggregatedFieldPrefix();
        double scale = metric.unit() == LatencyUnit.MILLISECONDS ? 1.0 : 1000.0;
        assertThat(((Number) field(result, prefix + "Min")).doubleValue())
                .isCloseTo(1.0 * scale, within(0.002 * scale));
        assertThat(((Number) field(result, prefix + "Avg")).doubleValue())
                .isCloseTo(2.0 * scale, within(0.004 * scale));
        assertThat(((Number) field(result, prefix + "Max")).doubleValue())
                .isCloseTo(3.0 * scale, within(0.006 * scale));
        @SuppressWarnings("unchecked")
        Map<Double, Object> quantiles = (Map<Double, Object>) field(result, metric.quantilesFieldName());
        assertThat(quantiles).containsKey(100.0);
        Class<?> valueType = metric.unit() == LatencyUnit.MILLISECONDS ? Double.class : Long.class;
        assertThat(quantiles.values()).allSatisfy(value -> assertThat(value).isInstanceOf(valueType));
    }

    @Test
    void publishDelayIsWrittenInMicrosecondsAndTheOthersInMilliseconds() {
        TestResult result = new TestResult();
        for (LatencyMetric metric : LatencyMetric.values()) {
            ResultFiller.addPeriod(result, metric, nanosHistogram(1_500_000));
            ResultFiller.setAggregate(result, metric, nanosHistogram(1_500_000));
        }

        assertThat(result.publishDelayLatency50pct.get(0)).isBetween(1499L, 1501L);
        assertThat(result.aggregatedPublishDelayLatencyMax).isBetween(1499L, 1501L);
        assertThat(result.aggregatedPublishDelayLatencyQuantiles.get(100.0)).isBetween(1499L, 1501L);
        assertThat(result.publishLatency50pct.get(0)).isCloseTo(1.5, within(0.002));
        assertThat(result.publishResponseTime50pct.get(0)).isCloseTo(1.5, within(0.002));
        assertThat(result.endToEndLatency50pct.get(0)).isCloseTo(1.5, within(0.002));
        assertThat(result.endToEndResponseTime50pct.get(0)).isCloseTo(1.5, within(0.002));
    }

    @Test
    void setAggregateReplacesAnEarlierAggregate() {
        TestResult result = new TestResult();

        ResultFiller.setAggregate(result, LatencyMetric.PUBLISH_LATENCY, nanosHistogram(1_000_000));
        ResultFiller.setAggregate(result, LatencyMetric.PUBLISH_LATENCY, nanosHistogram(5_000_000));

        assertThat(result.aggregatedPublishLatencyMin).isCloseTo(5.0, within(0.01));
        assertThat(result.aggregatedPublishLatencyQuantiles.values())
                .allSatisfy(value -> assertThat(value).isGreaterThan(4.9));
    }

    @Test
    void addPeriodRecreatesAListThatAFileSetToNull() {
        TestResult result = new TestResult();
        result.endToEndLatencyMin = null;

        ResultFiller.addPeriod(result, LatencyMetric.END_TO_END_LATENCY, nanosHistogram(1_000_000));

        assertThat(result.endToEndLatencyMin).hasSize(1);
    }

    private static Object field(TestResult result, String name) throws Exception {
        return TestResult.class.getField(name).get(result);
    }
}
