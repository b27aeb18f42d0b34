package io.openmessaging.benchmark.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.TestResult;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** CSV rows: golden output of our format, every upstream fixture, stored values verbatim, quoting. */
class CsvFormatTest {

    private static final Path GOLDEN_CSV = Path.of("src/test/resources/report/two-period-run.csv");

    @Test
    void ourResultFileGivesTheGoldenRow() throws Exception {
        TestResult result = ResultFiles.read(ConfluentFixtures.ourGoldenResult());

        String csv = csv(List.of(new ReportRun(Path.of("two-period-run.json"), "Kafka · 1-topic", result)));

        if (Boolean.getBoolean("regenerateGolden")) { // after an intended change; then read the diff
            Files.writeString(GOLDEN_CSV, csv);
        }
        assertThat(csv).isEqualTo(Files.readString(GOLDEN_CSV));
    }

    @Test
    void everyConfluentFixtureGivesOneFullRowWithItsStoredAggregates() throws Exception {
        List<ReportRun> runs = ReportRun.load(List.of(ConfluentFixtures.directory()));

        List<List<String>> rows = parse(csv(runs));

        assertThat(rows).hasSize(1 + ConfluentFixtures.FILES.size());
        List<String> header = rows.get(0);
        assertThat(header).isEqualTo(CsvFormat.header());
        for (int i = 1; i < rows.size(); i++) {
            List<String> row = rows.get(i);
            TestResult result = runs.get(i - 1).result();
            assertThat(row).hasSameSizeAs(header);
            assertThat(cell(header, row, "endToEndLatency.p99"))
                    .isEqualTo(plain(result.aggregatedEndToEndLatency99pct));
            assertThat(cell(header, row, "publishLatency.max")).isEqualTo(plain(result.aggregatedPublishLatencyMax));
            assertThat(cell(header, row, "periods")).isEqualTo("60");
            assertThat(cell(header, row, "publishRate.avg")).isNotEmpty();
            // upstream's format has none of these: empty cells, not zeros
            assertThat(cell(header, row, "publishResponseTime.p99")).isEmpty();
            assertThat(cell(header, row, "publishDelayLatency.avg")).isEmpty();
            assertThat(cell(header, row, "messageSize")).isEmpty();
            assertThat(cell(header, row, "publishMBps.avg")).isEmpty();
            assertThat(cell(header, row, "totalMessagesNotSent")).isEmpty();
        }
        assertThat(cell(header, rows.get(2), "file")).endsWith("sync-200k.json");
        assertThat(cell(header, rows.get(2), "endToEndLatency.p99")).isEqualTo("20");
    }

    @Test
    void rateColumnsComeFromThePerPeriodRates() throws Exception {
        TestResult result = new TestResult();
        result.publishRate.addAll(List.of(100.0, 300.0, 200.0, 400.0));

        List<List<String>> rows = parse(csv(List.of(new ReportRun(Path.of("r.json"), "r", result))));

        List<String> header = rows.get(0);
        assertThat(cell(header, rows.get(1), "publishRate.avg")).isEqualTo("250");
        assertThat(cell(header, rows.get(1), "publishRate.p50")).isEqualTo("200");
        assertThat(cell(header, rows.get(1), "publishRate.p75")).isEqualTo("300");
        assertThat(cell(header, rows.get(1), "publishRate.max")).isEqualTo("400");
        assertThat(cell(header, rows.get(1), "consumeRate.avg")).isEmpty();
    }

    @Test
    void namesWithCommasQuotesAndLineBreaksAreQuoted() throws Exception {
        TestResult result = new TestResult();
        result.workload = "rate 1,000 \"fast\"";
        result.driver = "Kafka\nacks=all";

        String csv = csv(List.of(new ReportRun(Path.of("r.json"), "r", result)));

        assertThat(csv).contains(",\"rate 1,000 \"\"fast\"\"\",\"Kafka\nacks=all\",");
        assertThat(parse(csv).get(1)).hasSameSizeAs(CsvFormat.header());
    }

    @Test
    void numbersAreWrittenInPlainDecimals() {
        assertThat(CsvFormat.format(java.util.OptionalDouble.of(1.0E7))).isEqualTo("10000000");
        assertThat(CsvFormat.format(java.util.OptionalDouble.of(8.280981931675837E-7)))
                .isEqualTo("0.0000008280981931675837");
        assertThat(CsvFormat.format(java.util.OptionalDouble.of(Double.NaN))).isEmpty();
    }

    private static String csv(List<ReportRun> runs) throws Exception {
        StringWriter out = new StringWriter();
        new CsvFormat().writeOut(runs, out);
        return out.toString();
    }

    private static String plain(Double value) {
        return CsvFormat.format(java.util.OptionalDouble.of(value));
    }

    /** The cell of {@code column}, named without its unit ({@code publishRate.avg} for {@code publishRate.avg [msg/s]}). */
    private static String cell(List<String> header, List<String> row, String column) {
        for (int i = 0; i < header.size(); i++) {
            if (header.get(i).equals(column) || header.get(i).startsWith(column + " [")) {
                return row.get(i);
            }
        }
        throw new AssertionError("no column " + column + " in " + header);
    }

    /** A small RFC 4180 reader, enough to check what the writer wrote. */
    static List<List<String>> parse(String csv) {
        List<List<String>> rows = new ArrayList<>();
        List<String> row = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < csv.length(); i++) {
            char c = csv.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < csv.length() && csv.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cell.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                row.add(cell.toString());
                cell.setLength(0);
            } else if (c == '\n') {
                row.add(cell.toString());
                cell.setLength(0);
                rows.add(row);
                row = new ArrayList<>();
            } else {
                cell.append(c);
            }
        }
        return rows;
    }

    @Test
    void everyColumnWithAUnitSaysItInItsHeader() {
        assertThat(CsvFormat.header())
                .contains(
                        "messageSize [bytes]",
                        "publishRate.avg [msg/s]",
                        "publishResponseTime.p99 [ms]",
                        "backlog.max [messages]",
                        "publishMBps.avg [MB/s]",
                        "sampleRateMillis",
                        "testDurationSeconds");
        assertThat(CsvFormat.header())
                .filteredOn(name -> name.startsWith("publishDelayLatency."))
                .allMatch(name -> name.endsWith(" [µs]"));
    }
}
