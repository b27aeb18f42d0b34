package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.testing.CommandLineRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What {@code --help}, {@code --version} and a missing argument print: every command in one format. */
class HelpOutputTest {

    private final CommandLineRun cli = new CommandLineRun();

    @Test
    void theMainHelpListsEveryCommandAndTheVersionOption() {
        assertThat(cli.run("--help")).isZero();

        assertThat(cli.stdout()).startsWith("Usage: bin/benchmark [options]").contains("-V, --version");
        for (String command : Benchmark.COMMANDS) {
            assertThat(cli.stdout()).as(command).contains("  bin/benchmark " + command + " ");
        }
    }

    @Test
    void versionMayStandAfterOtherOptions() {
        assertThat(cli.run("-d", "../driver-loopback/loopback.yaml", "--version"))
                .as(cli.stderr())
                .isZero();

        assertThat(cli.stdout()).isEqualTo(Benchmark.version() + System.lineSeparator());
    }

    @ParameterizedTest(name = "{0} --help")
    @ValueSource(strings = {"validate", "report", "csv", "compare", "sweep", "stop"})
    void everyCommandsHelpHasTheSameFormat(String command) {
        assertThat(cli.run(command, "--help")).isZero();

        assertThat(cli.stdout())
                .startsWith("Usage: bin/benchmark " + command + " [options]")
                .contains(System.lineSeparator() + "  Options:" + System.lineSeparator())
                .contains("    -h, --help" + System.lineSeparator() + "      Show this help");
        assertThat(cli.stderr()).isEmpty();
    }

    @Test
    void compareHelpListsItsOptionsMetricsAndExitCodes() {
        assertThat(cli.run("compare", "--help")).isZero();

        assertThat(cli.stdout())
                .startsWith("Usage: bin/benchmark compare [options] BASE… -- CANDIDATE…")
                .contains("-t, --threshold", "--json", "--allow-different-workloads")
                .contains("  Metrics: ", "endToEndResponseTime", "  Stats:   ", "  Exit code: 0 every threshold met");
    }

    @Test
    void validateWithoutAFileSaysSoInOneLineAndShowsTheUsage() {
        assertThat(cli.run("validate")).isEqualTo(Benchmark.EXIT_USAGE);

        assertThat(cli.stderr().lines().toList())
                .containsExactly(
                        "error: no file to check: give workload or driver files, or directories of them",
                        ValidateCommand.USAGE);
    }
}
