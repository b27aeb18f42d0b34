package io.openmessaging.benchmark.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.openmessaging.benchmark.bench.PerfBaselineTable.Run;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How {@code bin/perf-baseline}'s table reads GNU time's report (a real one, of a 10,000 msg/s smoke run:
 * 17.33 s user, 1.22 s system, 817,416 KiB peak RSS, 0:43.46 wall) and the exit status, sums workers' CPU,
 * and takes medians.
 */
class PerfBaselineTableTest {

    @TempDir
    Path temp;

    private Path run(String name, String exit, String... timeReports) throws IOException {
        Path directory = Files.createDirectories(temp.resolve(name));
        Files.writeString(directory.resolve("exit.txt"), exit + "\n");
        for (String report : timeReports) {
            try (InputStream in = PerfBaselineTableTest.class.getResourceAsStream("/bench/time-v.txt")) {
                Files.copy(in, directory.resolve(report));
            }
        }
        return directory;
    }

    @Test
    void cpuRssWallAndExitComeFromTimesReportAndTheExitFile() throws IOException {
        run("inprocess-10000-r1", "0", "time.txt");
        run("inprocess-10000-r2", "timeout", "time.txt");
        Files.createDirectories(temp.resolve("not-a-run"));

        List<Run> runs = PerfBaselineTable.readRuns(temp);

        assertThat(runs).hasSize(2);
        Run first = runs.get(0);
        assertThat(first.mode()).isEqualTo("inprocess");
        assertThat(first.rate()).isEqualTo(10_000);
        assertThat(first.cpuSeconds()).isCloseTo(17.33 + 1.22, within(1e-9));
        assertThat(first.peakRssMib()).isCloseTo(817_416 / 1024.0, within(1e-9));
        assertThat(first.wallSeconds()).isCloseTo(43.46, within(1e-9));
        assertThat(first.exitedByItself()).isTrue();
        assertThat(first.publishDelayP99Micros()).as("no result file").isNaN();
        assertThat(runs.get(1).exitedByItself()).isFalse();
        assertThat(PerfBaselineTable.median(runs).exit()).isEqualTo("1/2 exit 0");
    }

    @Test
    void aDistributedRunAddsTheWorkersCpuAndKeepsTheHighestRss() throws IOException {
        run("distributed-50000-r1", "0", "time.txt", "worker-1.time.txt", "worker-2.time.txt");

        Run run = PerfBaselineTable.readRuns(temp).get(0);

        assertThat(run.cpuSeconds()).isCloseTo(3 * (17.33 + 1.22), within(1e-9));
        assertThat(run.peakRssMib()).isCloseTo(817_416 / 1024.0, within(1e-9));
    }

    @Test
    void mediansTakeTheMiddleRunOfEachFigure() {
        Run a = new Run("inprocess", 10_000, 1, 10, 500, 190, 100, 1, 1, 0, 1, "0");
        Run b = new Run("inprocess", 10_000, 2, 30, 700, 191, 300, 1, 1, 0, 1, "0");
        Run c = new Run("inprocess", 10_000, 3, 20, 600, 192, 200, 1, 1, 0, 1, "1");

        Run median = PerfBaselineTable.median(List.of(a, b, c));

        assertThat(median.cpuSeconds()).isEqualTo(20);
        assertThat(median.peakRssMib()).isEqualTo(600);
        assertThat(median.publishDelayP99Micros()).isEqualTo(200);
        assertThat(median.exit()).isEqualTo("2/3 exit 0");
    }

    @Test
    void theTableOfKnownRunsMatchesItsGoldenFile() throws Exception {
        Path runs = Path.of(
                PerfBaselineTableTest.class.getResource("/bench/baseline-runs").toURI());
        String expected = Files.readString(Path.of(PerfBaselineTableTest.class
                .getResource("/bench/baseline-runs.txt")
                .toURI()));

        assertThat(PerfBaselineTable.format(PerfBaselineTable.readRuns(runs))).isEqualTo(expected);
    }
}
