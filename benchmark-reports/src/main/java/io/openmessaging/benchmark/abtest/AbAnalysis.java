package io.openmessaging.benchmark.abtest;

import io.openmessaging.benchmark.abtest.AbVerdicts.FigureVerdict;
import io.openmessaging.benchmark.abtest.AbVerdicts.Method;
import io.openmessaging.benchmark.abtest.AbVerdicts.SideFigure;
import io.openmessaging.benchmark.result.TestResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalDouble;

/**
 * The A/B analysis: two sets of runs in, a verdict per {@link AbFigure} out.
 *
 * <p><b>The unit is the run, not the period.</b> Each run gives one value per figure, the median of its
 * per-period values ({@link AbFigure#runValue}); the sides are compared on these run values. Periods of one
 * run are not independent (a busy neighbour, a GC or a log roll spans several; a broker's state carries
 * over), and the noise between runs on a shared machine is far larger than within one, so pooling periods
 * would count 20 periods of one unlucky run as 20 independent witnesses and call noise a difference. Runs
 * with a fresh broker each, interleaved A B A B, are close to independent, and drifts of the machine's
 * load hit both sides alike.
 *
 * <p>A figure's verdict is significant only when two methods agree: the two-sided Mann–Whitney U test of
 * the run values gives p &lt; alpha ({@link MannWhitneyU}), and the percentile bootstrap interval of
 * median(B) / median(A) at 1 − alpha, resampling whole runs ({@link BootstrapRatio}), excludes 1. The test
 * guards against the bootstrap's too-narrow intervals at a few runs; the interval gives the size of the
 * change. A significant ratio above 1 is "slower" for a latency and "faster" for a rate.
 */
public final class AbAnalysis {

    /** Significance level of the test; the interval's coverage is 1 − alpha. */
    public static final double DEFAULT_ALPHA = 0.01;

    public static final int DEFAULT_BOOTSTRAP_RESAMPLES = 10_000;
    /** Fixed, so that the same runs give the same interval. */
    public static final long DEFAULT_BOOTSTRAP_SEED = 20_240_601L;

    static final String RUN_VALUE = "median over the run's measured periods of the per-period value (latency"
            + " periods without a message skipped); runs are the samples, periods are not pooled";
    static final String TEST = "Mann-Whitney U, two-sided, on the run values (exact without ties and up to "
            + MannWhitneyU.EXACT_UP_TO_VALUES + " runs in all, else normal approximation with tie and continuity"
            + " correction)";
    static final String INTERVAL = "percentile bootstrap of median(B) / median(A), resampling whole runs of each side";
    static final String RULE = "significant when p < alpha and the interval excludes 1; then a ratio above 1 is"
            + " slower for latencies and faster for rates";

    private final double alpha;
    private final int bootstrapResamples;
    private final long bootstrapSeed;

    /** The analysis at {@link #DEFAULT_ALPHA} with the default bootstrap. */
    public AbAnalysis() {
        this(DEFAULT_ALPHA, DEFAULT_BOOTSTRAP_RESAMPLES, DEFAULT_BOOTSTRAP_SEED);
    }

    public AbAnalysis(double alpha, int bootstrapResamples, long bootstrapSeed) {
        if (!(alpha > 0 && alpha < 0.5)) {
            throw new IllegalArgumentException("alpha must lie above 0 and below 0.5, got " + alpha);
        }
        this.alpha = alpha;
        this.bootstrapResamples = bootstrapResamples;
        this.bootstrapSeed = bootstrapSeed;
    }

    /** Compares side B with side A. */
    public AbVerdicts compare(String labelA, List<AbRun> runsA, String labelB, List<AbRun> runsB) {
        List<TestResult> resultsA = used(runsA);
        List<TestResult> resultsB = used(runsB);
        List<FigureVerdict> figures = new ArrayList<>();
        for (AbFigure figure : AbFigure.values()) {
            figures.add(verdict(figure, resultsA, resultsB));
        }
        List<String> problems = new ArrayList<>();
        excludedProblems(labelA, "A", runsA, problems);
        excludedProblems(labelB, "B", runsB, problems);
        if (resultsA.size() < 2 || resultsB.size() < 2) {
            problems.add("too few runs to compare: " + resultsA.size() + " usable run(s) of A and " + resultsB.size()
                    + " of B; each side needs at least 2");
        }
        Method method = new Method(
                RUN_VALUE,
                TEST,
                INTERVAL,
                RULE,
                alpha,
                1 - alpha,
                bootstrapResamples,
                bootstrapSeed,
                MannWhitneyU.smallestPValue(Math.max(1, resultsA.size()), Math.max(1, resultsB.size())));
        return new AbVerdicts(
                AbVerdicts.SCHEMA_VERSION,
                side(labelA, runsA, resultsA.size()),
                side(labelB, runsB, resultsB.size()),
                method,
                List.copyOf(figures),
                List.of(),
                List.copyOf(problems),
                problems.isEmpty());
    }

