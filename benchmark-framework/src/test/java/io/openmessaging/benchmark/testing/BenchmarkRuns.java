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
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.stream.Stream;

/** Runs {@code bin/benchmark} in this JVM, as a user would, and reads the result it wrote. */
public final class BenchmarkRuns {

    /** What one command-line run did. */
    public record Outcome(int exitCode, String stdout, String stderr, TestResult result, Path resultFile) {}

    private BenchmarkRuns() {}

    /** A workload file for {@code topics: 1} with the given shape, in {@code dir}. */
    public static Path workload(
            Path dir,
            String name,
            int partitions,
            int producers,
            int consumers,
            int rate,
            String warmup,
            String test,
            int sampleRateMillis)
            throws IOException {
        return Files.writeString(
                dir.resolve(name + ".yaml"),
                String.join(
                        "\n",
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

    /**
     * A workload file as {@link #workload(Path, String, int, int, int, int, String, String, int)} writes it,
     * with messages of {@code messageSize} bytes instead of 1 KiB.
     */
    public static Path workload(
            Path dir,
            String name,
            int partitions,
            int producers,
            int consumers,
            int rate,
            String warmup,
            String test,
            int sampleRateMillis,
            int messageSize)
            throws IOException {
        Path file = workload(dir, name, partitions, producers, consumers, rate, warmup, test, sampleRateMillis);
        return Files.writeString(
                file, Files.readString(file).replace("messageSize: 1024", "messageSize: " + messageSize));
    }

    /** Runs the command line with {@code --output-dir dir/results} added; echoes what it prints. */
    public static Outcome run(Path dir, String... args) throws IOException {
        return run(dir, line -> {}, args);
    }

    /**
     * Runs the command line as {@link #run(Path, String...)} does, and hands every line it prints on
     * standard output, as it is printed, to {@code stdoutLines} (e.g. to time a broker failure from the
     * first "measured" progress line). The listener runs on the printing thread: keep it quick.
     */
    public static Outcome run(Path dir, Consumer<String> stdoutLines, String... args) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> all =
                new ArrayList<>(List.of("--output-dir", dir.resolve("results").toString()));
        all.addAll(List.of(args));
        int exitCode = Benchmark.run(
                all.toArray(new String[0]),
                new PrintStream(
                        new Tee(new Tee(out, new LineListener(stdoutLines)), System.out), true, StandardCharsets.UTF_8),
                new PrintStream(new Tee(err, System.err), true, StandardCharsets.UTF_8),
                false);
        Path resultFile = null;
        TestResult result = null;
        if (Files.isDirectory(dir.resolve("results"))) {
            try (Stream<Path> files = Files.list(dir.resolve("results"))) {
                List<Path> json =
                        files.filter(p -> p.toString().endsWith(".json")).toList();
                assertThat(json).as("result files").hasSizeLessThanOrEqualTo(1);
                if (!json.isEmpty()) {
                    resultFile = json.get(0);
                    result = ResultFiles.read(resultFile);
                }
            }
        }
        return new Outcome(
                exitCode,
                out.toString(StandardCharsets.UTF_8),
                err.toString(StandardCharsets.UTF_8),
                result,
                resultFile);
    }

    /**
     * Starts the benchmark's main class in a JVM of its own, as {@code bin/benchmark} would ({@link
     * #javaCommand}), its standard output and error both going to {@code log}. For tests of what only a
     * separate process shows: signals, a coordinator killed, the classes a run loads.
     */
    public static Process startBenchmark(Path log, List<String> jvmOptions, String... arguments) throws IOException {
        return new ProcessBuilder(javaCommand(Benchmark.class, jvmOptions, arguments))
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
    }

    /**
     * The command line that runs {@code mainClass} in a JVM of its own with this test JVM's Java and
     * classpath: {@code java <jvmOptions> -cp <classpath> <mainClass> <arguments>}.
     */
    public static List<String> javaCommand(Class<?> mainClass, List<String> jvmOptions, String... arguments) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass.getName());
        command.addAll(List.of(arguments));
        return command;
    }

    /** Share of end-to-end quantile values that are not whole milliseconds (sub-ms precision kept). */
    public static double fractionalMillisShare(TestResult result) {
        long fractional = result.aggregatedEndToEndLatencyQuantiles.values().stream()
                .filter(ms -> Math.abs(ms - Math.rint(ms)) > 1e-9)
                .count();
        return (double) fractional / result.aggregatedEndToEndLatencyQuantiles.size();
    }

