package io.openmessaging.benchmark.studies;

import io.openmessaging.benchmark.cli.Benchmark;
import io.openmessaging.benchmark.testing.LocalBrokerScripts;
import io.openmessaging.benchmark.workload.PayloadSearch;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs {@code bin/benchmark} in this JVM as if it were installed in the repository: the installation root
 * (where studies, workloads, driver files and {@code bin/} scripts are found) is the repository's for the
 * run and what it was before afterwards. For the study runs of the integration tests, which start brokers
 * or simulated hosts with the repository's scripts.
 */
public final class RepositoryBenchmark {

    /** A finished run: its exit code and what it printed. */
    public record Result(int exitCode, String stdout, String stderr) {}

    private RepositoryBenchmark() {}

    /**
     * Runs {@code bin/benchmark study run STUDY OPTIONS… --output-dir OUTPUT}, as {@link #run} does, at a
     * tenth of the study's rates ({@code --scale 0.1}).
     */
    public static Result studyRunAtATenth(String study, Path output, String... options) {
        List<String> args = new ArrayList<>(List.of("study", "run", study));
        args.addAll(List.of(options));
        args.addAll(List.of("--scale", "0.1", "--output-dir", output.toString()));
        return run(args.toArray(String[]::new));
    }

    /** Runs {@code bin/benchmark ARGS} (no signal handler) and returns its exit code and output. */
    public static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String before = System.getProperty(PayloadSearch.INSTALLATION_ROOT_PROPERTY);
        System.setProperty(
                PayloadSearch.INSTALLATION_ROOT_PROPERTY,
                LocalBrokerScripts.repositoryRoot().toString());
        int exitCode;
        try {
            exitCode = Benchmark.run(
                    args,
                    new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8),
                    false);
        } finally {
            if (before == null) {
                System.clearProperty(PayloadSearch.INSTALLATION_ROOT_PROPERTY);
            } else {
                System.setProperty(PayloadSearch.INSTALLATION_ROOT_PROPERTY, before);
            }
        }
        return new Result(exitCode, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
