package io.openmessaging.benchmark.studyrun;

import io.openmessaging.benchmark.report.Metric;
import io.openmessaging.benchmark.report.Numbers;
import io.openmessaging.benchmark.report.Stat;
import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.study.Experiment;
import io.openmessaging.benchmark.study.Figure;
import io.openmessaging.benchmark.study.Study;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A study's published figures beside what a study run measured ({@code bin/benchmark study report}): one row
 * per figure, the claims with the measured values and whether each holds here, the measured statistics the
 * study did not publish as numbers, and the differences between the study's setup and this run's.
 *
 * <p>Latencies are the result's <em>latency</em> fields, timed from the actual send (what stock
 * OpenMessaging Benchmark reports, not corrected for coordinated omission), so that they compare with the
 * published ones; the response times from the intended send are shown beside them. Rates in MB/s are
 * 2<sup>20</sup> bytes per second, as OpenMessaging Benchmark's log prints them.
 *
 * @param study the study as its file describes it
 * @param record what the study run did
 * @param runs every experiment and system of the study, in file order, with what the run made of it
 * @param figures one row per published figure, in file order
 * @param claims one row per claim, in file order
 */
public record StudyComparison(
        Study study, StudyRunRecord record, List<RunOutcome> runs, List<FigureRow> figures, List<ClaimRow> claims) {

    /** Bytes in the MB of a published MB/s: 2^20, as OpenMessaging Benchmark's log computes it. */
    public static final double BYTES_PER_MB = 1024.0 * 1024.0;

    /** What a run of one experiment on one system came to. */
    public enum Status {
        DONE("done"),
        FAILED("failed"),
        NOT_RUN("not run");

        private final String label;

        Status(String label) {
            this.label = label;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /** Whether a claim or a bound holds in this run. */
    public enum Verdict {
        HOLDS("holds here"),
        DOES_NOT_HOLD("does not hold here"),
        /** the runs compared ran with the same settings here (a setting they differ by was replaced) */
        NOT_TESTED("not tested here"),
        NOT_RUN("not run");

        private final String label;

        Verdict(String label) {
            this.label = label;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /**
     * One experiment on one system.
     *
     * @param experiment the experiment's name
     * @param system the system
     * @param status done, failed or not run
     * @param why for a failed run its reason, for one not run what the record says of it
     * @param run the record's entry, or {@code null} when the record has none
     * @param result the result read from the run's result file, or {@code null} unless done
     * @param studyDriverSettings the experiment's driver file with its {@code set:} settings, as the study file
     *     gives them ({@link DriverSettingValues}: {@code client.persistence.ensembleSize → 3}); empty when the
     *     file cannot be read
     * @param effectiveDriverSettings the driver settings this run had in effect: the driver text its result
     *     records, else the record's driver file, with the record's driver settings over it; empty when neither
     *     can be read (or the record has no entry)
     */
    public record RunOutcome(
            String experiment,
            String system,
            Status status,
            String why,
            StudyRunRecord.Run run,
            TestResult result,
            Map<String, String> studyDriverSettings,
            Map<String, String> effectiveDriverSettings) {

        public RunOutcome {
            studyDriverSettings = Map.copyOf(studyDriverSettings);
            effectiveDriverSettings = Map.copyOf(effectiveDriverSettings);
        }

        /** A run whose driver settings are not known. */
        public RunOutcome(
                String experiment,
                String system,
                Status status,
                String why,
                StudyRunRecord.Run run,
                TestResult result) {
            this(experiment, system, status, why, run, result, Map.of(), Map.of());
        }

        /** {@code EXPERIMENT/SYSTEM}. */
        public String reference() {
            return Study.runReference(experiment, system);
        }

        /** What the row of a figure of this run says instead of a value when there is none. */
        public String statusText() {
            return status == Status.FAILED ? "failed: " + why : status.toString();
        }
    }

    /**
     * One published figure beside the measured value.
     *
     * @param figure the published figure
     * @param measured the measured value in the figure's unit, or empty
     * @param measuredText the measured value as shown, or why there is none ("not run", "failed: …")
     * @param ratio measured over published, or empty
     * @param verdict for a bound or a range, whether the measured value is within it; {@code null} for a
     *     plain value, where only the ratio means something
     * @param note how the value was measured, where the column does not say it (the peak search, the runs
     *     divided), or {@code null}
     */
    public record FigureRow(
            Figure figure,
            OptionalDouble measured,
            String measuredText,
            OptionalDouble ratio,
            Verdict verdict,
            String note) {}

    /**
     * One claim with the values measured for it.
     *
     * @param claim the claim
     * @param values each run's value as shown ({@code t01/pulsar 2.97 ms}), or the ratio
     * @param verdict whether it holds here
     */
    public record ClaimRow(Study.Claim claim, List<String> values, Verdict verdict) {}

    /**
     * Builds the comparison of {@code record}'s runs, whose result files are relative to {@code directory}; the
     * study's workload files are relative to {@code projectDirectory} (they give the message size of a result
     * that lacks it, as upstream's do).
     */
    public static StudyComparison of(Study study, StudyRunRecord record, Path directory, Path projectDirectory)
            throws IOException {
        List<RunOutcome> runs = new ArrayList<>();
        for (Experiment experiment : study.experiments()) {
            for (String system : experiment.systems()) {
                RunOutcome outcome = outcome(experiment.name(), system, record, directory);
                if (outcome.result() != null && outcome.result().messageSize == null) {
                    outcome.result().messageSize = messageSizeOf(projectDirectory.resolve(experiment.workload()));
                }
                runs.add(withDriverSettings(outcome, experiment.drivers().get(system), projectDirectory));
            }
        }
        Map<String, RunOutcome> byReference = new LinkedHashMap<>();
        runs.forEach(outcome -> byReference.put(outcome.reference(), outcome));
        List<FigureRow> figures = study.figures().stream()
                .map(figure -> figureRow(study, figure, byReference))
                .toList();
        List<ClaimRow> claims = study.claims().stream()
                .map(claim -> claimRow(study, claim, byReference))
                .toList();
        return new StudyComparison(study, record, runs, figures, claims);
    }

    /** The number of claims with {@code verdict}. */
    public long claimsThat(Verdict verdict) {
        return claims.stream().filter(row -> row.verdict() == verdict).count();
    }

    /** The number of figures with a measured value. */
    public long figuresCompared() {
        return figures.stream().filter(row -> row.measured().isPresent()).count();
    }

    /** {@code outcome} with the study's driver settings and those the run had in effect ({@link RunOutcome}). */
    private static RunOutcome withDriverSettings(
            RunOutcome outcome, Experiment.DriverSettings asked, Path projectDirectory) {
        Map<String, String> study = asked == null
                ? Map.of()
                : DriverSettingValues.withAssignments(
                        DriverSettingValues.read(projectDirectory.resolve(asked.file())), asked.set());
        Map<String, String> effective = Map.of();
        StudyRunRecord.Run run = outcome.run();
        if (run != null) {
            TestResult result = outcome.result();
            Map<String, String> ran = result != null && result.metadata != null
                    ? DriverSettingValues.of(result.metadata.driverYaml)
                    : Map.of();
            if (ran.isEmpty() && run.driverFile != null) {
                ran = DriverSettingValues.read(projectDirectory.resolve(run.driverFile));
            }
            effective = DriverSettingValues.withAssignments(ran, run.driverSettings);
        }
        return new RunOutcome(
                outcome.experiment(),
                outcome.system(),
                outcome.status(),
                outcome.why(),
                run,
                outcome.result(),
                study,
                effective);
    }

    private static RunOutcome outcome(String experiment, String system, StudyRunRecord record, Path directory)
            throws IOException {
        StudyRunRecord.Run run = record.run(experiment, system).orElse(null);
        if (run == null) {
            return new RunOutcome(experiment, system, Status.NOT_RUN, "not in the record", null, null);
        }
        if (StudyRunRecord.FAILED.equals(run.status)) {
            return new RunOutcome(
                    experiment,
                    system,
                    Status.FAILED,
                    run.failureReason == null ? "no reason recorded" : run.failureReason,
                    run,
                    null);
        }
        if (!StudyRunRecord.DONE.equals(run.status) || run.resultFile == null) {
            return new RunOutcome(experiment, system, Status.NOT_RUN, run.status, run, null);
        }
        TestResult result = ResultFiles.read(directory.resolve(run.resultFile));
        return new RunOutcome(experiment, system, Status.DONE, null, run, result);
    }

    private static final Pattern MESSAGE_SIZE = Pattern.compile("(?m)^messageSize:\\s*(\\d+)\\s*$");

    /** The {@code messageSize} of a workload file, or {@code null} when it has none or cannot be read. */
    private static Integer messageSizeOf(Path workloadFile) {
        try {
            Matcher matcher = MESSAGE_SIZE.matcher(Files.readString(workloadFile, StandardCharsets.UTF_8));
            return matcher.find() ? Integer.valueOf(matcher.group(1)) : null;
        } catch (IOException | NumberFormatException e) {
            return null;
        }
    }

    // ---- measured values ----

    /** The statistic of the result fields that {@code percentile} names ({@code mean} is the average). */
    static Stat stat(Figure.Percentile percentile) {
        return switch (percentile) {
            case AVG, MEAN -> Stat.AVG;
            case P50 -> Stat.P50;
            case P75 -> Stat.P75;
            case P95 -> Stat.P95;
            case P99 -> Stat.P99;
            case P99_9 -> Stat.P999;
            case P99_99 -> Stat.P9999;
            case MAX -> Stat.MAX;
        };
    }

    /**
     * The measured value of {@code metric} in {@code result}: a latency's statistic (ms, from the actual
     * send), or the publish rate in msg/s (a peak search's found rate, else the average over the measured
     * phase); empty when the result lacks it.
     */
    static OptionalDouble value(TestResult result, Figure.Metric metric, Figure.Percentile percentile) {
        return switch (metric) {
            case publishLatency ->
                percentile == null ? OptionalDouble.empty() : Metric.PUBLISH_LATENCY.value(result, stat(percentile));
            case endToEndLatency, latencyRatio ->
                percentile == null ? OptionalDouble.empty() : Metric.END_TO_END_LATENCY.value(result, stat(percentile));
            case publishRate, throughputRatio -> publishRate(result);
        };
    }

    /** The publish rate in msg/s: a peak search's found rate, else the average over the measured phase. */
    static OptionalDouble publishRate(TestResult result) {
        if (result.rateSearch != null && result.rateSearch.foundRateMsgPerSec != null) {
            return OptionalDouble.of(result.rateSearch.foundRateMsgPerSec);
        }
        return Metric.PUBLISH_RATE.value(result, Stat.AVG);
    }

    static FigureRow figureRow(Study study, Figure figure, Map<String, RunOutcome> runs) {
        if (figure.isRatio()) {
            return ratioRow(study, figure, runs.get(figure.of()), runs.get(figure.over()));
        }
        RunOutcome outcome = runs.get(Study.runReference(figure.experiment(), figure.system()));
        if (outcome.status() != Status.DONE) {
            return new FigureRow(
                    figure, OptionalDouble.empty(), outcome.statusText(), OptionalDouble.empty(), null, null);
        }
        TestResult result = outcome.result();
        boolean latency = figure.metric() != Figure.Metric.publishRate;
        if (latency && figure.percentile() == null) {
            return new FigureRow(
                    figure, OptionalDouble.empty(), "no statistic published", OptionalDouble.empty(), null, null);
        }
        OptionalDouble measured = value(result, figure.metric(), figure.percentile());
        String note = null;
        if (!latency) {
            boolean peak = result.rateSearch != null && result.rateSearch.foundRateMsgPerSec != null;
            note = peak ? "peak stable rate of the rate search" : "average publish rate of the measured phase";
            if (figure.unit() == Figure.Unit.MB_PER_S) {
                if (result.messageSize == null || measured.isEmpty()) {
                    measured = OptionalDouble.empty();
                } else {
                    measured = OptionalDouble.of(measured.getAsDouble() * result.messageSize / BYTES_PER_MB);
                    note += " × " + result.messageSize + " B messages / 2^20";
                }
            }
        }
        return compared(figure, measured, note);
    }

    private static FigureRow ratioRow(Study study, Figure figure, RunOutcome of, RunOutcome over) {
        for (RunOutcome outcome : List.of(of, over)) {
            if (outcome.status() != Status.DONE) {
                return new FigureRow(
                        figure,
                        OptionalDouble.empty(),
                        outcome.reference() + " " + outcome.statusText(),
                        OptionalDouble.empty(),
                        null,
                        null);
            }
        }
        if (figure.metric() == Figure.Metric.latencyRatio && figure.percentile() == null) {
            return new FigureRow(
                    figure, OptionalDouble.empty(), "no statistic published", OptionalDouble.empty(), null, null);
        }
        OptionalDouble numerator = value(of.result(), figure.metric(), figure.percentile());
        OptionalDouble denominator = value(over.result(), figure.metric(), figure.percentile());
        String what =
                figure.metric() == Figure.Metric.throughputRatio ? "publish rate" : "end-to-end " + figure.percentile();
        String note = what + " of " + of.reference() + " over " + over.reference();
        if (numerator.isEmpty() || denominator.isEmpty() || denominator.getAsDouble() == 0) {
            return new FigureRow(
                    figure, OptionalDouble.empty(), "not in the result", OptionalDouble.empty(), null, note);
        }
        double ratio = numerator.getAsDouble() / denominator.getAsDouble();
        double measured = figure.unit() == Figure.Unit.PERCENT ? (ratio - 1) * 100 : ratio;
        String same = RunSetups.sameSetup(study, of, over);
        if (same != null) {
            return new FigureRow(
                    figure,
                    OptionalDouble.empty(),
                    "not tested here: " + same + "; their ratio " + Numbers.format(measured) + " measures only noise",
                    OptionalDouble.empty(),
                    Verdict.NOT_TESTED,
                    note);
        }
        RunSetups.EqualSettings equal = RunSetups.equalVaried(study, of, over, figure.varies());
        if (equal != null && equal.all()) {
            return new FigureRow(
                    figure,
                    OptionalDouble.empty(),
                    "not tested here: " + aboutText(figure.varies()) + ", but " + equal.words() + "; their ratio "
                            + Numbers.format(measured) + " measures something else",
                    OptionalDouble.empty(),
                    Verdict.NOT_TESTED,
                    note);
        }
        if (equal != null) {
            note += "; only partly tested: " + equal.words();
        }
        return compared(figure, OptionalDouble.of(measured), note);
    }

    private static FigureRow compared(Figure figure, OptionalDouble measured, String note) {
        if (measured.isEmpty()) {
            return new FigureRow(figure, measured, "not in the result", OptionalDouble.empty(), null, note);
        }
        double value = measured.getAsDouble();
        OptionalDouble ratio = figure.value() == 0 ? OptionalDouble.empty() : OptionalDouble.of(value / figure.value());
        Verdict verdict = null;
        if (figure.bound() == Figure.Bound.upper) {
            verdict = value < figure.value() ? Verdict.HOLDS : Verdict.DOES_NOT_HOLD;
        } else if (figure.bound() == Figure.Bound.lower) {
            verdict = value > figure.value() ? Verdict.HOLDS : Verdict.DOES_NOT_HOLD;
        } else if (figure.valueMin() != null) {
            double low = Math.min(figure.valueMin(), figure.value());
            double high = Math.max(figure.valueMin(), figure.value());
            verdict = value >= low && value <= high ? Verdict.HOLDS : Verdict.DOES_NOT_HOLD;
        }
        return new FigureRow(figure, measured, Numbers.format(value), ratio, verdict, note);
    }

    /** The verdict's words for a figure's bound or range: {@code below 5 ms: holds here}. */
    public static String verdictText(FigureRow row) {
        if (row.verdict() == null) {
            return "";
        }
        Figure figure = row.figure();
        String unit = figure.unit() == Figure.Unit.PERCENT ? "%" : " " + figure.unit();
        String range = figure.bound() == Figure.Bound.upper
                ? "below " + Numbers.format(figure.value()) + unit
                : figure.bound() == Figure.Bound.lower
                        ? "above " + Numbers.format(figure.value()) + unit
                        : "within " + figure.valueText() + unit;
        return range + ": " + row.verdict();
    }

    // ---- claims ----

    static ClaimRow claimRow(Study study, Study.Claim claim, Map<String, RunOutcome> runs) {
        List<String> references = claim.order() == null ? List.of(claim.of(), claim.over()) : claim.runs();
        List<String> values = new ArrayList<>();
        boolean missing = false;
        List<Double> measured = new ArrayList<>();
        for (int i = 0; i < references.size(); i++) {
            RunOutcome outcome = runs.get(references.get(i));
            Figure.Percentile percentile =
                    claim.order() == null && i == 1 ? claim.overPercentile() : claim.percentile();
            String label = outcome.reference() + (claim.order() == null && percentile != null ? " " + percentile : "");
            if (outcome.status() != Status.DONE) {
                values.add(label + " " + outcome.statusText());
                missing = true;
                continue;
            }
            OptionalDouble value = value(outcome.result(), claim.metric(), percentile);
            if (value.isEmpty()) {
                values.add(label + " not in the result");
                missing = true;
                continue;
            }
            measured.add(value.getAsDouble());
            values.add(label + " " + Numbers.format(value.getAsDouble()) + " " + unitOf(claim.metric()));
        }
        if (missing) {
            return new ClaimRow(claim, values, Verdict.NOT_RUN);
        }
        List<String> partly = new ArrayList<>();
        for (int i = 1; i < references.size(); i++) {
            RunOutcome before = runs.get(references.get(i - 1));
            RunOutcome after = runs.get(references.get(i));
            String same = RunSetups.sameSetup(study, before, after);
            if (same != null) {
                values.add("not tested here: " + same);
                return new ClaimRow(claim, values, Verdict.NOT_TESTED);
            }
            RunSetups.EqualSettings equal = RunSetups.equalVaried(study, before, after, claim.varies());
            if (equal != null && equal.all()) {
                values.add("not tested here: " + aboutText(claim.varies()) + ", but " + equal.words());
                return new ClaimRow(claim, values, Verdict.NOT_TESTED);
            }
            if (equal != null) {
                partly.add("only partly tested: " + equal.words());
            }
        }
        boolean holds;
        if (claim.order() == null) {
            double ratio = measured.get(0) / measured.get(1);
            values.add("ratio " + String.format(Locale.ROOT, "%.2f", ratio) + " (" + bounds(claim) + ")");
            holds = (claim.min() == null || ratio >= claim.min()) && (claim.max() == null || ratio <= claim.max());
        } else {
            holds = true;
            for (int i = 1; i < measured.size(); i++) {
                boolean step = claim.order() == Study.Order.increasing
                        ? measured.get(i) > measured.get(i - 1)
                        : measured.get(i) < measured.get(i - 1);
                holds &= step;
            }
        }
        values.addAll(partly);
        return new ClaimRow(claim, values, holds ? Verdict.HOLDS : Verdict.DOES_NOT_HOLD);
    }

    /** What a claim or a ratio is about, in words: {@code it is about driver.replicationFactor}. */
    private static String aboutText(List<String> varies) {
        return "it is about " + String.join(" and ", varies);
    }

    private static String bounds(Study.Claim claim) {
        if (claim.min() != null && claim.max() != null) {
            return "claim: " + Numbers.plain(claim.min()) + " to " + Numbers.plain(claim.max());
        }
        return claim.min() != null
                ? "claim: at least " + Numbers.plain(claim.min())
                : "claim: at most " + Numbers.plain(claim.max());
    }

    /** The unit of a claim's or a figure's metric as measured here. */
    static String unitOf(Figure.Metric metric) {
        return metric == Figure.Metric.publishRate || metric == Figure.Metric.throughputRatio ? "msg/s" : "ms";
    }

    // ---- setup ----

    /**
     * The published setup facts this run of {@code outcome} did not meet, each in words with both values ("1
     * broker on loopback instead of 3 …", "rate × 0.1", "Kafka 4.0.0 instead of 2.3.0", "Pulsar ensemble 3,
     * write quorum 3, ack quorum 2 published; 1/1/1 here on one standalone broker"); see {@link
     * SetupDifferences}.
     */
    public List<String> differences(RunOutcome outcome) {
        return SetupDifferences.of(study, record, outcome);
    }

    /** This run's machine and software, from the result's metadata, in one line; {@code null} without. */
    public static String machine(TestResult result) {
        if (result == null || result.metadata == null) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        if (result.metadata.hostname != null) {
            parts.add(result.metadata.hostname);
        }
        if (result.metadata.availableProcessors != null) {
            parts.add(result.metadata.availableProcessors + " processors");
        }
        if (result.metadata.os != null) {
            parts.add(result.metadata.os);
        }
        if (result.metadata.jvm != null) {
            parts.add(result.metadata.jvm);
        }
        return parts.isEmpty() ? null : String.join(", ", parts);
    }
}
