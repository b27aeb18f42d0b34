package io.openmessaging.benchmark.bench.floor;

import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;

/**
 * The ratios of one figure between two programs, one per repeat (each repeat's own pair), with their median
 * and an interval that holds the true median with a known confidence. The interval is made of two of the
 * ratios themselves, the k-th lowest and the k-th highest, and holds the median of whatever distribution
 * the ratios come from with probability {@code 1 - 2 P(B <= k - 1)}, B binomial(n, 1/2): no assumption
 * about how the runs vary, which on a shared machine is anything but normal. It takes the narrowest such
 * interval of at least {@link #CONFIDENCE}; with too few repeats for that (4 or fewer) it is the lowest
 * and highest ratio and says how much less it holds (3 repeats: 75 %).
 *
 * <p>So the table says what its repeats can tell apart: 3 repeats whose ratios spread over 0.97–1.13 leave
 * the median anywhere in that range, and a bar of 1.05× inside it is neither met nor missed.
 */
record RepeatRatios(double[] sortedRatios, double median, double low, double high, double confidence) {

    /** The confidence the interval is chosen for, when the repeats allow it. */
    static final double CONFIDENCE = 0.90;

    /** The ratios of {@code ratios} that are numbers, sorted, with their median and interval. */
    static RepeatRatios of(List<Double> ratios) {
        double[] sorted = ratios.stream()
                .mapToDouble(Double::doubleValue)
                .filter(value -> !Double.isNaN(value) && !Double.isInfinite(value))
                .sorted()
                .toArray();
        int n = sorted.length;
        if (n == 0) {
            return new RepeatRatios(sorted, Double.NaN, Double.NaN, Double.NaN, 0);
        }
        int middle = n / 2;
        double median = n % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
        int k = 1;
        while (k + 1 <= (n + 1) / 2 && coverage(n, k + 1) >= CONFIDENCE) {
            k++;
        }
        return new RepeatRatios(sorted, median, sorted[k - 1], sorted[n - k], coverage(n, k));
    }

    /**
     * The probability that the k-th lowest and the k-th highest of n values drawn from one distribution
     * enclose its median: {@code 1 - 2 P(B <= k - 1)}, B binomial(n, 1/2). Summed in logarithms, so that it
     * holds for any n.
     */
    static double coverage(int n, int k) {
        double logHalfToN = n * Math.log(0.5);
        double logChoose = 0; // log C(n, 0)
        double tail = 0;
        for (int i = 0; i < k; i++) {
            if (i > 0) {
                logChoose += Math.log(n - i + 1) - Math.log(i);
            }
            tail += Math.exp(logChoose + logHalfToN);
        }
        return Math.max(0, 1 - 2 * tail);
    }

    int count() {
        return sortedRatios.length;
    }

    /**
     * One line: the ratios in order, their median and its interval, e.g. {@code 0.975, 1.043, 1.129 (3
     * repeats): median 1.04×, between 0.975× and 1.129× with 75 % confidence}.
     */
    String describe() {
        int n = count();
        if (n == 0) {
            return "no repeat has figures of both runs";
        }
        StringJoiner values = new StringJoiner(", ");
        for (double ratio : sortedRatios) {
            values.add(String.format(Locale.ROOT, "%.3f", ratio));
        }
        String head =
                String.format(Locale.ROOT, "%s (%d repeat%s): median %.2f×", values, n, n == 1 ? "" : "s", median);
        if (n == 1) {
            return head + ", no interval from one repeat";
        }
        return head
                + String.format(
                        Locale.ROOT,
                        ", between %.3f× and %.3f× with %.0f %% confidence",
                        low,
                        high,
                        Math.floor(confidence * 100));
    }
}
