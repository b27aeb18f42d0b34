package io.openmessaging.benchmark.studyrun;

import io.openmessaging.benchmark.report.Numbers;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.study.Figure;
import io.openmessaging.benchmark.study.Study;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.regex.Pattern;

/**
 * The content of a study report as blocks (headings, paragraphs, tables, lists), which {@link
 * StudyReportMarkdown} and {@link StudyReportHtml} render alike.
 */
public final class StudyReportContent {

    /** A part of the report. */
    public sealed interface Block permits Heading, Paragraph, Table, Bullets {}

    /** A heading; level 1 is the title. */
    public record Heading(int level, String text, String anchor) implements Block {}

    /** A paragraph of text. */
    public record Paragraph(String text) implements Block {}

    /**
     * A table.
     *
     * @param header the column names
     * @param rows the cells, each row as long as the header
     * @param numeric which columns hold numbers (aligned right)
     */
    public record Table(List<String> header, List<List<String>> rows, List<Boolean> numeric) implements Block {}

    /** A bullet list. */
    public record Bullets(List<String> items) implements Block {}

    /** The user and password of an address such as {@code amqp://user:password@host:5672}. */
    private static final Pattern ADDRESS_PASSWORD = Pattern.compile("(://[^/@\\s:,\\[\\]]+:)[^/@\\s,\\[\\]]+@");

    private StudyReportContent() {}

