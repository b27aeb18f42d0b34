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

    /** Runs {@code bin/benchmark LEADING-ARGS… ARGS…} and returns its exit code. */
    public int run(String... args) {
        String[] all =
                Stream.concat(Arrays.stream(leadingArgs), Arrays.stream(args)).toArray(String[]::new);
        return Benchmark.run(
                all,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                false);
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
