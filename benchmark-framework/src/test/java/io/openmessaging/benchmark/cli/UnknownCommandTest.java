package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.testing.CommandLineRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A first argument that is neither a command nor a file is a mistyped command: exit code 2 and the nearest
 * command; anything that may be a workload file still runs as one.
 */
class UnknownCommandTest {

    private final CommandLineRun cli = new CommandLineRun();

    @ParameterizedTest(name = "{0}")
    @CsvSource({"reprot, report", "valdate, validate", "cvs, csv", "sweeep, sweep", "comapre, compare"})
    void aMistypedCommandIsAUsageErrorNamingTheNearestCommand(String typed, String meant) {
        assertThat(cli.run(typed, "results/")).as(cli.stderr()).isEqualTo(Benchmark.EXIT_USAGE);

        assertThat(cli.stderr())
                .startsWith("error: unknown command '" + typed + "' (did you mean '" + meant + "'?); the commands are"
                        + " validate, report, csv, compare, sweep, stop")
                .contains("run 'bin/benchmark --help'")
                .doesNotContain("give at least one driver");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"xyzzy", "benchmark"})
    void aWordCloseToNoCommandIsStillAnUnknownCommand(String typed) {
        assertThat(cli.run(typed)).isEqualTo(Benchmark.EXIT_USAGE);

        assertThat(cli.stderr()).startsWith("error: unknown command '" + typed + "'; the commands are");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"src", "reprot.yaml", "workloads/reprot"})
    void anArgumentThatMayBeAWorkloadFileRunsAsOne(String workload) {
        // "src" exists in the module's directory; the others name a file by its extension or directory
        assertThat(cli.run(workload)).isEqualTo(Benchmark.EXIT_USAGE);

        assertThat(cli.stderr()).startsWith("error: give at least one driver").doesNotContain("unknown command");
    }

    @Test
    void helpAsACommandPrintsTheRunsHelp() {
        assertThat(cli.run("help")).as(cli.stderr()).isZero();
        String command = cli.stdout();
        cli.reset();
        assertThat(cli.run("--help")).isZero();

        assertThat(command).startsWith("Usage: bin/benchmark").isEqualTo(cli.stdout());
    }

    @Test
    void helpOfACommandIsThatCommandsHelp() {
        assertThat(cli.run("help", "report")).as(cli.stderr()).isZero();
        String command = cli.stdout();
        cli.reset();
        assertThat(cli.run("report", "--help")).isZero();

        assertThat(command).startsWith("Usage: bin/benchmark report").isEqualTo(cli.stdout());
    }

    @Test
    void helpOfNoCommandIsAUsageErrorNamingTheCommands() {
        assertThat(cli.run("help", "reprot")).isEqualTo(Benchmark.EXIT_USAGE);

        assertThat(cli.stderr())
                .isEqualTo("error: no help for 'reprot' (did you mean 'report'?); give one of validate, report, csv,"
                        + " compare, sweep, stop, study, completion, or nothing for the run's options\n");
    }
}
