package io.openmessaging.benchmark.abtest;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Optional;

/**
 * The outcome of an A/B comparison, as {@code bin/regression --compare} writes it to
 * {@value AbVerdictsFiles#FILE_NAME} and the HTML report reads it. Layout and meaning: {@code
 * docs/regression.md}.
 *
 * @param abTestSchemaVersion {@value #SCHEMA_VERSION}; first, so that the file is told apart from results
 * @param a side A, the reference
 * @param b side B, compared against A
 * @param method how the runs were summarised and tested
 * @param figures one per {@link AbFigure}, in its order
 * @param thresholds the gate: one per {@code --threshold}, in the order given
 * @param problems why the comparison fails (a run that failed, a side with too few runs, a broken
 *     threshold), one sentence each
 * @param passed whether {@code problems} is empty
 */
@JsonPropertyOrder({"abTestSchemaVersion", "a", "b", "method", "figures", "thresholds", "problems", "passed"})
public record AbVerdicts(
        int abTestSchemaVersion,
        Side a,
        Side b,
        Method method,
        List<FigureVerdict> figures,
        List<GateCheck> thresholds,
        List<String> problems,
        boolean passed) {

    public static final int SCHEMA_VERSION = 1;

    /**
     * One side.
     *
     * @param label what the side ran, e.g. the broker version {@code 3.9.1}
     * @param runsUsed how many of its runs were analysed
     * @param runs every run found, in order
     */
    @JsonPropertyOrder({"label", "runsUsed", "runs"})
    public record Side(String label, int runsUsed, List<Run> runs) {}

    /**
     * One run of a side.
     *
     * @param file its result file (or its directory when it has none), relative to the directory analysed
     * @param excludedBecause why it was left out (failed, incomplete, no result file); {@code null} when used
     */
    @JsonPropertyOrder({"file", "excludedBecause"})
    public record Run(String file, String excludedBecause) {}

    /**
     * The method, so that a reader of the file knows what the numbers mean.
     *
     * @param runValue how one run's value of a figure is taken from its periods
     * @param test the significance test
     * @param interval the confidence interval of the ratio
     * @param rule when a difference is called significant
     * @param alpha the test's significance level
     * @param confidence the interval's coverage, 1 − alpha
     * @param bootstrapResamples resamples of the interval
     * @param bootstrapSeed the resampling generator's seed
     * @param smallestPossiblePValue the smallest p-value the two sides' run counts allow; when it is not below
     *     {@code alpha}, no verdict can be significant
     */
    @JsonPropertyOrder({
        "runValue",
        "test",
        "interval",
        "rule",
        "alpha",
        "confidence",
        "bootstrapResamples",
        "bootstrapSeed",
        "smallestPossiblePValue"
    })
    public record Method(
            String runValue,
            String test,
            String interval,
            String rule,
            double alpha,
            double confidence,
            int bootstrapResamples,
            long bootstrapSeed,
            double smallestPossiblePValue) {}

    /**
     * One side's runs of one figure.
     *
     * @param runs how many runs hold the figure
     * @param median the median of the run values
     * @param q1 their first quartile
     * @param q3 their third quartile
     * @param min the smallest run value
     * @param max the largest run value
     * @param runValues each run's value, in run order
     */
    @JsonPropertyOrder({"runs", "median", "q1", "q3", "min", "max", "runValues"})
    public record SideFigure(
            int runs, Double median, Double q1, Double q3, Double min, Double max, List<Double> runValues) {}

    /**
     * The verdict on one figure.
     *
     * @param figure e.g. {@code endToEndResponseTime.p99}
     * @param unit {@code ms} or {@code msg/s}
     * @param better {@code lower} for latencies, {@code higher} for rates
     * @param a side A
     * @param b side B
     * @param ratio median(B) / median(A); {@code null} when not compared
     * @param ratioLow the interval's lower end
     * @param ratioHigh the interval's upper end
     * @param mannWhitneyU U of side A (pairs where A's run value is the larger, ties one half)
     * @param pValue the test's two-sided p-value
     * @param pValueMethod {@code exact} or the normal approximation
     * @param verdict the verdict
     * @param why one sentence: what decided the verdict
     */
    @JsonPropertyOrder({
        "figure",
        "unit",
        "better",
        "a",
        "b",
        "ratio",
        "ratioLow",
        "ratioHigh",
        "mannWhitneyU",
        "pValue",
        "pValueMethod",
        "verdict",
        "why"
    })
    public record FigureVerdict(
            String figure,
            String unit,
            String better,
            SideFigure a,
            SideFigure b,
            Double ratio,
            Double ratioLow,
            Double ratioHigh,
            Double mannWhitneyU,
            Double pValue,
            String pValueMethod,
            AbVerdict verdict,
            String why) {

        /** The change of B's median from A's, in %: (ratio − 1) × 100; empty when not compared. */
        public Optional<Double> changePercent() {
            return ratio == null || ratio.isInfinite() ? Optional.empty() : Optional.of((ratio - 1.0) * 100.0);
        }
    }

    /**
     * One threshold of the gate.
     *
     * @param threshold as written, e.g. {@code endToEndResponseTime.p99=+10%}
     * @param figure the figure it looks at
     * @param allowedChangePercent the limit, signed: {@code +10}
     * @param changePercent the change of B's median from A's, in %; {@code null} when not compared
     * @param verdict {@code met}, {@code broken} (significant and beyond the limit) or {@code not-checked}
     * @param explanation one sentence
     */
    @JsonPropertyOrder({"threshold", "figure", "allowedChangePercent", "changePercent", "verdict", "explanation"})
    public record GateCheck(
            String threshold,
            String figure,
            double allowedChangePercent,
            Double changePercent,
            String verdict,
            String explanation) {}

    /** The verdict on {@code figure}. */
    public Optional<FigureVerdict> figure(AbFigure figure) {
        return figures.stream().filter(f -> f.figure().equals(figure.key())).findFirst();
    }

    /** This comparison with the gate's checks, and their failures added to the problems. */
    public AbVerdicts withGate(List<GateCheck> checks) {
        List<String> allProblems = new java.util.ArrayList<>(problems);
        checks.stream()
                .filter(check -> !check.verdict().equals("met"))
                .forEach(check -> allProblems.add(check.explanation()));
        return new AbVerdicts(
                abTestSchemaVersion,
                a,
                b,
                method,
                figures,
                List.copyOf(checks),
                List.copyOf(allProblems),
                allProblems.isEmpty());
    }
}
