package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.compare.WorkloadFields;
import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.sweep.SweepSummary;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import io.openmessaging.benchmark.testing.SweepRuns;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A result's {@code metadata.commandLine} is the command line as typed (every option, in order, nothing
 * rebuilt), its {@code metadata.topology} the placement that ran, and {@code compare} still reads the
 * workload's {@code --set} assignments back from it.
 */
class RecordedCommandLineIT {

    @TempDir
    Path dir;

    @Test
    void aRunRecordsEveryArgumentAsTypedAndItsTopology() throws Exception {
        Path workload = BenchmarkRuns.workload(dir, "typed", 4, 1, 1, 2000, "1s", "10s", 1000);
        Path token = Files.writeString(dir.resolve("token"), "not-a-secret-but-never-recorded\n");
        List<String> typed = List.of(
                "--drivers",
                "../driver-loopback/loopback.yaml",
                "--readiness-timeout-seconds",
                "30",
                "--drain-timeout-seconds",
                "20",
                "--stall-timeout-seconds",
                "15",
                "--worker-lease-seconds",
                "40",
                "--latency-digits",
                "3",
                "--token-file",
                token.toString(),
                "--set",
                "testDuration=2s",
                "--set",
                "driver.ackDelayMicros=50",
                "-v",
                "loopback-typed",
                workload.toString());

        BenchmarkRuns.Outcome outcome = BenchmarkRuns.run(dir, typed.toArray(String[]::new));

        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        TestResult result = outcome.result();
        assertThat(result.metadata.commandLine)
                .containsExactlyElementsOf(concat(
                        List.of(
                                "bin/benchmark",
                                "--output-dir",
                                dir.resolve("results").toString()),
                        typed));
        assertThat(String.join(" ", result.metadata.commandLine)).doesNotContain("not-a-secret");
        assertThat(result.metadata.topology.placement).isEqualTo("SPLIT");
        assertThat(result.metadata.topology.workerCount).isEqualTo(1);
        assertThat(result.metadata.topology.inProcess).isTrue();
        assertThat(result.metadata.topology.producerWorkerCount).isEqualTo(1);
        assertThat(result.metadata.topology.consumerWorkerCount).isEqualTo(1);
        assertThat(result.metadata.topology.extraConsumers).isFalse();
        // compare reads the workload as it ran: the file's text with the typed --set over it
        assertThat(WorkloadFields.of(result, outcome.resultFile()).value("testDuration"))
                .contains("2s");
        assertThat(result.testDurationSeconds).isBetween(1.5, 3.5);
    }

    @Test
    void eachStepOfASweepRecordsTheSweepsCommandLineAndRunsItsWorkloadSets() throws Exception {
        Path workload = BenchmarkRuns.workload(dir, "typed-sweep", 2, 1, 1, 1000, "1s", "10s", 1000);
        Path results = dir.resolve("sweep-results");

        SweepRuns.Outcome sweep = SweepRuns.run(
                results,
                "--rates",
                "500,1000",
                "-d",
                "../driver-loopback/loopback.yaml",
                "--set",
                "testDuration=2s",
                "--stall-timeout-seconds",
                "15",
                workload.toString());

        assertThat(sweep.exitCode()).as(sweep.stderr()).isZero();
        List<String> typed = List.of(
                "bin/benchmark",
                "sweep",
                "--output-dir",
                results.toString(),
                "--rates",
                "500,1000",
                "-d",
                "../driver-loopback/loopback.yaml",
                "--set",
                "testDuration=2s",
                "--stall-timeout-seconds",
                "15",
                workload.toString());
        assertThat(sweep.summary().commandLine).containsExactlyElementsOf(typed);
        Path sweepDir = sweep.summaryFile().getParent();
        for (SweepSummary.Step step : sweep.summary().drivers.get(0).steps) {
            Path file = sweepDir.resolve(step.resultFile);
            TestResult result = ResultFiles.read(file);
            assertThat(result.metadata.commandLine).containsExactlyElementsOf(typed);
            assertThat(result.testDurationSeconds)
                    .as("the --set applies to every step")
                    .isBetween(1.5, 3.5);
            WorkloadFields fields = WorkloadFields.of(result, file);
            assertThat(fields.value("testDuration")).contains("2s");
            assertThat(fields.value("producerRate")).contains(String.valueOf(step.value.intValue()));
        }
    }

    @Test
    void aSweepRefusesASetOfTheKeyItSweeps() throws Exception {
        Path workload = BenchmarkRuns.workload(dir, "typed-refused", 2, 1, 1, 1000, "1s", "2s", 1000);

        SweepRuns.Outcome sweep = SweepRuns.run(
                dir.resolve("refused"),
                "--rates",
                "500,1000",
                "-d",
                "../driver-loopback/loopback.yaml",
                "--set",
                "producerRate=700",
                workload.toString());

        assertThat(sweep.exitCode()).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(sweep.stderr())
                .isEqualTo(
                        "error: --set producerRate=700: the sweep sets producerRate at every step (--rates); leave this --set out"
                                + System.lineSeparator());
    }

    private static List<String> concat(List<String> first, List<String> second) {
        return java.util.stream.Stream.concat(first.stream(), second.stream()).toList();
    }
}
