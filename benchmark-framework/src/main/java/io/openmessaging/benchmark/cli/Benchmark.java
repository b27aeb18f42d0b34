package io.openmessaging.benchmark.cli;

import com.beust.jcommander.JCommander;
import com.beust.jcommander.ParameterException;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;

/**
 * Entry point of {@code bin/benchmark}. {@link #run} does the work and returns the exit code, so tests
 * run the command line inside their JVM; only {@link #main} exits.
 *
 * <p>Exit codes: 0 every run complete (or every file valid), 1 a run failed or a file is invalid, 2 bad
 * command line, 130 interrupted (the JVM itself ends with 130 on SIGINT and 143 on SIGTERM, after the
 * partial result was written).
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
        if (args.length > 0 && ValidateCommand.NAME.equals(args[0])) {
            ValidateCommand validateCommand = new ValidateCommand();
            JCommander validate = JCommander.newBuilder()
                    .programName("bin/benchmark validate")
                    .addObject(validateCommand)
                    .build();
            try {
                validate.parse(Arrays.copyOfRange(args, 1, args.length));
            } catch (ParameterException e) {
                err.println("error: " + e.getMessage());
                err.println("usage: bin/benchmark validate FILE|DIRECTORY…");
                return EXIT_USAGE;
            }
            return validateCommand.execute(out, err);
        }
        RunCommand runCommand = new RunCommand();
        JCommander commander = JCommander.newBuilder()
                .programName("bin/benchmark")
                .addObject(runCommand)
                .build();
        try {
            commander.parse(args);
        } catch (ParameterException e) {
            err.println("error: " + e.getMessage());
            err.println("run 'bin/benchmark --help' for the options");
            return EXIT_USAGE;
        }
        if (runCommand.help) {
            StringBuilder usage = new StringBuilder();
            commander.getUsageFormatter().usage(usage);
            out.println(usage);
            out.println(String.join(System.lineSeparator(), List.of(
                    "Other commands:",
                    "  bin/benchmark validate FILE|DIRECTORY…   check workload and driver files without running",
                    "Examples:",
                    "  bin/benchmark --drivers driver-kafka/kafka-local.yaml workloads/1-topic-16-partitions-1kb.yaml",
                    "  bin/benchmark validate workloads/*.yaml driver-kafka/*.yaml")));
            return EXIT_OK;
        }
        return runCommand.execute(out, err, installSignalHandler);
    }
}
