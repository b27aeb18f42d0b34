package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import com.beust.jcommander.JCommander;
import io.openmessaging.benchmark.testing.CommandLineRun;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A command line JCommander refuses, or with an option no command knows, in {@code bin/benchmark}, {@code sweep},
 * {@code study run} and the subcommands: exit code 2, nothing on standard output, and on standard error exactly
 * two lines, the error and the line that says where the usage is.
 */
class CommandLineParserTest {

    private static final String RUN_HINT = "run 'bin/benchmark --help' for the options";

    private final CommandLineRun cli = new CommandLineRun();

    static Stream<Arguments> badCommandLines() {
        return Stream.of(
                arguments("--bogus x", "error: unknown option '--bogus'", RUN_HINT),
                arguments(
                        "--output-dirr results workloads/quick-start.yaml",
                        "error: unknown option '--output-dirr' (did you mean '--output-dir'?)",
                        RUN_HINT),
                arguments("--output-dir", "error: Expected a value after parameter --output-dir", RUN_HINT),
                arguments("sweep --bogus", "error: unknown option '--bogus'", SweepCommand.USAGE),
                arguments("sweep --rates", "error: Expected a value after parameter --rates", SweepCommand.USAGE),
                arguments("study run --bogus", "error: unknown option '--bogus'", StudyRunCommand.USAGE),
                arguments(
                        "study run loopback-demo --scale",
                        "error: Expected a value after parameter --scale",
                        StudyRunCommand.USAGE),
                arguments(
                        "study run loopback-demo --scale abc",
                        "error: \"--scale\": couldn't convert \"abc\" to a double",
                        StudyRunCommand.USAGE),
                arguments("validate --bogus", "error: unknown option '--bogus'", ValidateCommand.USAGE),
                arguments("report --output", "error: Expected a value after parameter --output", ReportCommand.USAGE));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badCommandLines")
    void aBadCommandLineIsTheErrorThenTheUsageLineOnStandardError(String commandLine, String error, String usage) {
        assertThat(cli.run(commandLine.split(" "))).isEqualTo(Benchmark.EXIT_USAGE);

        assertThat(cli.stderr().lines()).containsExactly(error, usage);
        assertThat(cli.stdout()).isEmpty();
    }

    @Test
    void aGoodCommandLineFillsTheOptionsAndTheParserDescribesThemUnderTheProgramName() {
        RunCommand options = new RunCommand();

        JCommander commander = CommandLineParser.parse(
                "bin/benchmark sweep",
                options,
                new String[] {"--output-dir", "out", "w.yaml"},
                SweepCommand.USAGE,
                System.err);

        assertThat(commander).isNotNull();
        assertThat(options.outputDir).isEqualTo("out");
        assertThat(options.workloads).containsExactly("w.yaml");
        StringBuilder usage = new StringBuilder();
        commander.getUsageFormatter().usage(usage);
        assertThat(usage.toString()).startsWith("Usage: bin/benchmark sweep [options]");
    }
}
