package io.openmessaging.benchmark.bench.floor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RepeatRatiosTest {

    @Test
    void coverageIsOneLessTwiceTheBinomialTailBelowK() {
        assertThat(RepeatRatios.coverage(3, 1)).isCloseTo(0.75, within(1e-12)); // 1 - 2/8
        assertThat(RepeatRatios.coverage(4, 1)).isCloseTo(0.875, within(1e-12)); // 1 - 2/16
        assertThat(RepeatRatios.coverage(5, 1)).isCloseTo(0.9375, within(1e-12)); // 1 - 2/32
        assertThat(RepeatRatios.coverage(9, 2)).isCloseTo(1 - 2 * 10.0 / 512, within(1e-12)); // (1 + 9) / 2^9
        assertThat(RepeatRatios.coverage(17, 5)).isCloseTo(1 - 2 * 3214.0 / 131072, within(1e-12)); // 1+17+136+680+2380
        // large n: no underflow to 0 / 0
        assertThat(RepeatRatios.coverage(5000, 1)).isEqualTo(1.0);
        assertThat(RepeatRatios.coverage(5000, 2400)).isBetween(0.99, 1.0);
    }

    @Test
    void threeRepeatsGiveTheirLowestAndHighestWithThreeQuartersConfidence() {
        RepeatRatios ratios = RepeatRatios.of(List.of(1.129, 0.975, 1.042));

        assertThat(ratios.median()).isEqualTo(1.042);
        assertThat(ratios.low()).isEqualTo(0.975);
        assertThat(ratios.high()).isEqualTo(1.129);
        assertThat(ratios.confidence()).isEqualTo(0.75);
        assertThat(ratios.describe())
                .isEqualTo("0.975, 1.042, 1.129 (3 repeats): median 1.04×, between 0.975× and 1.129× with 75 %"
                        + " confidence");
    }

    @Test
    void moreRepeatsNarrowTheIntervalAsFarAsNinetyPercentAllows() {
        List<Double> values = new ArrayList<>();
        for (int i = 1; i <= 17; i++) {
            values.add(1 + i / 100.0); // 1.01 .. 1.17
        }

        RepeatRatios ratios = RepeatRatios.of(values);

        // k = 5 holds with 95 %, k = 6 with 86 %: the 5th lowest and the 5th highest
        assertThat(RepeatRatios.coverage(17, 6)).isLessThan(RepeatRatios.CONFIDENCE);
        assertThat(ratios.low()).isCloseTo(1.05, within(1e-12));
        assertThat(ratios.high()).isCloseTo(1.13, within(1e-12));
        assertThat(ratios.confidence()).isCloseTo(0.951, within(0.001));
        assertThat(ratios.median()).isCloseTo(1.09, within(1e-12));
    }

    @Test
    void anEvenCountTakesTheMeanOfTheMiddleTwoAndUnknownRatiosAreLeftOut() {
        RepeatRatios ratios = RepeatRatios.of(List.of(1.0, Double.NaN, 1.2, Double.POSITIVE_INFINITY, 1.1, 0.9));

        assertThat(ratios.sortedRatios()).containsExactly(0.9, 1.0, 1.1, 1.2);
        assertThat(ratios.median()).isCloseTo(1.05, within(1e-12));
        assertThat(ratios.confidence()).isEqualTo(0.875);
    }

    @Test
    void noneOrOneRepeatSaysSoInsteadOfAnInterval() {
        assertThat(RepeatRatios.of(List.of()).describe()).isEqualTo("no repeat has figures of both runs");
        assertThat(RepeatRatios.of(List.of(1.149)).describe())
                .isEqualTo("1.149 (1 repeat): median 1.15×, no interval from one repeat");
    }

    /**
     * The stated confidence is what the intervals deliver, for a skewed distribution too: 20,000 draws of
     * 9 ratios from 1 + an exponential variable (median 1 + ln 2) hold that median in about 96 % of them.
     */
    @Test
    void theIntervalsHoldTheMedianAsOftenAsTheyClaim() {
        SplittableRandom random = new SplittableRandom(25);
        double trueMedian = 1 + Math.log(2);
        int trials = 20_000;
        int held = 0;
        double claimed = Double.NaN;
        for (int trial = 0; trial < trials; trial++) {
            List<Double> values = new ArrayList<>();
            for (int i = 0; i < 9; i++) {
                values.add(1 - Math.log(1 - random.nextDouble()));
            }
            RepeatRatios ratios = RepeatRatios.of(values);
            claimed = ratios.confidence();
            if (ratios.low() <= trueMedian && trueMedian <= ratios.high()) {
                held++;
            }
        }

        assertThat(claimed).isCloseTo(1 - 2 * 10.0 / 512, within(1e-12));
        assertThat((double) held / trials).isCloseTo(claimed, within(0.01));
    }
}