    /**
     * One action against a broker (kill it, pause it) at a set time into a run's measured phase, for
     * failure drills: pass the drill to {@link #run(Path, Consumer, String...)} as the line listener. The
     * measured phase is taken to have begun one sampling period before its first progress line
     * ({@code "measured 1 ..."}) was printed. {@link #close()} stops a drill whose time never came.
     *
     * <pre>{@code
     * try (BenchmarkRuns.Drill kill = BenchmarkRuns.Drill.at(Duration.ofSeconds(10), 1000, broker::kill)) {
     *   Outcome outcome = BenchmarkRuns.run(dir, kill, "-d", driver.toString(), workload.toString());
     *   long killedAt = kill.actionStartedNanos(); // System.nanoTime() just before the action
     * }
     * }</pre>
     */
    public static final class Drill implements Consumer<String>, AutoCloseable {
        private final long offsetNanos;
        private final long sampleRateNanos;
        private final Runnable action;
        private final CountDownLatch measuredLineSeen = new CountDownLatch(1);
        private final AtomicReference<Throwable> failure = new AtomicReference<>();
        private final Thread thread;
        private volatile long firstMeasuredLineNanos;
        private volatile long actionStartedNanos;
        private volatile long actionStartedEpochMillis;
        private volatile long actionEndedNanos;
        private boolean closing;

        private Drill(Duration intoMeasuredPhase, int sampleRateMillis, Runnable action) {
            this.offsetNanos = intoMeasuredPhase.toNanos();
            this.sampleRateNanos = TimeUnit.MILLISECONDS.toNanos(sampleRateMillis);
            this.action = action;
            this.thread = new Thread(this::perform, "broker-drill");
            thread.setDaemon(true);
            thread.start();
        }

        /**
         * A drill that runs {@code action} {@code intoMeasuredPhase} after the measured phase began.
         *
         * @param sampleRateMillis the workload's {@code sampleRateMillis} (the length of a progress period)
         */
        public static Drill at(Duration intoMeasuredPhase, int sampleRateMillis, Runnable action) {
            return new Drill(intoMeasuredPhase, sampleRateMillis, action);
        }

        @Override
        public void accept(String line) {
            if (firstMeasuredLineNanos == 0 && line.startsWith("measured 1 ")) {
                firstMeasuredLineNanos = System.nanoTime();
                measuredLineSeen.countDown();
            }
        }

        private void perform() {
            try {
                measuredLineSeen.await();
                long due = firstMeasuredLineNanos - sampleRateNanos + offsetNanos;
                long wait = due - System.nanoTime();
                if (wait > 0) {
                    TimeUnit.NANOSECONDS.sleep(wait);
                }
                synchronized (this) {
                    if (closing) {
                        return;
                    }
                    actionStartedNanos = System.nanoTime();
                    actionStartedEpochMillis = System.currentTimeMillis();
                }
                action.run();
                actionEndedNanos = System.nanoTime();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Throwable e) {
                failure.set(e);
            }
        }

        /** {@code System.nanoTime()} just before the action began, or 0 when it has not. */
        public long actionStartedNanos() {
            return actionStartedNanos;
        }

        /** {@code System.currentTimeMillis()} just before the action began, or 0 when it has not. */
        public long actionStartedEpochMillis() {
            return actionStartedEpochMillis;
        }

        /** {@code System.nanoTime()} just after the action returned, or 0 when it has not. */
        public long actionEndedNanos() {
            return actionEndedNanos;
        }

        /**
         * Waits for an action already begun to end, stops a drill whose time never came, and rethrows what
         * the action threw.
         */
        @Override
        public void close() {
            synchronized (this) {
                closing = true;
                if (actionStartedNanos == 0) {
                    thread.interrupt();
                }
            }
            try {
                thread.join(TimeUnit.SECONDS.toMillis(60));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            Throwable thrown = failure.get();
            if (thrown != null) {
                throw new IllegalStateException("the drill's action failed", thrown);
            }
        }
    }

    /** Hands complete lines (UTF-8, without the line end) to a listener. */
    private static final class LineListener extends OutputStream {
        private final Consumer<String> listener;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();

        LineListener(Consumer<String> listener) {
            this.listener = listener;
        }

        @Override
        public synchronized void write(int b) {
            if (b == '\n') {
                String text = line.toString(StandardCharsets.UTF_8);
                line.reset();
                listener.accept(text.endsWith("\r") ? text.substring(0, text.length() - 1) : text);
            } else {
                line.write(b);
            }
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            for (int i = off; i < off + len; i++) {
                write(b[i]);
            }
        }
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
