package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.report.ConfluentFixtures;
import io.openmessaging.benchmark.testing.CommandLineRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/benchmark report} and {@code bin/benchmark csv} as a user runs them. */
class ReportCommandTest {

    private final CommandLineRun cli = new CommandLineRun();

    @Test
    void reportOfAllTwelveFixturesIsOneSelfContainedPage(@TempDir Path dir) throws IOException {
        Path results = copyFixtures(dir);

        assertThat(cli.run("report", results.toString())).as(cli.stderr()).isZero();

        Path report = results.resolve("report.html");
        assertThat(cli.stdout()).contains("wrote " + report + " (12 runs)");
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
            assertThat(cli.run("report", ConfluentFixtures.file(fixture).toString(), "-o", report.toString()))
                    .as(fixture + ": " + cli.stderr())
                    .isZero();
            assertThat(Files.readString(report)).contains("Benchmark report: ");
        }
    }

    @Test
    void anExistingReportIsNeverOverwritten(@TempDir Path dir) throws IOException {
        Path result = Files.copy(ConfluentFixtures.ourGoldenResult(), dir.resolve("run.json"));
        Files.writeString(dir.resolve("report.html"), "mine");

        assertThat(cli.run("report", result.toString())).isZero();
        assertThat(cli.run(
                        "report",
                        result.toString(),
                        "-o",
                        dir.resolve("report.html").toString()))
                .isZero();

        assertThat(dir.resolve("report.html")).hasContent("mine");
        assertThat(dir.resolve("report-1.html")).isNotEmptyFile();
        assertThat(dir.resolve("report-2.html")).isNotEmptyFile();
        assertThat(cli.stdout()).contains("report-1.html (1 run)").contains("report-2.html (1 run)");
    }

    @Test
    void ourResultShowsResponseTimesAndMetadata(@TempDir Path dir) throws IOException {
        Path report = dir.resolve("ours.html");

        assertThat(cli.run("report", ConfluentFixtures.ourGoldenResult().toString(), "-o", report.toString()))
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

        assertThat(cli.run("report", broken.toString())).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(cli.stderr()).contains("broken.json:2:").contains("publishRate[1]");
        assertThat(dir.resolve("report.html")).doesNotExist();
    }

    @Test
    void reportWithoutFilesIsAUsageError() {
        assertThat(cli.run("report")).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr()).contains("usage: bin/benchmark report");
    }

    @Test
    void helpPrintsTheOptionsOfEachCommand() {
        assertThat(cli.run("report", "--help")).isZero();
        assertThat(cli.run("csv", "-h")).isZero();
        assertThat(cli.run("compare", "--help")).isZero();

        assertThat(cli.stdout())
                .contains("Usage: bin/benchmark report [options]", "Usage: bin/benchmark csv [options]")
                .contains(
                        "Usage: bin/benchmark compare [options] BASE… -- CANDIDATE…",
                        "Stats:   avg, p50, p75, p95, p99, p999, p9999, max");
    }

    @Test
    void csvOfTheFixturesGoesToStandardOutputOneRowPerRun() {
        assertThat(cli.run("csv", ConfluentFixtures.directory().toString())).isZero();

        List<String> lines = cli.stdout().lines().toList();
        assertThat(lines).hasSize(13);
        assertThat(lines.get(0)).startsWith("file,workload,driver,");
        assertThat(lines.get(1))
                .contains("kafka/latency/default-sync-200k.json,100-partitions-200K-rate-4-producer,Kafka,");
    }

    @Test
    void csvToAFileNeverOverwrites(@TempDir Path dir) throws IOException {
        Path csv = Files.writeString(dir.resolve("results.csv"), "mine");

        assertThat(cli.run("csv", ConfluentFixtures.ourGoldenResult().toString(), "-o", csv.toString()))
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
