package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.openmessaging.benchmark.testing.CommandLineRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code validate} with a driver file refuses what the run with that driver refuses, with the run's own
 * message: a workload whose payloads do not fit a quarter of the heap (the run checks it before it allocates
 * anything, so this test allocates nothing large either), and a target rate above one message per nanosecond
 * per producer (which {@code validate} accepted while the run failed at its end, every message but a few
 * millions never sent).
 */
class ValidateAgreesWithRunTest {

    private final CommandLineRun cli = new CommandLineRun();

    @TempDir
    Path dir;

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

        int runExit = cli.run(
                "--output-dir", dir.resolve("results").toString(), "-d", driver.toString(), workload.toString());
        String runErr = cli.stderr();
        assertThat(runExit).as(runErr).isEqualTo(Benchmark.EXIT_FAILED);
        String refusal = runErr.lines()
                .filter(line -> line.contains("the payloads take"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("the run did not refuse the payloads:\n" + runErr));
        String reason = refusal.substring(refusal.indexOf(workload.toString()));

        cli.reset();
        int validateExit = cli.run("validate", workload.toString(), driver.toString());
        String validateErr = cli.stderr();
        assertThat(validateExit).as(validateErr).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(validateErr).contains(reason);
    }

    @Test
    void aRateAboveOneMessagePerNanosecondPerProducerIsRefusedByBothWithOneMessage() throws Exception {
        Path workload = Files.writeString(
                dir.resolve("too-fast.yaml"),
                String.join(
                        "\n",
                        "name: too-fast",
                        "topics: 1",
                        "partitionsPerTopic: 1",
                        "messageSize: 100",
                        "subscriptionsPerTopic: 1",
                        "consumerPerSubscription: 1",
                        "producersPerTopic: 1",
                        "producerRate: 1e12",
                        "warmupDuration: 0s",
                        "testDuration: 1s",
                        "sampleRateMillis: 500",
                        ""));
        Path driver = Files.writeString(dir.resolve("loopback.yaml"), "name: Loopback\ndriver: loopback\n");
        String refusal = workload + ":8:1: producerRate: 1e12 (line 8) shared by 1 producer(s) is 1.00e+12 msg/s"
                + " each, above the 1,000,000,000 msg/s a producer's schedule holds (one message per nanosecond);"
                + " lower the rate, or add producers";

        int validateExit = cli.run("validate", workload.toString(), driver.toString());
        String validateErr = cli.stderr();
        cli.reset();
        int runExit = cli.run(
                "--output-dir", dir.resolve("results").toString(), "-d", driver.toString(), workload.toString());

        assertThat(validateExit).as(validateErr).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(validateErr).contains(refusal);
        assertThat(runExit).as(cli.stderr()).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(cli.stderr()).contains(refusal);
        assertThat(cli.stdout()).as("refused before it ran").doesNotContain("===");
        assertThat(dir.resolve("results")).doesNotExist();
    }
}
