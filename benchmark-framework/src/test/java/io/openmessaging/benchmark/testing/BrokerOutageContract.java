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
 * completes, with a sample period of (almost) no acknowledgements where it was frozen and nothing lost; messages
 * the broker refuses fail the run. A driver's {@code BrokerOutageIT} extends this with its
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
        Duration stallAt = Duration.ofSeconds(14);
        Duration stallFor = Duration.ofSeconds(2);

        BenchmarkRuns.Outcome outcome;
        long stallNanos;
        try (BenchmarkRuns.Drill drill =
                BenchmarkRuns.Drill.at(stallAt, SAMPLE_RATE_MILLIS, () -> pauseFor(broker, stallFor))) {
            outcome = run(drill, driver, workload, "15");
            assertThat(isPaused(broker)).isFalse();
            stallNanos = drill.actionEndedNanos() - drill.actionStartedNanos();
        }

        TestResult result = outcome.result();
        double stallMillis = stallNanos / 1e6;
        String summary = summary(outcome)
                + String.format(Locale.ROOT, "; stalled %.0f ms", stallMillis)
                + (result == null
                        ? ""
                        : "; acknowledged per period " + result.sent + ", response time max per period "
                                + result.publishResponseTimeMax);
        System.out.println("BrokerOutageIT: " + summary); // the figures, also when the test passes
        assertThat(stallNanos).as(summary).isGreaterThanOrEqualTo(stallFor.toNanos());
        assertThat(outcome.exitCode()).as(summary).isZero();
        assertThat(result).as(summary).isNotNull();
        assertThat(result.complete).as(summary).isTrue();
        assertThat(result.failureReason).as(summary).isNull();
        // nothing lost to the stall: every message due was acknowledged, none failed
        assertThat(result.totalSendErrors).as(summary).isZero();
        assertThat(result.totalMessagesSent).as(summary).isEqualTo(result.totalMessagesDue);
        // the frozen broker shows where it happened: a sample period around the stall in which (almost) nothing
        // was acknowledged. A slow broker on a loaded machine still acknowledges every second; a frozen one does not
        assertThat(quietestPeriodAround(result.sent, stallAt, stallFor))
                .as(
                        "fewest acknowledgements in a period around the stall, at most 5%% of the median period's %d; %s",
                        median(result.sent), summary)
                .isLessThanOrEqualTo(median(result.sent) / 20);
        // the stall shows in the tail of the response times: the messages due while the broker was frozen waited
        // for it, from their intended send time (the first of them about the whole stall)
        assertThat(result.aggregatedPublishResponseTimeMax).as(summary).isGreaterThanOrEqualTo(0.9 * stallMillis);
        assertThat(result.aggregatedPublishResponseTime999pct).as(summary).isGreaterThanOrEqualTo(1500.0);
        // and on top of the broker's usual pace: the worst wait exceeds the typical service time by about the stall.
        // Relative, not an absolute bound on the service time: on a loaded machine the broker itself is slow (service
        // time p50 of seconds), with or without the drill, and the stall still adds its length to the worst wait
        assertThat(result.aggregatedPublishLatency50pct)
                .as("service time p50 at least 0.9 × the stall below the worst response time; %s", summary)
                .isLessThanOrEqualTo(result.aggregatedPublishResponseTimeMax - 0.9 * stallMillis);
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

    /**
     * The fewest messages acknowledged in one sample period from a period before the stall's start to a period
     * after its end (the drill's start is known to about a period).
     */
    private static long quietestPeriodAround(List<Long> acknowledged, Duration stallAt, Duration stallFor) {
        int first = (int) Math.max(0, stallAt.toMillis() / SAMPLE_RATE_MILLIS - 1);
        int last = (int) Math.min(
                acknowledged.size() - 1,
                (stallAt.plus(stallFor).toMillis() + SAMPLE_RATE_MILLIS - 1) / SAMPLE_RATE_MILLIS + 1);
        assertThat(last).as("periods recorded: %s", acknowledged).isGreaterThanOrEqualTo(first);
        return acknowledged.subList(first, last + 1).stream()
                .mapToLong(Long::longValue)
                .min()
                .orElseThrow();
    }

    private static long median(List<Long> values) {
        List<Long> sorted = values.stream().sorted().toList();
        return sorted.isEmpty() ? 0 : sorted.get(sorted.size() / 2);
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
