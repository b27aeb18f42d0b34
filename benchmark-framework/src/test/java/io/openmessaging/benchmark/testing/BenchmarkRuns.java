package io.openmessaging.benchmark.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.cli.Benchmark;
import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.TestResult;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Runs {@code bin/benchmark} in this JVM, as a user would, and reads the result it wrote. */
public final class BenchmarkRuns {

    /** What one command-line run did. */
    public record Outcome(int exitCode, String stdout, String stderr, TestResult result, Path resultFile) {}

    private BenchmarkRuns() {}

    /** A workload file for {@code topics: 1} with the given shape, in {@code dir}. */
    public static Path workload(Path dir, String name, int partitions, int producers, int consumers, int rate,
            String warmup, String test, int sampleRateMillis) throws IOException {
        return Files.writeString(dir.resolve(name + ".yaml"), String.join("\n",
                "name: " + name,
                "topics: 1",
                "partitionsPerTopic: " + partitions,
                "messageSize: 1024",
                "subscriptionsPerTopic: 1",
                "consumerPerSubscription: " + consumers,
                "producersPerTopic: " + producers,
                "producerRate: " + rate,
                "warmupDuration: " + warmup,
                "testDuration: " + test,
                "sampleRateMillis: " + sampleRateMillis,
                ""));
    }

    /** Runs the command line with {@code --output-dir dir/results} added; echoes what it prints. */
    public static Outcome run(Path dir, String... args) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> all = new ArrayList<>(List.of("--output-dir", dir.resolve("results").toString()));
        all.addAll(List.of(args));
        int exitCode = Benchmark.run(all.toArray(new String[0]),
                new PrintStream(new Tee(out, System.out), true, StandardCharsets.UTF_8),
                new PrintStream(new Tee(err, System.err), true, StandardCharsets.UTF_8), false);
        Path resultFile = null;
        TestResult result = null;
        if (Files.isDirectory(dir.resolve("results"))) {
            try (Stream<Path> files = Files.list(dir.resolve("results"))) {
                List<Path> json = files.filter(p -> p.toString().endsWith(".json")).toList();
                assertThat(json).as("result files").hasSizeLessThanOrEqualTo(1);
                if (!json.isEmpty()) {
                    resultFile = json.get(0);
                    result = ResultFiles.read(resultFile);
                }
            }
        }
        return new Outcome(exitCode, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8),
                result, resultFile);
    }

    /** Share of end-to-end quantile values that are not whole milliseconds (sub-ms precision kept). */
    public static double fractionalMillisShare(TestResult result) {
        long fractional = result.aggregatedEndToEndLatencyQuantiles.values().stream()
                .filter(ms -> Math.abs(ms - Math.rint(ms)) > 1e-9)
                .count();
        return (double) fractional / result.aggregatedEndToEndLatencyQuantiles.size();
    }

    private static final class Tee extends OutputStream {
        private final OutputStream first;
        private final OutputStream second;

        Tee(OutputStream first, OutputStream second) {
            this.first = first;
            this.second = second;
        }

        @Override
        public void write(int b) throws IOException {
            first.write(b);
            second.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            first.write(b, off, len);
            second.write(b, off, len);
        }
    }
}