    private FigureVerdict verdict(AbFigure figure, List<TestResult> resultsA, List<TestResult> resultsB) {
        double[] valuesA = runValues(figure, resultsA);
        double[] valuesB = runValues(figure, resultsB);
        SideFigure a = sideFigure(valuesA);
        SideFigure b = sideFigure(valuesB);
        if (valuesA.length < 2 || valuesB.length < 2) {
            return notCompared(
                    figure, a, b, "fewer than 2 runs hold it (A " + valuesA.length + ", B " + valuesB.length + ")");
        }
        double medianA = Quantiles.median(valuesA);
        if (medianA == 0) {
            return notCompared(figure, a, b, "side A's median is 0, so there is no ratio");
        }
        double ratio = Quantiles.median(valuesB) / medianA;
        MannWhitneyU.Result test = MannWhitneyU.test(valuesA, valuesB);
        BootstrapRatio.Interval interval =
                BootstrapRatio.ratioOfMedians(valuesA, valuesB, 1 - alpha, bootstrapResamples, bootstrapSeed);
        boolean testSays = test.pValue() < alpha;
        boolean intervalSays = interval.excludesOne();
        AbVerdict verdict;
        String why;
        if (testSays && intervalSays) {
            boolean higher = interval.low() > 1.0;
            verdict = higher == (figure.better() == AbFigure.Better.HIGHER) ? AbVerdict.FASTER : AbVerdict.SLOWER;
            why = "p " + format(test.pValue()) + " < " + format(alpha) + " and the interval lies "
                    + (higher ? "above" : "below") + " 1";
        } else {
            verdict = AbVerdict.NO_DIFFERENCE;
            why = (testSays ? "p " + format(test.pValue()) + " < " : "p " + format(test.pValue()) + " ≥ ")
                    + format(alpha) + (intervalSays ? " but" : " and") + " the interval "
                    + (intervalSays ? "excludes" : "includes") + " 1";
        }
        return new FigureVerdict(
                figure.key(),
                figure.unit(),
                figure.better().label(),
                a,
                b,
                ratio,
                interval.low(),
                interval.high(),
                test.u(),
                test.pValue(),
                test.method().label(),
                verdict,
                why);
    }

    private static FigureVerdict notCompared(AbFigure figure, SideFigure a, SideFigure b, String why) {
        return new FigureVerdict(
                figure.key(),
                figure.unit(),
                figure.better().label(),
                a,
                b,
                null,
                null,
                null,
                null,
                null,
                null,
                AbVerdict.NOT_COMPARED,
                why);
    }

    private static double[] runValues(AbFigure figure, List<TestResult> results) {
        return results.stream()
                .map(figure::runValue)
                .filter(OptionalDouble::isPresent)
                .mapToDouble(OptionalDouble::getAsDouble)
                .toArray();
    }

    private static SideFigure sideFigure(double[] values) {
        if (values.length == 0) {
            return new SideFigure(0, null, null, null, null, null, List.of());
        }
        return new SideFigure(
                values.length,
                Quantiles.median(values),
                Quantiles.quantile(values, 0.25),
                Quantiles.quantile(values, 0.75),
                Arrays.stream(values).min().getAsDouble(),
                Arrays.stream(values).max().getAsDouble(),
                Arrays.stream(values).boxed().toList());
    }

    private static List<TestResult> used(List<AbRun> runs) {
        return runs.stream().flatMap(run -> run.result().stream()).toList();
    }

    private static AbVerdicts.Side side(String label, List<AbRun> runs, int used) {
        return new AbVerdicts.Side(
                label,
                used,
                runs.stream()
                        .map(run -> new AbVerdicts.Run(
                                run.name(), run.excludedBecause().orElse(null)))
                        .toList());
    }

    private static void excludedProblems(String label, String side, List<AbRun> runs, List<String> problems) {
        for (AbRun run : runs) {
            run.excludedBecause()
                    .ifPresent(reason ->
                            problems.add("run " + run.name() + " of " + side + " (" + label + ") left out: " + reason));
        }
    }

    /** Four significant digits without trailing zeros: {@code 0.007937}, {@code 0.01}. */
    static String format(double value) {
        return new java.math.BigDecimal(value)
                .round(new java.math.MathContext(4))
                .stripTrailingZeros()
                .toPlainString();
    }
}
