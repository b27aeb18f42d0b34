package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.testing.CommandLineRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/benchmark sweep} command lines that must not start a run: exit code 2 (or 1 for a bad file) and what it says. */
class SweepCommandTest {

    @TempDir
    Path dir;

    private CommandLineRun cli;
    private Path workload;
    private Path driver;

    @BeforeEach
    void files() throws IOException {
        workload = Files.writeString(dir.resolve("w.yaml"), """
                topics: 1
                partitionsPerTopic: 1
                messageSize: 100
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 1
                producerRate: 1000
                testDuration: 2s
                sampleRateMillis: 500
                """);
        driver = Path.of("../driver-loopback/loopback.yaml");
        cli = new CommandLineRun("sweep", "--output-dir", dir.resolve("results").toString());
    }

    @Test
    void withoutAParameterItSaysWhichToGive() {
        assertThat(cli.run("-d", driver.toString(), workload.toString())).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr()).contains("give exactly one of --rates, --message-sizes, --partitions, --topics");
        assertThat(dir.resolve("results")).doesNotExist();
    }

    @Test
    void twoParametersAreRefused() {
        assertThat(cli.run("--rates", "1,2", "--topics", "1,2", "-d", driver.toString(), workload.toString()))
                .isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr()).contains("a sweep varies one parameter").contains("got --rates, --topics");
    }

    @Test
    void aValueThatIsNotANumberIsNamed() {
        assertThat(cli.run("--rates", "5000,10k", "-d", driver.toString(), workload.toString()))
                .isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr()).contains("--rates: '10k' is not a number").contains("e.g. --rates 5000,10000,20000");
    }

    @Test
    void partitionCountsMustBeWholeAndPositive() {
        assertThat(cli.run("--partitions", "1,2.5", "-d", driver.toString(), workload.toString()))
                .isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr()).contains("--partitions: '2.5' is not allowed").contains("whole numbers ≥ 1");
        cli.reset();
        assertThat(cli.run("--partitions", "0,4", "-d", driver.toString(), workload.toString()))
                .isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr()).contains("--partitions: '0' is not allowed");
    }

    @Test
    void oneValueOrARepeatedValueIsNotASweep() {
        assertThat(cli.run("--topics", "4", "-d", driver.toString(), workload.toString()))
                .isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr()).contains("at least two values");
        cli.reset();
        assertThat(cli.run("--topics", "4,8,4", "-d", driver.toString(), workload.toString()))
                .isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr()).contains("--topics: 4 is given twice");
    }

    @Test
    void exactlyOneWorkloadAndNoOutputFile() {
        assertThat(cli.run("--rates", "1,2", "-d", driver.toString(), workload.toString(), workload.toString()))
                .isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr()).contains("exactly one workload file");
        cli.reset();
        assertThat(cli.run("--rates", "1,2", "-o", "x.json", "-d", driver.toString(), workload.toString()))
                .isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr()).contains("use --output-dir");
    }

    @Test
    void aStepWorkloadTheSchemaRejectsStopsBeforeAnyRunAndNamesTheFile() throws IOException {
        // 2 producers per topic: 2,000,000,000 topics would be more producers than the schema allows
        Path tooBig = Files.writeString(
                dir.resolve("big.yaml"),
                Files.readString(workload).replace("producersPerTopic: 1", "producersPerTopic: 2"));
        assertThat(cli.run("--topics", "1,2000000000", "-d", driver.toString(), tooBig.toString()))
                .isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(cli.stderr()).contains("--topics").contains("big.yaml").contains("producers");
        assertThat(dir.resolve("results")).doesNotExist();
    }

    @Test
    void helpListsTheSweepAndRunOptions() {
        assertThat(cli.run("--help")).isZero();
        assertThat(cli.stdout())
                .contains(
                        "--rates",
                        "--message-sizes",
                        "--partitions",
                        "--topics",
                        "--drivers",
                        "--workers",
                        "--output-dir",
                        "docs/sweeps.md");
    }
}
