package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.coordinator.WorkerRoles;
import io.openmessaging.benchmark.testing.CommandLineRun;
import io.openmessaging.benchmark.workload.DriverConfiguration;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Run options out of range stop {@code bin/benchmark} before anything starts: exit code 2 and what is allowed. */
class RunCommandOptionsTest {

    @TempDir
    Path dir;

    private final CommandLineRun cli = new CommandLineRun();

    private static final String WORKLOAD = """
            topics: 1
            partitionsPerTopic: 1
            messageSize: 100
            subscriptionsPerTopic: 1
            consumerPerSubscription: 1
            producersPerTopic: 1
            producerRate: 1000
            testDuration: 2s
            sampleRateMillis: 500
            warmupDuration: 0s
            """;

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
        "--stall-timeout-seconds, -5",
        "--stall-timeout-seconds, 0",
        "--drain-timeout-seconds, 0",
        "--readiness-timeout-seconds, 86401"
    })
    void aTimeoutOutsideOneSecondToOneDayIsRefused(String option, String value) throws IOException {
        Path workload = Files.writeString(dir.resolve("w.yaml"), """
                topics: 1
                partitionsPerTopic: 1
                messageSize: 100
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 1
                producerRate: 1000
                testDuration: 2s
                sampleRateMillis: 500
                warmupDuration: 0s
                """);

        int exitCode = cli.run(
                "-d",
                "../driver-loopback/loopback.yaml",
                "--output-dir",
                dir.resolve("results").toString(),
                option,
                value,
                workload.toString());

        assertThat(exitCode).as(cli.stderr()).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr()).contains("error: " + option + " must be 1 to 86400 (seconds, one day), got " + value);
        assertThat(dir.resolve("results")).doesNotExist();
    }

    @Test
    void anOutputDirectoryThatCannotHoldResultsIsAUsageErrorBeforeAnythingRuns() throws IOException {
        Path workload = Files.writeString(dir.resolve("w.yaml"), WORKLOAD);
        Path notADirectory = Files.writeString(dir.resolve("file"), "x");

        int exitCode = cli.run(
                "-d",
                "../driver-loopback/loopback.yaml",
                "--output-dir",
                notADirectory.resolve("results").toString(),
                workload.toString());

        assertThat(exitCode).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr())
                .startsWith("error: results cannot be written in " + notADirectory.resolve("results"))
                .contains("choose another --output-dir or -o")
                .doesNotContain("\tat ");
    }

    @Test
    void anOutputDirectoryThatCannotBeCreatedIsRefusedAtOnceNamingItAndTheReason() throws IOException {
        Path workload = Files.writeString(dir.resolve("w.yaml"), WORKLOAD);

        int exitCode =
                cli.run("-d", "../driver-loopback/loopback.yaml", "--output-dir", "/proc/x", workload.toString());

        assertThat(exitCode).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr())
                .startsWith("error: results cannot be written in /proc/x (/proc/x: ")
                .endsWith("); choose another --output-dir or -o\n")
                .hasLineCount(1);
        assertThat(cli.stdout()).doesNotContain("===");
        assertThat(Path.of("/proc/x")).doesNotExist();
    }

    @Test
    void theOutputDirectoryIsCreatedAndWriteTestedBeforeTheRunAndKeepsNoProbeFile() throws Exception {
        Path results = dir.resolve("new").resolve("results");
        RunCommand command = new RunCommand();
        com.beust.jcommander.JCommander.newBuilder()
                .addObject(command)
                .build()
                .parse(
                        "-d",
                        "../driver-loopback/loopback.yaml",
                        "--output-dir",
                        results.toString(),
                        Files.writeString(dir.resolve("w.yaml"), WORKLOAD).toString());

        command.setUp(System.err);

        assertThat(results).isEmptyDirectory();
    }

    @Test
    void aRelativeOutputNameGoesIntoTheOutputDirectoryWhenBothAreGiven() {
        RunCommand command = new RunCommand();
        com.beust.jcommander.JCommander.newBuilder()
                .addObject(command)
                .build()
                .parse("-o", "mine.json", "--output-dir", "out", "w.yaml");
        assertThat(command.outputFile()).isEqualTo(Path.of("out", "mine.json"));

        RunCommand alone = new RunCommand();
        com.beust.jcommander.JCommander.newBuilder().addObject(alone).build().parse("-o", "mine.json", "w.yaml");
        assertThat(alone.outputFile()).isEqualTo(Path.of("mine.json"));

        RunCommand absolute = new RunCommand();
        com.beust.jcommander.JCommander.newBuilder()
                .addObject(absolute)
                .build()
                .parse("-o", "/tmp/mine.json", "--output-dir", "out", "w.yaml");
        assertThat(absolute.outputFile()).isEqualTo(Path.of("/tmp/mine.json"));
    }

    @Test
    void theSwarmDriverClassPlacesWorkersSwarmUnlessTopologyIsGiven() {
        DriverConfiguration swarm = new DriverConfiguration("rp", "redpanda", "swarm.yaml", "", "", "SWARM");
        DriverConfiguration plain = new DriverConfiguration("rp", "redpanda", "plain.yaml", "");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);

        RunCommand defaults = new RunCommand();
        com.beust.jcommander.JCommander.newBuilder().addObject(defaults).build().parse("w.yaml");
        assertThat(defaults.topology(swarm, print)).isEqualTo(WorkerRoles.Topology.SWARM);
        assertThat(defaults.topology(plain, print)).isEqualTo(WorkerRoles.Topology.SPLIT);
        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();

        RunCommand split = new RunCommand();
        com.beust.jcommander.JCommander.newBuilder().addObject(split).build().parse("--topology", "SPLIT", "w.yaml");
        assertThat(split.topology(swarm, print)).isEqualTo(WorkerRoles.Topology.SPLIT);
        assertThat(out.toString(StandardCharsets.UTF_8))
                .isEqualTo("note: swarm.yaml names a driverClass that places workers SWARM; --topology SPLIT wins\n");
    }

    @Test
    void aDriverFileWhereAWorkloadGoesIsOneLineSayingSo() {
        int exitCode = cli.run(
                "-d",
                "../driver-loopback/loopback.yaml",
                "--output-dir",
                dir.toString(),
                "../driver-kafka/kafka-local.yaml");

        assertThat(exitCode).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(cli.stderr())
                .isEqualTo(
                        "error: ../driver-kafka/kafka-local.yaml:4:1: this is a driver file (it has the key 'driver'),"
                                + " given where a workload file goes; give driver files with --drivers (-d) and workload files"
                                + " after the options\n");
    }

    @Test
    void aDryRunChecksTheCommandLineAndRunsNothing() throws IOException {
        Path results = dir.resolve("results");

        int exitCode = cli.run(
                "--dry-run",
                "-d",
                "../driver-loopback/loopback.yaml",
                "--set",
                "producerRate=500",
                "--output-dir",
                results.toString(),
                "../workloads/quick-start.yaml");

        assertThat(exitCode).as(cli.stderr()).isZero();
        assertThat(cli.stdout())
                .isEqualTo("dry run: the options, 1 workload file(s) and 1 driver file(s) are valid; nothing ran\n");
        try (var written = Files.list(results)) {
            assertThat(written).as("no result file").isEmpty();
        }
    }

    @Test
    void aDryRunRefusesWhatTheRunRefuses() {
        int exitCode = cli.run(
                "--dry-run",
                "-d",
                "../driver-loopback/loopback.yaml",
                "--latency-digits",
                "9",
                "../workloads/quick-start.yaml");

        assertThat(exitCode).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr()).isEqualTo("error: --latency-digits must be 1 to 5, got 9\n");
    }
}
