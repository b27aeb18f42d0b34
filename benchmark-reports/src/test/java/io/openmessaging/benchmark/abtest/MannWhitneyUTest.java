package io.openmessaging.benchmark.abtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The test against published values: Hollander &amp; Wolfe's exact example and R's documented tied example. */
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
