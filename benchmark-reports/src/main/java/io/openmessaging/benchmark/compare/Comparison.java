package io.openmessaging.benchmark.compare;

import io.openmessaging.benchmark.report.Metric;
import io.openmessaging.benchmark.report.Numbers;
import io.openmessaging.benchmark.report.ReportRun;
import io.openmessaging.benchmark.report.Stat;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalDouble;

/**
 * Base and candidate runs side by side: every {@link Metric} × {@link Stat} figure of both, its absolute
 * and relative change, and the verdict of each {@link Threshold}.
 *
 * <p>Several files on one side are combined <b>per figure by the median</b> over the files that hold it
 * (the mean of the middle two for an even count): one unusually noisy repetition moves the median less
 * than a mean, and no figure is re-derived from another. A figure that some files lack is the median of
 * the others, and is listed in {@link #incompleteMetrics()}; a threshold on a figure that one side lacks
 * entirely is {@linkplain Verdict#NOT_CHECKED not checked}, which fails the comparison like a broken
 * one: a gate that cannot look must not pass.
 *
 * @param base the base runs, in the order given
 * @param candidate the candidate runs, in the order given
 * @param figures one per metric and stat, in {@link Metric} then {@link Stat} order
 * @param checks one per threshold, in the order given
 * @param workload whether both sides, and the files of each side, ran the same workload; a difference
 *     does not fail the comparison by itself: {@code bin/benchmark compare} refuses it before printing
 *     unless told to go on
 */
