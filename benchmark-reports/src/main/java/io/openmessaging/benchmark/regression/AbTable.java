package io.openmessaging.benchmark.regression;

import io.openmessaging.benchmark.abtest.AbVerdicts;
import io.openmessaging.benchmark.abtest.AbVerdicts.FigureVerdict;
import io.openmessaging.benchmark.abtest.AbVerdicts.GateCheck;
import io.openmessaging.benchmark.abtest.AbVerdicts.SideFigure;
import io.openmessaging.benchmark.report.AlignedColumns;
import io.openmessaging.benchmark.report.Numbers;
import io.openmessaging.benchmark.report.ResultFormat;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * An A/B comparison as a plain-text table: one row per figure with each side's median and spread (first to
 * third quartile of the run values), the ratio B/A with its interval, the p-value and the verdict; then the
 * method in one paragraph, the gate and the problems.
 */
public final class AbTable implements ResultFormat<AbVerdicts> {

    private static final String[] HEADER = {
        "figure", "unit", "A median", "A Q1–Q3", "B median", "B Q1–Q3", "B/A", "interval", "p", "verdict"
    };
    private static final String MISSING = "—";

    @Override
    public void writeOut(AbVerdicts verdicts, Writer out) throws IOException {
        AbVerdicts.Method method = verdicts.method();
        out.write(String.format(
                Locale.ROOT,
                "A/B comparison: A = %s (%d run(s) used), B = %s (%d run(s) used)%n%n",
                verdicts.a().label(),
                verdicts.a().runsUsed(),
                verdicts.b().label(),
                verdicts.b().runsUsed()));
        List<String[]> rows = new ArrayList<>();
        rows.add(HEADER);
        for (FigureVerdict figure : verdicts.figures()) {
            rows.add(row(figure));
        }
        AlignedColumns.write(out, rows, i -> i <= 1 || i == HEADER.length - 1);
        out.write(String.format(
                Locale.ROOT,
                "%nEach run counts once: its value of a figure is the median of its measured periods. Verdict:"
                        + " Mann-Whitney U two-sided p < %s%nand the %s%% bootstrap interval of B/A (medians, runs"
                        + " resampled) excluding 1; lower latency and higher rate are faster (docs/regression.md).%n",
                Numbers.plain(method.alpha()),
                Numbers.plain(method.confidence() * 100)));
        if (method.smallestPossiblePValue() >= method.alpha()) {
            out.write(String.format(
                    Locale.ROOT,
                    "Note: with %d and %d runs the smallest possible p is %s, not below %s: no verdict can be"
                            + " significant; use more --repeats (5 a side reach 0.0079).%n",
                    verdicts.a().runsUsed(),
                    verdicts.b().runsUsed(),
                    Numbers.plain(method.smallestPossiblePValue()),
                    Numbers.plain(method.alpha())));
        }
        if (!verdicts.thresholds().isEmpty()) {
            out.write("\nThresholds (broken only when significant and beyond the limit):\n");
            for (GateCheck check : verdicts.thresholds()) {
                out.write(String.format("  %-12s %s%n", check.verdict().toUpperCase(Locale.ROOT), check.explanation()));
            }
        }
        if (!verdicts.problems().isEmpty()) {
            out.write("\nProblems:\n");
            for (String problem : verdicts.problems()) {
                out.write("  " + problem + "\n");
            }
        }
        out.write(
                !verdicts.passed()
                        ? "FAILED: " + verdicts.problems().size() + " problem(s)\n"
                        : verdicts.thresholds().isEmpty()
                                ? "No threshold given (--threshold): the verdicts above are reported, not gated\n"
                                : "PASSED: all " + verdicts.thresholds().size() + " threshold(s) met\n");
        out.flush();
    }

    private static String[] row(FigureVerdict figure) {
        return new String[] {
            figure.figure(),
            figure.unit(),
            number(figure.a().median()),
            spread(figure.a()),
            number(figure.b().median()),
            spread(figure.b()),
            figure.ratio() == null ? MISSING : String.format(Locale.ROOT, "%.3f", figure.ratio()),
            figure.ratioLow() == null
                    ? MISSING
                    : String.format(Locale.ROOT, "%.3f–%.3f", figure.ratioLow(), figure.ratioHigh()),
            figure.pValue() == null ? MISSING : Numbers.plain(figure.pValue()),
            figure.verdict().label(),
        };
    }

    private static String number(Double value) {
        return value == null ? MISSING : Numbers.format(value);
    }

    private static String spread(SideFigure side) {
        return side.q1() == null ? MISSING : Numbers.format(side.q1()) + "–" + Numbers.format(side.q3());
    }
}
