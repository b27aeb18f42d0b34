package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.sweep.SweepSummary;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import io.openmessaging.benchmark.testing.SweepRuns;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/benchmark sweep} end to end with the loopback driver: a rate sweep with two drivers writes one
 * result per step and driver, a summary that points at them and a table per driver; a second sweep never
 * overwrites the first; a failing step makes the sweep incomplete and the exit code 1, with the summary kept.
 */
class SweepCommandIT {

    @Test
    void aRateSweepWritesEveryStepTheSummaryAndATablePerDriver(@TempDir Path dir) throws Exception {
        Path workload = BenchmarkRuns.workload(dir, "sweep-it", 2, 1, 1, 1_000, "1s", "2s", 500);
        Path delays = Files.writeString(dir.resolve("delays.yaml"), """
                name: Loopback-delays
                driver: loopback
                ackDelayMicros: 300
                deliveryDelayMicros: 600
                """);
        Path results = dir.resolve("results");

        SweepRuns.Outcome sweep = SweepRuns.run(
                results,
                "--rates",
                "500,1000,2000",
                "-d",
                "../driver-loopback/loopback.yaml",
                "-d",
                delays.toString(),
                workload.toString());

        assertThat(sweep.exitCode()).as(sweep.stderr()).isZero();
        SweepSummary summary = sweep.summary();
        assertThat(summary.complete).isTrue();
        assertThat(summary.parameter).isEqualTo("producerRate");
        assertThat(summary.values).containsExactly(500.0, 1000.0, 2000.0);
        assertThat(summary.drivers).extracting(d -> d.driver).containsExactly("Loopback", "Loopback-delays");
        Path sweepDir = sweep.summaryFile().getParent();
        assertThat(sweepDir.getFileName().toString()).startsWith("sweep-it-sweep-rate-");
        for (SweepSummary.DriverSweep driver : summary.drivers) {
            assertThat(driver.steps).extracting(s -> s.value).containsExactly(500.0, 1000.0, 2000.0);
            assertThat(driver.fit).as("no model for a rate sweep").isNull();
            for (SweepSummary.Step step : driver.steps) {
                TestResult result = ResultFiles.read(sweepDir.resolve(step.resultFile));
                assertThat(result.driver).isEqualTo(driver.driver);
                assertThat(result.metadata.workloadYaml).contains("producerRate: " + step.value.intValue() + "\n");
                assertThat(result.metadata.commandLine)
                        .as("as typed")
                        .startsWith("bin/benchmark", "sweep", "--output-dir")
                        .containsSubsequence("--rates", "500,1000,2000", "-d", "../driver-loopback/loopback.yaml");
                assertThat(step.complete).isTrue();
                assertThat(step.measuredPeriods)
                        .isEqualTo(result.publishRate.size())
                        .isGreaterThanOrEqualTo(4);
                assertThat(step.achievedPublishRateMsgPerSec).isPositive();
                assertThat(step.publishResponseTime99pctMs).isEqualTo(result.aggregatedPublishResponseTime99pct);
                assertThat(step.stable).isEqualTo(step.unstableReasons.isEmpty());
            }
        }
        assertThat(jsonFiles(sweepDir))
                .containsExactlyInAnyOrder(
                        "sweep.json",
                        "sweep-it-Loopback-rate-500.json",
                        "sweep-it-Loopback-rate-1000.json",
                        "sweep-it-Loopback-rate-2000.json",
                        "sweep-it-Loopback-delays-rate-500.json",
                        "sweep-it-Loopback-delays-rate-1000.json",
                        "sweep-it-Loopback-delays-rate-2000.json");
        assertThat(sweep.stdout())
                .contains(
                        "=== sweep of producerRate · workload sweep-it · driver Loopback\n",
                        "=== sweep of producerRate · workload sweep-it · driver Loopback-delays\n",
                        "peak stable throughput: ",
                        "target msg/s",
                        "Sweep summary written to " + sweep.summaryFile());

        SweepRuns.Outcome again = SweepRuns.run(
                results, "--rates", "500,1000", "-d", "../driver-loopback/loopback.yaml", workload.toString());
        assertThat(again.exitCode()).as(again.stderr()).isZero();
        assertThat(again.summaryFile().getParent()).isNotEqualTo(sweepDir);
        assertThat(jsonFiles(sweepDir)).hasSize(7);
        assertThat(SweepRuns.run(results, "--rates", "1,2", "--help").exitCode())
                .isZero();
    }

