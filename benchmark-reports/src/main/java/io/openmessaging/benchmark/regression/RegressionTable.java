package io.openmessaging.benchmark.regression;

import io.openmessaging.benchmark.compare.Comparison.Figure;
import io.openmessaging.benchmark.compare.Threshold;
import io.openmessaging.benchmark.report.AlignedColumns;
import io.openmessaging.benchmark.report.Metric;
import io.openmessaging.benchmark.report.Numbers;
import io.openmessaging.benchmark.report.ResultFormat;
import io.openmessaging.benchmark.report.Stat;
import io.openmessaging.benchmark.result.TestResult;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The one table {@code bin/regression} prints: a row per case with its functional figures (run state,
 * sent, received against sent × subscriptions, send errors, publish rate against the target), its headline
 * latencies against the baseline (publish and end-to-end response time p99) and its verdict; then why
 * each failing case failed, the notes, and the overall verdict. A matrix run's table has a {@code version}
 * column after {@code broker}: the broker version the result reports (docs/results.md), {@code —} when it
 * records none.
 */
public final class RegressionTable implements ResultFormat<RegressionReport> {

    private static final String MISSING = "—";
    private static final String[] HEADER = {
        "case",
        "broker",
        "run",
        "sent",
        "received",
        "expected",
        "errors",
        "publish msg/s",
        "target",
        "pub resp p99 ms",
        "base",
        "change",
        "e2e resp p99 ms",
        "base",
        "change",
        "verdict"
    };
    /** Columns written left-aligned; the others are numbers, right-aligned. */
    private static final List<String> LEFT_ALIGNED = List.of("case", "broker", "version", "run", "verdict");
    /** Where the version column goes, when there is one. */
    private static final int VERSION_COLUMN = 2;

    @Override
    public void writeOut(RegressionReport report, Writer out) throws IOException {
        List<String[]> rows = new ArrayList<>();
        rows.add(report.versionColumn() ? withVersion(HEADER, "version") : HEADER);
        for (CaseOutcome outcome : report.outcomes()) {
            String[] row = row(outcome);
            rows.add(report.versionColumn() ? withVersion(row, reportedVersion(outcome)) : row);
        }
        String[] header = rows.get(0);
        AlignedColumns.write(out, rows, i -> LEFT_ALIGNED.contains(header[i]));

        List<CaseOutcome> failed =
                report.outcomes().stream().filter(outcome -> !outcome.passed()).toList();
        if (!failed.isEmpty()) {
            out.write("\nFailures:\n");
            for (CaseOutcome outcome : failed) {
                for (String failure : outcome.failures()) {
                    out.write("  " + outcome.regressionCase().name() + ": " + failure + "\n");
                }
            }
        }
        List<CaseOutcome> noted = report.outcomes().stream()
                .filter(outcome -> !outcome.notes().isEmpty())
                .toList();
        if (!noted.isEmpty()) {
            out.write("\nNotes:\n");
            for (CaseOutcome outcome : noted) {
                for (String note : outcome.notes()) {
                    out.write("  " + outcome.regressionCase().name() + ": " + note + "\n");
                }
            }
        }
        out.write("\nPublish rate tolerance: ±" + Numbers.format(report.rateTolerancePercent())
                + "% of the workload's producerRate. ");
        out.write(
                report.thresholds().isEmpty()
                        ? "Latency is reported against the baseline, not gated (see docs/regression.md).\n"
                        : "Latency thresholds: "
                                + report.thresholds().stream()
                                        .map(Threshold::text)
                                        .collect(Collectors.joining(", ")) + ".\n");
        out.write("Every figure against the baseline: <results>/"
                + (report.versionColumn() ? "<case>@<version>" : "<case>") + "/" + report.comparisonFileName() + "\n");
        out.write(
                report.passed()
                        ? String.format(
                                "PASSED: all %d case(s)%n", report.outcomes().size())
                        : String.format(
                                "FAILED: %d of %d case(s)%n",
                                report.failedCount(), report.outcomes().size()));
        out.flush();
    }

    private static String[] row(CaseOutcome outcome) {
        Optional<TestResult> result = outcome.candidate().map(run -> run.result());
        return new String[] {
            outcome.regressionCase().name(),
            outcome.regressionCase().broker(),
            runState(outcome),
            count(result, r -> r.totalMessagesSent),
            count(result, r -> r.totalMessagesReceived),
            outcome.expectedReceived().map(Numbers::format).orElse(MISSING),
            count(result, r -> r.totalSendErrors),
            result.map(r -> number(Metric.PUBLISH_RATE.value(r, Stat.AVG))).orElse(MISSING),
            outcome.workload().map(w -> Numbers.format(w.producerRate())).orElse(MISSING),
            candidate(outcome, Metric.PUBLISH_RESPONSE_TIME),
            baseline(outcome, Metric.PUBLISH_RESPONSE_TIME),
            change(outcome, Metric.PUBLISH_RESPONSE_TIME),
            candidate(outcome, Metric.END_TO_END_RESPONSE_TIME),
            baseline(outcome, Metric.END_TO_END_RESPONSE_TIME),
            change(outcome, Metric.END_TO_END_RESPONSE_TIME),
            outcome.passed() ? "pass" : "FAIL",
        };
    }

    private static String[] withVersion(String[] row, String version) {
        List<String> cells = new ArrayList<>(List.of(row));
        cells.add(VERSION_COLUMN, version);
        return cells.toArray(String[]::new);
    }

    private static String reportedVersion(CaseOutcome outcome) {
        return outcome.candidate()
                .map(run -> run.result().version)
                .filter(version -> !version.isBlank())
                .orElse(MISSING);
    }

    private static String runState(CaseOutcome outcome) {
        if (outcome.candidate().isEmpty()) {
            return outcome.failures().stream().anyMatch(failure -> failure.startsWith("not run"))
                    ? "not run"
                    : "no result";
        }
        return Boolean.TRUE.equals(outcome.candidate().get().result().complete) ? "complete" : "incomplete";
    }

    private static String count(Optional<TestResult> result, Function<TestResult, Long> field) {
        return result.map(field).map(Numbers::format).orElse(MISSING);
    }

    private static String candidate(CaseOutcome outcome, Metric metric) {
        return outcome.candidate()
                .map(run -> number(metric.value(run.result(), Stat.P99)))
                .orElse(MISSING);
    }

    private static String baseline(CaseOutcome outcome, Metric metric) {
        return outcome.baseline()
                .map(run -> number(metric.value(run.result(), Stat.P99)))
                .orElse(MISSING);
    }

    private static String change(CaseOutcome outcome, Metric metric) {
        return outcome.comparison()
                .flatMap(comparison -> comparison.figures().stream()
                        .filter(figure -> figure.metric() == metric && figure.stat() == Stat.P99)
                        .findFirst())
                .map(Figure::changePercent)
                .filter(OptionalDouble::isPresent)
                .map(change -> Numbers.signedPercent(change.getAsDouble()))
                .orElse(MISSING);
    }

    private static String number(OptionalDouble value) {
        return value.isPresent() ? Numbers.format(value.getAsDouble()) : MISSING;
    }
}
