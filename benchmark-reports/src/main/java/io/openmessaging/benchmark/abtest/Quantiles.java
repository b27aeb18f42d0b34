package io.openmessaging.benchmark.abtest;

import java.util.Arrays;

/**
 * Quantiles of a handful of values: linear interpolation between the two nearest order statistics (R's
 * default, type 7), so the median of an even count is the mean of the middle two.
 */
final class Quantiles {

    private Quantiles() {}

    /** The median of {@code values} (not changed); NaN when empty. */
    static double median(double[] values) {
        return quantile(values, 0.5);
    }

    /** The {@code probability} quantile (0 to 1) of {@code values} (not changed); NaN when empty. */
    static double quantile(double[] values, double probability) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sortedQuantile(sorted, probability);
    }

    /** As {@link #quantile}, for values already sorted in ascending order. */
    static double sortedQuantile(double[] sorted, double probability) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        double position = probability * (sorted.length - 1);
        int below = (int) Math.floor(position);
        int above = Math.min(below + 1, sorted.length - 1);
        double fraction = position - below;
        if (fraction == 0) {
            return sorted[below];
        }
        return sorted[below] + fraction * (sorted[above] - sorted[below]);
    }
}
