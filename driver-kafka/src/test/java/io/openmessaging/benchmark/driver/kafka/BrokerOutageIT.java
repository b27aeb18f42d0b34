package io.openmessaging.benchmark.driver.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.cli.Benchmark;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Broker outages are never hidden: a dead broker fails the run and is named, a stalled broker shows in
 * the response times, and sends the broker refuses fail the run. Drills against a real local broker;
 * the kill gets a broker of its own, the others use the shared one (which they leave running).
 */
class BrokerOutageIT {

    private static final int SAMPLE_RATE_MILLIS = 1000;
    /** Kafka's default message.max.bytes (1 MiB + 12) and max.request.size (1 MiB): 2 MiB exceeds both. */
    private static final int TOO_LARGE_MESSAGE_BYTES = 2 * 1024 * 1024;

    @TempDir
    Path dir;

    /** Broker killed mid-run: exit 1, a partial result naming the broker, the outage in the response times. */
    @Test
    void killedBrokerFailsTheRunNamesTheBrokerAndShowsTheOutageInTheResponseTimes() throws Exception {
        try (LocalKafkaBroker broker = LocalKafkaBroker.start(false)) {
            Path driver = Files.writeString(
                    dir.resolve("kafka-local.yaml"), SharedLocalKafka.shippedYamlFor("kafka-local.yaml", broker));
            Path workload = BenchmarkRuns.workload(dir, "broker-kill", 4, 1, 1, 2000, "5s", "30s", SAMPLE_RATE_MILLIS);

            BenchmarkRuns.Outcome outcome;
            long returnedNanos;
            long killedNanos;
            long killedEpochMillis;
            try (BenchmarkRuns.Drill kill =
                    BenchmarkRuns.Drill.at(Duration.ofSeconds(10), SAMPLE_RATE_MILLIS, broker::kill)) {
                outcome = BenchmarkRuns.run(
                        dir,
                        kill,
                        "-d",
                        driver.toString(),
                        "--stall-timeout-seconds",
                        "10",
                        "--drain-timeout-seconds",
                        "15",
                        workload.toString());
                returnedNanos = System.nanoTime();
                killedNanos = kill.actionStartedNanos();
                killedEpochMillis = kill.actionStartedEpochMillis();
            }

            assertThat(killedNanos).as("the broker was killed during the run").isPositive();
            TestResult result = outcome.result();
            // the run ends when its books close (result.endTime); closing the clients afterwards takes longer
            // with a dead broker, and is no part of the measurement
            double outageMillis = result == null ? Double.NaN : result.metadata.endTimeEpochMillis - killedEpochMillis;
            String summary = summary(outcome)
                    + String.format(
                            Locale.ROOT,
                            "; kill to the end of the run %.0f ms," + " to the return %.0f ms",
                            outageMillis,
                            (returnedNanos - killedNanos) / 1e6);
            System.out.println("BrokerOutageIT: " + summary); // the figures, also when the test passes
            assertThat(outcome.exitCode()).as(summary).isEqualTo(Benchmark.EXIT_FAILED);
            assertThat(outcome.stderr()).as(summary).contains("run failed");
            assertThat(result).as(summary).isNotNull();
            assertThat(result.complete).as(summary).isFalse();
            assertThat(result.failureReason).as(summary).isNotNull().contains(broker.bootstrapServers());
            assertThat(result.aggregatedPublishResponseTimeMax).as(summary).isGreaterThanOrEqualTo(0.8 * outageMillis);
            assertThat(result.totalMessagesSent).as(summary).isPositive();
            assertThat(Duration.ofNanos(returnedNanos - killedNanos))
                    .as(summary)
                    .isLessThan(Duration.ofSeconds(60));
        }
    }

