package io.openmessaging.benchmark.report;

import static io.openmessaging.benchmark.report.Html.escape;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.openmessaging.benchmark.sweep.ModelFit;
import io.openmessaging.benchmark.sweep.SweepSummary;
import io.openmessaging.benchmark.sweep.SweptParameter;
import java.util.List;
import java.util.Locale;

/**
 * The report's sweep section: per sweep summary a table of its steps with each driver's peak stable
 * throughput and fitted model, and the data of its two charts (throughput against latency, throughput
 * against the parameter with the model's curve), which {@code report.js} draws.
 */
final class SweepSection {

    /** Points of a fitted model's curve between the smallest and largest parameter value. */
    static final int CURVE_POINTS = 60;

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private SweepSection() {}

    /** The section's HTML; empty when there is no sweep. */
    static String html(List<ReportSweep> sweeps) {
        if (sweeps.isEmpty()) {
            return "";
        }
        StringBuilder html = new StringBuilder("<section id=\"sweeps\"><h2>Sweeps</h2>\n");
        for (int i = 0; i < sweeps.size(); i++) {
            ReportSweep sweep = sweeps.get(i);
            SweepSummary summary = sweep.summary();
            html.append("<div class=\"card\" id=\"sweep-")
                    .append(i)
                    .append("\"><h3>")
                    .append(escape(sweep.title()))
                    .append("</h3>\n<p class=\"hint\">")
                    .append(escape(sweep.file().toString()))
                    .append(
                            Boolean.TRUE.equals(summary.complete)
                                    ? ""
                                    : " · incomplete: " + escape(summary.failureReason))
                    .append(". Stable: achieved publish rate ≥ 99 % of the target and no significant backlog growth"
                            + " over the last half of the step (docs/sweeps.md). Latencies are response times over the"
                            + " measured phase, in ms.</p>\n")
                    .append("<div class=\"table-scroll\">")
                    .append(table(summary))
                    .append("</div>\n")
                    .append(conclusions(summary))
                    .append("</div>\n")
                    .append("<div class=\"chart-grid\" id=\"sweep-")
                    .append(i)
                    .append("-charts\"></div>\n");
        }
        return html.append("</section>").toString();
    }

    private static String table(SweepSummary summary) {
        boolean rateSweep = SweptParameter.PRODUCER_RATE.workloadKey().equals(summary.parameter);
        StringBuilder html = new StringBuilder(
                        "<table class=\"figures sweep-table\"><thead><tr><th class=\"run\">Driver</th>")
                .append(
                        rateSweep
                                ? ""
                                : "<th>" + escape(summary.parameter) + " (" + escape(summary.parameterUnit) + ")</th>")
                .append("<th>Target msg/s</th><th>Publish msg/s</th><th>Consume msg/s</th><th>Backlog trend msg/s</th>"
                        + "<th>Publish p50</th><th>Publish p99</th><th>E2E p50</th><th>E2E p99</th><th>Stable</th>"
                        + "<th class=\"text\">Why not</th></tr></thead><tbody>");
        for (SweepSummary.DriverSweep driver : summary.drivers) {
            for (SweepSummary.Step step : driver.steps) {
                html.append("<tr><td class=\"run\">")
                        .append(escape(driver.driver))
                        .append("</td>")
                        .append(rateSweep ? "" : cell(step.value))
                        .append(cell(step.targetPublishRateMsgPerSec))
                        .append(cell(step.achievedPublishRateMsgPerSec))
                        .append(cell(step.achievedConsumeRateMsgPerSec))
                        .append("<td>")
                        .append(
                                step.backlogSlopeMsgPerSec == null
                                        ? "—"
                                        : escape(Numbers.signed(step.backlogSlopeMsgPerSec)
                                                + (Boolean.TRUE.equals(step.backlogGrowing) ? " growing" : " flat")))
                        .append("</td>")
                        .append(cell(step.publishResponseTime50pctMs))
                        .append(cell(step.publishResponseTime99pctMs))
                        .append(cell(step.endToEndResponseTime50pctMs))
                        .append(cell(step.endToEndResponseTime99pctMs))
                        .append("<td>")
                        .append(Boolean.TRUE.equals(step.stable) ? "yes" : "<b>no</b>")
                        .append("</td>")
                        .append("<td class=\"text\">")
                        .append(escape(String.join("; ", step.unstableReasons)))
                        .append("</td></tr>");
            }
        }
        return html.append("</tbody></table>").toString();
    }

