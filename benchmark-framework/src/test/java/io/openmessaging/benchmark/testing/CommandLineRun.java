package io.openmessaging.benchmark.testing;

import io.openmessaging.benchmark.cli.Benchmark;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.stream.Stream;

/**
 * Runs {@code bin/benchmark} in this JVM as a user would ({@link Benchmark#run}, no signal handler) and keeps what
 * it printed: the exit code is returned, standard output and standard error are read with {@link #stdout()} and
 * {@link #stderr()}.
 *
 * <p>A command that tests call below {@code bin/benchmark} (e.g. {@code study} with the studies of another
 * directory) runs the same way through {@link #run(EntryPoint, String...)}.
 *
 * <p>The output of successive runs is appended, as a terminal would show it; {@link #reset()} forgets it.
 */
public final class CommandLineRun {

    private final String[] leadingArgs;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    /**
     * @param leadingArgs put before the arguments of every {@link #run} (e.g. the command, {@code "stop"})
     */
    public CommandLineRun(String... leadingArgs) {
        this.leadingArgs = leadingArgs.clone();
    }

    /** A command line's entry point: its arguments and where it prints in, its exit code out. */
    @FunctionalInterface
    public interface EntryPoint {
        int run(String[] args, PrintStream out, PrintStream err);
    }

    /** Runs {@code bin/benchmark LEADING-ARGS… ARGS…} and returns its exit code. */
    public int run(String... args) {
        return run((all, out, err) -> Benchmark.run(all, out, err, false), args);
    }

    /** Runs {@code entryPoint} with {@code LEADING-ARGS… ARGS…} and returns its exit code. */
    public int run(EntryPoint entryPoint, String... args) {
        String[] all =
                Stream.concat(Arrays.stream(leadingArgs), Arrays.stream(args)).toArray(String[]::new);
        return entryPoint.run(
                all,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    /** What the runs so far printed on standard output. */
    public String stdout() {
        return out.toString(StandardCharsets.UTF_8);
    }

    /** What the runs so far printed on standard error. */
    public String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    /** Forgets what the runs so far printed. */
    public void reset() {
        out.reset();
        err.reset();
    }
}
