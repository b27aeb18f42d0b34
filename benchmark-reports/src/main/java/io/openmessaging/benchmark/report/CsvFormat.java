package io.openmessaging.benchmark.report;

import io.openmessaging.benchmark.result.MessageIdentity;
import io.openmessaging.benchmark.result.TestResult;
import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * One CSV row per run (RFC 4180 quoting, {@code \n} line ends, a header row first): what ran, then the
 * headline figures as {@code <metric>.<stat>} columns, named like {@code compare} thresholds.
 *
 * <p>Every figure is a stored value ({@code aggregated…} latency fields verbatim) or computed directly
 * from stored per-period values (rates, see {@link Metric}); nothing is re-histogrammed. Numbers are
 * written in plain decimal notation with all the digits the double holds; a value the file does not
 * hold is an empty cell. Column units: {@link Metric#unit()}, MB = 10⁶ bytes.
 *
 * <p>A text cell that a spreadsheet would run as a formula (it starts with {@code =}, {@code +}, {@code -},
 * {@code @}, a tab or a carriage return, and is not a number) is written with a single quote before it,
 * as OWASP recommends against CSV injection: {@code =HYPERLINK(…)} becomes {@code '=HYPERLINK(…)}, while
 * {@code -1.5} stays a number.
 */
public final class CsvFormat implements ResultFormat<List<ReportRun>> {

    private record Column(String name, Function<ReportRun, String> value) {}

    private static final List<Column> COLUMNS = columns();

    /** First characters that make a spreadsheet read a cell as a formula (OWASP, CSV injection). */
    private static final String FORMULA_STARTS = "=+-@\t\r";

    /** A plain decimal number, signed or not, with an optional exponent: a cell left as it is. */
    private static final Pattern NUMBER = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");

    /** The header names, in order. */
    public static List<String> header() {
        return COLUMNS.stream().map(Column::name).toList();
    }

    @Override
    public void writeOut(List<ReportRun> runs, Writer out) throws IOException {
        writeRow(out, header());
        for (ReportRun run : runs) {
            writeRow(
                    out,
                    COLUMNS.stream().map(column -> column.value().apply(run)).toList());
        }
        out.flush();
    }

    private static List<Column> columns() {
        List<Column> columns = new ArrayList<>();
        columns.add(new Column("file", run -> run.file().toString()));
        columns.add(text("workload", result -> result.workload));
        columns.add(text("driver", result -> result.driver));
        columns.add(text("version", result -> result.version));
        columns.add(text("complete", result -> result.complete));
        columns.add(text("beginTime", result -> result.beginTime));
        columns.add(text("endTime", result -> result.endTime));
        columns.add(text("messageSize [bytes]", result -> result.messageSize));
        columns.add(text("topics", result -> result.topics));
        columns.add(text("partitions", result -> result.partitions));
        columns.add(text("producersPerTopic", result -> result.producersPerTopic));
        columns.add(text("consumersPerTopic", result -> result.consumersPerTopic));
        columns.add(text("sampleRateMillis", result -> result.sampleRateMillis));
        columns.add(text("periods", result -> result.publishRate.size()));
        columns.add(number("testDurationSeconds", result -> result.testDurationSeconds));
        columns.add(number("targetRate [msg/s]", result -> result.targetRate));
        columns.add(number("publishRate.avg/targetRate", CsvFormat::achievedShare));
        columns.add(text("totalMessagesSent", result -> result.totalMessagesSent));
        columns.add(text("totalMessagesReceived", result -> result.totalMessagesReceived));
        columns.add(text("totalSendErrors", result -> result.totalSendErrors));
        columns.add(text("totalMessagesDue", result -> result.totalMessagesDue));
        columns.add(text("totalMessagesNotSent", result -> result.totalMessagesNotSent));
        columns.add(text("totalMessagesUnackedAtEnd", result -> result.totalMessagesUnackedAtEnd));
        columns.add(text("receivedUnique", result -> identity(result, id -> id.receivedUnique)));
        columns.add(text("duplicates", result -> identity(result, id -> id.duplicates)));
        columns.add(text("lost", result -> identity(result, id -> id.lost)));
        columns.add(text("receivedNotAcknowledged", result -> identity(result, id -> id.receivedNotAcknowledged)));
        columns.add(text("outOfOrder", result -> identity(result, id -> id.outOfOrder)));
        columns.add(number("publishErrorRate.avg [msg/s]", result -> average(result.publishErrorRate)));
        columns.add(text(
                "backlog.max [messages]",
                result -> result.backlog.stream()
                        .filter(b -> b != null)
                        .max(Long::compare)
                        .orElse(null)));
        columns.add(text(
                "backlog.last [messages]",
                result -> result.backlog.isEmpty() ? null : result.backlog.get(result.backlog.size() - 1)));
        columns.add(number("publishMBps.avg [MB/s]", result -> megabytesPerSecond(result, Metric.PUBLISH_RATE)));
        columns.add(number("consumeMBps.avg [MB/s]", result -> megabytesPerSecond(result, Metric.CONSUME_RATE)));
        for (Metric metric : Metric.values()) {
            for (Stat stat : Stat.values()) {
                columns.add(new Column(
                        metric.key() + "." + stat.key() + " [" + metric.unit() + "]",
                        run -> format(metric.value(run.result(), stat))));
            }
        }
        return List.copyOf(columns);
    }

    private static Column text(String name, Function<TestResult, Object> field) {
        return new Column(name, run -> {
            Object value = field.apply(run.result());
            return value == null ? "" : value.toString();
        });
    }

    private static Column number(String name, Function<TestResult, Number> field) {
        return new Column(name, run -> {
            Number value = field.apply(run.result());
            return value == null ? "" : format(OptionalDouble.of(value.doubleValue()));
        });
    }

    /** A count of {@link TestResult#messageIdentity}, or {@code null} when the file has none. */
    private static Long identity(TestResult result, Function<MessageIdentity, Long> count) {
        return result.messageIdentity == null ? null : count.apply(result.messageIdentity);
    }

    private static Double average(List<Double> values) {
        OptionalDouble average = values.stream()
                .filter(v -> v != null && Double.isFinite(v))
                .mapToDouble(Double::doubleValue)
                .average();
        return average.isPresent() ? average.getAsDouble() : null;
    }

    /** The average publish rate over {@code targetRate} (1 = on target); empty without a target. */
    private static Double achievedShare(TestResult result) {
        OptionalDouble achieved = Metric.PUBLISH_RATE.value(result, Stat.AVG);
        return result.targetRate == null || result.targetRate <= 0 || achieved.isEmpty()
                ? null
                : achieved.getAsDouble() / result.targetRate;
    }

    private static Double megabytesPerSecond(TestResult result, Metric rate) {
        OptionalDouble average = rate.value(result, Stat.AVG);
        return average.isPresent() && result.messageSize != null
                ? average.getAsDouble() * result.messageSize / 1e6
                : null;
    }

    /** Plain decimal, shortest digits that read back as the same double; empty when absent or not finite. */
    static String format(OptionalDouble value) {
        if (value.isEmpty() || !Double.isFinite(value.getAsDouble())) {
            return "";
        }
        double number = value.getAsDouble();
        if (number == 0.0) {
            return "0";
        }
        return BigDecimal.valueOf(number).stripTrailingZeros().toPlainString();
    }

    private static void writeRow(Writer out, List<String> cells) throws IOException {
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                out.write(',');
            }
            out.write(quote(neutralised(cells.get(i))));
        }
        out.write('\n');
    }

    /** {@code cell}, with a single quote before it when a spreadsheet would otherwise run it as a formula. */
    static String neutralised(String cell) {
        if (cell.isEmpty()
                || FORMULA_STARTS.indexOf(cell.charAt(0)) < 0
                || NUMBER.matcher(cell).matches()) {
            return cell;
        }
        return "'" + cell;
    }

    private static String quote(String cell) {
        if (cell.indexOf(',') < 0 && cell.indexOf('"') < 0 && cell.indexOf('\n') < 0 && cell.indexOf('\r') < 0) {
            return cell;
        }
        return '"' + cell.replace("\"", "\"\"") + '"';
    }
}
