package io.openmessaging.benchmark.compare;

import io.openmessaging.benchmark.compare.Comparison.Check;
import io.openmessaging.benchmark.compare.Comparison.Figure;
import io.openmessaging.benchmark.compare.Comparison.MetricCoverage;
import io.openmessaging.benchmark.compare.Comparison.Side;
import io.openmessaging.benchmark.compare.Comparison.Verdict;
import io.openmessaging.benchmark.report.AlignedColumns;
import io.openmessaging.benchmark.report.Metric;
import io.openmessaging.benchmark.report.Numbers;
import io.openmessaging.benchmark.report.ReportRun;
import io.openmessaging.benchmark.report.ResultFormat;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A {@link Comparison} as a plain-text table for a terminal or a CI log: the files of each side, the
 * workload check ({@link WorkloadCheck}: its differences, the fields not compared), one row per figure
 * that either side holds (grouped by metric), the metrics some files lack, and one line per threshold
 * with its verdict.
 */
public final class ComparisonTable implements ResultFormat<Comparison> {

    private static final String[] HEADER = {
        "figure", "unit", "base", "candidate", "change", "change %", "threshold", "verdict"
    };
    private static final String MISSING = "—";

    @Override
    public void writeOut(Comparison comparison, Writer out) throws IOException {
        out.write(sideLine("Base:     ", comparison.base()));
        out.write(sideLine("Candidate:", comparison.candidate()));
        if (comparison.base().size() > 1 || comparison.candidate().size() > 1) {
            out.write("(several files on a side: each figure is the median over the files that hold it)\n");
        }
        writeWorkload(comparison.workload(), out);
        out.write('\n');

        List<String[]> rows = new ArrayList<>();
        rows.add(HEADER);
        Metric previous = null;
        for (Figure figure : comparison.presentFigures()) {
            if (previous != null && previous != figure.metric()) {
                rows.add(null);
            }
            previous = figure.metric();
            rows.add(row(figure, comparison));
        }
        AlignedColumns.write(out, rows, i -> i <= 1 || i >= HEADER.length - 2);

        List<MetricCoverage> incomplete = comparison.incompleteMetrics();
        if (!incomplete.isEmpty()) {
            out.write(
                    "\nMetrics some files lack (upstream OMB's format has publish delay but no response times; a run\n"
                            + "without consumers has no end-to-end figures):\n");
            for (MetricCoverage coverage : incomplete) {
                out.write(String.format(
                        "  %-21s base %d of %d files, candidate %d of %d files%n",
                        coverage.metric().key(),
                        coverage.baseFiles(),
                        coverage.baseTotal(),
                        coverage.candidateFiles(),
                        coverage.candidateTotal()));
            }
        }

        if (!comparison.checks().isEmpty()) {
            out.write("\nThresholds:\n");
            for (Check check : comparison.checks()) {
                out.write(String.format(
                        "  %-12s %s%n",
                        check.verdict().label().toUpperCase(java.util.Locale.ROOT), check.explanation()));
            }
            long broken = comparison.checks().stream()
                    .filter(c -> c.verdict() == Verdict.BROKEN)
                    .count();
            long notChecked = comparison.checks().stream()
                    .filter(c -> c.verdict() == Verdict.NOT_CHECKED)
                    .count();
            out.write(
                    comparison.passed()
                            ? String.format(
                                    "PASSED: all %d threshold(s) met%n",
                                    comparison.checks().size())
                            : String.format(
                                    "FAILED: %d of %d threshold(s) broken, %d not checked%n",
                                    broken, comparison.checks().size(), notChecked));
        }
        out.flush();
    }

    /**
     * The workload check: the differences (printed only when they were allowed), then the fields some
     * files do not record.
     */
    private static void writeWorkload(WorkloadCheck workload, Writer out) throws IOException {
        if (workload.sameWorkload()) {
            out.write("Workload: the same in every file ("
                    + workload.comparedFields().size() + " of " + WorkloadFields.FIELDS.size() + " fields compared)\n");
        } else {
            out.write("Workload: DIFFERENT, compared anyway (--allow-different-workloads):\n");
            for (WorkloadCheck.Difference difference : workload.differences()) {
                out.write("  " + difference.text() + "\n");
            }
        }
        List<String> notCompared = workload.notComparedLines();
        if (!notCompared.isEmpty() || !workload.unreadable().isEmpty()) {
            out.write("Workload fields not compared:\n");
            for (String line : workload.unreadable()) {
                out.write("  " + line + "\n");
            }
            for (String line : notCompared) {
                out.write("  " + line + "\n");
            }
        }
    }

    private static String sideLine(String title, List<ReportRun> runs) {
        return title + " " + runs.stream().map(run -> run.file().toString()).collect(Collectors.joining(", ")) + "\n";
    }

    private static String[] row(Figure figure, Comparison comparison) {
        List<Check> checks = comparison.checks().stream()
                .filter(check -> check.figure().equals(figure))
                .toList();
        return new String[] {
            figure.name(),
            figure.metric().unit(),
            side(figure.base()),
            side(figure.candidate()),
            figure.change().isPresent() ? Numbers.signed(figure.change().getAsDouble()) : MISSING,
            figure.changePercent().isPresent()
                    ? Numbers.signedPercent(figure.changePercent().getAsDouble())
                    : MISSING,
            checks.stream().map(check -> check.threshold().limit()).collect(Collectors.joining(" ")),
            checks.stream().map(check -> check.verdict().label()).collect(Collectors.joining(" ")),
        };
    }

    private static String side(Side side) {
        if (side.isMissing()) {
            return MISSING;
        }
        String value = Numbers.format(side.value().getAsDouble());
        return side.filesWithValue() < side.files()
                ? value + " (" + side.filesWithValue() + "/" + side.files() + ")"
                : value;
    }
}
