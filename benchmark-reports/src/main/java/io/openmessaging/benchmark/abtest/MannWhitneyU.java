package io.openmessaging.benchmark.abtest;

import java.util.Arrays;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * The Mann–Whitney U test (Wilcoxon rank-sum test), two-sided: do two independent samples come from one
 * distribution, against the alternative that one tends to give larger values than the other?
 *
 * <p>{@code U} is that of the first sample: the number of pairs (a, b) with a &gt; b, ties counting one
 * half (R's {@code wilcox.test} calls it {@code W}). Without ties and with at most
 * {@value #EXACT_UP_TO_VALUES} values in all, the p-value is <b>exact</b>: the share of the
 * C(n<sub>a</sub>+n<sub>b</sub>, n<sub>a</sub>) equally likely rank assignments whose U lies at least as far
 * out, doubled (at most 1). With ties, or more values, it is the <b>normal approximation</b> with the tie
 * correction of the variance and a continuity correction of one half, as {@code wilcox.test} computes it.
 *
 * <p>Assumptions: the values of each sample are independent of each other and of the other sample's; the
 * test then needs no assumption about the shape of the distribution.
 */
public final class MannWhitneyU {

    /** The largest n<sub>a</sub> + n<sub>b</sub> whose p-value is computed exactly (when there is no tie). */
    public static final int EXACT_UP_TO_VALUES = 50;

    private static final NormalDistribution STANDARD_NORMAL = new NormalDistribution(null, 0, 1);

    private MannWhitneyU() {}

    /** How the p-value was computed. */
    public enum Method {
        EXACT("exact"),
        NORMAL_APPROXIMATION("normal approximation, tie and continuity corrected");

        private final String label;

        Method(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /**
     * @param u U of the first sample
     * @param pValue two-sided p-value
     * @param method how {@code pValue} was computed
     */
    public record Result(double u, double pValue, Method method) {}

    /**
     * Tests {@code first} against {@code second}.
     *
     * @throws IllegalArgumentException when a sample is empty or holds a value that is not finite
     */
    public static Result test(double[] first, double[] second) {
        check(first, "first");
        check(second, "second");
        int na = first.length;
        int nb = second.length;
        double[] pooled = new double[na + nb];
        System.arraycopy(first, 0, pooled, 0, na);
        System.arraycopy(second, 0, pooled, na, nb);
        double[] sorted = pooled.clone();
        Arrays.sort(sorted);
        double rankSumFirst = 0;
        for (double value : first) {
            rankSumFirst += midRank(sorted, value);
        }
        double u = rankSumFirst - na * (na + 1) / 2.0;
        double tieTerm = tieTerm(sorted);
        if (tieTerm == 0 && na + nb <= EXACT_UP_TO_VALUES) {
            return new Result(u, exactPValue((int) Math.round(u), na, nb), Method.EXACT);
        }
        return new Result(u, normalPValue(u, na, nb, tieTerm), Method.NORMAL_APPROXIMATION);
    }

    /**
     * The smallest two-sided p-value samples of these sizes can give (all of one below all of the other,
     * no tie): 2 / C(n<sub>a</sub>+n<sub>b</sub>, n<sub>a</sub>). No difference between fewer runs can be
     * significant at a level below it.
     */
    public static double smallestPValue(int na, int nb) {
        return Math.min(1.0, 2.0 / arrangements(na, nb));
    }

    private static double exactPValue(int u, int na, int nb) {
        double[] counts = countsOfU(na, nb);
        double total = arrangements(na, nb);
        double atMost = 0;
        for (int k = 0; k <= u; k++) {
            atMost += counts[k];
        }
        double atLeast = 0;
        for (int k = u; k < counts.length; k++) {
            atLeast += counts[k];
        }
        return Math.min(1.0, 2.0 * Math.min(atMost, atLeast) / total);
    }

    /**
     * counts[k] = how many of the C(na+nb, na) assignments of ranks to the first sample give U = k, by the
     * recurrence f(m, n, k) = f(m−1, n, k−n) + f(m, n−1, k) (the largest value belongs to the first sample,
     * beating all n of the second, or to the second, beating none of the first).
     */
    private static double[] countsOfU(int na, int nb) {
        // table[m][n] for the current pair, built up over m and n
        double[][][] table = new double[na + 1][nb + 1][];
        for (int m = 0; m <= na; m++) {
            for (int n = 0; n <= nb; n++) {
                double[] counts = new double[m * n + 1];
                if (m == 0 || n == 0) {
                    counts[0] = 1;
                } else {
                    double[] firstLargest = table[m - 1][n];
                    double[] secondLargest = table[m][n - 1];
                    for (int k = 0; k < counts.length; k++) {
                        double viaFirst = k - n >= 0 && k - n < firstLargest.length ? firstLargest[k - n] : 0;
                        double viaSecond = k < secondLargest.length ? secondLargest[k] : 0;
                        counts[k] = viaFirst + viaSecond;
                    }
                }
                table[m][n] = counts;
            }
        }
        return table[na][nb];
    }

    private static double normalPValue(double u, int na, int nb, double tieTerm) {
        double n = na + nb;
        double variance = na * (double) nb / 12.0 * ((n + 1) - tieTerm / (n * (n - 1)));
        double distance = u - na * (double) nb / 2.0;
        if (variance <= 0 || distance == 0) {
            return 1.0;
        }
        double z = (distance - Math.copySign(0.5, distance)) / Math.sqrt(variance);
        return Math.min(1.0, 2.0 * STANDARD_NORMAL.cumulativeProbability(-Math.abs(z)));
    }

    /** Σ (t³ − t) over the groups of t equal values. */
    private static double tieTerm(double[] sorted) {
        double term = 0;
        int start = 0;
        while (start < sorted.length) {
            int end = start;
            while (end + 1 < sorted.length && sorted[end + 1] == sorted[start]) {
                end++;
            }
            double t = end - start + 1;
            term += t * t * t - t;
            start = end + 1;
        }
        return term;
    }

    /** The average of the 1-based ranks {@code value} holds in {@code sorted}. */
    private static double midRank(double[] sorted, double value) {
        int low = 0;
        while (sorted[low] < value) {
            low++;
        }
        int high = low;
        while (high + 1 < sorted.length && sorted[high + 1] == value) {
            high++;
        }
        return (low + high) / 2.0 + 1;
    }

    private static double arrangements(int na, int nb) {
        double count = 1;
        for (int i = 1; i <= na; i++) {
            count = count * (nb + i) / i;
        }
        return count;
    }

    private static void check(double[] sample, String name) {
        if (sample.length == 0) {
            throw new IllegalArgumentException("the " + name + " sample is empty");
        }
        for (double value : sample) {
            if (!Double.isFinite(value)) {
                throw new IllegalArgumentException(
                        "the " + name + " sample holds " + value + "; values must be finite");
            }
        }
    }
}
