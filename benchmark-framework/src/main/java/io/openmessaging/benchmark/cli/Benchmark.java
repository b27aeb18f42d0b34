package io.openmessaging.benchmark.cli;

import com.beust.jcommander.JCommander;
import io.openmessaging.benchmark.config.Suggestions;
import io.openmessaging.benchmark.result.BuildIdentity;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Entry point of {@code bin/benchmark}. {@link #run} does the work and returns the exit code, so tests
 * run the command line inside their JVM; only {@link #main} exits.
 *
 * <p>Subcommands ({@code validate}, {@code report}, {@code csv}, {@code compare}, {@code sweep}, {@code stop}, {@code
 * study}, {@code completion}, and {@code help} and {@code version}, the same as {@code --help} and {@code --version}) are chosen by
 * the first argument; anything else runs benchmarks, but a bare word that is no file ({@code reprot}) is an unknown
 * command (exit code 2, with the nearest command).
 *
 * <p>Exit codes: 0 every run complete (or every file valid, every threshold met), 1 a run failed, a file
 * is invalid or unreadable, or a {@code compare} threshold is broken, 2 bad command line, 130 interrupted
 * (the JVM itself ends with 130 on SIGINT and 143 on SIGTERM, after the partial result was written).
 */
public final class Benchmark {

    public static final int EXIT_OK = 0;
    public static final int EXIT_FAILED = 1;
    public static final int EXIT_USAGE = 2;
    public static final int EXIT_INTERRUPTED = 130;

    private Benchmark() {}

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err, true));
    }

    /**
     * @param installSignalHandler whether Ctrl-C / SIGTERM should stop a run cleanly (not in tests)
     */
    public static int run(String[] args, PrintStream out, PrintStream err, boolean installSignalHandler) {
        String command = args.length > 0 ? args[0] : "";
        String[] commandArgs = args.length > 0 ? Arrays.copyOfRange(args, 1, args.length) : args;
        if (command.equals("--version") || command.equals("-V") || command.equals(VERSION_COMMAND)) {
            if (command.equals(VERSION_COMMAND) && commandArgs.length > 0) {
                err.println("error: 'version' takes no arguments, got '" + String.join(" ", commandArgs) + "'");
                return EXIT_USAGE;
            }
            out.println(version());
            return EXIT_OK;
        }
        if (command.equals(HELP_COMMAND)) {
            return help(commandArgs, out, err, installSignalHandler);
        }
        return switch (command) {
            case ValidateCommand.NAME ->
                runSubcommand(
                        new ValidateCommand(), ValidateCommand.NAME, ValidateCommand.USAGE, commandArgs, out, err);
            case ReportCommand.NAME ->
                runSubcommand(new ReportCommand(), ReportCommand.NAME, ReportCommand.USAGE, commandArgs, out, err);
            case CsvCommand.NAME ->
                runSubcommand(new CsvCommand(), CsvCommand.NAME, CsvCommand.USAGE, commandArgs, out, err);
            case StopCommand.NAME ->
                runSubcommand(new StopCommand(), StopCommand.NAME, StopCommand.USAGE, commandArgs, out, err);
            case CompareCommand.NAME -> CompareCommand.run(commandArgs, out, err);
            case SweepCommand.NAME -> SweepCommand.run(commandArgs, out, err, installSignalHandler);
            case StudyCommand.NAME -> StudyCommand.run(commandArgs, out, err, installSignalHandler);
            case CompletionCommand.NAME -> CompletionCommand.run(commandArgs, out, err);
            default -> {
                if (isUnknownCommand(command)) {
                    err.println("error: unknown command '" + command + "'" + Suggestions.didYouMean(command, COMMANDS)
                            + "; the commands are " + String.join(", ", COMMANDS)
                            + ", and anything else is a workload file to run");
                    err.println("run 'bin/benchmark --help' for the commands and options");
                    yield EXIT_USAGE;
                }
                yield runBenchmark(args, out, err, installSignalHandler);
            }
        };
    }

    /** {@code bin/benchmark help [COMMAND]}: the same as {@code --help} (of the command). */
    static final String HELP_COMMAND = "help";

    /** {@code bin/benchmark version}: the same as {@code --version}. */
    static final String VERSION_COMMAND = "version";

    /** The subcommands, chosen by the first argument. */
    static final List<String> COMMANDS = List.of(
            ValidateCommand.NAME,
            ReportCommand.NAME,
            CsvCommand.NAME,
            CompareCommand.NAME,
            SweepCommand.NAME,
            StopCommand.NAME,
            StudyCommand.NAME,
            CompletionCommand.NAME,
            HELP_COMMAND,
            VERSION_COMMAND);

    /** {@code help} alone is {@code --help}; {@code help COMMAND} is {@code COMMAND --help}. */
    private static int help(String[] args, PrintStream out, PrintStream err, boolean installSignalHandler) {
        if (args.length == 0) {
            return run(new String[] {"--help"}, out, err, installSignalHandler);
        }
        List<String> helped = COMMANDS.stream()
                .filter(name -> !name.equals(HELP_COMMAND) && !name.equals(VERSION_COMMAND))
                .toList();
        if (args.length > 1 || !helped.contains(args[0])) {
            err.println("error: no help for '" + String.join(" ", args) + "'" + Suggestions.didYouMean(args[0], helped)
                    + "; give one of " + String.join(", ", helped) + ", or nothing for the run's options");
            return EXIT_USAGE;
        }
        return run(new String[] {args[0], "--help"}, out, err, installSignalHandler);
    }

    /**
     * Whether a first argument that names no subcommand is a mistyped command rather than a workload file:
     * a bare word (no option, no directory, no file extension) that names no existing file.
     */
    static boolean isUnknownCommand(String firstArgument) {
        return !firstArgument.isEmpty()
                && !firstArgument.startsWith("-")
                && firstArgument.indexOf('/') < 0
                && firstArgument.indexOf('\\') < 0
                && firstArgument.indexOf('.') < 0
                && !Files.exists(Path.of(firstArgument));
    }

    /**
     * "messaging-benchmark VERSION (git COMMIT[, dirty])": what the build baked into the jar, "unknown" where it
     * could not tell; never the git state of the directory it runs in.
     */
    static String version() {
        return "messaging-benchmark " + BuildIdentity.ofThisBuild().describe();
    }

    /** Parses a subcommand's arguments (without its name) into {@code command} and runs it. */
    private static int runSubcommand(
            Subcommand command, String name, String usage, String[] args, PrintStream out, PrintStream err) {
        JCommander commander = CommandLineParser.parse("bin/benchmark " + name, command, args, usage, err);
        if (commander == null) {
            return EXIT_USAGE;
        }
        if (command.helpRequested()) {
            StringBuilder help = new StringBuilder();
            commander.getUsageFormatter().usage(help);
            out.print(help);
            return EXIT_OK;
        }
        return command.execute(out, err);
    }

    private static int runBenchmark(String[] args, PrintStream out, PrintStream err, boolean installSignalHandler) {
        RunCommand runCommand = new RunCommand();
        runCommand.typedArguments = TypedCommandLine.of(args);
        JCommander commander = CommandLineParser.parse(
                "bin/benchmark", runCommand, args, "run 'bin/benchmark --help' for the options", err);
        if (commander == null) {
            return EXIT_USAGE;
        }
        if (runCommand.version) {
            out.println(version());
            return EXIT_OK;
        }
        if (runCommand.help) {
            StringBuilder usage = new StringBuilder();
            commander.getUsageFormatter().usage(usage);
            out.println(usage);
            out.println(
                    String.join(
                            System.lineSeparator(),
                            List.of(
                                    "Other commands:",
                                    "  bin/benchmark validate FILE|DIRECTORY…   check workload, driver and study files without running",
                                    "  bin/benchmark report RESULT…  [-o FILE]  one self-contained HTML report with charts",
                                    "  bin/benchmark csv RESULT…  [-o FILE]     one CSV row of headline figures per run",
                                    "  bin/benchmark compare BASE… -- CANDIDATE… [--threshold METRIC.STAT=±N%]… [--json]",
                                    "                                           side by side; exit code 1 when a threshold is broken",
                                    "  bin/benchmark sweep --rates R1,R2,… -d DRIVER… WORKLOAD  (or --message-sizes, --partitions, --topics)",
                                    "                                           one run per value; summary, peak stable throughput, fit",
                                    "  bin/benchmark stop --workers URL,… [--token-file FILE]",
                                    "                                           end the runs on these workers (a coordinator that is gone)",
                                    "  bin/benchmark study list | study show NAME | study report DIR",
                                    "                                           the published studies: setup, experiments, figures",
                                    "  bin/benchmark completion [bash|zsh]      a completion script: source <(bin/benchmark completion)",
                                    "  bin/benchmark help [COMMAND]             this help, or every option of one command (also: COMMAND --help)",
                                    "  bin/benchmark version                    the version and commit (also --version)",
                                    "Examples:",
                                    "  bin/benchmark --drivers driver-kafka/kafka-local.yaml workloads/1-topic-16-partitions-1kb.yaml",
                                    "  bin/benchmark validate workloads/*.yaml driver-kafka/*.yaml",
                                    "  bin/benchmark report results/",
                                    "  bin/benchmark sweep --rates 5000,10000,20000 -d driver-kafka/kafka-local.yaml workloads/1-topic-16-partitions-1kb.yaml",
                                    "  bin/benchmark compare baseline.json -- results/ --threshold endToEndResponseTime.p99=+10%")));
            return EXIT_OK;
        }
        return runCommand.execute(out, err, installSignalHandler);
    }
}
