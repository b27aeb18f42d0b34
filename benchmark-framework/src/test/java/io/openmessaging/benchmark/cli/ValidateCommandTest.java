package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.drivers.DriverRegistry;
import io.openmessaging.benchmark.testing.CommandLineRun;
import io.openmessaging.benchmark.testing.CoreFixtures;
import io.openmessaging.benchmark.workload.FakeDriverProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/benchmark validate} as a user runs it: exit codes and the errors and warnings it prints. */
class ValidateCommandTest {

    private final CommandLineRun cli = new CommandLineRun();

    private static final Path INVALID = CoreFixtures.path("workloads-invalid");

    @Test
    void shippedWorkloadsAreValid() {
        assertThat(cli.run("validate", "../workloads")).as(cli.stderr()).isZero();
        assertThat(cli.stdout()).contains("file(s) valid");
    }

    @Test
    void unknownKeyNamesFileLineKeyAndSuggestion() {
        assertThat(cli.run("validate", INVALID.resolve("unknown-key.yaml").toString()))
                .isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(cli.stderr())
                .contains("unknown-key.yaml:3")
                .contains("partitionPerTopic")
                .contains("partitionsPerTopic");
    }

    @Test
    void misspeltEnumListsAllowedValues() {
        assertThat(cli.run("validate", INVALID.resolve("misspelt-enum.yaml").toString()))
                .isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(cli.stderr())
                .contains("misspelt-enum.yaml:")
                .contains("keyDistributor")
                .contains("KEY_ROUND_ROBIN")
                .contains("RANDOM_NANO")
                .contains("NO_KEY");
    }

    @Test
    void negativeRateIsRejected() {
        assertThat(cli.run("validate", INVALID.resolve("negative-rate.yaml").toString()))
                .isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(cli.stderr()).contains("negative-rate.yaml:").contains("producerRate");
    }

    @Test
    void nonNumericSizeIsRejected() {
        assertThat(cli.run("validate", INVALID.resolve("non-numeric-size.yaml").toString()))
                .isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(cli.stderr()).contains("non-numeric-size.yaml:").contains("messageSize");
    }

    @Test
    void maxRateSearchWithBacklogIsRejected() {
        assertThat(cli.run(
                        "validate",
                        INVALID.resolve("max-rate-with-backlog.yaml").toString()))
                .isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(cli.stderr())
                .contains("max-rate-with-backlog.yaml:")
                .contains("producerRate")
                .contains("consumerBacklogSizeGB");
    }

    @Test
    void everyBadFileIsReportedNotJustTheFirst() {
        assertThat(cli.run(
                        "validate",
                        INVALID.resolve("negative-rate.yaml").toString(),
                        INVALID.resolve("unknown-key.yaml").toString()))
                .isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(cli.stderr())
                .contains("negative-rate.yaml")
                .contains("unknown-key.yaml")
                .contains("2 problem(s) in 2 file(s) checked");
    }

    @Test
    void aDriversWarningIsPrintedWithTheFileLineAndKeyAndTheFileStaysValid() {
        Path driver = CoreFixtures.path("drivers").resolve("fake-unused-setting.yaml");
        ValidateCommand command = new ValidateCommand(new DriverRegistry(List.of(new FakeDriverProvider())));
        command.files = List.of(driver.toString());

        int exitCode = cli.run((noArguments, out, err) -> command.execute(out, err));

        assertThat(exitCode).isEqualTo(Benchmark.EXIT_OK);
        assertThat(cli.stderr()).isEqualTo("warning: " + driver + ":4:1: unusedSetting is read by no fake client\n");
        assertThat(cli.stdout()).isEqualTo("1 file(s) valid, with 1 warning(s)\n");
    }

    @Test
    void missingFilesArgumentIsAUsageError() {
        assertThat(cli.run("validate")).isEqualTo(Benchmark.EXIT_USAGE);
    }

    @Test
    void runWithoutDriverIsAUsageErrorThatShowsAnExample() {
        assertThat(cli.run("../workloads/quick-start.yaml")).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr()).contains("-d DRIVER.yaml");
    }

    @Test
    void anEmptyDirectoryIsAUsageErrorNotZeroValidFiles(@TempDir Path empty) {
        assertThat(cli.run("validate", empty.toString())).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr())
                .contains("no workload or driver file to check: " + empty + " holds no .yaml or .yml file");
        assertThat(cli.stdout()).doesNotContain("valid");
    }

    @Test
    void aDeviceIsRefusedAsNotARegularFileInsteadOfBeingReadForever() {
        assertThat(cli.run("validate", "/dev/zero")).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(cli.stderr())
                .contains("/dev/zero: cannot read the file: /dev/zero is not a regular file (a device,"
                        + " a named pipe or a socket); a workload or driver file must be one");
    }

    @Test
    void aNamedPipeIsRefusedWithoutWaitingForAWriter(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("workload.yaml");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor())
                .isZero();
        assertThat(cli.run("validate", fifo.toString())).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(cli.stderr()).contains(fifo + " is not a regular file");
    }

    @Test
    void aFileOverOneMebibyteIsRefusedBeforeItIsParsed(@TempDir Path dir) throws Exception {
        Path huge = dir.resolve("huge.yaml");
        Files.writeString(huge, "name: " + "x".repeat(50 * 1024 * 1024) + "\n");
        assertThat(cli.run("validate", huge.toString())).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(cli.stderr())
                .contains(huge + " has 52,428,807 bytes, more than the 1,048,576 bytes a workload or"
                        + " driver file may have");
    }

    @Test
    void aFileThatIsNotUtf8IsNamed(@TempDir Path dir) throws Exception {
        Path latin1 = Files.write(dir.resolve("latin1.yaml"), new byte[] {'n', 'a', 'm', 'e', ':', ' ', (byte) 0xe9});
        assertThat(cli.run("validate", latin1.toString())).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(cli.stderr()).contains(latin1 + " is not UTF-8 text");
    }

    @Test
    void theSummaryCountsEveryProblemNotEveryBadFile(@TempDir Path dir) throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.yaml"), "name: x\ntopics: -1\nfoo: 1\nbar: 2\n");

        assertThat(cli.run("validate", bad.toString(), "../workloads/quick-start.yaml"))
                .isEqualTo(Benchmark.EXIT_FAILED);

        // topics out of range, two unknown keys, three required keys missing: six lines, one file of the two bad
        assertThat(cli.stderr().lines().filter(line -> line.contains("bad.yaml")))
                .hasSize(6);
        assertThat(cli.stderr()).endsWith("6 problem(s) in 2 file(s) checked\n");
    }
}
