package io.openmessaging.benchmark.driver.pulsar;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.cli.Benchmark;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Broker outages are never hidden: a dead standalone fails the run and is named, a stalled standalone shows in
 * the response times, and sends the standalone refuses fail the run. Drills against a real local standalone:
 * the kill gets a standalone of its own, the others use the shared one (which they leave running).
 */
class BrokerOutageIT {

    private static final int SAMPLE_RATE_MILLIS = 1000;
    /** Above Pulsar's default maxMessageSize (5 MiB), which the local standalone keeps. */
    private static final int TOO_LARGE_MESSAGE_BYTES = 6 * 1024 * 1024;

    @TempDir
    Path dir;

    /** Standalone killed mid-run: exit 1, a partial result naming the standalone, the outage in the response times. */
    @Test
    void killedStandaloneFailsTheRunNamesTheBrokerAndShowsTheOutageInTheResponseTimes() throws Exception {
        try (LocalPulsarStandalone broker = LocalPulsarStandalone.start()) {
            Path driver = Files.writeString(
                    dir.resolve("pulsar-local.yaml"), SharedLocalPulsar.shippedYamlFor("pulsar-local.yaml", broker));
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
            assertThat(result.failureReason).as(summary).isNotNull().contains(hostAndPort(broker.serviceUrl()));
            assertThat(result.aggregatedPublishResponseTimeMax).as(summary).isGreaterThanOrEqualTo(0.8 * outageMillis);
            assertThat(result.totalMessagesSent).as(summary).isPositive();
            assertThat(Duration.ofNanos(returnedNanos - killedNanos))
                    .as(summary)
                    .isLessThan(Duration.ofSeconds(60));
        }
    }

    /** Standalone frozen for 2 s: the run completes; the stall shows in response time p99.9, not service time. */
    @Test
    void standaloneStalledForTwoSecondsShowsInTheResponseTimesAndTheRunCompletes() throws Exception {
        LocalPulsarStandalone broker = SharedLocalPulsar.standalone();
        Path driver = Files.writeString(
                dir.resolve("pulsar-local.yaml"), SharedLocalPulsar.shippedYamlFor("pulsar-local.yaml", broker));
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

    /** Messages the standalone refuses (6 MiB, limit 5 MiB): sends fail; exit 1, the reason names failed sends. */
    @Test
    void messagesLargerThanTheBrokerAcceptsFailTheRun() throws Exception {
        LocalPulsarStandalone broker = SharedLocalPulsar.standalone();
        Path driver = Files.writeString(
                dir.resolve("pulsar-local.yaml"), SharedLocalPulsar.shippedYamlFor("pulsar-local.yaml", broker));
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

    /** Pauses the standalone, and resumes it after {@code duration} whatever happens. */
    private static void pauseFor(LocalPulsarStandalone broker, Duration duration) {
        broker.pause();
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            broker.resume();
        }
    }

    /** {@code 127.0.0.1:6650} of {@code pulsar://127.0.0.1:6650}. */
    private static String hostAndPort(String url) {
        URI uri = URI.create(url);
        return uri.getHost() + ":" + uri.getPort();
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