public record Comparison(
        List<ReportRun> base,
        List<ReportRun> candidate,
        List<Figure> figures,
        List<Check> checks,
        WorkloadCheck workload) {

    /**
     * One side's value of a figure.
     *
     * @param value the median over the files that hold it; empty when none does
     * @param filesWithValue how many of the side's files hold it
     * @param files how many files the side has
     */
    public record Side(OptionalDouble value, int filesWithValue, int files) {

        static Side of(List<ReportRun> runs, Metric metric, Stat stat) {
            double[] values = runs.stream()
                    .map(run -> metric.value(run.result(), stat))
                    .filter(OptionalDouble::isPresent)
                    .mapToDouble(OptionalDouble::getAsDouble)
                    .sorted()
                    .toArray();
            return new Side(median(values), values.length, runs.size());
        }

        /** Whether no file of this side holds the figure. */
        public boolean isMissing() {
            return value.isEmpty();
        }
    }

    /**
     * One metric and stat of both sides.
     *
     * @param change candidate − base, in the metric's unit; empty when a side lacks the figure
     * @param changePercent change relative to base, in %; empty when a side lacks the figure; ±infinity
     *     when base is 0 and candidate is not
     */
    public record Figure(
            Metric metric, Stat stat, Side base, Side candidate, OptionalDouble change, OptionalDouble changePercent) {

        /** {@code endToEndLatency.p99}. */
        public String name() {
            return metric.key() + "." + stat.key();
        }

        /** Whether neither side holds it. */
        public boolean isMissingOnBothSides() {
            return base.isMissing() && candidate.isMissing();
        }
    }

    /** Outcome of one threshold. */
    public enum Verdict {
        MET,
        BROKEN,
        /** One side lacks the figure: counted as a failure. */
        NOT_CHECKED;

        /** Lower-case name for output: {@code met}, {@code broken}, {@code not-checked}. */
        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }
    }

    /** One threshold, the figure it looks at and its verdict. */
    public record Check(Threshold threshold, Figure figure, Verdict verdict) {

        /** One line for people, e.g. {@code endToEndLatency.p99 rose by 21.8 %, more than the +10% allowed}. */
        public String explanation() {
            if (verdict == Verdict.NOT_CHECKED) {
                List<String> lacking = new ArrayList<>();
                if (figure.base().isMissing()) {
                    lacking.add("base");
                }
                if (figure.candidate().isMissing()) {
                    lacking.add("candidate");
                }
                return figure.name() + " is in no " + String.join(" and no ", lacking) + " file, so " + threshold.text()
                        + " cannot be checked";
            }
            double change = figure.changePercent().getAsDouble();
            String direction = change >= 0 ? "rose" : "fell";
            String by = Double.isInfinite(change) ? "from 0" : "by " + Numbers.percent(Math.abs(change));
            return figure.name() + " " + direction + " " + by + ": "
                    + (verdict == Verdict.BROKEN
                            ? "more than the " + threshold.limit() + " allowed"
                            : "within " + threshold.limit());
        }
    }

    /** Compares {@code base} with {@code candidate} and checks every threshold. */
    public static Comparison of(List<ReportRun> base, List<ReportRun> candidate, List<Threshold> thresholds) {
        List<Figure> figures = new ArrayList<>();
        for (Metric metric : Metric.values()) {
            for (Stat stat : Stat.values()) {
                figures.add(figure(metric, stat, Side.of(base, metric, stat), Side.of(candidate, metric, stat)));
            }
        }
        List<Check> checks = new ArrayList<>();
        for (Threshold threshold : thresholds) {
            Figure figure = figures.stream()
                    .filter(f -> f.metric() == threshold.metric() && f.stat() == threshold.stat())
                    .findFirst()
                    .orElseThrow();
            Verdict verdict = figure.changePercent().isEmpty()
                    ? Verdict.NOT_CHECKED
                    : threshold.isBrokenBy(figure.changePercent().getAsDouble()) ? Verdict.BROKEN : Verdict.MET;
            checks.add(new Check(threshold, figure, verdict));
        }
        return new Comparison(
                List.copyOf(base),
                List.copyOf(candidate),
                List.copyOf(figures),
                List.copyOf(checks),
                WorkloadCheck.of(base, candidate));
    }

    /** Whether every threshold was checked and met (true when there are none). */
    public boolean passed() {
        return checks.stream().allMatch(check -> check.verdict() == Verdict.MET);
    }

    /** The checks that fail the comparison: broken or not checked. */
    public List<Check> failedChecks() {
        return checks.stream().filter(check -> check.verdict() != Verdict.MET).toList();
    }

    /** The figures at least one side holds, in order. */
    public List<Figure> presentFigures() {
        return figures.stream().filter(figure -> !figure.isMissingOnBothSides()).toList();
    }

    /**
     * Metrics that some file of either side lacks, with how many files of each side hold them (by their
     * {@link Stat#AVG} or any other stat).
     */
    public List<MetricCoverage> incompleteMetrics() {
        return Arrays.stream(Metric.values())
                .map(metric -> new MetricCoverage(
                        metric,
                        filesHolding(base, metric),
                        base.size(),
                        filesHolding(candidate, metric),
                        candidate.size()))
                .filter(coverage -> coverage.baseFiles() < coverage.baseTotal()
                        || coverage.candidateFiles() < coverage.candidateTotal())
                .toList();
    }

    /** How many files of each side hold a metric. */
    public record MetricCoverage(Metric metric, int baseFiles, int baseTotal, int candidateFiles, int candidateTotal) {}

    private static int filesHolding(List<ReportRun> runs, Metric metric) {
        return (int) runs.stream().filter(run -> metric.isIn(run.result())).count();
    }

    private static Figure figure(Metric metric, Stat stat, Side base, Side candidate) {
        if (base.isMissing() || candidate.isMissing()) {
            return new Figure(metric, stat, base, candidate, OptionalDouble.empty(), OptionalDouble.empty());
        }
        double baseValue = base.value().getAsDouble();
        double change = candidate.value().getAsDouble() - baseValue;
        double changePercent = baseValue == 0.0
                ? (change == 0.0 ? 0.0 : Math.copySign(Double.POSITIVE_INFINITY, change))
                : change / Math.abs(baseValue) * 100.0;
        return new Figure(metric, stat, base, candidate, OptionalDouble.of(change), OptionalDouble.of(changePercent));
    }

    /** The median of sorted {@code values}; the mean of the middle two for an even count. */
    static OptionalDouble median(double[] sortedValues) {
        int n = sortedValues.length;
        if (n == 0) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(
                n % 2 == 1 ? sortedValues[n / 2] : (sortedValues[n / 2 - 1] + sortedValues[n / 2]) / 2.0);
    }
}
