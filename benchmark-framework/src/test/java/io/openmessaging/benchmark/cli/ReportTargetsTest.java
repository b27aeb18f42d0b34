package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.report.ConfluentFixtures;
import io.openmessaging.benchmark.testing.CommandLineRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What {@code report}, {@code csv} and {@code compare} read and write besides regular files: a named pipe as input
 * is refused at once, {@code -o /dev/stdout} is standard output, and a device is written as it is (the "-1" suffix
 * is for existing regular files only).
 */
class ReportTargetsTest {

    private final CommandLineRun cli = new CommandLineRun();

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"report", "csv", "compare"})
    @Timeout(60) // a safety net: before the fix the read waited on the pipe for ever
    void aNamedPipeAsInputIsRefusedWithOneLineInsteadOfWaitingForAWriter(String command) throws Exception {
        Path fifo = dir.resolve("pipe.json");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor())
                .isZero();

        // compare: the pipe on one side and a good file on the other
        int exitCode = command.equals("compare")
                ? cli.run(command, fixture(), "--", fifo.toString())
                : cli.run(command, fifo.toString());

        assertThat(exitCode).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr())
                .isEqualTo("error: " + fifo + " is a named pipe (FIFO), not a regular file; give result files (.json)"
                        + " or directories of them\n");
    }

    @Test
    void reportToDevStdoutWritesTheHtmlToStandardOutputAndNoFile() throws IOException {
        int exitCode = cli.run("report", fixture(), "-o", "/dev/stdout");

        assertThat(exitCode).as(cli.stderr()).isZero();
        assertThat(cli.stdout()).startsWith("<!DOCTYPE html>").endsWith("</html>\n");
        assertThat(cli.stderr()).isEqualTo("wrote standard output (1 run)\n");
        assertThat(Path.of("/dev/stdout-1")).doesNotExist();
    }

    @Test
    void csvToDevStdoutIsTheCsvOnStandardOutput() throws IOException {
        int exitCode = cli.run("csv", fixture(), "-o", "/dev/stdout");

        assertThat(exitCode).as(cli.stderr()).isZero();
        assertThat(cli.stdout().lines()).hasSize(2);
        assertThat(Path.of("/dev/stdout-1")).doesNotExist();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"report", "csv"})
    void aFullDeviceFailsWithOneLineAndExitOneInsteadOfWritingASuffixedFile(String command) throws IOException {
        int exitCode = cli.run(command, fixture(), "-o", "/dev/full");

        assertThat(exitCode).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(cli.stderr()).isEqualTo("error: cannot write /dev/full: No space left on device\n");
        assertThat(Path.of("/dev/full-1")).doesNotExist();
    }

    @Test
    void aDeviceIsWrittenAsItIs() throws IOException {
        int exitCode = cli.run("report", fixture(), "-o", "/dev/null");

        assertThat(exitCode).as(cli.stderr()).isZero();
        assertThat(cli.stdout()).isEqualTo("wrote /dev/null (1 run)\n");
        assertThat(Path.of("/dev/null-1")).doesNotExist();
    }

    @Test
    void anExistingRegularFileIsStillNeverOverwritten() throws IOException {
        Path existing = Files.writeString(dir.resolve("report.html"), "mine");

        assertThat(cli.run("report", fixture(), "-o", existing.toString())).isZero();

        assertThat(Files.readString(existing)).isEqualTo("mine");
        assertThat(dir.resolve("report-1.html")).exists();
    }

    private String fixture() throws IOException {
        Path copy = dir.resolve("result.json");
        Files.copy(ConfluentFixtures.ourGoldenResult(), copy);
        return copy.toString();
    }
}
