package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.testing.CoreFixtures;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/benchmark validate} as a user runs it: exit codes and the errors it prints. */
class ValidateCommandTest {

    private static final Path INVALID = CoreFixtures.path("workloads-invalid");
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return Benchmark.run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                false);
    }

    private String errText() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void shippedWorkloadsAreValid() {
        assertThat(run("validate", "../workloads")).as(errText()).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("file(s) valid");
    }

    @Test
    void unknownKeyNamesFileLineKeyAndSuggestion() {
        assertThat(run("validate", INVALID.resolve("unknown-key.yaml").toString()))
                .isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(errText())
                .contains("unknown-key.yaml:3")
                .contains("partitionPerTopic")
                .contains("partitionsPerTopic");
    }

    @Test
    void misspeltEnumListsAllowedValues() {
        assertThat(run("validate", INVALID.resolve("misspelt-enum.yaml").toString()))
                .isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(errText())
                .contains("misspelt-enum.yaml:")
                .contains("keyDistributor")
                .contains("KEY_ROUND_ROBIN")
                .contains("RANDOM_NANO")
                .contains("NO_KEY");
    }

    @Test
    void negativeRateIsRejected() {
        assertThat(run("validate", INVALID.resolve("negative-rate.yaml").toString()))
                .isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(errText()).contains("negative-rate.yaml:").contains("producerRate");
    }

    @Test
    void nonNumericSizeIsRejected() {
        assertThat(run("validate", INVALID.resolve("non-numeric-size.yaml").toString()))
                .isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(errText()).contains("non-numeric-size.yaml:").contains("messageSize");
    }

    @Test
    void maxRateSearchWithBacklogIsRejected() {
        assertThat(run("validate", INVALID.resolve("max-rate-with-backlog.yaml").toString()))
                .isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(errText())
                .contains("max-rate-with-backlog.yaml:")
                .contains("producerRate")
                .contains("consumerBacklogSizeGB");
    }

    @Test
    void everyBadFileIsReportedNotJustTheFirst() {
        assertThat(run(
                        "validate",
                        INVALID.resolve("negative-rate.yaml").toString(),
                        INVALID.resolve("unknown-key.yaml").toString()))
                .isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(errText())
                .contains("negative-rate.yaml")
                .contains("unknown-key.yaml")
                .contains("2 problem(s) in 2 file(s) checked");
    }

    @Test
    void missingFilesArgumentIsAUsageError() {
        assertThat(run("validate")).isEqualTo(Benchmark.EXIT_USAGE);
    }

    @Test
    void runWithoutDriverIsAUsageErrorThatShowsAnExample() {
        assertThat(run("../workloads/quick-start.yaml")).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(errText()).contains("-d DRIVER.yaml");
    }

    @Test
    void anEmptyDirectoryIsAUsageErrorNotZeroValidFiles(@TempDir Path empty) {
        assertThat(run("validate", empty.toString())).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(errText())
                .contains("no workload or driver file to check: " + empty + " holds no .yaml or .yml file");
        assertThat(out.toString(StandardCharsets.UTF_8)).doesNotContain("valid");
    }

    @Test
    void aDeviceIsRefusedAsNotARegularFileInsteadOfBeingReadForever() {
        assertThat(run("validate", "/dev/zero")).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(errText())
                .contains("/dev/zero: cannot read the file: /dev/zero is not a regular file (a device,"
                        + " a named pipe or a socket); a workload or driver file must be one");
    }

    @Test
    void aNamedPipeIsRefusedWithoutWaitingForAWriter(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("workload.yaml");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor())
                .isZero();
        assertThat(run("validate", fifo.toString())).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(errText()).contains(fifo + " is not a regular file");
    }

    @Test
    void aFileOverOneMebibyteIsRefusedBeforeItIsParsed(@TempDir Path dir) throws Exception {
        Path huge = dir.resolve("huge.yaml");
        Files.writeString(huge, "name: " + "x".repeat(50 * 1024 * 1024) + "\n");
        assertThat(run("validate", huge.toString())).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(errText())
                .contains(huge + " has 52,428,807 bytes, more than the 1,048,576 bytes a workload or"
                        + " driver file may have");
    }

    @Test
    void aFileThatIsNotUtf8IsNamed(@TempDir Path dir) throws Exception {
        Path latin1 = Files.write(dir.resolve("latin1.yaml"), new byte[] {'n', 'a', 'm', 'e', ':', ' ', (byte) 0xe9});
        assertThat(run("validate", latin1.toString())).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(errText()).contains(latin1 + " is not UTF-8 text");
    }
}
