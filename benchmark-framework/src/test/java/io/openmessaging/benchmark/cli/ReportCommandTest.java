package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.report.ConfluentFixtures;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/benchmark report} and {@code bin/benchmark csv} as a user runs them. */
class ReportCommandTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return Benchmark.run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                false);
    }

    @Test
    void reportOfAllTwelveFixturesIsOneSelfContainedPage(@TempDir Path dir) throws IOException {
        Path results = copyFixtures(dir);

        assertThat(run("report", results.toString()))
                .as(err.toString(StandardCharsets.UTF_8))
                .isZero();

        Path report = results.resolve("report.html");
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("wrote " + report + " (12 runs)");
        String html = Files.readString(report);
        assertThat(html).startsWith("<!DOCTYPE html>").contains("Chart.js v4.");
        // nothing is loaded from elsewhere
        assertThat(html).doesNotContainPattern("<script[^>]+src=").doesNotContainPattern("<link[^>]+href=");
        assertThat(count(html, "<td class=\"run\""))
                .as("one row per run in the latency, throughput and runs tables")
                .isEqualTo(3 * 12);
        assertThat(count(html, "<details class=\"run-details\"")).isEqualTo(12);
        assertThat(html).contains("\"sampleSeconds\":10.0,\"sampleRateAssumed\":true");
        // no placeholder left, and the data cannot end its script element early
        assertThat(html).doesNotContain("{{");
        String data = html.substring(
                html.indexOf("id=\"report-data\">"), html.indexOf("</script>", html.indexOf("id=\"report-data\">")));
        assertThat(data).doesNotContain("<", "</");
    }

    @Test
    void everyFixtureAloneMakesAReport(@TempDir Path dir) throws IOException {
        for (String fixture : ConfluentFixtures.FILES) {
            Path report = dir.resolve(fixture.replace('/', '-') + ".html");
            assertThat(run("report", ConfluentFixtures.file(fixture).toString(), "-o", report.toString()))
                    .as(fixture + ": " + err.toString(StandardCharsets.UTF_8))
                    .isZero();
            assertThat(Files.readString(report)).contains("Benchmark report: ");
        }
    }

    @Test
    void anExistingReportIsNeverOverwritten(@TempDir Path dir) throws IOException {
        Path result = Files.copy(ConfluentFixtures.ourGoldenResult(), dir.resolve("run.json"));
        Files.writeString(dir.resolve("report.html"), "mine");

        assertThat(run("report", result.toString())).isZero();
        assertThat(run(
                        "report",
                        result.toString(),
                        "-o",
                        dir.resolve("report.html").toString()))
                .isZero();

        assertThat(dir.resolve("report.html")).hasContent("mine");
        assertThat(dir.resolve("report-1.html")).isNotEmptyFile();
        assertThat(dir.resolve("report-2.html")).isNotEmptyFile();
        assertThat(out.toString(StandardCharsets.UTF_8))
                .contains("report-1.html (1 run)")
                .contains("report-2.html (1 run)");
    }

    @Test
    void ourResultShowsResponseTimesAndMetadata(@TempDir Path dir) throws IOException {
        Path report = dir.resolve("ours.html");

        assertThat(run("report", ConfluentFixtures.ourGoldenResult().toString(), "-o", report.toString()))
                .isZero();

        String html = Files.readString(report);
        assertThat(html)
                .contains("Publish response time<br>", "End-to-end response time<br>", "badge ok\">complete")
                .contains("1 KiB · 1 topic × 1 partitions")
                .contains("<th>Client libraries</th>")
                .contains("<th>Driver counters</th><td>kafka.consumerFailures 0, kafka.malformedStamps 2</td>")
                .contains("<th>Producer wake interval</th><td>100 µs</td>")
                .doesNotContain("Not in any of these files");
    }

    @Test
    void aBrokenResultFileIsNamedWithLineAndField(@TempDir Path dir) throws IOException {
        Path broken = Files.writeString(dir.resolve("broken.json"), "{\n  \"publishRate\": [1.0, \"fast\"]\n}\n");

        assertThat(run("report", broken.toString())).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("broken.json:2:")
                .contains("publishRate[1]");
        assertThat(dir.resolve("report.html")).doesNotExist();
    }

    @Test
    void reportWithoutFilesIsAUsageError() {
        assertThat(run("report")).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("usage: bin/benchmark report");
    }

    @Test
    void helpPrintsTheOptionsOfEachCommand() {
        assertThat(run("report", "--help")).isZero();
        assertThat(run("csv", "-h")).isZero();
        assertThat(run("compare", "--help")).isZero();

        assertThat(out.toString(StandardCharsets.UTF_8))
                .contains("Usage: bin/benchmark report [options]", "Usage: bin/benchmark csv [options]")
                .contains(
                        "Usage: bin/benchmark compare [options] BASE… -- CANDIDATE…",
                        "Stats:   avg, p50, p75, p95, p99, p999, p9999, max");
    }

    @Test
    void csvOfTheFixturesGoesToStandardOutputOneRowPerRun() {
        assertThat(run("csv", ConfluentFixtures.directory().toString())).isZero();

        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(lines).hasSize(13);
        assertThat(lines.get(0)).startsWith("file,workload,driver,");
        assertThat(lines.get(1))
                .contains("kafka/latency/default-sync-200k.json,100-partitions-200K-rate-4-producer,Kafka,");
    }

    @Test
    void csvToAFileNeverOverwrites(@TempDir Path dir) throws IOException {
        Path csv = Files.writeString(dir.resolve("results.csv"), "mine");

        assertThat(run("csv", ConfluentFixtures.ourGoldenResult().toString(), "-o", csv.toString()))
                .isZero();

        assertThat(csv).hasContent("mine");
        assertThat(Files.readAllLines(dir.resolve("results-1.csv"))).hasSize(2);
    }

    private static Path copyFixtures(Path dir) throws IOException {
        Path results = dir.resolve("results");
        for (String fixture : ConfluentFixtures.FILES) {
            Path target = results.resolve(fixture);
            Files.createDirectories(target.getParent());
            Files.copy(ConfluentFixtures.file(fixture), target);
        }
        return results;
    }

    private static int count(String text, String what) {
        Matcher matcher = Pattern.compile(Pattern.quote(what)).matcher(text);
        int count = 0;
        while (matcher.find()) {
            count++;
        }
        return count;
    }
}
