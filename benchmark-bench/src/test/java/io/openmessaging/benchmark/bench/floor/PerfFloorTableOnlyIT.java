package io.openmessaging.benchmark.bench.floor;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.testing.LocalBrokerScripts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code bin/perf-floor --table-only}: one results directory prints its table, with each repeat's ratio and
 * the interval of their median; the option given twice pools the directories. An integration test because
 * the script needs the packaged project.
 */
class PerfFloorTableOnlyIT {

    private static Path resource(String name) throws Exception {
        return Path.of(PerfFloorTableOnlyIT.class.getResource("/floor/" + name).toURI());
    }

    @Test
    void oneDirectoryPrintsItsTableAsTheGoldenFileHasIt() throws Exception {
        LocalBrokerScripts.Result outcome = LocalBrokerScripts.run(
                LocalBrokerScripts.repositoryRoot(),
                List.of(
                        "bin/perf-floor",
                        "--table-only",
                        resource("tool-and-floor").toString()),
                120);

        assertThat(outcome.exitCode()).as(outcome.output()).isZero();
        assertThat(outcome.output())
                .contains(Files.readString(resource("tool-and-floor.md")))
                .contains("Tool / floor, per repeat, CPU s over the whole life: 1.136, 1.149, 1.237 (3 repeats)");
    }

    @Test
    void twoDirectoriesArePooledRepeatByRepeat() throws Exception {
        LocalBrokerScripts.Result outcome = LocalBrokerScripts.run(
                LocalBrokerScripts.repositoryRoot(),
                List.of(
                        "bin/perf-floor",
                        "--table-only",
                        resource("tool-and-floor").toString(),
                        "--table-only",
                        resource("with-before").toString()),
                120);

        assertThat(outcome.exitCode()).as(outcome.output()).isZero();
        // 10,000 msg/s: three repeats in each directory (1.136, 1.149, 1.237 twice), six pooled
        assertThat(outcome.output())
                .contains("## 10,000 msg/s: tool / floor per repeat, 2 series pooled")
                .contains("| **pooled** | 1.136, 1.136, 1.149, 1.149, 1.237, 1.237 (6 repeats): median 1.15×,"
                        + " between 1.136× and 1.237× with 96 % confidence |")
                .contains("## 50,000 msg/s: tool / floor per repeat, 1 series pooled")
                .doesNotContain("| run |");
    }

    @Test
    void aRatiosFileIsPooledWithADirectory() throws Exception {
        Path ratios = Files.createTempFile("perf-floor-ratios", ".txt");
        try {
            Files.writeString(
                    ratios,
                    "# written down from a series whose directory is gone\n"
                            + "series=earlier rate=10000 whole-life=1.010,1.020,1.030\n");
            LocalBrokerScripts.Result outcome = LocalBrokerScripts.run(
                    LocalBrokerScripts.repositoryRoot(),
                    List.of(
                            "bin/perf-floor",
                            "--table-only",
                            ratios.toString(),
                            "--table-only",
                            resource("tool-and-floor").toString()),
                    120);

            assertThat(outcome.exitCode()).as(outcome.output()).isZero();
            assertThat(outcome.output())
                    .contains("## 10,000 msg/s: tool / floor per repeat, 2 series pooled")
                    .contains("| earlier | 1.010, 1.020, 1.030 (3 repeats): median 1.02×, between 1.010× and 1.030×"
                            + " with 75 % confidence | not recorded |")
                    .contains("| **pooled** | 1.010, 1.020, 1.030, 1.136, 1.149, 1.237 (6 repeats): median 1.08×");
        } finally {
            Files.deleteIfExists(ratios);
        }
    }

    @Test
    void aBadRatiosFileFailsNamingItsLine() throws Exception {
        Path ratios = Files.createTempFile("perf-floor-ratios", ".txt");
        try {
            Files.writeString(ratios, "series=earlier rate=10000 whole-life=1.010,x\n");
            LocalBrokerScripts.Result outcome = LocalBrokerScripts.run(
                    LocalBrokerScripts.repositoryRoot(),
                    List.of("bin/perf-floor", "--table-only", ratios.toString()),
                    120);

            assertThat(outcome.exitCode()).isEqualTo(1);
            assertThat(outcome.output())
                    .contains("perf-floor: error: " + ratios + ":1:1: 'whole-life' holds 'x', not a ratio above 0");
        } finally {
            Files.deleteIfExists(ratios);
        }
    }

    @Test
    void theSeriesFileOfTheDocsPoolsBothRates() throws Exception {
        LocalBrokerScripts.Result outcome = LocalBrokerScripts.run(
                LocalBrokerScripts.repositoryRoot(),
                List.of("bin/perf-floor", "--table-only", "docs/perf-floor-series.txt"),
                120);

        assertThat(outcome.exitCode()).as(outcome.output()).isZero();
        assertThat(outcome.output())
                .contains("## 10,000 msg/s: tool / floor per repeat,")
                .contains("## 50,000 msg/s: tool / floor per repeat,")
                .doesNotContain("error");
    }

    @Test
    void aSeriesInAFileAndAsADirectoryIsRefused() throws Exception {
        Path ratios = Files.createTempFile("perf-floor-ratios", ".txt");
        try {
            Files.writeString(ratios, "series=tool-and-floor rate=10000 whole-life=1.136,1.149,1.237\n");
            String directory = resource("tool-and-floor").toString();
            LocalBrokerScripts.Result outcome = LocalBrokerScripts.run(
                    LocalBrokerScripts.repositoryRoot(),
                    List.of("bin/perf-floor", "--table-only", directory, "--table-only", ratios.toString()),
                    120);

            assertThat(outcome.exitCode()).isEqualTo(1);
            assertThat(outcome.output())
                    .contains("perf-floor: error: series 'tool-and-floor' is given twice (in " + directory + " and in "
                            + ratios + "); pool each series once");
        } finally {
            Files.deleteIfExists(ratios);
        }
    }
}
