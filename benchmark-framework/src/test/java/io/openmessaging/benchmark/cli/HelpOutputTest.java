package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What {@code --help}, {@code --version} and a missing argument print: every command in one format. */
class HelpOutputTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return Benchmark.run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                false);
    }

    private String outText() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String errText() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theMainHelpListsEveryCommandAndTheVersionOption() {
        assertThat(run("--help")).isZero();

        assertThat(outText()).startsWith("Usage: bin/benchmark [options]").contains("-V, --version");
        for (String command : Benchmark.COMMANDS) {
            assertThat(outText()).as(command).contains("  bin/benchmark " + command + " ");
        }
    }

    @Test
    void versionMayStandAfterOtherOptions() {
        assertThat(run("-d", "../driver-loopback/loopback.yaml", "--version"))
                .as(errText())
                .isZero();

        assertThat(outText()).isEqualTo(Benchmark.version() + System.lineSeparator());
    }

    @ParameterizedTest(name = "{0} --help")
    @ValueSource(strings = {"validate", "report", "csv", "compare", "sweep", "stop"})
    void everyCommandsHelpHasTheSameFormat(String command) {
        assertThat(run(command, "--help")).isZero();

        assertThat(outText())
                .startsWith("Usage: bin/benchmark " + command + " [options]")
                .contains(System.lineSeparator() + "  Options:" + System.lineSeparator())
                .contains("    -h, --help" + System.lineSeparator() + "      Show this help");
        assertThat(errText()).isEmpty();
    }

    @Test
    void compareHelpListsItsOptionsMetricsAndExitCodes() {
        assertThat(run("compare", "--help")).isZero();

        assertThat(outText())
                .startsWith("Usage: bin/benchmark compare [options] BASE… -- CANDIDATE…")
                .contains("-t, --threshold", "--json", "--allow-different-workloads")
                .contains("  Metrics: ", "endToEndResponseTime", "  Stats:   ", "  Exit code: 0 every threshold met");
    }

    @Test
    void validateWithoutAFileSaysSoInOneLineAndShowsTheUsage() {
        assertThat(run("validate")).isEqualTo(Benchmark.EXIT_USAGE);

        assertThat(errText().lines().toList())
                .containsExactly(
                        "error: no file to check: give workload or driver files, or directories of them",
                        ValidateCommand.USAGE);
    }
}
