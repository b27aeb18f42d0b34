package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.testing.BenchmarkRuns;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The commands as separate processes, where a test inside this JVM cannot see them: {@code bin/benchmark-worker
 * --version}, {@code bin/quick-start --help} and {@code bin/generate-payloads --help}, which must answer and
 * start or write nothing.
 */
class CommandProcessTest {

    /** What a finished process printed and how it ended. */
    private record Finished(int exitCode, String stdout, String stderr) {}

    private static Finished run(ProcessBuilder builder) throws IOException, InterruptedException {
        Process process = builder.start();
        process.getOutputStream().close();
        // a bound on a hung process, not a measurement
        if (!process.waitFor(2, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("still running: " + builder.command());
        }
        return new Finished(
                process.exitValue(),
                new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    }

    private static Finished java(Class<?> mainClass, String... args) throws IOException, InterruptedException {
        return run(new ProcessBuilder(BenchmarkRuns.javaCommand(mainClass, List.of("-Xmx128m"), args)));
    }

    @Test
    void theWorkerPrintsTheSameVersionLineAsTheBenchmark() throws Exception {
        Finished worker = java(BenchmarkWorker.class, "--version");
        Finished benchmark = java(Benchmark.class, "--version");

        assertThat(worker.exitCode()).as(worker.stderr()).isZero();
        // what the build baked into the jar (BuildIdentity), the same for both tools
        assertThat(worker.stdout()).startsWith("messaging-benchmark ").contains(" (git ");
        assertThat(worker.stdout()).isEqualTo(benchmark.stdout());
        assertThat(worker.stdout()).doesNotContain("Worker ready");
    }

    @Test
    void quickStartHelpPrintsItsOwnUsageAndRunsNothing() throws Exception {
        // no program on the PATH: the help may use nothing but the shell, so it cannot build or start a broker
        ProcessBuilder builder = new ProcessBuilder("/bin/bash", "../bin/quick-start", "--help");
        Map<String, String> environment = builder.environment();
        environment.clear();
        environment.put("PATH", "/nonexistent");

        Finished finished = run(builder);

        assertThat(finished.exitCode()).as(finished.stderr()).isZero();
        assertThat(finished.stdout())
                .startsWith("usage: bin/quick-start [bin/benchmark options]")
                .contains("KAFKA_PORT")
                .doesNotContain("Starting a local Kafka broker")
                .doesNotContain("Usage: bin/benchmark");
        assertThat(finished.stderr()).isEmpty();
    }

    @Test
    void generatePayloadsHelpPrintsItsOwnUsageAndWritesNothing(@TempDir Path directory) throws Exception {
        Path script = Path.of("../bin/generate-payloads").toAbsolutePath();
        ProcessBuilder builder =
                new ProcessBuilder("/bin/bash", script.toString(), "--help").directory(directory.toFile());

        Finished finished = run(builder);

        assertThat(finished.exitCode()).as(finished.stderr()).isZero();
        assertThat(finished.stdout()).startsWith("usage: bin/generate-payloads [DIRECTORY]");
        assertThat(finished.stderr()).isEmpty();
        try (var written = Files.list(directory)) {
            assertThat(written)
                    .as("nothing made in the working directory (no '--help' directory)")
                    .isEmpty();
        }
    }

    @Test
    void generatePayloadsRefusesAnUnknownOptionInOneLine(@TempDir Path directory) throws Exception {
        Path script = Path.of("../bin/generate-payloads").toAbsolutePath();
        ProcessBuilder builder =
                new ProcessBuilder("/bin/bash", script.toString(), "--bogus").directory(directory.toFile());

        Finished finished = run(builder);

        assertThat(finished.exitCode()).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(finished.stderr())
                .isEqualTo(
                        "error: unknown option '--bogus'; bin/generate-payloads takes only a directory (or --help)\n");
        try (var written = Files.list(directory)) {
            assertThat(written).isEmpty();
        }
    }
}
