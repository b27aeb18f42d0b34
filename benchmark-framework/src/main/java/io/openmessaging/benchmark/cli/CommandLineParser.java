package io.openmessaging.benchmark.cli;

import com.beust.jcommander.JCommander;
import com.beust.jcommander.ParameterException;
import java.io.PrintStream;

/**
 * Parses a command's arguments into its options object the way every {@code bin/benchmark} command does: what
 * JCommander refuses (a missing value, a value of the wrong type or out of range) and an option it does not know
 * ({@link UnknownOptions}, with the nearest name) are usage errors, printed as {@code error: …} followed by the line
 * that says where the usage is.
 */
final class CommandLineParser {

    private CommandLineParser() {}

    /**
     * Parses {@code args} into {@code options}.
     *
     * @param programName how the usage JCommander writes names the command, e.g. {@code bin/benchmark sweep}
     * @param usageLine printed on {@code err} after the error: the command's usage, or where to find it
     * @return the parser, which describes the options for {@code --help}; {@code null} when the command line is
     *     bad, after printing the error and {@code usageLine} on {@code err}: the command then ends with {@link
     *     Benchmark#EXIT_USAGE}
     */
    static JCommander parse(String programName, Object options, String[] args, String usageLine, PrintStream err) {
        JCommander commander = JCommander.newBuilder()
                .programName(programName)
                .addObject(options)
                .build();
        try {
            commander.parse(args);
        } catch (ParameterException e) {
            err.println("error: " + e.getMessage());
            err.println(usageLine);
            return null;
        }
        String unknown = UnknownOptions.find(commander, args);
        if (unknown != null) {
            err.println("error: " + unknown);
            err.println(usageLine);
            return null;
        }
        return commander;
    }
}
