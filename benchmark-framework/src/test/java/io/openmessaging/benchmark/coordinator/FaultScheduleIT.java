package io.openmessaging.benchmark.coordinator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.openmessaging.benchmark.cli.Benchmark;
import io.openmessaging.benchmark.result.FaultRecord;
import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import io.openmessaging.benchmark.testing.CommandLineRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --fault AT=COMMAND}: each command runs once, no earlier than due into the measured phase, and the
 * result lists every one with when it ran and how it ended; a command still running at the end is stopped, one
 * due after the end never runs. A malformed schedule is a usage error before anything starts.
 */
class FaultScheduleIT {

    @TempDir
    Path dir;

    @Test
    void theResultListsEveryCommandWithWhenItRanAndHowItEnded() throws Exception {
        Path workload = BenchmarkRuns.workload(dir, "faults", 1, 1, 1, 500, "1s", "4s", 1000);
        Path marker = dir.resolve("marker");
        Path result = dir.resolve("result.json");

        CommandLineRun cli = new CommandLineRun();
        int exitCode = cli.run(
                "-d",
                "../driver-loopback/loopback.yaml",
                "-o",
                result.toString(),
                "--fault",
                "1s=echo first >> " + marker + "; echo done; exit 3",
                "--fault",
                "2500ms=sleep 60",
                "--fault",
                "0=echo at the start >> " + marker,
                "--fault",
                "90s=echo never >> " + marker,
                workload.toString());

        assertThat(exitCode).as(cli.stderr()).isEqualTo(Benchmark.EXIT_OK);
        assertThat(Files.readAllLines(marker)).containsExactly("at the start", "first");
        TestResult run = ResultFiles.read(result);
        assertThat(run.complete).isTrue();
        List<FaultRecord> faults = run.faults;
        assertThat(faults).extracting(f -> f.plannedSeconds).containsExactly(0.0, 1.0, 2.5, 90.0);

        FaultRecord atStart = faults.get(0);
        assertThat(atStart.outcome).isEqualTo("exited");
        assertThat(atStart.exitCode).isZero();
        assertThat(atStart.startSeconds).isGreaterThanOrEqualTo(0.0).isLessThan(1.0);

        FaultRecord first = faults.get(1);
        assertThat(first.outcome).isEqualTo("exited");
        assertThat(first.exitCode).isEqualTo(3);
        assertThat(first.output).isEqualTo("done\n");
        assertThat(first.startSeconds).isGreaterThanOrEqualTo(1.0).isCloseTo(1.0, within(1.0));
        assertThat(first.startedAt).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z");

        FaultRecord sleeping = faults.get(2);
        assertThat(sleeping.outcome).isEqualTo("stopped: still running when the run ended");
        assertThat(sleeping.exitCode).isNull();
        assertThat(sleeping.startSeconds).isGreaterThanOrEqualTo(2.5);
        assertThat(sleeping.durationSeconds).isLessThan(30.0);

        FaultRecord never = faults.get(3);
        assertThat(never.outcome).isEqualTo("not run: the run ended before it was due");
        assertThat(never.startSeconds).isNull();
    }

    @Test
    void aRunWithoutAScheduleHasNoFaults() throws Exception {
        Path workload = BenchmarkRuns.workload(dir, "no-faults", 1, 1, 1, 500, "0s", "1s", 1000);
        Path result = dir.resolve("result.json");
        CommandLineRun cli = new CommandLineRun();
        assertThat(cli.run("-d", "../driver-loopback/loopback.yaml", "-o", result.toString(), workload.toString()))
                .as(cli.stderr())
                .isZero();
        assertThat(ResultFiles.read(result).faults).isNull();
    }

    @Test
    void aMalformedScheduleIsAUsageErrorNamingTheForm() {
        CommandLineRun cli = new CommandLineRun();
        int exitCode = cli.run("-d", "../driver-loopback/loopback.yaml", "--fault", "soon=true", "x.yaml");
        assertThat(exitCode).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr()).contains("--fault soon=true: ");
        CommandLineRun noCommand = new CommandLineRun();
        assertThat(noCommand.run("-d", "../driver-loopback/loopback.yaml", "--fault", "20s", "x.yaml"))
                .isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(noCommand.stderr()).contains("--fault takes AT=COMMAND");
    }
}