    private static String conclusions(SweepSummary summary) {
        StringBuilder html = new StringBuilder("<ul class=\"sweep-conclusions\">");
        for (SweepSummary.DriverSweep driver : summary.drivers) {
            html.append("<li><b>").append(escape(driver.driver)).append("</b>: peak stable throughput ");
            if (driver.peakStable == null) {
                html.append("none (no step was stable)");
            } else {
                html.append(escape(Numbers.format(driver.peakStable.achievedPublishRateMsgPerSec)))
                        .append(" msg/s (target ")
                        .append(escape(Numbers.format(driver.peakStable.targetPublishRateMsgPerSec)))
                        .append(" msg/s, ")
                        .append(escape(summary.parameter))
                        .append(' ')
                        .append(escape(Numbers.format(driver.peakStable.value)))
                        .append(')');
            }
            if (driver.fit != null) {
                html.append("; model ").append(escape(fitText(driver.fit)));
            }
            html.append("</li>");
        }
        return html.append("</ul>").toString();
    }

    /** {@code y = a·x^b, a = 8.0e+05, b = -0.4000, RMSE 12.3 msg/s, R² 0.9990}. */
    static String fitText(SweepSummary.Fit fit) {
        return String.format(
                Locale.ROOT,
                "%s with a = %.4g, b = %.4g; RMSE %s msg/s, R² %s",
                fit.formula,
                fit.a,
                fit.b,
                fit.rmseMsgPerSec == null ? "—" : Numbers.format(fit.rmseMsgPerSec),
                fit.rSquared == null ? "—" : String.format(Locale.ROOT, "%.4f", fit.rSquared));
    }

    /** The charts' data: per sweep its parameter and, per driver, the steps and the fitted curve. */
    static ArrayNode chartData(List<ReportSweep> sweeps) {
        ArrayNode array = MAPPER.createArrayNode();
        for (ReportSweep sweep : sweeps) {
            SweepSummary summary = sweep.summary();
            ObjectNode node = array.addObject();
            node.put("title", sweep.title());
            node.put("parameter", summary.parameter);
            node.put("unit", summary.parameterUnit);
            node.put("rateSweep", SweptParameter.PRODUCER_RATE.workloadKey().equals(summary.parameter));
            double min = summary.drivers.stream()
                    .flatMap(d -> d.steps.stream())
                    .mapToDouble(s -> s.value)
                    .min()
                    .orElse(1);
            double max = summary.drivers.stream()
                    .flatMap(d -> d.steps.stream())
                    .mapToDouble(s -> s.value)
                    .max()
                    .orElse(1);
            node.put("logX", min > 0 && max / min >= 20);
            ArrayNode drivers = node.putArray("drivers");
            for (int d = 0; d < summary.drivers.size(); d++) {
                SweepSummary.DriverSweep driver = summary.drivers.get(d);
                ObjectNode driverNode = drivers.addObject();
                driverNode.put("driver", driver.driver);
                driverNode.put("color", ChartData.color(d));
                ArrayNode steps = driverNode.putArray("steps");
                for (SweepSummary.Step step : driver.steps) {
                    ObjectNode stepNode = steps.addObject();
                    stepNode.put("value", step.value);
                    put(stepNode, "target", step.targetPublishRateMsgPerSec);
                    put(stepNode, "publishRate", step.achievedPublishRateMsgPerSec);
                    put(stepNode, "publishP50", step.publishResponseTime50pctMs);
                    put(stepNode, "publishP99", step.publishResponseTime99pctMs);
                    put(stepNode, "e2eP50", step.endToEndResponseTime50pctMs);
                    put(stepNode, "e2eP99", step.endToEndResponseTime99pctMs);
                    stepNode.put("stable", Boolean.TRUE.equals(step.stable));
                }
                if (driver.fit != null && driver.fit.toModel().isPresent()) {
                    ModelFit model = driver.fit.toModel().get();
                    ObjectNode fit = driverNode.putObject("fit");
                    fit.put("text", fitText(driver.fit));
                    ArrayNode curve = fit.putArray("curve");
                    for (int i = 0; i < CURVE_POINTS; i++) {
                        double fraction = i / (double) (CURVE_POINTS - 1);
                        double x = min > 0 && max / min >= 20
                                ? min * Math.pow(max / min, fraction)
                                : min + (max - min) * fraction;
                        double y = model.predict(x);
                        if (Double.isFinite(y)) {
                            curve.addArray().add(x).add(y);
                        }
                    }
                }
            }
        }
        return array;
    }

    private static String cell(Double value) {
        return "<td>" + (value == null ? "—" : escape(Numbers.format(value))) + "</td>";
    }

    private static void put(ObjectNode node, String name, Double value) {
        if (value == null || !Double.isFinite(value)) {
            node.putNull(name);
        } else {
            node.put(name, value);
        }
    }
}
