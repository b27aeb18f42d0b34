package io.openmessaging.benchmark.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import io.openmessaging.benchmark.testing.CommandLineRun;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTML report as a person sees it: written by {@code bin/benchmark report}, opened from disk in a
 * real headless Chromium, checked for script errors, network requests and drawn data in every chart,
 * and photographed. Screenshots and the reports themselves are kept under
 * {@code target/report-screenshots/} for a person to look at.
 *
 * <p>Needs Debian's {@code chromium}, which the test command {@code bin/test} installs; without it the
 * tests fail, naming the package.
 */
@ExtendWith(HeadlessChromiumExtension.class)
class HtmlReportInChromiumIT {

    static final Path ARTIFACTS = Path.of("target", "report-screenshots");
    private static final int PAGE_WIDTH = 1440;

    /** Every chart of the report, by id. */
    private static final Set<String> ALL_CHARTS = Set.of(
            "throughput-msgs",
            "throughput-mbs",
            "publish-quantiles",
            "e2e-quantiles",
            "publish-over-time",
            "e2e-over-time",
            "backlog",
            "publish-delay");

    /**
     * Per chart: how many runs it drew points of, how many points, and how many canvas pixels have the
     * colour of a drawn series (so a chart that only drew its axes and grid fails).
     */
    private static final String CHART_CHECK = """
            (() => {
              const near = (r, g, b, hex) => {
                const c = parseInt(hex.slice(1), 16);
                return Math.abs(r - (c >> 16)) <= 24 && Math.abs(g - ((c >> 8) & 255)) <= 24 && Math.abs(b - (c & 255)) <= 24;
              };
              const charts = window.ombReport.charts;
              return Object.keys(charts).sort().map(id => {
                const chart = charts[id];
                const drawn = chart.data.datasets.map((ds, i) => chart.getDatasetMeta(i).data
                    .filter(e => !e.skip && Number.isFinite(e.x) && Number.isFinite(e.y)).length);
                const colors = [...new Set(chart.data.datasets.filter((ds, i) => drawn[i] > 0).map(ds => ds.borderColor))];
                const canvas = chart.canvas;
                const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
                let seriesPixels = 0;
                for (let i = 0; i < pixels.length; i += 4) {
                  if (pixels[i + 3] > 128 && colors.some(hex => near(pixels[i], pixels[i + 1], pixels[i + 2], hex))) {
                    seriesPixels++;
                  }
                }
                return {
                  id: id,
                  runsDrawn: new Set(chart.data.datasets.filter((ds, i) => drawn[i] > 0).map(ds => ds.runIndex)).size,
                  points: drawn.reduce((a, b) => a + b, 0),
                  seriesPixels: seriesPixels,
                  title: document.getElementById('card-' + id).querySelector('h3').textContent
                };
              });
            })()
            """;

    @Test
    void theTwelveConfluentFilesDrawEveryChartTheirDataAllows(HeadlessChromium chromium, @TempDir Path dir)
            throws Exception {
        Path fixtures = ConfluentFixtures.directory();
        Path report = writeReport(dir, "confluent-2020-fixtures.html", fixtures.toString());

        HeadlessChromium.Page page = chromium.open(report.toUri(), PAGE_WIDTH);
        page.awaitTrue("document.body.dataset.charts === 'ready'");
        Path screenshot = ARTIFACTS.resolve("confluent-2020-fixtures.png");
        page.screenshot(screenshot, PAGE_WIDTH);
        assertThat(pngWidth(screenshot)).isEqualTo(PAGE_WIDTH);

        // upstream's format has no message size, response times or publish delay: those cards say so
        Set<String> drawn = assertEveryChartDrewData(page, 12);
        assertThat(drawn)
                .containsExactlyInAnyOrder(
                        "throughput-msgs",
                        "publish-quantiles",
                        "e2e-quantiles",
                        "publish-over-time",
                        "e2e-over-time",
                        "backlog");
        assertThat(page.evaluate("[...document.querySelectorAll('.chart-card.empty')].map(card => card.id).sort()"))
                .extracting(JsonNode::asText)
                .containsExactly("card-publish-delay", "card-throughput-mbs");
        assertThat(page.evaluate("document.querySelectorAll('#latency-table tbody tr').length")
                        .asInt())
                .isEqualTo(12);
        assertThat(page.evaluate("document.querySelectorAll('#throughput-table tbody tr').length")
                        .asInt())
                .isEqualTo(12);

        // the controls redraw without errors: another percentile, a log axis, a run hidden
        page.evaluate(
                "[...document.querySelectorAll('#percentile-control button')].find(b => b.textContent === 'max').click()");
        page.evaluate("document.querySelector('#card-publish-over-time input[type=checkbox]').click()");
        page.evaluate("document.querySelector('#legend button').click()");
        assertThat(page.evaluate("window.ombReport.charts['publish-over-time'].options.scales.y.type")
                        .asText())
                .isEqualTo("logarithmic");
        assertThat(page.evaluate("document.querySelector('#card-e2e-over-time h3').textContent")
                        .asText())
                .endsWith(", max");
        assertThat(page.evaluate("window.ombReport.charts['backlog'].data.datasets[0].hidden")
                        .asBoolean())
                .isTrue();
        assertThat(page.errors())
                .as("errors in the page after using its controls")
                .isEmpty();

        // twelve runs, twelve colours
        assertThat(page.evaluate("new Set([...document.querySelectorAll('#legend .swatch')]"
                                + ".map(swatch => swatch.style.background)).size")
                        .asInt())
                .isEqualTo(12);
        // at 1400 px (a laptop) the twelve runs' tables fit their cards: no column hidden behind a scroll bar
        HeadlessChromium.Page narrow = chromium.open(report.toUri(), 1400);
        narrow.awaitTrue("document.body.dataset.charts === 'ready'");
        for (String table : List.of("latency-table", "throughput-table")) {
            assertThat(narrow.evaluate("(() => { const t = document.getElementById('" + table + "');"
                                    + " return t.parentElement.clientWidth - t.offsetWidth; })()")
                            .asInt())
                    .as("%s: card width minus table width at 1400 px", table)
                    .isGreaterThanOrEqualTo(0);
        }
    }

