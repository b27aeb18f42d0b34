package io.openmessaging.benchmark.abtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The test against published values (Hollander &amp; Wolfe's exact example, R's documented tied example) and
 * against small examples worked out by hand below, and the choice of method the A/B documents promise.
 */
class MannWhitneyUTest {

    @Test
    void exactPValueMatchesHollanderAndWolfesPermeabilityExample() {
        // Hollander & Wolfe (1973), p. 69: permeability constants of the human chorioamnion, at term (x) and
        // at 12-26 weeks (y). R's wilcox.test(x, y, alternative = "greater") reports W = 35, p-value = 0.1272;
        // the two-sided p is twice that.
        double[] atTerm = {0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46};
        double[] early = {1.15, 0.88, 0.90, 0.74, 1.21};

        MannWhitneyU.Result result = MannWhitneyU.test(atTerm, early);

        assertThat(result.method()).isEqualTo(MannWhitneyU.Method.EXACT);
        assertThat(result.u()).isEqualTo(35.0);
        assertThat(result.pValue()).isCloseTo(2 * 0.1272061, within(1e-6));
    }

    @Test
    void normalApproximationWithTiesMatchesRsAirqualityExample() {
        // R's ?wilcox.test: wilcox.test(Ozone ~ Month, data = airquality, subset = Month %in% c(5, 8))
        // gives W = 127.5, p-value = 0.0001208 (normal approximation, tie and continuity corrected).
        double[] may = {
            41, 36, 12, 18, 28, 23, 19, 8, 7, 16, 11, 14, 18, 14, 34, 6, 30, 11, 1, 11, 4, 32, 23, 45, 115, 37
        };
        double[] august = {
            39, 9, 16, 78, 35, 66, 122, 89, 110, 44, 28, 65, 22, 59, 23, 31, 44, 21, 9, 45, 168, 73, 76, 118, 84, 85
        };

        MannWhitneyU.Result result = MannWhitneyU.test(may, august);

        assertThat(result.method()).isEqualTo(MannWhitneyU.Method.NORMAL_APPROXIMATION);
        assertThat(result.u()).isEqualTo(127.5);
        assertThat(result.pValue()).isCloseTo(0.0001208, within(5e-8));
    }

    @Test
    void exactPValueMatchesAHandCountedExample() {
        // 4 against 6 values, no tie: only 4.0 > 3.1, so U = 1. Of the C(10, 4) = 210 equally likely rank
        // assignments, U <= 1 in 2 (U = 0 and U = 1), so the two-sided p is 2 * 2 / 210 = 0.0190476; R's
        // wilcox.test(c(1.1, 2.3, 2.9, 4.0), c(3.1, 4.4, 5.2, 5.9, 6.3, 7.0)) gives W = 1, p-value = 0.01905.
        double[] first = {1.1, 2.3, 2.9, 4.0};
        double[] second = {3.1, 4.4, 5.2, 5.9, 6.3, 7.0};

        MannWhitneyU.Result result = MannWhitneyU.test(first, second);

        assertThat(result.method()).isEqualTo(MannWhitneyU.Method.EXACT);
        assertThat(result.u()).isEqualTo(1.0);
        assertThat(result.pValue()).isCloseTo(4.0 / 210, within(1e-12));
    }

