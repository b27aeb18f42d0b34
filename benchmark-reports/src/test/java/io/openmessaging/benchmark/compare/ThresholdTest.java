package io.openmessaging.benchmark.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.report.Metric;
import io.openmessaging.benchmark.report.Stat;
import org.junit.jupiter.api.Test;

/** Threshold syntax {@code <metric>.<stat>=<sign><percent>%} and what breaks one. */
class ThresholdTest {

    @Test
    void aPlusThresholdLimitsHowMuchTheFigureMayRise() {
        Threshold threshold = Threshold.parse("endToEndLatency.p99=+10%");

        assertThat(threshold.metric()).isEqualTo(Metric.END_TO_END_LATENCY);
        assertThat(threshold.stat()).isEqualTo(Stat.P99);
        assertThat(threshold.signedPercent()).isEqualTo(10.0);
        assertThat(threshold.limit()).isEqualTo("+10%");
        assertThat(threshold.isBrokenBy(10.0)).isFalse();
        assertThat(threshold.isBrokenBy(10.01)).isTrue();
        assertThat(threshold.isBrokenBy(-50.0)).isFalse();
    }

    @Test
    void aMinusThresholdLimitsHowMuchTheFigureMayFall() {
        Threshold threshold = Threshold.parse("publishRate.avg=-2.5%");

        assertThat(threshold.metric()).isEqualTo(Metric.PUBLISH_RATE);
        assertThat(threshold.stat()).isEqualTo(Stat.AVG);
        assertThat(threshold.signedPercent()).isEqualTo(-2.5);
        assertThat(threshold.isBrokenBy(-2.5)).isFalse();
        assertThat(threshold.isBrokenBy(-2.6)).isTrue();
        assertThat(threshold.isBrokenBy(30.0)).isFalse();
    }

    @Test
    void zeroPercentAllowsNoChangeInItsDirection() {
        assertThat(Threshold.parse("publishLatency.max=+0%").isBrokenBy(0.001)).isTrue();
        assertThat(Threshold.parse("publishLatency.max=+0%").isBrokenBy(0.0)).isFalse();
        assertThat(Threshold.parse("consumeRate.p50=-0%").isBrokenBy(-0.001)).isTrue();
    }

    @Test
    void everyMetricAndStatOfTheIssueParses() {
        for (String metric : Metric.keys()) {
            for (String stat : Stat.keys()) {
                assertThat(Threshold.parse(metric + "." + stat + "=+1%").figure())
                        .isEqualTo(metric + "." + stat);
            }
        }
    }

    @Test
    void aMissingSignIsRejectedWithBothMeanings() {
        assertThatThrownBy(() -> Threshold.parse("endToEndLatency.p99=10%"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("threshold 'endToEndLatency.p99=10%'")
                .hasMessageContaining("+10% fails when the candidate is more than 10% higher")
                .hasMessageContaining("-10% when it is more than 10% lower");
    }

    @Test
    void unknownMetricsAndStatsAreNamedWithSuggestionsAndTheValidNames() {
        assertThatThrownBy(() -> Threshold.parse("endToEndLatancy.p99=+10%"))
                .hasMessageContaining("unknown metric 'endToEndLatancy' (did you mean 'endToEndLatency'?)")
                .hasMessageContaining("publishResponseTime, publishLatency");
        assertThatThrownBy(() -> Threshold.parse("endToEndLatency.p99.9=+10%"))
                .hasMessageContaining("unknown stat 'p99.9'")
                .hasMessageContaining("avg, p50, p75, p95, p99, p999, p9999, max");
    }

    @Test
    void otherSyntaxErrorsShowTheForm() {
        assertThatThrownBy(() -> Threshold.parse("endToEndLatency.p99"))
                .hasMessageContaining("<metric>.<stat>=<+|-><percent>%");
        assertThatThrownBy(() -> Threshold.parse("endToEndLatency=+10%"))
                .hasMessageContaining("<metric>.<stat>=<+|-><percent>%");
        assertThatThrownBy(() -> Threshold.parse("endToEndLatency.p99=+10ms")).hasMessageContaining("must end in '%'");
        assertThatThrownBy(() -> Threshold.parse("endToEndLatency.p99=+%"))
                .hasMessageContaining("percentage with a sign");
    }
}