    @Test
    void aFreshLoopbackRunDrawsEveryChartIncludingResponseTimes(HeadlessChromium chromium, @TempDir Path dir)
            throws Exception {
        Path workload = BenchmarkRuns.workload(dir, "loopback-report", 4, 2, 2, 5_000, "2s", "14s", 1000);
        Path driver = Files.writeString(dir.resolve("loopback-stall.yaml"), """
                name: Loopback-stall
                driver: loopback
                ackDelayMicros: 200
                deliveryDelayMicros: 400
                stalls:
                  - {startAfterMillis: 8000, durationMillis: 300, kind: BLOCK_SEND}
                """);
        BenchmarkRuns.Outcome run = BenchmarkRuns.run(dir, "--drivers", driver.toString(), workload.toString());
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        Path report = writeReport(dir, "loopback-run.html", run.resultFile().toString());

        HeadlessChromium.Page page = chromium.open(report.toUri(), PAGE_WIDTH);
        page.awaitTrue("document.body.dataset.charts === 'ready'");
        Path screenshot = ARTIFACTS.resolve("loopback-run.png");
        page.screenshot(screenshot, PAGE_WIDTH);
        assertThat(pngWidth(screenshot)).isEqualTo(PAGE_WIDTH);

        assertThat(assertEveryChartDrewData(page, 1)).isEqualTo(ALL_CHARTS);
        assertThat(page.evaluate("document.querySelectorAll('.chart-card.empty').length")
                        .asInt())
                .isZero();
        // our result carries response times, and the 300 ms stall shows in them
        assertThat(page.evaluate("document.querySelector('#latency-table thead').textContent")
                        .asText())
                .contains("Publish response time", "End-to-end response time");
        JsonNode series = page.evaluate(
                "window.ombReport.charts['publish-quantiles'].data.datasets.map(ds => ds.label + ':' + ds.data.length)");
        assertThat(series).extracting(JsonNode::asText).anyMatch(label -> label.startsWith("response time:"));
        assertThat(page.evaluate("document.querySelector('#runs-table tbody').textContent")
                        .asText())
                .contains("Loopback-stall");
        // one run: its percentiles over time (four per chart, response time and latency) start on a log axis, so
        // that one spike does not flatten the median
        for (String chart : List.of("publish-over-time", "e2e-over-time", "publish-delay")) {
            assertThat(page.evaluate("window.ombReport.charts['" + chart + "'].options.scales.y.type")
                            .asText())
                    .as(chart)
                    .isEqualTo("logarithmic");
        }
    }

    /**
     * Asserts no errors and no network requests other than the file itself, and that every chart drew
     * points of {@code runs} runs and coloured pixels; returns the ids of the charts drawn.
     */
    private static Set<String> assertEveryChartDrewData(HeadlessChromium.Page page, int runs) throws IOException {
        assertThat(page.errors())
                .as("console errors, uncaught exceptions and failed loads")
                .isEmpty();
        assertThat(page.requestedUrls())
                .as("requests: viewing must need no network")
                .allMatch(url -> url.startsWith("file:"));
        Set<String> ids = new TreeSet<>();
        List<String> problems = new ArrayList<>();
        for (JsonNode chart : page.evaluate(CHART_CHECK)) {
            String id = chart.path("id").asText();
            ids.add(id);
            if (chart.path("runsDrawn").asInt() != runs
                    || chart.path("points").asInt() == 0
                    || chart.path("seriesPixels").asInt() < 100) {
                problems.add(chart.toString());
            }
        }
        assertThat(problems)
                .as("charts without drawn data of all %d run(s)", runs)
                .isEmpty();
        assertThat(ALL_CHARTS).containsAll(ids);
        return ids;
    }

    /** Runs {@code bin/benchmark report} in this JVM and keeps a copy of the report beside the screenshots. */
    private static Path writeReport(Path dir, String name, String... inputs) throws IOException {
        List<String> args = new ArrayList<>(List.of(inputs));
        args.addAll(List.of("-o", dir.resolve(name).toString()));
        CommandLineRun commandLine = new CommandLineRun("report");
        int exitCode = commandLine.run(args.toArray(new String[0]));
        assertThat(exitCode).as(commandLine.stderr()).isZero();
        Path report = dir.resolve(name);
        assertThat(report).isNotEmptyFile();
        Files.createDirectories(ARTIFACTS);
        Files.copy(report, ARTIFACTS.resolve(name), StandardCopyOption.REPLACE_EXISTING);
        return report;
    }

    /** Width of a PNG image, from its header. */
    private static int pngWidth(Path png) throws IOException {
        return ByteBuffer.wrap(Files.readAllBytes(png), 16, 4).getInt();
    }
}
