package io.openmessaging.benchmark.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.cli.Benchmark;
import io.openmessaging.benchmark.result.TestResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The broker-outage drills every driver passes against its real local broker, through {@code bin/benchmark}:
 * outages are never hidden. A broker killed mid-run fails the run (exit 1, a partial result whose reason names
 * the broker, the outage in the numbers); a broker frozen for 2 s shows in the response times and the run
 * completes; messages the broker refuses fail the run. A driver's {@code BrokerOutageIT} extends this with its
 * broker: the kill gets a broker of its own, the stall uses the shared one (and leaves it running).
 *
 * @param <B> the driver's local broker fixture
 */
public abstract class BrokerOutageContract<B> {

    protected static final int SAMPLE_RATE_MILLIS = 1000;

    @TempDir
    protected Path dir;

    /** A broker of the test's own, closed after the drill. */
    protected abstract B startOwnBroker() throws Exception;

    /** The broker the module's tests share; the drills leave it running. */
    protected abstract B sharedBroker() throws Exception;

    /** Stops {@code broker} for good (a broker of the test's own). */
    protected abstract void close(B broker) throws Exception;

    protected abstract void kill(B broker);

    protected abstract void pause(B broker);

    protected abstract void resume(B broker);

    protected abstract boolean isPaused(B broker);

    /** How a failure reason names {@code broker}, e.g. {@code 127.0.0.1:9092}. */
    protected abstract String address(B broker);

    /** The name of the driver file written for the drills, e.g. {@code kafka-local.yaml}. */
    protected abstract String driverFileName();

    /** The driver file that reaches {@code broker}. */
    protected abstract String driverYaml(B broker) throws Exception;

    /** A message size the broker refuses, with {@link #brokerRefusing} and {@link #driverYamlForLargeMessages}. */
    protected abstract int tooLargeMessageBytes();

    /**
     * The broker that refuses messages of {@link #tooLargeMessageBytes()}, and whether the test owns it (then it
     * is closed after the drill): the shared one where its default limit is low enough.
     */
    protected Lease<B> brokerRefusing() throws Exception {
        return new Lease<>(sharedBroker(), false);
    }

    /** The driver file that sends messages of {@link #tooLargeMessageBytes()} to {@code broker}. */
    protected String driverYamlForLargeMessages(B broker) throws Exception {
        return driverYaml(broker);
    }

    /** The outage after the kill shows in the numbers: by default as waiting in the publish response times. */
    protected void assertTheOutageShows(TestResult result, double outageMillis, String summary) {
        assertThat(result.aggregatedPublishResponseTimeMax).as(summary).isGreaterThanOrEqualTo(0.8 * outageMillis);
    }

    /** {@code 127.0.0.1:6650} of {@code pulsar://127.0.0.1:6650}: how a failure reason names a broker by its URL. */
    protected static String hostAndPort(String url) {
        java.net.URI uri = java.net.URI.create(url);
        return uri.getHost() + ":" + uri.getPort();
    }

    /** A broker for one drill, and whether the drill owns it. */
    public record Lease<B>(B broker, boolean own) {}

