package io.openmessaging.benchmark.report;

import static io.openmessaging.benchmark.report.Html.escape;

import io.openmessaging.benchmark.abtest.AbVerdict;
import io.openmessaging.benchmark.abtest.AbVerdicts;
import io.openmessaging.benchmark.abtest.AbVerdicts.FigureVerdict;
import io.openmessaging.benchmark.abtest.AbVerdicts.GateCheck;
import io.openmessaging.benchmark.abtest.AbVerdicts.SideFigure;
import java.util.List;
import java.util.Locale;

/**
 * The report's A/B section: per comparison ({@code bin/regression --compare}) a table of its verdicts, each
 * side's median and spread of the run values, the ratio B/A with its interval and the p-value, then the
 * gate and the problems.
 */
final class AbSection {

    private AbSection() {}

    /** The section's HTML; empty when there is no comparison. */
    static String html(List<ReportAbTest> comparisons) {
        if (comparisons.isEmpty()) {
            return "";
        }
        StringBuilder html = new StringBuilder("<section id=\"ab-tests\"><h2>A/B comparisons</h2>\n");
        for (int i = 0; i < comparisons.size(); i++) {
            ReportAbTest comparison = comparisons.get(i);
            AbVerdicts verdicts = comparison.verdicts();
            html.append("<div class=\"card\" id=\"ab-test-")
                    .append(i)
                    .append("\"><h3>")
                    .append(escape(comparison.title()))
                    .append(' ')
                    .append(badge(verdicts))
                    .append("</h3>\n")
                    .append(sides(verdicts))
                    .append("<p class=\"hint\">")
                    .append(escape(comparison.file().toString()))
                    .append(" · ")
                    .append(verdicts.a().runsUsed())
                    .append(" run(s) of A and ")
                    .append(verdicts.b().runsUsed())
                    .append(
                            " of B used. Each run counts once: its value of a figure is the median of its measured"
                                    + " periods. A difference is significant when the two-sided Mann–Whitney U test gives p &lt; ")
                    .append(Numbers.plain(verdicts.method().alpha()))
                    .append(" and the ")
                    .append(Numbers.plain(verdicts.method().confidence() * 100))
                    .append(" % bootstrap interval of B/A (medians, runs resampled) excludes 1; lower latency and"
                            + " higher rate are faster (docs/regression.md).</p>\n")
                    .append("<div class=\"table-scroll\">")
                    .append(table(verdicts))
                    .append("</div>\n")
                    .append(gate(verdicts))
                    .append("</div>\n");
        }
        return html.append("</section>").toString();
    }

    /** Failed, passed (every threshold met), or not gated: "passed" without a threshold said nothing. */
    private static String badge(AbVerdicts verdicts) {
        if (!verdicts.passed()) {
            return "<span class=\"badge bad\">failed</span>";
        }
        return verdicts.thresholds().isEmpty()
                ? "<span class=\"badge\">no threshold given</span>"
                : "<span class=\"badge ok\">passed</span>";
    }

    /** Which runs are A and which B: each side's label and its result files, those left out with why. */
    private static String sides(AbVerdicts verdicts) {
        StringBuilder html = new StringBuilder("<ul class=\"ab-sides\">");
        for (AbVerdicts.Side side : List.of(verdicts.a(), verdicts.b())) {
            html.append("<li><b>")
                    .append(side == verdicts.a() ? "A" : "B")
                    .append(" = ")
                    .append(escape(side.label()))
                    .append("</b>: ");
            for (int r = 0; r < side.runs().size(); r++) {
                AbVerdicts.Run run = side.runs().get(r);
                html.append(r == 0 ? "" : ", ")
                        .append("<code>")
                        .append(escape(run.file()))
                        .append("</code>");
                if (run.excludedBecause() != null) {
                    html.append(" (left out: ")
                            .append(escape(run.excludedBecause()))
                            .append(')');
                }
            }
            html.append("</li>");
        }
        return html.append("</ul>\n").toString();
    }

    private static String table(AbVerdicts verdicts) {
        StringBuilder html =
                new StringBuilder("<table class=\"figures ab-table\"><thead><tr><th class=\"run\">Figure</th>"
                        + "<th>Unit</th><th>A median</th><th>A Q1–Q3</th><th>B median</th><th>B Q1–Q3</th><th>B/A</th>"
                        + "<th>Interval</th><th>p</th><th class=\"verdict\">Verdict</th></tr></thead><tbody>");
        for (FigureVerdict figure : verdicts.figures()) {
            html.append("<tr><td class=\"run\">")
                    .append(escape(figure.figure()))
                    .append("</td><td>")
                    .append(escape(figure.unit()))
                    .append("</td>")
                    .append(cell(figure.a().median()))
                    .append(spread(figure.a()))
                    .append(cell(figure.b().median()))
                    .append(spread(figure.b()))
                    .append("<td>")
                    .append(figure.ratio() == null ? "—" : String.format(Locale.ROOT, "%.3f", figure.ratio()))
                    .append("</td><td>")
                    .append(
                            figure.ratioLow() == null
                                    ? "—"
                                    : String.format(Locale.ROOT, "%.3f–%.3f", figure.ratioLow(), figure.ratioHigh()))
                    .append("</td><td>")
                    .append(figure.pValue() == null ? "—" : Numbers.plain(figure.pValue()))
                    .append("</td><td class=\"verdict\" title=\"")
                    .append(escape(figure.why()))
                    .append("\">")
                    .append(verdict(figure.verdict()))
                    .append("</td></tr>");
        }
        return html.append("</tbody></table>").toString();
    }

    private static String verdict(AbVerdict verdict) {
        return switch (verdict) {
            case SLOWER -> "<span class=\"badge bad\">slower</span>";
            case FASTER -> "<span class=\"badge ok\">faster</span>";
            default -> escape(verdict.label());
        };
    }

    private static String gate(AbVerdicts verdicts) {
        if (verdicts.thresholds().isEmpty() && verdicts.problems().isEmpty()) {
            return "";
        }
        StringBuilder html = new StringBuilder("<ul class=\"ab-gate\">");
        for (GateCheck check : verdicts.thresholds()) {
            html.append("<li><b>")
                    .append(escape(check.verdict()))
                    .append("</b> ")
                    .append(escape(check.explanation()))
                    .append("</li>");
        }
        for (String problem : verdicts.problems()) {
            if (verdicts.thresholds().stream()
                    .noneMatch(check -> check.explanation().equals(problem))) {
                html.append("<li><b>problem</b> ").append(escape(problem)).append("</li>");
            }
        }
        return html.append("</ul>").toString();
    }

    private static String cell(Double value) {
        return "<td>" + (value == null ? "—" : escape(Numbers.format(value))) + "</td>";
    }

    private static String spread(SideFigure side) {
        return "<td>" + (side.q1() == null ? "—" : escape(Numbers.format(side.q1()) + "–" + Numbers.format(side.q3())))
                + "</td>";
    }
}
