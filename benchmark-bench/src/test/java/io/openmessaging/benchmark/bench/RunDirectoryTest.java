package io.openmessaging.benchmark.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.openmessaging.benchmark.bench.RunDirectory.TimeReport;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How the measuring scripts' run directories are found and read: GNU time's report, the exit file, medians. */
class RunDirectoryTest {

    private static final Pattern RUN = Pattern.compile("(?<kind>[a-z]+)-(?<rate>\\d+)-r(?<repeat>\\d+)");

    @TempDir
    Path temp;

    private static String realReport() throws IOException {
        try (InputStream in = RunDirectoryTest.class.getResourceAsStream("/bench/time-v.txt")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void aRealTimeReportGivesCpuRssAndWall() throws IOException {
        TimeReport report = TimeReport.parse(realReport());

        assertThat(report.userSeconds()).isEqualTo(17.33);
        assertThat(report.systemSeconds()).isEqualTo(1.22);
        assertThat(report.cpuSeconds()).isCloseTo(18.55, within(1e-9));
        assertThat(report.peakRssKib()).isEqualTo(817_416);
        assertThat(report.peakRssMib()).isCloseTo(798.26, within(0.01));
        assertThat(report.wallSeconds()).isCloseTo(43.46, within(1e-9));
    }

    @Test
    void wallClockTimeIsReadInBothOfTimesForms() {
        String minutes = "\tElapsed (wall clock) time (h:mm:ss or m:ss): 12:34.56\n";
        String hours = "\tElapsed (wall clock) time (h:mm:ss or m:ss): 1:02:03\n";

        assertThat(TimeReport.parse(minutes).wallSeconds()).isCloseTo(12 * 60 + 34.56, within(1e-9));
        assertThat(TimeReport.parse(hours).wallSeconds()).isEqualTo(3600 + 2 * 60 + 3);
    }

    @Test
    void aMissingReportOrLineReadsAsNaN() {
        TimeReport empty = TimeReport.parse("");
        TimeReport userOnly = TimeReport.parse("\tUser time (seconds): 2.50\n");

        assertThat(empty.cpuSeconds()).isNaN();
        assertThat(empty.wallSeconds()).isNaN();
        assertThat(empty.peakRssMib()).isNaN();
        assertThat(userOnly.userSeconds()).isEqualTo(2.5);
        assertThat(userOnly.cpuSeconds()).as("no system time").isNaN();
    }

    @Test
    void onlyMatchingDirectoriesAreListedInNameOrder() throws IOException {
        Files.createDirectories(temp.resolve("tool-50000-r1"));
        Files.createDirectories(temp.resolve("before-10000-r2"));
        Files.createDirectories(temp.resolve("tool-10000-r1"));
        Files.createDirectories(temp.resolve("scratch"));
        Files.writeString(temp.resolve("floor-10000-r1"), "a file, not a run");

        List<RunDirectory> runs = RunDirectory.list(temp, RUN);

        assertThat(runs)
                .extracting(run -> run.path().getFileName().toString())
                .containsExactly("before-10000-r2", "tool-10000-r1", "tool-50000-r1");
        assertThat(runs.get(0).group("kind")).isEqualTo("before");
        assertThat(runs.get(0).group("repeat")).isEqualTo("2");
    }

    @Test
    void filesOfARunAreReadOrEmpty() throws IOException {
        Path directory = Files.createDirectories(temp.resolve("tool-10000-r1"));
        Files.writeString(directory.resolve("exit.txt"), " timeout\n");
        Files.writeString(directory.resolve("time.txt"), realReport());
        Files.writeString(
                directory.resolve("worker-1.time.txt"), "\tUser time (seconds): 1.00\n\tSystem time (seconds): 0.50\n");
        Files.writeString(directory.resolve("result.json"), "{}");
        RunDirectory run = RunDirectory.list(temp, RUN).get(0);

        assertThat(run.exit()).isEqualTo("timeout");
        assertThat(run.text("threads.txt")).isEmpty();
        assertThat(run.time().userSeconds()).isEqualTo(17.33);
        List<TimeReport> reports = run.timeReports();
        assertThat(reports).hasSize(2);
        assertThat(reports.get(0).cpuSeconds()).as("time.txt first").isCloseTo(18.55, within(1e-9));
        assertThat(reports.get(1).cpuSeconds()).as("then the worker's").isEqualTo(1.5);
        assertThat(run.resultFile()).contains(directory.resolve("result.json"));
    }

    @Test
    void theMedianSkipsNaNAndAveragesTheMiddlePairOfAnEvenCount() {
        assertThat(RunDirectory.median(List.of(5.0, 1.0, 3.0), Double::doubleValue))
                .isEqualTo(3);
        assertThat(RunDirectory.median(List.of(4.0, 1.0, Double.NaN, 2.0, 8.0), Double::doubleValue))
                .isEqualTo(3);
        assertThat(RunDirectory.median(List.of(Double.NaN), Double::doubleValue))
                .isNaN();
        assertThat(RunDirectory.median(List.<Double>of(), Double::doubleValue)).isNaN();
    }
}
