package io.openmessaging.benchmark.regression;

import io.openmessaging.benchmark.compare.Comparison;
import io.openmessaging.benchmark.compare.Threshold;
import io.openmessaging.benchmark.compare.WorkloadCheck;
import io.openmessaging.benchmark.config.ConfigException;
import io.openmessaging.benchmark.report.Metric;
import io.openmessaging.benchmark.report.Numbers;
import io.openmessaging.benchmark.report.ReportRun;
import io.openmessaging.benchmark.report.Stat;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.workload.Workload;
import io.openmessaging.benchmark.workload.WorkloadLoader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Decides whether one case of a regression run passed. A case <b>fails</b> on a functional regression,
 * which no amount of machine noise explains:
 *
 * <ul>
 *   <li>it did not run (its broker did not start), {@code bin/benchmark} exited non-zero, or no result
 *       file was written;
 *   <li>the run is incomplete ({@code complete} is not {@code true});
 *   <li>a send failed ({@code totalSendErrors} &gt; 0);
 *   <li>messages were lost or duplicated: after the drain, {@code totalMessagesReceived} must equal
 *       {@code totalMessagesSent} × the workload's {@code subscriptionsPerTopic};
 *   <li>the average publish rate of the measured periods is more than the rate tolerance away from the
 *       workload's {@code producerRate}: the rate of sends handed to the client ({@code attempted}) in
 *       either direction (too low is back-pressure or a stall, too high a pacing bug), and the rate of
 *       acknowledgements ({@code publishRate}) when it falls short (acknowledgements of the warm-up's last
 *       messages landing in the measured phase may lift it above the target: a fresh Pulsar standalone
 *       did by 12 %). Files without {@code attempted} are judged on {@code publishRate} both ways;
 *   <li>no baseline exists for the case, or the baseline was made with another workload (refresh it);
 *   <li>a latency {@link Threshold} given for dedicated hardware is broken or cannot be checked.
 * </ul>
 *
 * <p>Latency is otherwise only <b>reported</b>: the candidate against the baseline through
 * {@link Comparison}, the machinery of {@code bin/benchmark compare}.
 *
 * <p>The case's directory holds what {@code bin/regression} left there: the result file ({@code *.json},
 * exactly one), {@value #EXIT_STATUS_FILE} (the exit status of {@code bin/benchmark}) and, when the case
 * could not run, {@value #NOT_RUN_FILE} (why).
 */
public final class RegressionJudge {

    /** File in a case's directory holding {@code bin/benchmark}'s exit status. */
    public static final String EXIT_STATUS_FILE = "benchmark.exit";
    /** File in a case's directory saying why the case did not run. */
    public static final String NOT_RUN_FILE = "not-run.txt";
    /** File in a case's directory with {@code bin/benchmark}'s output. */
    public static final String LOG_FILE = "benchmark.log";
    /** Default tolerance of the publish rate around the workload's rate, in percent. */
    public static final double DEFAULT_RATE_TOLERANCE_PERCENT = 10.0;

    private final List<Threshold> thresholds;
    private final double rateTolerancePercent;
    private final boolean updatingBaseline;

    /**
     * @param thresholds latency gates against the baseline (dedicated hardware only); usually none
     * @param rateTolerancePercent how far the average publish rate may be from the target, in percent
     * @param updatingBaseline whether this run is to replace the baseline: then a missing or outdated
     *     baseline is a note, not a failure
     */
    public RegressionJudge(List<Threshold> thresholds, double rateTolerancePercent, boolean updatingBaseline) {
        this.thresholds = List.copyOf(thresholds);
        this.rateTolerancePercent = rateTolerancePercent;
        this.updatingBaseline = updatingBaseline;
    }

    /**
     * Judges one case.
     *
     * @param caseDirectory the case's results directory
     * @param baselineFile the case's baseline result file (it may not exist)
     */
    public CaseOutcome judge(RegressionCase regressionCase, Path caseDirectory, Path baselineFile) {
        List<String> failures = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Optional<ReportRun> candidate = readCandidate(caseDirectory, failures);
        Optional<Workload> workload = Optional.empty();
        if (candidate.isPresent()) {
            workload = workloadOf(candidate.get(), failures);
            checkRun(candidate.get().result(), workload, failures);
        }
        Optional<ReportRun> baseline = readBaseline(baselineFile, failures, notes);
        Optional<Comparison> comparison = Optional.empty();
        if (candidate.isPresent() && baseline.isPresent()) {
            Comparison result = Comparison.of(
                    List.of(baseline.get()), List.of(candidate.get()), updatingBaseline ? List.of() : thresholds);
            checkSameSetup(baseline.get(), candidate.get(), result.workload(), failures, notes);
            result.failedChecks()
                    .forEach(check ->
                            failures.add("latency threshold " + check.verdict().label() + ": " + check.explanation()));
            comparison = Optional.of(result);
        }
        return new CaseOutcome(
                regressionCase, candidate, workload, baseline, comparison, List.copyOf(failures), List.copyOf(notes));
    }

    private Optional<ReportRun> readCandidate(Path caseDirectory, List<String> failures) {
        Path notRun = caseDirectory.resolve(NOT_RUN_FILE);
        if (Files.isRegularFile(notRun)) {
            failures.add("not run: " + readText(notRun));
            return Optional.empty();
        }
        Path exitStatus = caseDirectory.resolve(EXIT_STATUS_FILE);
        if (Files.isRegularFile(exitStatus)) {
            String status = readText(exitStatus);
            if (!status.equals("0")) {
                failures.add("bin/benchmark exited with status " + status + " (output: "
                        + caseDirectory.resolve(LOG_FILE) + ")");
            }
        }
        List<Path> files;
        try (Stream<Path> listing = Files.list(caseDirectory)) {
            files = listing.filter(path -> path.getFileName().toString().endsWith(".json"))
                    .filter(path -> !path.getFileName().toString().startsWith("."))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            failures.add("no results: cannot list " + caseDirectory + ": " + e.getMessage());
            return Optional.empty();
        }
        if (files.size() != 1) {
            failures.add(
                    files.isEmpty()
                            ? "no result file in " + caseDirectory
                            : files.size() + " result files in " + caseDirectory + " where one was expected: " + files);
            return Optional.empty();
        }
        try {
            return Optional.of(ReportRun.load(files).get(0));
        } catch (IOException e) {
            failures.add("unreadable result: " + e.getMessage());
            return Optional.empty();
        }
    }

    private static Optional<Workload> workloadOf(ReportRun run, List<String> failures) {
        if (run.result().metadata == null || run.result().metadata.workloadYaml == null) {
            failures.add(run.file() + " has no metadata.workloadYaml, so it is not a result of this benchmark;"
                    + " the loss and rate checks need the workload");
            return Optional.empty();
        }
        try {
            return Optional.of(
                    WorkloadLoader.parse(run.result().metadata.workloadYaml, run.file() + " (metadata.workloadYaml)"));
        } catch (ConfigException e) {
            failures.add("the workload in " + run.file() + " is invalid: " + String.join("; ", e.problems()));
            return Optional.empty();
        }
    }

    private void checkRun(TestResult result, Optional<Workload> workload, List<String> failures) {
        if (!Boolean.TRUE.equals(result.complete)) {
            failures.add("incomplete run: "
                    + Objects.requireNonNullElse(
                            result.failureReason, "complete is " + result.complete + " and no failureReason is given"));
        }
        if (result.totalSendErrors == null || result.totalSendErrors != 0) {
            failures.add(
                    result.totalSendErrors == null
                            ? "the result has no totalSendErrors"
                            : "send errors: " + result.totalSendErrors + " send(s) failed");
        }
        if (workload.isEmpty()) {
            return;
        }
        checkLoss(result, workload.get().subscriptionsPerTopic(), failures);
        checkRate(result, workload.get().producerRate(), failures);
    }

    private static void checkLoss(TestResult result, int subscriptions, List<String> failures) {
        if (result.totalMessagesSent == null || result.totalMessagesReceived == null) {
            failures.add("the result has no totalMessagesSent or totalMessagesReceived, so loss cannot be checked");
            return;
        }
        if (result.totalMessagesSent == 0) {
            failures.add("no message was sent");
            return;
        }
        long expected = result.totalMessagesSent * subscriptions;
        long received = result.totalMessagesReceived;
        String accounting = "received " + received + ", expected " + expected + " (sent " + result.totalMessagesSent
                + " × " + subscriptions + " subscription(s))";
        if (received < expected) {
            failures.add("loss: " + accounting + ": " + (expected - received) + " missing after the drain");
        } else if (received > expected) {
            failures.add("duplicates: " + accounting + ": " + (received - expected) + " more than sent");
        }
    }

    private void checkRate(TestResult result, double targetMsgPerSec, List<String> failures) {
        OptionalDouble average = Metric.PUBLISH_RATE.value(result, Stat.AVG);
        if (average.isEmpty()) {
            failures.add("no measured period has a publish rate");
            return;
        }
        boolean hasAttempts =
                !result.attempted.isEmpty() && result.testDurationSeconds != null && result.testDurationSeconds > 0;
        if (hasAttempts) {
            double attemptedRate =
                    result.attempted.stream().mapToLong(Long::longValue).sum() / result.testDurationSeconds;
            checkDeviation("send rate (messages handed to the client)", attemptedRate, targetMsgPerSec, true, failures);
        }
        checkDeviation("publish rate", average.getAsDouble(), targetMsgPerSec, !hasAttempts, failures);
    }

    private void checkDeviation(
            String what, double rateMsgPerSec, double targetMsgPerSec, boolean bothWays, List<String> failures) {
        double deviationPercent = (rateMsgPerSec - targetMsgPerSec) / targetMsgPerSec * 100.0;
        if (deviationPercent < -rateTolerancePercent || (bothWays && deviationPercent > rateTolerancePercent)) {
            failures.add(what + " off target: " + Numbers.format(rateMsgPerSec) + " msg/s on average is "
                    + Numbers.percent(Math.abs(deviationPercent)) + (deviationPercent < 0 ? " below" : " above")
                    + " the workload's " + Numbers.format(targetMsgPerSec) + " msg/s (tolerance "
                    + (bothWays ? "±" : "-") + Numbers.format(rateTolerancePercent) + "%)");
        }
    }

    private Optional<ReportRun> readBaseline(Path baselineFile, List<String> failures, List<String> notes) {
        if (!Files.exists(baselineFile)) {
            String missing = "no baseline " + baselineFile;
            if (updatingBaseline) {
                notes.add(missing + " yet");
            } else {
                failures.add(missing + ": run bin/regression --update-baseline on a machine where the suite passes"
                        + " and commit the file");
            }
            return Optional.empty();
        }
        try {
            return Optional.of(ReportRun.load(List.of(baselineFile)).get(0));
        } catch (IOException e) {
            failures.add("unreadable baseline: " + e.getMessage());
            return Optional.empty();
        }
    }

    private void checkSameSetup(
            ReportRun baseline,
            ReportRun candidate,
            WorkloadCheck workload,
            List<String> failures,
            List<String> notes) {
        String baselineWorkload = baseline.result().metadata == null ? null : baseline.result().metadata.workloadYaml;
        String candidateWorkload =
                candidate.result().metadata == null ? null : candidate.result().metadata.workloadYaml;
        if (!Objects.equals(baselineWorkload, candidateWorkload)) {
            String stale = "the baseline " + baseline.file() + " was made with another workload text than this run ("
                    + (workload.sameWorkload()
                            ? "no key that changes the load differs"
                            : workload.differences().stream()
                                    .map(WorkloadCheck.Difference::text)
                                    .collect(Collectors.joining("; ")))
                    + ")";
            if (updatingBaseline) {
                notes.add(stale);
            } else {
                failures.add(stale + ", so its latencies are no reference: refresh it with bin/regression"
                        + " --update-baseline");
            }
        }
        String baselineDriver = baseline.result().metadata == null ? null : baseline.result().metadata.driverYaml;
        String candidateDriver = candidate.result().metadata == null ? null : candidate.result().metadata.driverYaml;
        if (!Objects.equals(baselineDriver, candidateDriver)) {
            notes.add("the driver file differs from the baseline's, so latency deltas may come from the driver"
                    + " settings");
        }
    }

    private static String readText(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            return "(cannot read " + file + ": " + e.getMessage() + ")";
        }
    }
}
