package io.openmessaging.benchmark.driver.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.openmessaging.benchmark.cli.Benchmark;
import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The full-disk drill against a real Kafka broker (the module's shared local broker): a short run through
 * {@code bin/benchmark}'s main whose output directory is a small tmpfs left with a few KiB free. The run
 * fails (exit 1, the summary says FAILED and never "complete"), its result goes to the fallback location,
 * and every message that came due is accounted for there. Mounting needs root (as the tests run in CI);
 * without it the test is skipped and says why.
 */
class FullDiskKafkaRunIT {

    private static final Pattern FALLBACK =
            Pattern.compile("Result NOT written where asked; written to (\\S+) instead");

    @TempDir
    Path dir;

    private Path mountPoint;
    private final List<Path> fallbackFiles = new ArrayList<>();

    @AfterEach
    void unmountAndRemoveTheFallbackCopy() throws Exception {
        for (Path file : fallbackFiles) {
            Files.deleteIfExists(file);
        }
        if (mountPoint != null) {
            command("umount", mountPoint.toString());
        }
    }

    @Test
    void aFullDiskFailsTheKafkaRunAndTheResultIsSavedInTheFallbackWithEveryMessage() throws Exception {
        mountPoint = Files.createDirectory(dir.resolve("small-disk"));
        String mounted = command("mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", mountPoint.toString());
        if (mounted != null) {
            mountPoint = null;
        }
        assumeTrue(mounted == null, "needs root to mount a tmpfs as a full disk: " + mounted);
        Path results = Files.createDirectory(mountPoint.resolve("results"));
        LocalKafkaBroker broker = SharedLocalKafka.plaintextBroker();
        Path driver = Files.writeString(
                dir.resolve("kafka-local.yaml"), SharedLocalKafka.shippedYamlFor("kafka-local.yaml", broker));
        Path workload = BenchmarkRuns.workload(dir, "full-disk", 4, 1, 1, 1000, "1s", "4s", 1000);
        // filled only now: the pre-check of the output directory needs its few bytes; the result needs more
        long usableBytes = Files.getFileStore(results).getUsableSpace();
        Files.write(results.resolve("filler"), new byte[(int) (usableBytes - 12 * 1024)]);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int exitCode = Benchmark.run(
                new String[] {"-d", driver.toString(), "--output-dir", results.toString(), workload.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                false);

        String printed = out.toString(StandardCharsets.UTF_8);
        String errors = err.toString(StandardCharsets.UTF_8);
        Matcher fallback = FALLBACK.matcher(printed);
        assertThat(fallback.find()).as(printed + errors).isTrue();
        Path saved = Path.of(fallback.group(1));
        fallbackFiles.add(saved);
        TestResult result = ResultFiles.read(saved);
        result.hlogFiles.values().forEach(name -> fallbackFiles.add(saved.resolveSibling(name)));

        assertThat(exitCode).as(printed + errors).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(printed)
                .contains(": FAILED: result not written to " + results)
                .contains("No space left on device")
                .doesNotContain(": complete");
        assertThat(errors).contains("error: could not write the result to " + results + ": ");
        assertThat(result.complete).isFalse();
        assertThat(result.failureReason).endsWith("; written to " + saved + " instead");
        // nothing lost: the broker acknowledged every message that came due, and the subscription got each
        assertThat(result.totalMessagesDue).isPositive();
        assertThat(result.totalMessagesSent
                        + result.totalSendErrors
                        + result.totalMessagesNotSent
                        + result.totalMessagesUnackedAtEnd)
                .as(printed)
                .isEqualTo(result.totalMessagesDue);
        assertThat(result.totalSendErrors + result.totalMessagesNotSent + result.totalMessagesUnackedAtEnd)
                .as(printed)
                .isZero();
        assertThat(result.totalMessagesReceived).as(printed).isGreaterThanOrEqualTo(result.totalMessagesSent);
        try (Stream<Path> left = Files.walk(results)) {
            assertThat(left.map(path -> path.getFileName().toString()))
                    .noneMatch(name -> name.endsWith(".json") || name.endsWith(".tmp"));
        }
    }

    /** Runs a command; null when it succeeded, else what it printed and its exit code. */
    private static String command(String... command) throws IOException, InterruptedException {
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            return e.getMessage();
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        int exitCode = process.waitFor();
        return exitCode == 0 ? null : "'" + String.join(" ", command) + "' exited " + exitCode + ": " + output;
    }
}