    /** The blocks of the report of {@code comparison}. */
    public static List<Block> of(StudyComparison comparison) {
        Study study = comparison.study();
        StudyRunRecord record = comparison.record();
        List<Block> blocks = new ArrayList<>();
        blocks.add(new Heading(1, "Study report: " + study.name() + ", " + study.title(), "top"));
        blocks.add(new Paragraph("Source: " + study.source() + "."));
        blocks.add(new Paragraph(summary(comparison)));
        blocks.add(new Paragraph("Study run: "
                + (record.commandLine == null ? "" : record.commandLine + "; ")
                + "brokers " + (record.brokers == null ? "not recorded" : record.brokers)
                + ", scale " + Numbers.plain(record.scale == null ? 1.0 : record.scale)
                + (record.peakFraction == null
                        ? ""
                        : ", fixed rates at " + Numbers.plain(record.peakFraction) + " of each system's peak")
                + (record.testDurationMinutes == null
                        ? ""
                        : ", " + Numbers.format(record.testDurationMinutes) + " min measured")
                + (record.warmupDurationMinutes == null
                        ? ""
                        : ", " + Numbers.format(record.warmupDurationMinutes) + " min warm-up")
                + (record.beginTime == null ? "" : ", from " + record.beginTime)
                + (record.endTime == null ? "" : " to " + record.endTime)
                + (Boolean.TRUE.equals(record.complete) ? ", complete" : ", not complete")
                + "."));

        blocks.add(new Heading(2, "How the measured values are read", "fields"));
        blocks.add(new Bullets(List.of(
                "Latency: the result's aggregated publishLatency and endToEndLatency fields (ms), timed from the"
                        + " actual send as stock OpenMessaging Benchmark times them, not corrected for coordinated"
                        + " omission, so that they compare with the published numbers. This tool also records"
                        + " response times from the intended send (publishResponseTime, endToEndResponseTime,"
                        + " corrected for coordinated omission); the per-run tables below show them beside the"
                        + " latencies.",
                "Statistics: avg and mean are the average; p99.9 is the 999pct field, p99.99 the 9999pct field.",
                "Publish rate: the peak stable rate of a rate search (rateSearch.foundRateMsgPerSec) where the run"
                        + " searched for it, else the average publishRate of the measured phase. MB/s = msg/s ×"
                        + " message size / 2^20, as OpenMessaging Benchmark's log prints MB/s (bin/benchmark report"
                        + " uses 10^6).",
                "Ratios: x = of / over, % = (of / over − 1) × 100, of the runs the study file names; a"
                        + " throughputRatio divides publish rates, a latencyRatio end-to-end latencies of its"
                        + " statistic.",
                "measured ÷ published compares the shape, not the hardware: absolute values measured on one"
                        + " machine are not expected to match a cluster's (see Setup differences).")));

        blocks.add(new Heading(2, "Published figures beside measured ones", "figures"));
        List<List<String>> figureRows = new ArrayList<>();
        for (StudyComparison.FigureRow row : comparison.figures()) {
            Figure figure = row.figure();
            figureRows.add(List.of(
                    figure.id(),
                    figure.experiment(),
                    figure.system(),
                    figure.metric().name() + (figure.percentile() == null ? "" : " " + figure.percentile()),
                    figure.valueText() + " " + figure.unit(),
                    figure.uncertain() ? "uncertain" : "",
                    row.measured().isPresent() ? row.measuredText() + " " + figure.unit() : row.measuredText(),
                    row.ratio().isPresent() ? Numbers.plain(row.ratio().getAsDouble()) : "",
                    StudyComparison.verdictText(row),
                    row.note() == null ? "" : row.note()));
        }
        blocks.add(new Table(
                List.of(
                        "id",
                        "experiment",
                        "system",
                        "metric",
                        "published",
                        "uncertain",
                        "measured",
                        "measured ÷ published",
                        "verdict",
                        "measured as"),
                figureRows,
                List.of(false, false, false, false, true, false, true, true, false, false)));
        List<String> uncertain = comparison.figures().stream()
                .map(StudyComparison.FigureRow::figure)
                .filter(Figure::uncertain)
                .map(figure -> figure.id() + " is uncertain: " + figure.reason())
                .toList();
        if (!uncertain.isEmpty()) {
            blocks.add(new Bullets(uncertain));
        }

        blocks.add(new Heading(2, "Claims", "claims"));
        if (comparison.claims().isEmpty()) {
            blocks.add(new Paragraph("The study file lists no claims."));
        } else {
            List<List<String>> claimRows = new ArrayList<>();
            for (StudyComparison.ClaimRow row : comparison.claims()) {
                Study.Claim claim = row.claim();
                claimRows.add(List.of(
                        claim.id(),
                        claim.text(),
                        claim.metric().name() + (claim.percentile() == null ? "" : " " + claim.percentile()),
                        String.join("; ", row.values()),
                        row.verdict().toString()));
            }
            blocks.add(new Table(
                    List.of("id", "claim", "metric", "measured", "verdict"),
                    claimRows,
                    List.of(false, false, false, false, false)));
        }

        blocks.add(new Heading(2, "Measured statistics per run", "runs"));
        blocks.add(new Paragraph("Every run's p50, p99, p99.9 and max, published or not; where the study"
                + " measured something it did not publish as a number, it is named below the run's table."));
        for (StudyComparison.RunOutcome outcome : comparison.runs()) {
            blocks.add(new Heading(3, outcome.reference(), null));
            if (outcome.status() != StudyComparison.Status.DONE) {
                blocks.add(new Paragraph(outcome.statusText()));
            } else {
                blocks.add(statistics(outcome.result()));
            }
            List<String> unpublished = study.unpublished().stream()
                    .filter(item -> item.experiment().equals(outcome.experiment())
                            && item.system().equals(outcome.system()))
                    .map(item -> item.what() + ": not published as a number (" + item.source() + ")")
                    .toList();
            if (!unpublished.isEmpty()) {
                blocks.add(new Bullets(unpublished));
            }
        }

        blocks.add(new Heading(2, "Setup differences", "setup"));
        Study.Setup setup = study.setup();
        List<String> studySetup = new ArrayList<>();
        studySetup.add("hardware: " + setup.hardware());
        studySetup.add(
                "brokers: " + setup.brokers() + (setup.brokerNote() == null ? "" : " (" + setup.brokerNote() + ")"));
        studySetup.add("versions: "
                + String.join(
                        ", ",
                        setup.versions().entrySet().stream()
                                .map(entry -> entry.getKey() + " " + entry.getValue())
                                .toList()));
        studySetup.add("replication: " + setup.replication());
        studySetup.add("fsync: " + setup.fsync());
        studySetup.add("disks: " + setup.disks());
        if (setup.network() != null) {
            studySetup.add("network: " + setup.network());
        }
        if (setup.runs() != null) {
            studySetup.add("runs: " + setup.runs());
        }
        blocks.add(new Paragraph("The study's setup:"));
        blocks.add(new Bullets(studySetup));
        for (StudyComparison.RunOutcome outcome : comparison.runs()) {
            if (outcome.run() == null) {
                continue;
            }
            blocks.add(new Heading(3, "This run: " + outcome.reference(), null));
            List<String> items = new ArrayList<>();
            String machine = StudyComparison.machine(outcome.result());
            if (machine != null) {
                items.add("machine: " + machine);
            }
            if (outcome.run().driverFile != null) {
                items.add("driver " + outcome.run().driverFile
                        + (outcome.run().driverSettings.isEmpty()
                                ? ""
                                : " with " + effectiveSettings(outcome.run().driverSettings)));
            }
            if (!outcome.run().workloadSettings.isEmpty()) {
                items.add("workload settings: " + effectiveSettings(outcome.run().workloadSettings));
            }
            if (Boolean.TRUE.equals(outcome.run().peakSearch)) {
                items.add("searched for the peak stable rate");
            }
            comparison.differences(outcome).forEach(difference -> items.add("difference: " + difference));
            blocks.add(new Bullets(items));
        }
        return blocks;
    }

