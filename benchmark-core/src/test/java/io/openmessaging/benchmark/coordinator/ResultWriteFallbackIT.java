package io.openmessaging.benchmark.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.driver.SystemClock;
import io.openmessaging.benchmark.drivers.DriverConfigurationLoader;
import io.openmessaging.benchmark.drivers.DriverRegistry;
import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.workload.WorkloadLoader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A result that cannot be written where asked is written to a fallback directory, and the run fails saying
 * so: the summary never calls it complete. The output directory here lies below a regular file, which fails
 * for every user (root included) the way a full disk or a vanished directory fails a real run.
 */
class ResultWriteFallbackIT {

    private static final String WORKLOAD = """
            name: fallback
            topics: 1
            partitionsPerTopic: 1
            messageSize: 100
            subscriptionsPerTopic: 1
            consumerPerSubscription: 1
            producersPerTopic: 1
            producerRate: 500
            warmupDuration: 0s
            testDuration: 1s
            sampleRateMillis: 500
            """;

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void aResultThatCannotBeWrittenWhereAskedGoesToTheFallbackAndTheSummarySaysFailed() throws Exception {
        Path outputDir = Files.writeString(dir.resolve("a-file"), "x").resolve("results");
        Path fallback = dir.resolve("fallback");

        WorkloadRunner.Outcome outcome = run(outputDir, List.of(fallback));

        assertThat(outcome.status()).isEqualTo(WorkloadRunner.Status.FAILED);
        assertThat(outcome.resultFile()).hasParent(fallback).exists();
        TestResult written = ResultFiles.read(outcome.resultFile());
        assertThat(written.complete).isFalse();
        assertThat(written.failureReason)
                .startsWith("result not written to " + outputDir.toAbsolutePath() + " (")
                .contains("Not a directory")
                .endsWith("; written to " + outcome.resultFile() + " instead");
        assertThat(written.totalMessagesReceived).isPositive();
        String printed = text(out);
        assertThat(printed)
                .contains("SUMMARY complete=false reason=" + written.failureReason)
                .contains("Result NOT written where asked; written to " + outcome.resultFile() + " instead")
                .doesNotContain("complete=true");
        assertThat(text(err)).contains("error: could not write the result to " + outputDir.toAbsolutePath());
    }

    @Test
    void whenNoFallbackTakesTheResultEitherTheRunFailsNamingEveryDirectoryTried() throws Exception {
        Path blocker = Files.writeString(dir.resolve("a-file"), "x");
        Path outputDir = blocker.resolve("results");
        Path firstFallback = blocker.resolve("tmp");
        Path secondFallback = blocker.resolve("home");

        WorkloadRunner.Outcome outcome = run(outputDir, List.of(firstFallback, secondFallback));

        assertThat(outcome.status()).isEqualTo(WorkloadRunner.Status.FAILED);
        assertThat(outcome.resultFile()).isNull();
        assertThat(outcome.result().complete).isFalse();
        assertThat(outcome.result().failureReason)
                .startsWith("result not written to " + outputDir.toAbsolutePath())
                .contains("no fallback directory took it");
        assertThat(text(err))
                .contains("could not write the result to " + firstFallback + " either")
                .contains("could not write the result to " + secondFallback + " either");
        assertThat(text(out)).contains("SUMMARY complete=false").doesNotContain("Result written to");
    }

    @Test
    void aResultWrittenWhereAskedHasItsIntervalLogsBesideItAndNoTemporaryFilesAreLeft() throws Exception {
        Path outputDir = dir.resolve("results");

        WorkloadRunner.Outcome outcome = run(outputDir, List.of(dir.resolve("fallback")));

        assertThat(outcome.status()).isEqualTo(WorkloadRunner.Status.PASSED);
        TestResult written = ResultFiles.read(outcome.resultFile());
        assertThat(written.hlogFiles).hasSize(5);
        try (Stream<Path> files = Files.list(outputDir)) {
            assertThat(files.map(file -> file.getFileName().toString()))
                    .hasSize(6)
                    .allMatch(name -> !name.startsWith("."))
                    .contains(outcome.resultFile().getFileName().toString())
                    .containsAll(written.hlogFiles.values());
        }
        assertThat(dir.resolve("fallback")).doesNotExist();
    }

    private WorkloadRunner.Outcome run(Path outputDir, List<Path> fallbackDirs) throws Exception {
        WorkloadRunner runner = new WorkloadRunner(
                new WorkloadRunner.Workers(List.of(), null, false),
                RunOptions.defaults(outputDir).withFallbackOutputDirs(fallbackDirs),
                null,
                List.of("test"),
                (workload, result, to) ->
                        to.println("SUMMARY complete=" + result.complete + " reason=" + result.failureReason),
                SystemClock.INSTANCE,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                false);
        return runner.run(
                WorkloadLoader.parse(WORKLOAD, "w.yaml"),
                DriverConfigurationLoader.parse(
                        "name: Loopback\ndriver: loopback\n", "loopback.yaml", new DriverRegistry()),
                List.of(),
                driver -> WorkerRoles.Topology.SPLIT);
    }

    private static String text(ByteArrayOutputStream stream) {
        return stream.toString(StandardCharsets.UTF_8);
    }
}