    /** Broker frozen for 2 s: the run completes; the stall shows in response time p99.9, not service time. */
    @Test
    void brokerStalledForTwoSecondsShowsInTheResponseTimesAndTheRunCompletes() throws Exception {
        LocalKafkaBroker broker = SharedLocalKafka.plaintextBroker();
        Path driver = Files.writeString(
                dir.resolve("kafka-local.yaml"), SharedLocalKafka.shippedYamlFor("kafka-local.yaml", broker));
        Path workload = BenchmarkRuns.workload(dir, "broker-stall", 4, 1, 1, 2000, "5s", "30s", SAMPLE_RATE_MILLIS);

        BenchmarkRuns.Outcome outcome;
        long stallNanos;
        try (BenchmarkRuns.Drill stall = BenchmarkRuns.Drill.at(
                Duration.ofSeconds(14), SAMPLE_RATE_MILLIS, () -> pauseFor(broker, Duration.ofSeconds(2)))) {
            outcome = BenchmarkRuns.run(
                    dir,
                    stall,
                    "-d",
                    driver.toString(),
                    "--stall-timeout-seconds",
                    "10",
                    "--drain-timeout-seconds",
                    "15",
                    workload.toString());
            assertThat(broker.isPaused()).isFalse();
            stallNanos = stall.actionEndedNanos() - stall.actionStartedNanos();
        }

        TestResult result = outcome.result();
        String summary = summary(outcome) + String.format(Locale.ROOT, "; stalled %.0f ms", stallNanos / 1e6);
        System.out.println("BrokerOutageIT: " + summary); // the figures, also when the test passes
        assertThat(stallNanos)
                .as(summary)
                .isGreaterThanOrEqualTo(Duration.ofSeconds(2).toNanos());
        assertThat(outcome.exitCode()).as(summary).isZero();
        assertThat(result).as(summary).isNotNull();
        assertThat(result.complete).as(summary).isTrue();
        assertThat(result.failureReason).as(summary).isNull();
        assertThat(result.aggregatedPublishResponseTime999pct).as(summary).isGreaterThanOrEqualTo(1500.0);
        assertThat(result.aggregatedPublishLatency50pct).as(summary).isLessThan(100.0);
    }

    /**
     * Messages the broker refuses (2 MiB, its limit 1 MiB; the producer's max.request.size raised to 4 MiB so
     * that the client sends them): sends fail; exit 1, the reason names failed sends.
     */
    @Test
    void messagesLargerThanTheBrokerAcceptsFailTheRun() throws Exception {
        LocalKafkaBroker broker = SharedLocalKafka.plaintextBroker();
        Path driver = Files.writeString(
                dir.resolve("kafka-local.yaml"),
                SharedLocalKafka.shippedYamlFor("kafka-local.yaml", broker)
                        .replace("producerConfig: |\n", "producerConfig: |\n  max.request.size=4194304\n"));
        assertThat(Files.readString(driver)).contains("max.request.size=4194304");
        Path workload = BenchmarkRuns.workload(
                dir, "too-large", 4, 1, 1, 10, "2s", "10s", SAMPLE_RATE_MILLIS, TOO_LARGE_MESSAGE_BYTES);

        BenchmarkRuns.Outcome outcome = BenchmarkRuns.run(
                dir,
                "-d",
                driver.toString(),
                "--stall-timeout-seconds",
                "10",
                "--drain-timeout-seconds",
                "10",
                workload.toString());

        TestResult result = outcome.result();
        String summary = summary(outcome);
        System.out.println("BrokerOutageIT: " + summary); // the figures, also when the test passes
        assertThat(outcome.exitCode()).as(summary).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(result).as(summary).isNotNull();
        assertThat(result.complete).as(summary).isFalse();
        assertThat(result.failureReason)
                .as(summary)
                .isNotNull()
                .containsIgnoringCase("send")
                .containsIgnoringCase("fail");
    }

    /** Pauses the broker, and resumes it after {@code duration} whatever happens. */
    private static void pauseFor(LocalKafkaBroker broker, Duration duration) {
        broker.pause();
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            broker.resume();
        }
    }

    /** What the run said, for assertion messages. */
    private static String summary(BenchmarkRuns.Outcome outcome) {
        TestResult r = outcome.result();
        if (r == null) {
            return "exit " + outcome.exitCode() + ", no result file; stderr:\n" + outcome.stderr();
        }
        return String.format(
                Locale.ROOT,
                "exit %d, complete %s, failureReason %s, sent %d, send errors %d,"
                        + " publish response time max %.1f ms p99.9 %.1f ms, service time p50 %.3f ms",
                outcome.exitCode(),
                r.complete,
                r.failureReason,
                r.totalMessagesSent,
                r.totalSendErrors,
                r.aggregatedPublishResponseTimeMax,
                r.aggregatedPublishResponseTime999pct,
                r.aggregatedPublishLatency50pct);
    }
}
