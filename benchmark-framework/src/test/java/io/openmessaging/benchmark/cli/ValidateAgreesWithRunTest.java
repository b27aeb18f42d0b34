package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code validate} with a driver file refuses what the run with that driver refuses, with the run's own
 * message: a workload whose payloads do not fit a quarter of the heap (the run checks it before it allocates
 * anything, so this test allocates nothing large either).
 */
class ValidateAgreesWithRunTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        err.reset();
        return Benchmark.run(
                args,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                false);
    }

    @Test
    void aMessageTooLargeForTheHeapIsRefusedByValidateWithTheRunsMessage() throws Exception {
        long quarterHeapBytes = Runtime.getRuntime().maxMemory() / 4;
        assumeThat(quarterHeapBytes)
                .as("a message size above a quarter of this JVM's heap fits messageSize (an int)")
                .isLessThan(Integer.MAX_VALUE - (1 << 20));
        long messageBytes = quarterHeapBytes + (1 << 20);
        Path workload = Files.writeString(
                dir.resolve("huge-message.yaml"),
                String.join(
                        "\n",
                        "name: huge-message",
                        "topics: 1",
                        "partitionsPerTopic: 1",
                        "messageSize: " + messageBytes,
                        "subscriptionsPerTopic: 1",
                        "consumerPerSubscription: 1",
                        "producersPerTopic: 1",
                        "producerRate: 10",
                        "warmupDuration: 0s",
                        "testDuration: 2s",
                        "sampleRateMillis: 1000",
                        ""));
        Path driver = Files.writeString(dir.resolve("loopback.yaml"), "name: Loopback\ndriver: loopback\n");

        int runExit =
                run("--output-dir", dir.resolve("results").toString(), "-d", driver.toString(), workload.toString());
        String runErr = err.toString(StandardCharsets.UTF_8);
        assertThat(runExit).as(runErr).isEqualTo(Benchmark.EXIT_FAILED);
        String refusal = runErr.lines()
                .filter(line -> line.contains("the payloads take"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("the run did not refuse the payloads:\n" + runErr));
        String reason = refusal.substring(refusal.indexOf(workload.toString()));

        int validateExit = run("validate", workload.toString(), driver.toString());
        String validateErr = err.toString(StandardCharsets.UTF_8);
        assertThat(validateExit).as(validateErr).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(validateErr).contains(reason);
    }
}
