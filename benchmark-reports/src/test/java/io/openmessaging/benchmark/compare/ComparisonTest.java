package io.openmessaging.benchmark.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.compare.Comparison.Figure;
import io.openmessaging.benchmark.compare.Comparison.Verdict;
import io.openmessaging.benchmark.report.Metric;
import io.openmessaging.benchmark.report.ReportRun;
import io.openmessaging.benchmark.report.Stat;
import io.openmessaging.benchmark.result.TestResult;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Combining files by the median, changes, and verdicts, on results built in memory. */
class ComparisonTest {

    @Test
    void severalFilesOnASideAreCombinedByTheMedianOfEachFigure() {
        List<ReportRun> base = List.of(run(10.0, 1000.0), run(30.0, 900.0));
        List<ReportRun> candidate = List.of(run(10.0, 1000.0), run(20.0, 990.0), run(100.0, 10.0));

        Comparison comparison = Comparison.of(base, candidate, List.of());

        Figure p99 = figure(comparison, Metric.END_TO_END_LATENCY, Stat.P99);
        assertThat(p99.base().value()).hasValue(20.0);
        assertThat(p99.candidate().value()).hasValue(20.0);
        assertThat(p99.changePercent()).hasValue(0.0);
        Figure rate = figure(comparison, Metric.PUBLISH_RATE, Stat.AVG);
        assertThat(rate.base().value()).hasValue(950.0);
        assertThat(rate.candidate().value()).hasValue(990.0);
    }

    @Test
    void changesAreAbsoluteAndRelativeToTheBase() {
        Comparison comparison = Comparison.of(
                List.of(run(4.0, 1000.0)),
                List.of(run(5.0, 980.0)),
                List.of(Threshold.parse("endToEndLatency.p99=+20%"), Threshold.parse("publishRate.avg=-1%")));

        Figure p99 = figure(comparison, Metric.END_TO_END_LATENCY, Stat.P99);
        assertThat(p99.change()).hasValue(1.0);
        assertThat(p99.changePercent()).hasValue(25.0);
        assertThat(comparison.checks())
                .extracting(Comparison.Check::verdict)
                .containsExactly(Verdict.BROKEN, Verdict.BROKEN);
        assertThat(comparison.checks().get(0).explanation())
                .isEqualTo("endToEndLatency.p99 rose by 25.0%: more than the +20% allowed");
        assertThat(comparison.checks().get(1).explanation())
                .isEqualTo("publishRate.avg fell by 2.0%: more than the -1% allowed");
        assertThat(comparison.passed()).isFalse();
    }

    @Test
    void aFigureOneSideLacksIsNotCheckedAndFailsTheComparison() {
        TestResult withResponseTimes = result(4.0, 1000.0);
        withResponseTimes.aggregatedPublishResponseTime99pct = 3.0;

        Comparison comparison = Comparison.of(
                List.of(new ReportRun(Path.of("base.json"), "base", withResponseTimes)),
                List.of(run(4.0, 1000.0)),
                List.of(Threshold.parse("publishResponseTime.p99=+50%")));

        assertThat(comparison.checks().get(0).verdict()).isEqualTo(Verdict.NOT_CHECKED);
        assertThat(comparison.checks().get(0).explanation())
                .isEqualTo(
                        "publishResponseTime.p99 is in no candidate file, so publishResponseTime.p99=+50% cannot be checked");
        assertThat(comparison.passed()).isFalse();
        assertThat(comparison.incompleteMetrics())
                .extracting(coverage -> coverage.metric().key())
                .contains("publishResponseTime", "publishDelayLatency");
    }

    @Test
    void aBaseOfZeroGivesAnInfiniteChangeUnlessTheCandidateIsZeroToo() {
        Comparison comparison = Comparison.of(
                List.of(run(0.5, 0.0)), List.of(run(0.5, 5.0)), List.of(Threshold.parse("publishRate.max=+10%")));

        assertThat(figure(comparison, Metric.PUBLISH_RATE, Stat.MAX).changePercent())
                .hasValue(Double.POSITIVE_INFINITY);
        assertThat(comparison.checks().get(0).verdict()).isEqualTo(Verdict.BROKEN);
        assertThat(Comparison.median(new double[] {0.0, 0.0})).hasValue(0.0);
    }

    private static Figure figure(Comparison comparison, Metric metric, Stat stat) {
        return comparison.figures().stream()
                .filter(f -> f.metric() == metric && f.stat() == stat)
                .findFirst()
                .orElseThrow();
    }

    private static ReportRun run(double endToEndP99, double publishRate) {
        return new ReportRun(Path.of("r.json"), "r", result(endToEndP99, publishRate));
    }

    private static TestResult result(double endToEndP99, double publishRate) {
        TestResult result = new TestResult();
        result.aggregatedEndToEndLatency99pct = endToEndP99;
        result.publishRate.add(publishRate);
        return result;
    }
}
