package io.openmessaging.benchmark.result;

import static io.openmessaging.benchmark.result.SampleResults.nanosHistogram;
import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.measure.LatencyMetric;
import io.openmessaging.benchmark.measure.LatencyUnit;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A period or run without values writes zeros, as upstream does, and never NaN. */
class EmptyHistogramTest {

    @Test
    void everyStatisticOfAnEmptyHistogramIsZero() {
        LatencyStats stats = LatencyStats.of(nanosHistogram());

        assertThat(stats.count()).isZero();
        for (LatencyStatistic statistic : LatencyStatistic.values()) {
            assertThat(stats.value(statistic, LatencyUnit.MILLISECONDS).doubleValue())
                    .as(statistic.name())
                    .isZero();
            assertThat(stats.value(statistic, LatencyUnit.MICROSECONDS).doubleValue())
                    .as(statistic.name())
                    .isZero();
        }
        assertThat(LatencyStats.quantilesMillis(nanosHistogram())).isEmpty();
        assertThat(LatencyStats.quantilesMicros(nanosHistogram())).isEmpty();
    }

    @Test
    void resultOfEmptyHistogramsIsWrittenWithZerosAndNoNaN(@TempDir Path directory) throws Exception {
        TestResult result = new TestResult();
        for (LatencyMetric metric : LatencyMetric.values()) {
            ResultFiller.addPeriod(result, metric, nanosHistogram());
            ResultFiller.setAggregate(result, metric, nanosHistogram());
        }

        Path file = ResultFiles.write(result, directory, "idle", "Kafka", SampleResults.START);
        String json = Files.readString(file);

        assertThat(json).doesNotContain("NaN").doesNotContain("Infinity");
        assertThat(result.publishResponseTimeAvg).containsExactly(0.0);
        assertThat(result.publishDelayLatency99pct).containsExactly(0L);
        assertThat(result.aggregatedEndToEndLatencyMax).isZero();
        assertThat(result.aggregatedPublishDelayLatencyAvg).isZero();
        assertThat(result.aggregatedEndToEndResponseTimeQuantiles).isEmpty();
    }
}