    @Test
    void tiedExampleMatchesTheCorrectedNormalApproximationWorkedByHand() {
        // Pooled ranks: 12 -> 1, 14 -> 2, the three 15s -> 4 each, 18 -> 6, 20 -> 7, 21 .. 27 -> 8 .. 11.
        // First sample: rank sum 1 + 4 + 4 + 6 + 7 = 22, U = 22 - 5 * 6 / 2 = 7 (mean 5 * 6 / 2 = 15).
        // Tie term: 3^3 - 3 = 24; variance = 5 * 6 / 12 * ((11 + 1) - 24 / (11 * 10)) = 29.454545.
        // z = (7 - 15 + 0.5) / sqrt(29.454545) = -1.3819270; two-sided p = 2 * Phi(-1.3819270) = 0.1669941,
        // what R's wilcox.test(c(12, 15, 15, 18, 20), c(14, 15, 21, 22, 25, 27)) computes (W = 7, with its
        // warning that ties rule out the exact p-value).
        double[] first = {12, 15, 15, 18, 20};
        double[] second = {14, 15, 21, 22, 25, 27};

        MannWhitneyU.Result result = MannWhitneyU.test(first, second);

        assertThat(result.method()).isEqualTo(MannWhitneyU.Method.NORMAL_APPROXIMATION);
        assertThat(result.u()).isEqualTo(7.0);
        assertThat(result.pValue()).isCloseTo(0.1669941, within(1e-7));
    }

    @Test
    void exactUpToFiftyValuesInAllThenTheNormalApproximation() {
        // 25 against 25, complete separation, no tie: exact, 2 / C(50, 25)
        MannWhitneyU.Result fifty = MannWhitneyU.test(values(0, 25), values(25, 50));
        assertThat(fifty.method()).isEqualTo(MannWhitneyU.Method.EXACT);
        assertThat(fifty.pValue()).isCloseTo(1.5821457e-14, within(1e-20));

        // 10 against 45, no tie: 55 values, so the normal approximation, although each sample has fewer than
        // 50 (the library's automatic choice would count per sample). U = 0, mean 225, variance
        // 10 * 45 / 12 * 56 = 2100, z = (0 - 225 + 0.5) / sqrt(2100) = -4.8989916, p = 9.632974e-7.
        MannWhitneyU.Result fiftyFive = MannWhitneyU.test(values(0, 10), values(10, 55));
        assertThat(fiftyFive.method()).isEqualTo(MannWhitneyU.Method.NORMAL_APPROXIMATION);
        assertThat(fiftyFive.u()).isZero();
        assertThat(fiftyFive.pValue()).isCloseTo(9.632974e-7, within(1e-12));
    }

    private static double[] values(int fromInclusive, int toExclusive) {
        return IntStream.range(fromInclusive, toExclusive).asDoubleStream().toArray();
    }

    @Test
    void completeSeparationOfFiveAgainstFiveGivesTheSmallestPossiblePValue() {
        double[] low = {1, 2, 3, 4, 5};
        double[] high = {6, 7, 8, 9, 10};

        MannWhitneyU.Result lowFirst = MannWhitneyU.test(low, high);
        MannWhitneyU.Result highFirst = MannWhitneyU.test(high, low);

        assertThat(lowFirst.u()).isZero();
        assertThat(highFirst.u()).isEqualTo(25.0);
        assertThat(lowFirst.pValue()).isCloseTo(2.0 / 252, within(1e-12));
        assertThat(highFirst.pValue()).isEqualTo(lowFirst.pValue());
        assertThat(MannWhitneyU.smallestPValue(5, 5)).isCloseTo(2.0 / 252, within(1e-12));
        assertThat(MannWhitneyU.smallestPValue(3, 3)).isCloseTo(0.1, within(1e-12));
    }

    @Test
    void identicalSamplesGivePOne() {
        assertThat(MannWhitneyU.test(new double[] {3, 3, 3}, new double[] {3, 3})
                        .pValue())
                .isEqualTo(1.0);
        assertThat(MannWhitneyU.test(new double[] {1, 4, 5}, new double[] {2, 3, 6})
                        .pValue())
                .isEqualTo(1.0);
    }

    @Test
    void refusesEmptyAndNonFiniteSamples() {
        assertThatThrownBy(() -> MannWhitneyU.test(new double[0], new double[] {1}))
                .hasMessage("the first sample is empty");
        assertThatThrownBy(() -> MannWhitneyU.test(new double[] {1}, new double[] {Double.NaN}))
                .hasMessage("the second sample holds NaN; values must be finite");
    }
}
