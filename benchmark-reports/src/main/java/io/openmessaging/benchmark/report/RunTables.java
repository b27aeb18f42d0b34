package io.openmessaging.benchmark.report;

import static io.openmessaging.benchmark.report.Html.escape;

import io.openmessaging.benchmark.result.ClockOffset;
import io.openmessaging.benchmark.result.MessageIdentity;
import io.openmessaging.benchmark.result.RunMetadata;
import io.openmessaging.benchmark.result.TestResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The HTML tables of a report: headline figures (throughput, then latency with response times first
 * and service times beside them), notes a reader must know to trust the numbers, and each run's
 * metadata. Every figure comes from {@link Metric#value}, so the report, CSV and {@code compare} agree.
 */
final class RunTables {

    private static final String MISSING = "<span class=\"missing\" title=\"not in this file\">—</span>";
    private static final List<Stat> LATENCY_STATS = List.of(Stat.P50, Stat.P99, Stat.P999, Stat.MAX);

    private RunTables() {}

    /** A column of the throughput table; a column no run has a value for is left out. */
    private record Column(String header, Function<ReportRun, Optional<String>> cell) {}

    private static final List<Column> THROUGHPUT_COLUMNS = List.of(
            new Column("Status", run -> status(run.result())),
            new Column("Shape", run -> shape(run.result())),
            new Column("Measured", run -> Optional.of(measured(run))),
            new Column("Target<br><small>msg/s</small>", run -> number(target(run.result()))),
            new Column(
                    "Publish<br><small>msg/s</small>",
                    run -> number(Metric.PUBLISH_RATE.value(run.result(), Stat.AVG))),
            new Column("Publish ÷ target", run -> share(run.result())),
            new Column("Publish<br><small>MB/s</small>", run -> number(megabytes(run.result(), Metric.PUBLISH_RATE))),
            new Column(
                    "Consume<br><small>msg/s</small>",
                    run -> number(Metric.CONSUME_RATE.value(run.result(), Stat.AVG))),
            new Column("Consume<br><small>MB/s</small>", run -> number(megabytes(run.result(), Metric.CONSUME_RATE))),
            new Column("Send errors", run -> sendErrors(run.result())),
            new Column("Backlog max<br><small>messages</small>", run -> number(backlogMax(run.result()))),
            new Column(
                    "Publish delay p99<br><small>ms</small>",
                    run -> number(millis(Metric.PUBLISH_DELAY_LATENCY.value(run.result(), Stat.P99), 1e-3))));

    /** Throughput and errors, one row per run; columns no run has a value for are left out. */
    static String throughput(List<ReportRun> runs) {
        List<Column> columns = THROUGHPUT_COLUMNS.stream()
                .filter(column ->
                        runs.stream().anyMatch(run -> column.cell().apply(run).isPresent()))
                .toList();
        StringBuilder html = new StringBuilder(
                "<table class=\"figures\" id=\"throughput-table\"><thead><tr><th class=\"run\">Run</th>");
        for (Column column : columns) {
            html.append(column.header().equals("Shape") ? "<th class=\"text\">" : "<th>")
                    .append(column.header())
                    .append("</th>");
        }
        html.append("</tr></thead><tbody>");
        for (int i = 0; i < runs.size(); i++) {
            ReportRun run = runs.get(i);
            html.append("<tr>").append(runCell(run, i));
            for (Column column : columns) {
                html.append(column.header().equals("Shape") ? "<td class=\"text\">" : "<td>")
                        .append(column.cell().apply(run).orElse(MISSING))
                        .append("</td>");
            }
            html.append("</tr>");
        }
        return html.append("</tbody></table>").toString();
    }

    /**
     * Latency in ms: for publish and end-to-end, response time first, then latency (service time).
     * Metrics no run holds are left out and named below the table.
     */
    static String latency(List<ReportRun> runs) {
        List<Metric> groups = Stream.of(
                        Metric.PUBLISH_RESPONSE_TIME,
                        Metric.PUBLISH_LATENCY,
                        Metric.END_TO_END_RESPONSE_TIME,
                        Metric.END_TO_END_LATENCY)
                .filter(metric -> runs.stream().anyMatch(run -> metric.isIn(run.result())))
                .toList();
        if (groups.isEmpty()) {
            return "<p class=\"hint\" id=\"latency-table\">No run in this report records latencies.</p>";
        }
        StringBuilder html = new StringBuilder(
                "<table class=\"figures\" id=\"latency-table\"><thead><tr><th class=\"run\" rowspan=\"2\">Run</th>");
        for (Metric metric : groups) {
            html.append("<th class=\"group")
                    .append(isResponseTime(metric) ? " response-time" : "")
                    .append("\" colspan=\"")
                    .append(LATENCY_STATS.size())
                    .append("\">")
                    .append(groupTitle(metric))
                    .append("</th>");
        }
        html.append("</tr><tr>");
        for (Metric metric : groups) {
            for (int s = 0; s < LATENCY_STATS.size(); s++) {
                html.append("<th")
                        .append(s == 0 ? " class=\"group-start\"" : "")
                        .append(">")
                        .append(LATENCY_STATS.get(s).label())
                        .append("</th>");
            }
        }
        html.append("</tr></thead><tbody>");
        for (int i = 0; i < runs.size(); i++) {
            ReportRun run = runs.get(i);
            html.append("<tr>").append(runCell(run, i));
            for (Metric metric : groups) {
                for (int s = 0; s < LATENCY_STATS.size(); s++) {
                    String cssClass = ((s == 0 ? "group-start " : "") + (isResponseTime(metric) ? "rt" : "")).strip();
                    html.append(cssClass.isEmpty() ? "<td>" : "<td class=\"" + cssClass + "\">")
                            .append(number(metric.value(run.result(), LATENCY_STATS.get(s)))
                                    .orElse(MISSING))
                            .append("</td>");
                }
            }
            html.append("</tr>");
        }
        html.append("</tbody></table>");
        List<String> absent = Stream.of(Metric.PUBLISH_RESPONSE_TIME, Metric.END_TO_END_RESPONSE_TIME)
                .filter(metric -> !groups.contains(metric))
                .map(metric ->
                        metric == Metric.PUBLISH_RESPONSE_TIME ? "publish response time" : "end-to-end response time")
                .toList();
        if (!absent.isEmpty()) {
            html.append("<p class=\"hint table-note\">Not in any of these files, so not shown: ")
                    .append(String.join(" and ", absent))
                    .append(
                            " (files of upstream OpenMessaging Benchmark and its forks measure from the actual send only).</p>");
        }
        return html.toString();
    }

    private static boolean isResponseTime(Metric metric) {
        return metric == Metric.PUBLISH_RESPONSE_TIME || metric == Metric.END_TO_END_RESPONSE_TIME;
    }

    /** Things a reader must know to trust the figures, each naming the runs it applies to; "" if none. */
    /**
     * Whether every end-to-end quantile of the file is a whole number of ms, give or take the 1 µs that
     * upstream's histograms add at the top of a bucket (263.001); needs more than one quantile to say so.
     */
    static boolean wholeMillisecondEndToEnd(TestResult result) {
        return result.aggregatedEndToEndLatencyQuantiles.size() > 1
                && result.aggregatedEndToEndLatencyQuantiles.values().stream()
                        .allMatch(ms -> ms != null && Math.abs(ms - Math.rint(ms)) <= 0.0015);
    }

    static String notes(List<ReportRun> runs) {
        Map<String, List<NoteRun>> notes = new LinkedHashMap<>();
        for (ReportRun run : runs) {
            TestResult result = run.result();
            if (Boolean.FALSE.equals(result.complete)) {
                add(
                        notes,
                        "Did not complete; the figures cover the measured periods before it stopped.",
                        run,
                        result.failureReason);
            }
            if (result.totalSendErrors != null && result.totalSendErrors > 0) {
                add(notes, "Sends failed.", run, Numbers.format(result.totalSendErrors));
            }
            MessageIdentity identity = result.messageIdentity;
            if (identity != null && identity.lost != null && identity.lost > 0) {
                add(
                        notes,
                        "Acknowledged messages lost (never received by a subscription).",
                        run,
                        Numbers.format(identity.lost));
            }
            if (identity != null && identity.duplicates != null && identity.duplicates > 0) {
                add(notes, "Messages received more than once.", run, Numbers.format(identity.duplicates));
            }
            if (!Metric.PUBLISH_RESPONSE_TIME.isIn(result) && Metric.PUBLISH_LATENCY.isIn(result)) {
                add(
                        notes,
                        "No response times (measured from the intended send time, corrected for coordinated omission): "
                                + "the file has upstream's format, whose latencies are service times, which hide stalls.",
                        run,
                        null);
            }
            if (wholeMillisecondEndToEnd(result)) {
                add(
                        notes,
                        "End-to-end latencies are whole milliseconds (upstream OMB and its forks time them with"
                                + " millisecond clocks), so their low percentiles read 0, 1 or 2 ms: compare them with"
                                + " microsecond figures only from a few milliseconds up.",
                        run,
                        null);
            }
            if (run.sampleRateAssumed() && !result.publishRate.isEmpty()) {
                add(
                        notes,
                        "The file does not give its sample period; 10 s, upstream's default, is assumed for the time axis.",
                        run,
                        null);
            }
            long minBacklog = result.backlog.stream()
                    .filter(Objects::nonNull)
                    .mapToLong(Long::longValue)
                    .min()
                    .orElse(0);
            if (minBacklog < 0) {
                add(
                        notes,
                        "Backlog goes negative (lowest value in brackets): the writer did not clamp it, "
                                + "so received messages were counted before sent ones.",
                        run,
                        Numbers.format(minBacklog));
            }
            if (result.endToEndNegativeCount != null && result.endToEndNegativeCount > 0) {
                add(
                        notes,
                        "End-to-end values ≤ 0 (receiver clock behind the sender's), recorded as 0; see the clock offsets "
                                + "under Runs.",
                        run,
                        Numbers.format(result.endToEndNegativeCount));
            }
            if (result.latencyValuesClampedCount != null && result.latencyValuesClampedCount > 0) {
                add(
                        notes,
                        "Latency values above 1 hour, recorded as 1 hour.",
                        run,
                        Numbers.format(result.latencyValuesClampedCount));
            }
        }
        if (notes.isEmpty()) {
            return "";
        }
        StringBuilder html = new StringBuilder("<ul class=\"notes\">");
        notes.forEach((note, chips) -> html.append("<li><span class=\"note-text\">")
                .append(escape(note))
                .append("</span> <span class=\"note-runs\">")
                .append(chips(chips, runs.size()))
                .append("</span></li>"));
        return html.append("</ul>").toString();
    }

    /** One row per run: what ran where, with which versions. */
    static String runsOverview(List<ReportRun> runs) {
        StringBuilder html = new StringBuilder("<table class=\"figures overview\" id=\"runs-table\"><thead><tr>")
                .append("<th class=\"run\">Run</th><th class=\"text\">Driver</th><th class=\"text\">Workload</th>")
                .append(
                        "<th class=\"text\">System version</th><th class=\"text\">Began</th><th class=\"text\">Benchmark</th>")
                .append("<th class=\"text\">Host</th><th class=\"text\">JVM</th></tr></thead><tbody>");
        for (int i = 0; i < runs.size(); i++) {
            ReportRun run = runs.get(i);
            TestResult result = run.result();
            RunMetadata metadata = result.metadata;
            html.append("<tr>")
                    .append(runCell(run, i))
                    .append(textCell(result.driver))
                    .append(textCell(result.workload))
                    .append(textCell(result.version))
                    .append(textCell(began(result)))
                    .append(textCell(metadata == null ? null : benchmarkVersion(metadata)))
                    .append(textCell(metadata == null ? null : host(metadata)))
                    .append(textCell(metadata == null ? null : metadata.jvm))
                    .append("</tr>");
        }
        return html.append("</tbody></table>").toString();
    }

    /** Everything the file says about each run, collapsed: metadata, clock offsets, driver and workload YAML. */
    static String runDetails(List<ReportRun> runs) {
        StringBuilder html = new StringBuilder();
        for (int i = 0; i < runs.size(); i++) {
            ReportRun run = runs.get(i);
            TestResult result = run.result();
            RunMetadata metadata = result.metadata;
            html.append("<details class=\"run-details\"><summary>")
                    .append(swatch(i))
                    .append(escape(run.label()))
                    .append(" <span class=\"file\">")
                    .append(escape(run.file()))
                    .append("</span></summary>");
            Map<String, Object> rows = new LinkedHashMap<>();
            rows.put("File", run.file());
            rows.put("Workload", result.workload);
            rows.put("Driver", result.driver);
            rows.put("System version", result.version);
            rows.put("Complete", result.complete);
            rows.put("Failure", result.failureReason);
            rows.put("Began", began(result));
            rows.put("Ended", ended(result));
            rows.put(
                    "Sample period",
                    run.sampleRateMillis() + " ms" + (run.sampleRateAssumed() ? " (assumed: not in the file)" : ""));
            rows.put(
                    "Warm-up",
                    result.warmupDurationSeconds == null ? null : Numbers.format(result.warmupDurationSeconds) + " s");
            rows.put(
                    "Measured",
                    result.testDurationSeconds == null ? null : Numbers.format(result.testDurationSeconds) + " s");
            rows.put("Shape", result.messageSize == null ? null : shapeText(result));
            rows.put(
                    "Messages sent / received",
                    result.totalMessagesSent == null
                            ? null
                            : Numbers.format(result.totalMessagesSent) + " / "
                                    + Numbers.format(Objects.requireNonNullElse(result.totalMessagesReceived, 0L)));
            rows.put("Send errors", result.totalSendErrors);
            if (result.totalMessagesDue != null) {
                rows.put(
                        "Due / never sent / unacknowledged at the end",
                        Numbers.format(result.totalMessagesDue) + " / "
                                + Numbers.format(Objects.requireNonNullElse(result.totalMessagesNotSent, 0L)) + " / "
                                + Numbers.format(Objects.requireNonNullElse(result.totalMessagesUnackedAtEnd, 0L)));
            }
            MessageIdentity identity = result.messageIdentity;
            if (identity != null) {
                rows.put(
                        "Received once / duplicates / lost / received unacknowledged / out of order",
                        Numbers.format(identity.receivedUnique) + " / " + Numbers.format(identity.duplicates) + " / "
                                + Numbers.format(identity.lost) + " / "
                                + Numbers.format(identity.receivedNotAcknowledged) + " / "
                                + Numbers.format(identity.outOfOrder));
            }
            rows.put("End-to-end values ≤ 0", result.endToEndNegativeCount);
            rows.put("Unstamped messages received", result.unstampedMessagesReceived);
            if (metadata != null) {
                rows.put("Benchmark", benchmarkVersion(metadata));
                rows.put("Host", host(metadata));
                rows.put("OS", metadata.os);
                rows.put("JVM", metadata.jvm);
                rows.put("Driver implementation", metadata.driverId);
                rows.put("Driver file", metadata.driverFile);
                rows.put("Workload file", metadata.workloadFile);
                rows.put("Client libraries", join(metadata.clientVersions));
                rows.put("Brokers", join(metadata.brokerInfo));
                rows.put("Driver counters", join(metadata.driverCounters));
                rows.put("Clock offsets", clockOffsets(metadata.clockOffsets));
                rows.put(
                        "Latency precision",
                        metadata.latencyPrecisionDigits == null
                                ? null
                                : metadata.latencyPrecisionDigits + " significant digits");
                rows.put(
                        "Producer wake interval",
                        metadata.producerWakeIntervalMicros == null
                                ? null
                                : metadata.producerWakeIntervalMicros == 0
                                        ? "0 (a wake-up for every message)"
                                        : metadata.producerWakeIntervalMicros + " µs");
                rows.put(
                        "Command line", metadata.commandLine.isEmpty() ? null : String.join(" ", metadata.commandLine));
            }
            html.append("<table class=\"metadata\"><tbody>");
            rows.forEach((name, value) -> {
                if (value != null && !value.toString().isEmpty()) {
                    html.append("<tr><th>")
                            .append(escape(name))
                            .append("</th><td>")
                            .append(escape(value))
                            .append("</td></tr>");
                }
            });
            html.append("</tbody></table>");
            if (metadata == null) {
                html.append(
                        "<p class=\"hint\">No run metadata in this file: it has the format of upstream OpenMessaging "
                                + "Benchmark or one of its forks, which record no versions, hosts or configuration.</p>");
            } else {
                yaml(html, "Driver configuration", metadata.driverFile, metadata.driverYaml);
                yaml(html, "Workload", metadata.workloadFile, metadata.workloadYaml);
            }
            html.append(RatePlanTables.steps(result)).append(RatePlanTables.search(result));
            html.append("</details>");
        }
        return html.toString();
    }

    private static void yaml(StringBuilder html, String title, String file, String text) {
        if (text != null && !text.isBlank()) {
            html.append("<h4>")
                    .append(escape(title))
                    .append(file == null ? "" : " <span class=\"file\">" + escape(file) + "</span>")
                    .append("</h4><pre class=\"yaml\">")
                    .append(escape(text.stripTrailing()))
                    .append("</pre>");
        }
    }

    private static String groupTitle(Metric metric) {
        return switch (metric) {
            case PUBLISH_RESPONSE_TIME -> "Publish response time<br><small>ms · from intended send</small>";
            case PUBLISH_LATENCY -> "Publish latency<br><small>ms · service time</small>";
            case END_TO_END_RESPONSE_TIME -> "End-to-end response time<br><small>ms · from intended send</small>";
            case END_TO_END_LATENCY -> "End-to-end latency<br><small>ms · from actual send</small>";
            default -> throw new IllegalArgumentException(metric.key());
        };
    }

    static String swatch(int index) {
        return "<span class=\"swatch\" style=\"background:" + ChartData.color(index) + "\"></span>";
    }

    private static String runCell(ReportRun run, int index) {
        return "<td class=\"run\" title=\"" + escape(run.file()) + "\">" + swatch(index) + escape(run.label())
                + "</td>";
    }

    /** The rate the measured phase aimed at ({@code targetRate}); empty in files without it (a rate plan). */
    private static OptionalDouble target(TestResult result) {
        return result.targetRate == null ? OptionalDouble.empty() : OptionalDouble.of(result.targetRate);
    }

    /** The average publish rate as a percentage of the target, e.g. {@code 99.9 %}. */
    private static Optional<String> share(TestResult result) {
        OptionalDouble achieved = Metric.PUBLISH_RATE.value(result, Stat.AVG);
        if (result.targetRate == null || result.targetRate <= 0 || achieved.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(
                String.format(java.util.Locale.ROOT, "%.1f %%", 100 * achieved.getAsDouble() / result.targetRate));
    }

    private static Optional<String> number(OptionalDouble value) {
        return value.isPresent() ? Optional.of(Numbers.format(value.getAsDouble())) : Optional.empty();
    }

    private static String textCell(Object value) {
        return "<td class=\"text\">" + (value == null ? MISSING : escape(value)) + "</td>";
    }

    private static Optional<String> status(TestResult result) {
        if (result.complete == null) {
            return Optional.empty();
        }
        return Optional.of(
                result.complete
                        ? "<span class=\"badge ok\">complete</span>"
                        : "<span class=\"badge bad\" title=\"" + escape(result.failureReason) + "\">incomplete</span>");
    }

    private static Optional<String> shape(TestResult result) {
        return result.messageSize == null && result.topics == null
                ? Optional.empty()
                : Optional.of(escape(shapeText(result)));
    }

    private static String shapeText(TestResult result) {
        List<String> parts = new ArrayList<>();
        if (result.messageSize != null) {
            parts.add(bytes(result.messageSize));
        }
        if (result.topics != null) {
            parts.add(result.topics
                    + (result.topics == 1 ? " topic" : " topics")
                    + (result.partitions == null ? "" : " × " + result.partitions + " partitions"));
        }
        if (result.producersPerTopic != null) {
            parts.add(result.producersPerTopic + " prod / " + Objects.requireNonNullElse(result.consumersPerTopic, 0)
                    + " cons per topic");
        }
        return String.join(" · ", parts);
    }

    private static String bytes(int size) {
        if (size >= 1024 && size % 1024 == 0) {
            return size / 1024 + " KiB";
        }
        return size + " B";
    }

    private static String measured(ReportRun run) {
        int periods = run.result().publishRate.size();
        double seconds = run.result().testDurationSeconds != null
                ? run.result().testDurationSeconds
                : periods * run.sampleRateMillis() / 1000.0;
        String period = Numbers.format(run.sampleRateMillis() / 1000.0) + " s" + (run.sampleRateAssumed() ? "*" : "");
        return "<span title=\"" + periods + " periods of " + period + "\">" + duration(seconds) + " <small>(" + periods
                + " × " + period + ")</small></span>";
    }

    private static String duration(double seconds) {
        long whole = Math.round(seconds);
        return whole >= 60 ? String.format("%d:%02d", whole / 60, whole % 60) : whole + " s";
    }

    private static OptionalDouble megabytes(TestResult result, Metric rate) {
        OptionalDouble average = rate.value(result, Stat.AVG);
        return average.isPresent() && result.messageSize != null
                ? OptionalDouble.of(average.getAsDouble() * result.messageSize / 1e6)
                : OptionalDouble.empty();
    }

    /**
     * Failed sends as a count in every row: the file's total, or, for files without one (upstream's), the
     * error rates summed over their periods ({@code sampleRateMillis}, else upstream's 10 s), marked ≈.
     */
    static Optional<String> sendErrors(TestResult result) {
        if (result.totalSendErrors != null) {
            return Optional.of(Numbers.format(result.totalSendErrors));
        }
        List<Double> rates = result.publishErrorRate.stream()
                .filter(v -> v != null && Double.isFinite(v))
                .toList();
        if (rates.isEmpty()) {
            return Optional.empty();
        }
        double periodSeconds =
                result.sampleRateMillis != null ? result.sampleRateMillis / 1000.0 : UPSTREAM_PERIOD_SECONDS;
        double total = rates.stream().mapToDouble(Double::doubleValue).sum() * periodSeconds;
        return Optional.of(total == 0 ? "0" : "≈" + Numbers.format(Math.rint(total)));
    }

    /** Upstream OMB's statistics period, when a file does not give {@code sampleRateMillis}. */
    private static final double UPSTREAM_PERIOD_SECONDS = 10;

    private static OptionalDouble backlogMax(TestResult result) {
        return result.backlog.stream()
                .filter(Objects::nonNull)
                .mapToDouble(Long::doubleValue)
                .max();
    }

    private static OptionalDouble millis(OptionalDouble value, double factor) {
        return value.isPresent() ? OptionalDouble.of(value.getAsDouble() * factor) : OptionalDouble.empty();
    }

    private static String began(TestResult result) {
        if (result.metadata != null && result.metadata.beginTimeEpochMillis != null) {
            return ReportDates.utcOfEpochMillis(result.metadata.beginTimeEpochMillis);
        }
        return ReportDates.utcOfText(result.beginTime);
    }

    private static String ended(TestResult result) {
        if (result.metadata != null && result.metadata.endTimeEpochMillis != null) {
            return ReportDates.utcOfEpochMillis(result.metadata.endTimeEpochMillis);
        }
        return ReportDates.utcOfText(result.endTime);
    }

    private static String benchmarkVersion(RunMetadata metadata) {
        if (metadata.projectVersion == null) {
            return null;
        }
        return metadata.projectVersion + (metadata.gitSha == null ? "" : " (" + abbreviate(metadata.gitSha) + ")");
    }

    private static String abbreviate(String sha) {
        return sha.length() > 12 ? sha.substring(0, 12) : sha;
    }

    private static String host(RunMetadata metadata) {
        if (metadata.hostname == null) {
            return null;
        }
        return metadata.hostname
                + (metadata.availableProcessors == null ? "" : " (" + metadata.availableProcessors + " cores)");
    }

    private static String join(Map<String, ?> values) {
        if (values == null || values.isEmpty()) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        values.forEach((name, value) -> parts.add(name + " " + value));
        return String.join(", ", parts);
    }

    private static String clockOffsets(List<ClockOffset> offsets) {
        if (offsets == null || offsets.isEmpty()) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        for (ClockOffset offset : offsets) {
            parts.add(offset.worker() + ": " + Numbers.signed(offset.offsetNanos() / 1e6) + " ms ± "
                    + Numbers.format(offset.errorBoundNanos() / 1e6) + " ms");
        }
        return String.join("; ", parts);
    }

    /** A run a note applies to, with a detail (a count, a reason) or {@code null}. */
    private record NoteRun(String label, String detail) {

        String text() {
            return detail == null ? label : label + " (" + detail + ")";
        }
    }

    private static void add(Map<String, List<NoteRun>> notes, String note, ReportRun run, String detail) {
        notes.computeIfAbsent(note, key -> new ArrayList<>()).add(new NoteRun(run.label(), detail));
    }

    private static String chips(List<NoteRun> noteRuns, int runCount) {
        if (runCount > 1
                && noteRuns.size() == runCount
                && noteRuns.stream().allMatch(noteRun -> noteRun.detail() == null)) {
            return "<span class=\"chip\">all runs</span>";
        }
        return String.join(
                " ",
                noteRuns.stream()
                        .map(noteRun -> "<span class=\"chip\">" + escape(noteRun.text()) + "</span>")
                        .toList());
    }
}