    @Test
    void aRelativeOutputDirectoryRunsEveryStepAndWritesTheSummary() throws Exception {
        // as the README and docs/sweeps.md run it: every path relative to the working directory (this module's)
        Path relativeDir = Path.of("target", "sweep-relative-" + System.nanoTime());
        Files.createDirectories(relativeDir);
        Path workload = BenchmarkRuns.workload(relativeDir, "sweep-relative", 1, 1, 1, 500, "0s", "2s", 500);
        Path results = relativeDir.resolve("results");
        assertThat(results.isAbsolute()).isFalse();

        SweepRuns.Outcome sweep = SweepRuns.run(
                results, "--rates", "500,1000", "-d", "../driver-loopback/loopback.yaml", workload.toString());

        assertThat(sweep.exitCode()).as(sweep.stdout() + sweep.stderr()).isZero();
        assertThat(sweep.stderr()).doesNotContain("Exception");
        assertThat(sweep.summary().complete).isTrue();
        List<SweepSummary.Step> steps = sweep.summary().drivers.get(0).steps;
        assertThat(steps)
                .extracting(step -> step.resultFile)
                .containsExactly("sweep-relative-Loopback-rate-500.json", "sweep-relative-Loopback-rate-1000.json");
        for (SweepSummary.Step step : steps) {
            assertThat(step.complete).isTrue();
            assertThat(ResultFiles.read(sweep.summaryFile().getParent().resolve(step.resultFile)).metadata.workloadYaml)
                    .contains("producerRate: " + step.value.intValue() + "\n");
        }
    }

    @Test
    void aFailingStepMakesTheSweepIncompleteAndKeepsItsSummary(@TempDir Path dir) throws Exception {
        // every step's driver freezes (acknowledges nothing) for 4 s: the 1 s stall timeout fails the run
        Path workload = BenchmarkRuns.workload(dir, "sweep-fails", 1, 1, 1, 500, "1s", "3s", 500);
        Path stalls = Files.writeString(dir.resolve("stall.yaml"), """
                name: Loopback-stall
                driver: loopback
                stalls:
                  - {startAfterMillis: 500, durationMillis: 4000, kind: FREEZE}
                """);

        SweepRuns.Outcome sweep = SweepRuns.run(
                dir.resolve("results"),
                "--topics",
                "1,2",
                "--stall-timeout-seconds",
                "1",
                "-d",
                stalls.toString(),
                workload.toString());

        assertThat(sweep.exitCode()).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(sweep.summary().complete).isFalse();
        assertThat(sweep.summary().failureReason).startsWith("Loopback-stall, topics 1: ");
        List<SweepSummary.Step> steps = sweep.summary().drivers.get(0).steps;
        assertThat(steps).hasSize(2).allSatisfy(step -> {
            assertThat(step.complete).isFalse();
            assertThat(step.stable).isFalse();
            assertThat(step.unstableReasons).anyMatch(reason -> reason.startsWith("the run did not complete"));
        });
        assertThat(sweep.summary().drivers.get(0).peakStable).isNull();
        assertThat(sweep.stdout()).contains("peak stable throughput: none");
    }

    private static List<String> jsonFiles(Path directory) throws Exception {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(f -> f.getFileName().toString())
                    .filter(n -> n.endsWith(".json"))
                    .toList();
        }
    }
}
