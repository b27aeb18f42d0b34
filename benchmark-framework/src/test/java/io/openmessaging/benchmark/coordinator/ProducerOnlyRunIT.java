package io.openmessaging.benchmark.coordinator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.openmessaging.benchmark.cli.Benchmark;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Producer-only runs (no consumers: {@code subscriptionsPerTopic: 0}, or subscriptions without consumers)
 * against the loopback driver: no readiness probes, publish metrics only, end-to-end fields empty rather
 * than zero-filled, a backlog of 0, and a drain that waits for acknowledgements only.
 */
class ProducerOnlyRunIT {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "subscriptionsPerTopic: {0}, consumerPerSubscription: {1}")
    @CsvSource({"0, 0", "0, 1", "2, 0"})
    void producerOnlyRunMeasuresPublishingOnly(int subscriptions, int consumersPerSubscription) throws IOException {
        Path workload = Files.writeString(
                dir.resolve("producer-only.yaml"),
                String.join(
                        "\n",
                        "name: producer-only",
                        "topics: 2",
                        "partitionsPerTopic: 4",
                        "messageSize: 512",
                        "subscriptionsPerTopic: " + subscriptions,
                        "consumerPerSubscription: " + consumersPerSubscription,
                        "producersPerTopic: 2",
                        "producerRate: 4000",
                        "warmupDuration: 1s",
                        "testDuration: 4s",
                        "sampleRateMillis: 1000",
                        ""));
        Path driver = Files.writeString(dir.resolve("loopback.yaml"), "name: loopback\ndriver: loopback\n");

        BenchmarkRuns.Outcome outcome = BenchmarkRuns.run(dir, "-d", driver.toString(), workload.toString());

        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        TestResult result = outcome.result();
        assertThat(result.complete).isTrue();
        assertThat(result.runMode).isEqualTo("producer-only");
        assertThat(result.totalSendErrors).isZero();
        assertThat(result.totalMessagesSent).isGreaterThan(15_000L);
        assertThat(result.totalBytesSent).isEqualTo(512 * result.totalMessagesSent);
        assertThat(result.totalMessagesReceived).isZero();
        assertThat(result.publishRate).hasSize(4);
        assertThat(result.publishRate.stream()
                        .mapToDouble(Double::doubleValue)
                        .average()
                        .orElseThrow())
                .isCloseTo(4000.0, within(300.0));
        assertThat(result.aggregatedPublishResponseTime50pct).isNotNull();
        assertThat(result.publishLatency99pct).hasSize(4);
        assertThat(result.backlog).hasSize(4).allMatch(backlog -> backlog == 0L);
        assertThat(result.consumeRate).allMatch(rate -> rate == 0.0);
        // nothing was received, so there is no end-to-end statistic, not a 0 one
        assertThat(result.endToEndLatency50pct).isEmpty();
        assertThat(result.endToEndResponseTime99pct).isEmpty();
        assertThat(result.aggregatedEndToEndLatency50pct).isNull();
        assertThat(result.aggregatedEndToEndResponseTimeMax).isNull();
        assertThat(result.aggregatedEndToEndLatencyQuantiles).isEmpty();
        assertThat(result.backlogPhases).isNull();
        assertThat(outcome.stdout()).doesNotContain("drain incomplete");

        // the report and the CSV take a result without end-to-end values
        Path report = dir.resolve("report.html");
        int reportExit = Benchmark.run(
                new String[] {
                    "report", "-o", report.toString(), outcome.resultFile().toString()
                },
                new PrintStream(OutputStream.nullOutputStream()),
                System.err,
                false);
        assertThat(reportExit).isZero();
        assertThat(report).isNotEmptyFile();
        ByteArrayOutputStream csv = new ByteArrayOutputStream();
        int csvExit = Benchmark.run(
                new String[] {"csv", outcome.resultFile().toString()},
                new PrintStream(csv, true, StandardCharsets.UTF_8),
                System.err,
                false);
        assertThat(csvExit).isZero();
        assertThat(csv.toString(StandardCharsets.UTF_8)).contains("producer-only");
    }
}
