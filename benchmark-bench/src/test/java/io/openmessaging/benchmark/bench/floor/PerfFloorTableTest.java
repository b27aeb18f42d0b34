package io.openmessaging.benchmark.bench.floor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PerfFloorTableTest {

    @Test
    void acknowledgedMessagesComeFromEitherProgramsSummaryLine() {
        assertThat(
                        PerfFloorTable.acknowledged(
                                "...\n  messages    4,055,668 due, 2,104,504 acknowledged, 2,104,504 received, 0 send errors\n"))
                .isEqualTo(2_104_504);
        assertThat(PerfFloorTable.acknowledged(
                        "floor: sent=800000 acknowledged=799999 failed=1 received=799999 receivedBytes=1\n"))
                .isEqualTo(799_999);
        assertThat(PerfFloorTable.acknowledged("no summary")).isNaN();
    }

    @Test
    void ratioIsOfTheMediansAndThreadGroupsAreMediansOverRuns() {
        List<PerfFloorTable.Run> runs = List.of(
                run("tool", 1, 30, Map.of("producer-#", 3.0)),
                run("tool", 2, 36, Map.of("producer-#", 5.0)),
                run("tool", 3, 33, Map.of("producer-#", 4.0)),
                run("floor", 1, 20, Map.of("producer-#", 1.0)),
                run("floor", 2, 22, Map.of("producer-#", 2.0)),
                run("floor", 3, 40, Map.of("producer-#", 9.0)));

        PerfFloorTable.Run tool = PerfFloorTable.median("tool", runs.subList(0, 3));
        PerfFloorTable.Run floor = PerfFloorTable.median("floor", runs.subList(3, 6));
        String table = PerfFloorTable.format(runs);

        assertThat(tool.cpuSeconds()).isEqualTo(33);
        assertThat(floor.cpuSeconds()).isEqualTo(22);
        assertThat(tool.threadCpuSeconds()).containsEntry("producer-#", 4.0);
        assertThat(floor.threadCpuSeconds()).containsEntry("producer-#", 2.0);
        assertThat(tool.cpuPerWallSecond() / floor.cpuPerWallSecond()).isCloseTo(1.5, within(1e-9));
        assertThat(table)
                .contains("| **tool / floor** | **1.50×** | **1.50×** |")
                .contains("| producer-# | 4.00 | 2.00 | +2.00 |")
                .contains("| **tool median** | 33.0 | 0.330 | 16.5 | 0.330 | 1,000,000 | 33.00 |");
    }

    @Test
    void thePerRepeatRatioIsTheMedianOfEachRepeatsToolOverItsOwnFloor() {
        // the floor's third repeat ran on a faster machine: the ratio of the medians (104 / 100) mixes
        // repeats, each repeat's own ratio does not (1.00, 0.95, 1.26)
        List<PerfFloorTable.Run> runs = List.of(
                run("tool", 1, 100, Map.of()),
                run("tool", 2, 104, Map.of()),
                run("tool", 3, 120, Map.of()),
                run("floor", 1, 100, Map.of()),
                run("floor", 2, 110, Map.of()),
                run("floor", 3, 95, Map.of()));

        String table = PerfFloorTable.format(runs);

        assertThat(table)
                .contains("| **tool / floor** | **1.04×** | **1.04×** |")
                .contains("| **tool / floor, per repeat (median)** | **1.00×** | 1.00× | **1.00×** | 1.00× |")
                .contains("\nTool / floor, per repeat, CPU s over the whole life: 0.945, 1.000, 1.263 (3 repeats):"
                        + " median 1.00×, between 0.945× and 1.263× with 75 % confidence.\n")
                .contains("Tool / floor, per repeat, CPU s over the measured phase: 0.945, 1.000, 1.263 (3 repeats):");
    }

    @Test
    void aRepeatWithoutBothProgramsHasNoPerRepeatRatio() {
        String table = PerfFloorTable.format(List.of(run("tool", 1, 100, Map.of()), run("floor", 2, 100, Map.of())));

        assertThat(table).contains("| **tool / floor** |").doesNotContain("per repeat");
    }

    @Test
    void theTableOfToolAndFloorRunsMatchesItsGoldenFile() throws Exception {
        String table = PerfFloorTable.format(PerfFloorTable.readRuns(resource("tool-and-floor")));

        assertThat(table).isEqualTo(Files.readString(resource("tool-and-floor.md")));
        // the 50,000 msg/s runs have samples and a workload (10 s warm-up, 15 s): samples 12 to 27 of each
        // (15.15 s), tool 27.0 + 21.0 + 0.3 s, floor 24.0 + 20.7 + 0.3 s; the 10,000 msg/s runs have neither
        assertThat(table)
                .contains("| tool #1 | 170.0 | 1.889 | 48.3 | 3.188 |")
                .contains("| floor #1 | 148.0 | 1.682 | 45.0 | 2.970 |")
                .contains("| **tool / floor** | **1.15×** | **1.12×** | **1.07×** | **1.07×** |")
                .contains("| **tool / floor** | **1.16×** | **1.12×** |  |  |")
                .contains("| producer-# | 27.00 | 24.00 | +3.00 |")
                // all threads at samples 2, 12 and 27: tool 1.64, 33.84, 82.14 s; floor 1.62, 31.62, 76.62 s;
                // whole life (time.txt) tool 170.0 s, floor 148.0 s
                .contains("| start-up (until the load starts) | 1.64 | 1.62 | +0.02 |")
                .contains("| warm-up | 32.20 | 30.00 | +2.20 |")
                .contains("| measured phase | 48.30 | 45.00 | +3.30 |")
                .contains("| end (drain, results, exit) | 87.86 | 71.38 | +16.48 |")
                // times on a CPU over samples 12 to 27, per message due in 15.15 s at 50,000 msg/s (757,500):
                // producer-0 10,000 (tool) and 9,000 (floor) a sample, the network thread 2,000 in both
                .contains("| thread group | tool per message | floor per message | tool − floor |")
                .contains("| producer-# | 0.198 | 0.178 | +0.020 |")
                .contains("| kafka-producer-network-thread | 0.040 | 0.040 | +0.000 |");
    }

    @Test
    void beforeRunsGetTheirRowsMedianRatiosLatenciesAndThreadColumnUnderBothCommits() throws Exception {
        Path results = resource("with-before");

        String table = PerfFloorTable.format(PerfFloorTable.readRuns(results), PerfFloorTable.commits(results));

        assertThat(table).isEqualTo(Files.readString(resource("with-before.md")));
    }

    @Test
    void thePhaseTableGetsABeforeColumnAndBothDifferencesWithAnEarlierVersion() {
        List<PerfFloorTable.Run> runs = List.of(
                run("before", 1, 30, Map.of(), new ThreadSamples.Phases(6.5, 20.0, 40.0, 1.0)),
                run("tool", 1, 28, Map.of(), new ThreadSamples.Phases(5.0, 19.5, 41.0, 1.25)),
                run("floor", 1, 25, Map.of(), new ThreadSamples.Phases(4.75, 19.0, 39.0, 0.5)));

        String table = PerfFloorTable.format(runs);

        assertThat(table)
                .contains("| phase | before CPU s | tool CPU s | floor CPU s | tool − floor | tool − before |")
                .contains("| start-up (until the load starts) | 6.50 | 5.00 | 4.75 | +0.25 | -1.50 |")
                .contains("| warm-up | 20.00 | 19.50 | 19.00 | +0.50 | -0.50 |")
                .contains("| measured phase | 40.00 | 41.00 | 39.00 | +2.00 | +1.00 |")
                .contains("| end (drain, results, exit) | 1.00 | 1.25 | 0.50 | +0.75 | +0.25 |");
        assertThat(PerfFloorTable.format(runs.subList(1, 3)))
                .contains("| phase | tool CPU s | floor CPU s | tool − floor |")
                .contains("| measured phase | 41.00 | 39.00 | +2.00 |");
    }

    @Test
    void aRunWhoseBrokerDidNotStartShowsBlankFiguresAndItsExit(@TempDir Path results) throws Exception {
        Path failed = Files.createDirectories(results.resolve("tool-50000-r1"));
        Files.writeString(failed.resolve("exit.txt"), "broker-failed\n");
        Path floor = Files.createDirectories(results.resolve("floor-50000-r1"));
        Files.writeString(floor.resolve("exit.txt"), "broker-failed\n");

        String table = PerfFloorTable.format(PerfFloorTable.readRuns(results));

        assertThat(table)
                .doesNotContain("NaN")
                .contains("| tool #1 |  |  |  |  |  |  |  |  |  |  |  | broker-failed |")
                .contains("| **tool median** |  |  |  |  |  |  |  |  |  |  |  | 0/1 exit 0 |")
                .contains("| **tool / floor** |  |  |  |  | |  |  | |")
                .doesNotContain("per repeat, CPU s");
    }

    @Test
    void commitsAreReadFromKeyValueLinesAndAbsentWithoutTheFile() throws Exception {
        assertThat(PerfFloorTable.commits(resource("with-before")))
                .containsExactlyInAnyOrderEntriesOf(Map.of("before", "7817b8f", "tool", "73b30a8-dirty"));
        assertThat(PerfFloorTable.commits(resource("tool-and-floor"))).isEmpty();
    }

    private static Path resource(String name) throws URISyntaxException {
        return Path.of(PerfFloorTableTest.class.getResource("/floor/" + name).toURI());
    }

    private static PerfFloorTable.Run run(String kind, int repeat, double cpu, Map<String, Double> threads) {
        return run(kind, repeat, cpu, threads, ThreadSamples.Phases.NONE);
    }

    private static PerfFloorTable.Run run(
            String kind, int repeat, double cpu, Map<String, Double> threads, ThreadSamples.Phases phases) {
        return runAt(kind, 10_000, repeat, cpu, threads, phases);
    }

    static PerfFloorTable.Run runAt(String kind, long rate, int repeat, double cpu) {
        return runAt(kind, rate, repeat, cpu, Map.of(), ThreadSamples.Phases.NONE);
    }

    private static PerfFloorTable.Run runAt(
            String kind, long rate, int repeat, double cpu, Map<String, Double> threads, ThreadSamples.Phases phases) {
        return new PerfFloorTable.Run(
                kind,
                rate,
                repeat,
                cpu,
                100,
                400,
                Double.NaN,
                Double.NaN,
                Double.NaN,
                threads,
                cpu / 2,
                50,
                Map.of(),
                Map.of(),
                phases,
                1_000_000,
                "0");
    }
}
