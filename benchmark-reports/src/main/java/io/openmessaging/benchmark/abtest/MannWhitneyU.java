package io.openmessaging.benchmark.abtest;

import java.util.stream.IntStream;
import org.apache.commons.statistics.inference.AlternativeHypothesis;
import org.apache.commons.statistics.inference.ContinuityCorrection;
import org.apache.commons.statistics.inference.MannWhitneyUTest;
import org.apache.commons.statistics.inference.PValueMethod;

/**
 * The Mann–Whitney U test (Wilcoxon rank-sum test), two-sided: do two independent samples come from one
 * distribution, against the alternative that one tends to give larger values than the other? Computed by
 * Apache Commons Statistics ({@link MannWhitneyUTest}); this class only chooses its options and says which
 * method gave the p-value.
 *
 * <p>{@code U} is that of the first sample: the number of pairs (a, b) with a &gt; b, ties counting one
 * half (R's {@code wilcox.test} calls it {@code W}). Without ties and with at most
 * {@value #EXACT_UP_TO_VALUES} values in all, the p-value is <b>exact</b>: the share of the
 * C(n<sub>a</sub>+n<sub>b</sub>, n<sub>a</sub>) equally likely rank assignments whose U lies at least as far
 * out, doubled (at most 1). With ties, or more values, it is the <b>normal approximation</b> with the tie
 * correction of the variance and a continuity correction of one half, as {@code wilcox.test} computes it.
 * (The library's own automatic choice would compute exactly up to 49 values <em>per sample</em>; the exact
 * method is asked for explicitly up to {@value #EXACT_UP_TO_VALUES} in all, which is what the A/B documents
 * promise.)
 *
 * <p>Assumptions: the values of each sample are independent of each other and of the other sample's; the
 * test then needs no assumption about the shape of the distribution.
 */
public final class MannWhitneyU {

    /** The largest n<sub>a</sub> + n<sub>b</sub> whose p-value is computed exactly (when there is no tie). */
    public static final int EXACT_UP_TO_VALUES = 50;

    private static final MannWhitneyUTest TWO_SIDED = MannWhitneyUTest.withDefaults()
            .with(AlternativeHypothesis.TWO_SIDED)
            .with(ContinuityCorrection.ENABLED);
    private static final MannWhitneyUTest EXACT = TWO_SIDED.with(PValueMethod.EXACT);
    private static final MannWhitneyUTest NORMAL_APPROXIMATION = TWO_SIDED.with(PValueMethod.ASYMPTOTIC);

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
        boolean exactAsked = first.length + second.length <= EXACT_UP_TO_VALUES;
        MannWhitneyUTest.Result result = (exactAsked ? EXACT : NORMAL_APPROXIMATION).test(first, second);
        // the library falls back to the normal approximation when there are ties
        Method method = exactAsked && !result.hasTiedValues() ? Method.EXACT : Method.NORMAL_APPROXIMATION;
        // every value equal: the approximation's variance is 0 and the library's p is 0/0; nothing differs
        double pValue = Double.isNaN(result.getPValue()) ? 1.0 : result.getPValue();
        return new Result(result.getStatistic(), pValue, method);
    }

    /**
     * The smallest two-sided p-value samples of these sizes can give: that of complete separation, all of one
     * below all of the other, no tie (2 / C(n<sub>a</sub>+n<sub>b</sub>, n<sub>a</sub>) where it is exact). No
     * difference between fewer runs can be significant at a level below it.
     */
    public static double smallestPValue(int na, int nb) {
        double[] low = IntStream.range(0, na).asDoubleStream().toArray();
        double[] high = IntStream.range(na, na + nb).asDoubleStream().toArray();
        return test(low, high).pValue();
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
