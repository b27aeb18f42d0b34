package io.openmessaging.benchmark.abtest;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A percentile bootstrap confidence interval of median(second) / median(first): each resample draws, with
 * replacement, as many values from each sample as it has (runs are resampled whole, never their periods),
 * and the interval holds the middle {@code confidence} of the resampled ratios. The generator is seeded, so
 * the same samples always give the same interval.
 *
 * <p>With a few values a side the percentile bootstrap is known to give intervals that are too narrow;
 * the A/B verdict therefore also asks the Mann–Whitney test ({@link AbAnalysis}).
 */
public final class BootstrapRatio {

    private BootstrapRatio() {}

    /**
     * @param low the lower end of the interval
     * @param high the upper end of the interval
     */
    public record Interval(double low, double high) {

        /** Whether the whole interval lies above 1 or below 1. */
        public boolean excludesOne() {
            return low > 1.0 || high < 1.0;
        }
    }

    /**
     * @param first the values of side A (the denominator)
     * @param second the values of side B (the numerator)
     * @param confidence the interval's coverage, above 0 and below 1 (e.g. 0.99)
     * @param resamples how many resamples, at least 100
     * @param seed the generator's seed
     */
    public static Interval ratioOfMedians(
            double[] first, double[] second, double confidence, int resamples, long seed) {
        if (first.length == 0 || second.length == 0) {
            throw new IllegalArgumentException("both samples need at least one value");
        }
        if (!(confidence > 0 && confidence < 1) || resamples < 100) {
            throw new IllegalArgumentException("confidence must lie between 0 and 1 and resamples be at least 100; got "
                    + confidence + " and " + resamples);
        }
        SplittableRandom random = new SplittableRandom(seed);
        double[] ratios = new double[resamples];
        double[] drawFirst = new double[first.length];
        double[] drawSecond = new double[second.length];
        for (int r = 0; r < resamples; r++) {
            draw(first, drawFirst, random);
            draw(second, drawSecond, random);
            ratios[r] = ratio(Quantiles.median(drawSecond), Quantiles.median(drawFirst));
        }
        Arrays.sort(ratios);
        double tail = (1 - confidence) / 2;
        return new Interval(Quantiles.sortedQuantile(ratios, tail), Quantiles.sortedQuantile(ratios, 1 - tail));
    }

    /** numerator / denominator; 1 when both are 0, +infinity when only the denominator is. */
    static double ratio(double numerator, double denominator) {
        if (denominator == 0) {
            return numerator == 0 ? 1.0 : Double.POSITIVE_INFINITY;
        }
        return numerator / denominator;
    }

    private static void draw(double[] from, double[] into, SplittableRandom random) {
        for (int i = 0; i < into.length; i++) {
            into[i] = from[random.nextInt(from.length)];
        }
    }
}
