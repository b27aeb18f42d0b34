package io.openmessaging.benchmark.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.testing.CommandLineRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tables of a report of two of this tool's own result files (every column our format fills) fit their
 * cards in a 1,400 px wide window, a laptop's: no last column cut off or hidden behind a scroll bar. Measured
 * in a real headless Chromium; the report is kept under {@code target/report-screenshots/}.
 */
@ExtendWith(HeadlessChromiumExtension.class)
class ReportTableWidthInChromiumIT {

    private static final int LAPTOP_WIDTH_PX = 1400;

    @Test
    void theTablesOfTwoOfOurRunsFitTheirCardsAt1400Px(HeadlessChromium chromium, @TempDir Path dir) throws Exception {
        Path golden = ConfluentFixtures.ourGoldenResult();
        Path first = Files.copy(golden, dir.resolve("1-topic-100-partitions-1kb-Kafka-local-2026-11-26-09-00-27.json"));
        Path second =
                Files.copy(golden, dir.resolve("1-topic-100-partitions-1kb-Kafka-latency-2026-11-26-10-00-27.json"));
        Path report = dir.resolve("two-runs.html");
        CommandLineRun commandLine = new CommandLineRun("report");
        int exitCode = commandLine.run(first.toString(), second.toString(), "-o", report.toString());
        assertThat(exitCode).as(commandLine.stderr()).isZero();
        Files.createDirectories(HtmlReportInChromiumIT.ARTIFACTS);
        Files.copy(
                report,
                HtmlReportInChromiumIT.ARTIFACTS.resolve("two-runs-1400px.html"),
                StandardCopyOption.REPLACE_EXISTING);

        HeadlessChromium.Page page = chromium.open(report.toUri(), LAPTOP_WIDTH_PX);
        page.awaitTrue("document.body.dataset.charts === 'ready'");
        for (String table : List.of("throughput-table", "latency-table")) {
            int spareWidthPx = page.evaluate("(() => { const t = document.getElementById('" + table + "');"
                            + " return t.parentElement.clientWidth - t.offsetWidth; })()")
                    .asInt();
            int lastColumnRightPx = page.evaluate("(() => { const t = document.getElementById('" + table + "');"
                            + " const cells = t.querySelectorAll('tbody tr:first-child td');"
                            + " return Math.ceil(cells[cells.length - 1].getBoundingClientRect().right); })()")
                    .asInt();
            String columnWidths = page.evaluate(
                            "[...document.querySelectorAll('#" + table + " thead tr:last-child th')]"
                                    + ".map(th => th.textContent + ' ' + Math.round(th.getBoundingClientRect().width)).join(', ')")
                    .asText();
            assertThat(spareWidthPx)
                    .as("%s: card width minus table width at %d px; columns: %s", table, LAPTOP_WIDTH_PX, columnWidths)
                    .isGreaterThanOrEqualTo(0);
            assertThat(lastColumnRightPx)
                    .as("%s: right edge of the last column at %d px", table, LAPTOP_WIDTH_PX)
                    .isLessThanOrEqualTo(LAPTOP_WIDTH_PX);
        }
    }
}