    /** The one-paragraph summary the command prints too. */
    public static String summary(StudyComparison comparison) {
        long done = comparison.runs().stream()
                .filter(outcome -> outcome.status() == StudyComparison.Status.DONE)
                .count();
        return comparison.figuresCompared() + " of " + comparison.figures().size() + " figures compared; "
                + done + " of " + comparison.runs().size() + " runs done; claims: "
                + comparison.claimsThat(StudyComparison.Verdict.HOLDS) + " holding, "
                + comparison.claimsThat(StudyComparison.Verdict.DOES_NOT_HOLD) + " not holding, "
                + (comparison.claimsThat(StudyComparison.Verdict.NOT_TESTED) == 0
                        ? ""
                        : comparison.claimsThat(StudyComparison.Verdict.NOT_TESTED) + " not tested here, ")
                + comparison.claimsThat(StudyComparison.Verdict.NOT_RUN) + " not run.";
    }

    private static Table statistics(TestResult result) {
        List<List<String>> rows = new ArrayList<>();
        Map<String, Double[]> lines = new java.util.LinkedHashMap<>();
        lines.put("publish latency (from the send)", new Double[] {
            result.aggregatedPublishLatency50pct,
            result.aggregatedPublishLatency99pct,
            result.aggregatedPublishLatency999pct,
            result.aggregatedPublishLatencyMax
        });
        lines.put("publish response time (from the intended send)", new Double[] {
            result.aggregatedPublishResponseTime50pct,
            result.aggregatedPublishResponseTime99pct,
            result.aggregatedPublishResponseTime999pct,
            result.aggregatedPublishResponseTimeMax
        });
        lines.put("end-to-end latency (from the send)", new Double[] {
            result.aggregatedEndToEndLatency50pct,
            result.aggregatedEndToEndLatency99pct,
            result.aggregatedEndToEndLatency999pct,
            result.aggregatedEndToEndLatencyMax
        });
        lines.put("end-to-end response time (from the intended send)", new Double[] {
            result.aggregatedEndToEndResponseTime50pct,
            result.aggregatedEndToEndResponseTime99pct,
            result.aggregatedEndToEndResponseTime999pct,
            result.aggregatedEndToEndResponseTimeMax
        });
        for (Map.Entry<String, Double[]> line : lines.entrySet()) {
            List<String> row = new ArrayList<>();
            row.add(line.getKey());
            for (Double value : line.getValue()) {
                row.add(value == null ? "—" : Numbers.format(value));
            }
            rows.add(row);
        }
        OptionalDouble rate = StudyComparison.publishRate(result);
        rows.add(List.of(
                "publish rate (avg, or the peak found)",
                rate.isPresent() ? Numbers.format(rate.getAsDouble()) : "—",
                "",
                "",
                ""));
        return new Table(
                List.of("ms (rate: msg/s)", "p50", "p99", "p99.9", "max"),
                rows,
                List.of(false, true, true, true, true));
    }

    /**
     * {@code KEY=VALUE} settings as the run applied them: one per key, the last value winning, in the order the
     * keys first came (the record keeps every one: a fraction of a peak puts its rate over the experiment's),
     * and the password of any {@code scheme://user:password@host} address shown as {@code ****} (a deployed
     * RabbitMQ cluster's {@code amqpUris} hold the user the playbook made).
     */
    static String effectiveSettings(List<String> settings) {
        Map<String, String> byKey = new LinkedHashMap<>();
        for (String setting : settings) {
            int equals = setting.indexOf('=');
            String key = equals < 0 ? setting : setting.substring(0, equals);
            byKey.remove(key);
            byKey.put(key, setting);
        }
        List<String> shown = new ArrayList<>();
        for (String setting : byKey.values()) {
            shown.add(ADDRESS_PASSWORD.matcher(setting).replaceAll("$1****@"));
        }
        return String.join(" ", shown);
    }
}
