package io.openmessaging.benchmark.report;

import io.openmessaging.benchmark.sweep.SweepSummary;
import io.openmessaging.benchmark.sweep.SweptParameter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The text table {@code bin/benchmark sweep} prints per driver: one row per step, then the reasons of unstable
 * steps, the peak stable throughput and the fitted model.
 */
public final class SweepTable {

    private SweepTable() {}

    /** The table of every driver of {@code summary}, one block per driver. */
    public static String format(SweepSummary summary) {
        SweptParameter parameter = SweptParameter.ofWorkloadKey(summary.parameter);
        StringBuilder text = new StringBuilder();
        for (SweepSummary.DriverSweep driver : summary.drivers) {
            text.append("=== sweep of ")
                    .append(summary.parameter)
                    .append(" · workload ")
                    .append(summary.workload)
                    .append(" · driver ")
                    .append(driver.driver)
                    .append('\n');
            List<String> header = new ArrayList<>();
            if (parameter != SweptParameter.PRODUCER_RATE) {
                header.add(summary.parameter + " (" + summary.parameterUnit + ")");
            }
            header.addAll(List.of(
                    "target msg/s",
                    "pub msg/s",
                    "cons msg/s",
                    "backlog trend msg/s",
                    "pub resp p50 ms",
                    "pub resp p99 ms",
                    "e2e resp p50 ms",
                    "e2e resp p99 ms",
                    "stable"));
            List<List<String>> rows = new ArrayList<>();
            rows.add(header);
            for (SweepSummary.Step step : driver.steps) {
                List<String> row = new ArrayList<>();
                if (parameter != SweptParameter.PRODUCER_RATE) {
                    row.add(parameter.format(step.value));
                }
                row.add(number(step.targetPublishRateMsgPerSec));
                row.add(number(step.achievedPublishRateMsgPerSec));
                row.add(number(step.achievedConsumeRateMsgPerSec));
                row.add(
                        step.backlogSlopeMsgPerSec == null
                                ? "—"
                                : Numbers.signed(step.backlogSlopeMsgPerSec)
                                        + (Boolean.TRUE.equals(step.backlogGrowing) ? " growing" : " flat"));
                row.add(number(step.publishResponseTime50pctMs));
                row.add(number(step.publishResponseTime99pctMs));
                row.add(number(step.endToEndResponseTime50pctMs));
                row.add(number(step.endToEndResponseTime99pctMs));
                row.add(Boolean.TRUE.equals(step.stable) ? "yes" : "no");
                rows.add(row);
            }
            text.append(AlignedColumns.format(
                    rows.stream().map(row -> row.toArray(String[]::new)).toList(), column -> false));
            for (SweepSummary.Step step : driver.steps) {
                for (String reason : step.unstableReasons) {
                    text.append("  ")
                            .append(summary.parameter)
                            .append(' ')
                            .append(parameter.format(step.value))
                            .append(": ")
                            .append(reason)
                            .append('\n');
                }
            }
            text.append(peakLine(driver, parameter));
            if (driver.fit != null) {
                text.append(String.format(
                        Locale.ROOT,
                        "model of pub msg/s against %s: %s with a = %.6g, b = %.6g;" + " RMSE %s msg/s, R² %s%n",
                        summary.parameter,
                        driver.fit.formula,
                        driver.fit.a,
                        driver.fit.b,
                        number(driver.fit.rmseMsgPerSec),
                        driver.fit.rSquared == null ? "—" : String.format(Locale.ROOT, "%.4f", driver.fit.rSquared)));
            }
            text.append('\n');
        }
        return text.toString();
    }

    private static String peakLine(SweepSummary.DriverSweep driver, SweptParameter parameter) {
        SweepSummary.Step peak = driver.peakStable;
        if (peak == null) {
            return "peak stable throughput: none (no step was stable)\n";
        }
        return "peak stable throughput: " + number(peak.achievedPublishRateMsgPerSec) + " msg/s (target "
                + number(peak.targetPublishRateMsgPerSec) + " msg/s"
                + (parameter == SweptParameter.PRODUCER_RATE
                        ? ""
                        : ", " + parameter.workloadKey() + " " + parameter.format(peak.value))
                + ")\n";
    }

    private static String number(Double value) {
        return value == null ? "—" : Numbers.format(value);
    }
}
