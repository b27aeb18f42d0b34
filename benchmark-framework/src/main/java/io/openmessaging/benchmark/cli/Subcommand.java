package io.openmessaging.benchmark.cli;

import java.io.PrintStream;

/** A {@code bin/benchmark NAME …} command whose options JCommander parses into the object itself. */
interface Subcommand {

    /** Whether {@code --help} was given; then the usage is printed instead of running. */
    boolean helpRequested();

    /** Runs the parsed command and returns its exit code ({@link Benchmark#EXIT_OK} …). */
    int execute(PrintStream out, PrintStream err);
}
