package io.openmessaging.benchmark.abtest;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.abtest.AbVerdicts.FigureVerdict;
import io.openmessaging.benchmark.result.TestResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Verdicts on synthetic runs whose per-period figures are drawn with run-to-run noise (see {@link
 * AbFixtures}): two samples of one distribution give no difference, a shift well beyond the spread gives
 * slower or faster, and the runs, not their periods, are the samples.
 */
class AbAnalysisTest {

    private static final int RUNS = 6;
    private final AbAnalysis analysis = new AbAnalysis();

    private AbVerdicts compare(long seed, double latencyFactorB, double rateFactorB) {
        Random random = new Random(seed);
        return analysis.compare(
                "3.9.1",
                AbFixtures.runs("A", RUNS, random, 1.0, 1.0),
                "4.4.0",
                AbFixtures.runs("B", RUNS, random, latencyFactorB, rateFactorB));
    }

    private static FigureVerdict e2eP99(AbVerdicts verdicts) {
        return verdicts.figure(AbFigure.END_TO_END_RESPONSE_TIME_P99).orElseThrow();
    }

    @Test
    void twoSamplesOfOneDistributionShowNoDifferenceForAnyFigure() {
        List<String> differences = new ArrayList<>();
        for (long seed = 1; seed <= 20; seed++) {
            AbVerdicts verdicts = compare(seed, 1.0, 1.0);
            for (FigureVerdict figure : verdicts.figures()) {
                if (figure.verdict() != AbVerdict.NO_DIFFERENCE) {
                    differences.add("seed " + seed + ": " + figure.figure() + " "
                            + figure.verdict().label() + " (" + figure.why() + ")");
                }
            }
            assertThat(verdicts.passed()).isTrue();
        }
        assertThat(differences).isEmpty();
    }

    @Test
    void theVerdictFlipsFromNoDifferenceToSlowerWhenBsLatencyShiftsBeyondTheSpread() {
        for (long seed = 1; seed <= 5; seed++) {
            FigureVerdict within = e2eP99(compare(seed, 1.0, 1.0));
            FigureVerdict beyond = e2eP99(compare(seed, 4.0, 1.0));

            assertThat(within.verdict()).as("seed %d, unshifted", seed).isEqualTo(AbVerdict.NO_DIFFERENCE);
            assertThat(beyond.verdict())
                    .as("seed %d, ×4: %s", seed, beyond.why())
                    .isEqualTo(AbVerdict.SLOWER);
            assertThat(beyond.ratio()).isGreaterThan(2.0);
            assertThat(beyond.ratioLow()).isGreaterThan(1.0);
            assertThat(beyond.pValue()).isLessThan(0.01);
            assertThat(beyond.b().median()).isGreaterThan(beyond.a().max());
        }
    }

    @Test
    void aLatencyShiftTheOtherWayIsFaster() {
        for (long seed = 1; seed <= 5; seed++) {
            AbVerdicts verdicts = compare(seed, 0.25, 1.0);

            assertThat(e2eP99(verdicts).verdict()).as("seed %d", seed).isEqualTo(AbVerdict.FASTER);
            assertThat(verdicts.figure(AbFigure.PUBLISH_RESPONSE_TIME_P50)
                            .orElseThrow()
                            .verdict())
                    .isEqualTo(AbVerdict.FASTER);
            assertThat(e2eP99(verdicts).ratioHigh()).isLessThan(1.0);
        }
    }

    @Test
    void forRatesHigherIsFasterAndLowerIsSlower() {
        FigureVerdict lower = compare(7, 1.0, 0.9).figure(AbFigure.PUBLISH_RATE).orElseThrow();
        FigureVerdict higher =
                compare(7, 1.0, 1.1).figure(AbFigure.PUBLISH_RATE).orElseThrow();

        assertThat(lower.verdict()).isEqualTo(AbVerdict.SLOWER);
        assertThat(lower.better()).isEqualTo("higher");
        assertThat(higher.verdict()).isEqualTo(AbVerdict.FASTER);
    }

    @Test
    void periodsArePooledNeverSoOneRunPerSideCannotGiveAVerdict() {
        // one run a side holds 20 periods each, clearly apart; periods are not independent samples
        Random random = new Random(3);
        AbVerdicts verdicts = analysis.compare(
                "a", AbFixtures.runs("A", 1, random, 1.0, 1.0), "b", AbFixtures.runs("B", 1, random, 4.0, 1.0));

        assertThat(e2eP99(verdicts).verdict()).isEqualTo(AbVerdict.NOT_COMPARED);
        assertThat(e2eP99(verdicts).why()).isEqualTo("fewer than 2 runs hold it (A 1, B 1)");
        assertThat(verdicts.passed()).isFalse();
        assertThat(verdicts.problems())
                .containsExactly(
                        "too few runs to compare: 1 usable run(s) of A and 1 of B; each side needs at least 2");
    }

    @Test
    void aRunsValueIsTheMedianOfItsPeriodsWithEmptyLatencyPeriodsSkipped() {
        TestResult result = new TestResult();
        result.endToEndResponseTime99pct.addAll(List.of(0.0, 5.0, 1.0, 9.0, 0.0, 3.0));
        result.publishRate.addAll(List.of(0.0, 2000.0, 2000.0));

        assertThat(AbFigure.END_TO_END_RESPONSE_TIME_P99.runValue(result)).hasValue(4.0);
        assertThat(AbFigure.PUBLISH_RATE.runValue(result)).hasValue(2000.0);
        assertThat(AbFigure.PUBLISH_RESPONSE_TIME_P99.runValue(result)).isEmpty();
    }

    @Test
    void withTooFewRunsTheSmallestPossiblePValueIsReportedAndNothingIsSignificant() {
        Random random = new Random(11);
        AbVerdicts verdicts = analysis.compare(
                "a", AbFixtures.runs("A", 3, random, 1.0, 1.0), "b", AbFixtures.runs("B", 3, random, 10.0, 1.0));

        assertThat(verdicts.method().smallestPossiblePValue())
                .isEqualTo(0.1, org.assertj.core.api.Assertions.within(1e-12));
        assertThat(e2eP99(verdicts).verdict()).isEqualTo(AbVerdict.NO_DIFFERENCE);
        assertThat(e2eP99(verdicts).why()).isEqualTo("p 0.1 ≥ 0.01 but the interval excludes 1");
    }

    @Test
    void excludedRunsAreProblemsAndLeftOut() {
        Random random = new Random(5);
        List<AbRun> runsB = new ArrayList<>(AbFixtures.runs("B", RUNS, random, 1.0, 1.0));
        runsB.add(AbRun.excluded("B/run-7", "bin/benchmark exited with 1"));

        AbVerdicts verdicts = analysis.compare("a", AbFixtures.runs("A", RUNS, random, 1.0, 1.0), "b", runsB);

        assertThat(verdicts.b().runsUsed()).isEqualTo(RUNS);
        assertThat(e2eP99(verdicts).b().runs()).isEqualTo(RUNS);
        assertThat(verdicts.problems()).containsExactly("run B/run-7 of B (b) left out: bin/benchmark exited with 1");
        assertThat(verdicts.passed()).isFalse();
    }

    @Test
    void theBootstrapIntervalIsTheSameForTheSameRuns() {
        assertThat(e2eP99(compare(9, 2.0, 1.0))).isEqualTo(e2eP99(compare(9, 2.0, 1.0)));
    }
}
