package io.openmessaging.benchmark.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import io.openmessaging.benchmark.testing.CommandLineRun;
import io.openmessaging.benchmark.testing.SweepRuns;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real 3-step sweep with the loopback driver, reported by {@code bin/benchmark report sweep.json} and
 * opened in headless Chromium: the sweep's table and both sweep charts (latency against throughput,
 * throughput against the parameter with the fitted model's curve) draw data points. The report and a
 * screenshot are kept under {@code target/report-screenshots/}.
 *
 * <p>Needs Debian's {@code chromium}, like {@link HtmlReportInChromiumIT}: fails without it.
 */
@ExtendWith(HeadlessChromiumExtension.class)
class SweepReportInChromiumIT {

    private static final int PAGE_WIDTH = 1440;

    /** Per chart: drawn points per dataset (label → count) and the pixels in the colours of drawn datasets. */
    private static final String SWEEP_CHART_CHECK = """
            (id => {
              const chart = window.ombReport.charts[id];
              const near = (r, g, b, hex) => {
                const c = parseInt(hex.slice(1), 16);
                return Math.abs(r - (c >> 16)) <= 24 && Math.abs(g - ((c >> 8) & 255)) <= 24 && Math.abs(b - (c & 255)) <= 24;
              };
              const datasets = chart.data.datasets.map((ds, i) => ({
                label: ds.label,
                fit: !!ds.isFit,
                color: ds.borderColor,
                points: chart.getDatasetMeta(i).data.filter(e => !e.skip && Number.isFinite(e.x) && Number.isFinite(e.y)).length
              }));
              const colors = [...new Set(datasets.filter(ds => ds.points > 0).map(ds => ds.color))];
              const pixels = chart.canvas.getContext('2d').getImageData(0, 0, chart.canvas.width, chart.canvas.height).data;
              let seriesPixels = 0;
              for (let i = 0; i < pixels.length; i += 4) {
                if (pixels[i + 3] > 128 && colors.some(hex => near(pixels[i], pixels[i + 1], pixels[i + 2], hex))) {
                  seriesPixels++;
                }
              }
              return { datasets: datasets, seriesPixels: seriesPixels, xType: chart.options.scales.x.type };
            })
            """;

    @Test
    void aThreeStepPartitionSweepDrawsBothSweepChartsWithTheFittedCurve(HeadlessChromium chromium, @TempDir Path dir)
            throws Exception {
        Path workload = BenchmarkRuns.workload(dir, "sweep-report", 1, 1, 1, 1_000, "1s", "2s", 500);
        Path driver = Files.writeString(dir.resolve("loopback-delays.yaml"), """
                name: Loopback-delays
                driver: loopback
                ackDelayMicros: 300
                deliveryDelayMicros: 600
                """);
        SweepRuns.Outcome sweep = SweepRuns.run(
                dir.resolve("results"), "--partitions", "1,2,4", "-d", driver.toString(), workload.toString());
        assertThat(sweep.exitCode()).as(sweep.stderr()).isZero();
        assertThat(sweep.summary().drivers.get(0).steps).hasSize(3);
        assertThat(sweep.summary().drivers.get(0).fit)
                .as("a model fitted to 3 complete steps")
                .isNotNull();

        Path report = dir.resolve("sweep-report.html");
        CommandLineRun commandLine = new CommandLineRun("report");
        int exitCode = commandLine.run(sweep.summaryFile().toString(), "-o", report.toString());
        assertThat(exitCode).as(commandLine.stderr()).isZero();
        assertThat(commandLine.stdout()).contains("(3 runs, 1 sweep)");
        Files.createDirectories(HtmlReportInChromiumIT.ARTIFACTS);
        Files.copy(
                report,
                HtmlReportInChromiumIT.ARTIFACTS.resolve("sweep-report.html"),
                StandardCopyOption.REPLACE_EXISTING);

        HeadlessChromium.Page page = chromium.open(report.toUri(), PAGE_WIDTH);
        page.awaitTrue("document.body.dataset.charts === 'ready'");
        page.screenshot(HtmlReportInChromiumIT.ARTIFACTS.resolve("sweep-report.png"), PAGE_WIDTH);
        assertThat(page.errors())
                .as("console errors, uncaught exceptions and failed loads")
                .isEmpty();
        assertThat(page.requestedUrls())
                .as("requests: viewing must need no network")
                .allMatch(url -> url.startsWith("file:"));

        assertThat(page.evaluate("document.querySelectorAll('#sweeps .sweep-table tbody tr').length")
                        .asInt())
                .isEqualTo(3);
        assertThat(page.evaluate("document.querySelector('#sweeps .sweep-conclusions').textContent")
                        .asText())
                .contains("Loopback-delays", "peak stable throughput", "RMSE");

        JsonNode latency = page.evaluate(SWEEP_CHART_CHECK + "('sweep-0-latency')");
        assertThat(latency.path("datasets"))
                .as(latency.toString())
                .hasSize(2)
                .allSatisfy(ds -> assertThat(ds.path("points").asInt()).isEqualTo(3));
        assertThat(latency.path("seriesPixels").asInt()).isGreaterThan(100);

        JsonNode throughput = page.evaluate(SWEEP_CHART_CHECK + "('sweep-0-throughput')");
        assertThat(throughput.path("datasets")).as(throughput.toString()).hasSize(2);
        assertThat(throughput.path("datasets").get(0).path("points").asInt()).isEqualTo(3);
        assertThat(throughput.path("datasets").get(1).path("fit").asBoolean()).isTrue();
        assertThat(throughput.path("datasets").get(1).path("points").asInt()).isEqualTo(SweepSection.CURVE_POINTS);
        assertThat(throughput.path("seriesPixels").asInt()).isGreaterThan(100);

        // the steps' own runs are in the report too, with every usual chart
        assertThat(page.evaluate("document.querySelectorAll('#latency-table tbody tr').length")
                        .asInt())
                .isEqualTo(3);
        assertThat(page.evaluate("window.ombReport.charts['throughput-msgs'].data.datasets.length")
                        .asInt())
                .isEqualTo(6);
    }
}
