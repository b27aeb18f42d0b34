package io.openmessaging.benchmark.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * The command line a result records ({@code metadata.commandLine}): {@code bin/benchmark} and every argument
 * exactly as given, in order, nothing added, dropped or rebuilt from the parsed options. No option takes a
 * secret's value (the workers' token comes from {@code --token-file} or the environment), so the arguments
 * are safe to keep as they are.
 */
final class TypedCommandLine {

    /** The first element: the program, as the README and the user guide name it. */
    static final String PROGRAM = "bin/benchmark";

    private TypedCommandLine() {}

    /** {@code bin/benchmark} followed by {@code arguments}. */
    static List<String> of(String... arguments) {
        List<String> commandLine = new ArrayList<>(arguments.length + 1);
        commandLine.add(PROGRAM);
        commandLine.addAll(List.of(arguments));
        return List.copyOf(commandLine);
    }

    /** {@code bin/benchmark SUBCOMMAND} followed by the subcommand's {@code arguments}. */
    static List<String> ofSubcommand(String subcommand, String... arguments) {
        List<String> commandLine = new ArrayList<>(arguments.length + 2);
        commandLine.add(PROGRAM);
        commandLine.add(subcommand);
        commandLine.addAll(List.of(arguments));
        return List.copyOf(commandLine);
    }
}