    @Test
    void aKilledBrokerFailsTheRunIsNamedAndTheOutageShows() throws Exception {
        B broker = startOwnBroker();
        try {
            Path driver = Files.writeString(dir.resolve(driverFileName()), driverYaml(broker));
            Path workload = BenchmarkRuns.workload(dir, "broker-kill", 4, 1, 1, 2000, "5s", "30s", SAMPLE_RATE_MILLIS);

            BenchmarkRuns.Outcome outcome;
            long returnedNanos;
            long killedNanos;
            long killedEpochMillis;
            List<String> multiLineLogEvents;
            try (LogCapture log = LogCapture.warningsAndErrors();
                    BenchmarkRuns.Drill drill =
                            BenchmarkRuns.Drill.at(Duration.ofSeconds(10), SAMPLE_RATE_MILLIS, () -> kill(broker))) {
                outcome = run(drill, driver, workload, "15");
                multiLineLogEvents = log.multiLineEvents();
                returnedNanos = System.nanoTime();
                killedNanos = drill.actionStartedNanos();
                killedEpochMillis = drill.actionStartedEpochMillis();
            }

            assertThat(killedNanos).as("the broker was killed during the run").isPositive();
            TestResult result = outcome.result();
            // the run ends when its books close (result.endTime); closing the clients afterwards takes longer
            // with a dead broker, and is no part of the measurement
            double outageMillis = result == null ? Double.NaN : result.metadata.endTimeEpochMillis - killedEpochMillis;
            String summary = summary(outcome)
                    + String.format(
                            Locale.ROOT,
                            "; kill to the end of the run %.0f ms, to the return %.0f ms",
                            outageMillis,
                            (returnedNanos - killedNanos) / 1e6);
            System.out.println("BrokerOutageIT: " + summary); // the figures, also when the test passes
            assertThat(outcome.exitCode()).as(summary).isEqualTo(Benchmark.EXIT_FAILED);
            assertThat(outcome.stderr()).as(summary).contains("run failed");
            assertThat(result).as(summary).isNotNull();
            assertThat(result.complete).as(summary).isFalse();
            assertThat(result.failureReason).as(summary).isNotNull().contains(address(broker));
            assertThat(result.totalMessagesSent).as(summary).isPositive();
            // every message due until the end is accounted for
            assertThat(result.totalMessagesSent
                            + result.totalSendErrors
                            + result.totalMessagesNotSent
                            + result.totalMessagesUnackedAtEnd)
                    .as(summary)
                    .isEqualTo(result.totalMessagesDue);
            assertTheOutageShows(result, outageMillis, summary);
            // a dead broker is an outcome, not a defect of the tool: one line each, naming the reason
            assertThat(multiLineLogEvents)
                    .as("log events of more than one line (a stack trace) after the kill")
                    .isEmpty();
            assertThat(result.failureReason)
                    .as("the reason names no Java exception class of the tool")
                    .doesNotContain("java.lang.")
                    .doesNotContain("io.openmessaging.");
            assertThat(Duration.ofNanos(returnedNanos - killedNanos))
                    .as(summary)
                    .isLessThan(Duration.ofSeconds(60));
        } finally {
            close(broker);
        }
    }

    @Test
    void aBrokerStalledForTwoSecondsShowsInTheResponseTimesAndTheRunCompletes() throws Exception {
        B broker = sharedBroker();
        Path driver = Files.writeString(dir.resolve(driverFileName()), driverYaml(broker));
        Path workload = BenchmarkRuns.workload(dir, "broker-stall", 4, 1, 1, 2000, "5s", "30s", SAMPLE_RATE_MILLIS);

        BenchmarkRuns.Outcome outcome;
        long stallNanos;
        try (BenchmarkRuns.Drill drill = BenchmarkRuns.Drill.at(
                Duration.ofSeconds(14), SAMPLE_RATE_MILLIS, () -> pauseFor(broker, Duration.ofSeconds(2)))) {
            outcome = run(drill, driver, workload, "15");
            assertThat(isPaused(broker)).isFalse();
            stallNanos = drill.actionEndedNanos() - drill.actionStartedNanos();
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

    @Test
    void messagesLargerThanTheBrokerAcceptsFailTheRun() throws Exception {
        Lease<B> lease = brokerRefusing();
        try {
            Path driver = Files.writeString(dir.resolve(driverFileName()), driverYamlForLargeMessages(lease.broker()));
            Path workload = BenchmarkRuns.workload(
                    dir, "too-large", 4, 1, 1, 10, "2s", "10s", SAMPLE_RATE_MILLIS, tooLargeMessageBytes());

            BenchmarkRuns.Outcome outcome = run(null, driver, workload, "10");

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
        } finally {
            if (lease.own()) {
                close(lease.broker());
            }
        }
    }

    private BenchmarkRuns.Outcome run(BenchmarkRuns.Drill drill, Path driver, Path workload, String drainSeconds)
            throws Exception {
        String[] args = {
            "-d",
            driver.toString(),
            "--stall-timeout-seconds",
            "10",
            "--drain-timeout-seconds",
            drainSeconds,
            workload.toString()
        };
        return drill == null ? BenchmarkRuns.run(dir, args) : BenchmarkRuns.run(dir, drill, args);
    }

    /** Pauses the broker, and resumes it after {@code duration} whatever happens. */
    private void pauseFor(B broker, Duration duration) {
        pause(broker);
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            resume(broker);
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
