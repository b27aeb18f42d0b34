package io.openmessaging.benchmark.driver.pulsar;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.result.MessageIdentity;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Pulsar standalone killed during a run and restarted on its own data: the consumer gets again what it had
 * received but not yet acknowledged, and the run names those redeliveries as duplicates, loses nothing and
 * completes. Before the accounting by identity the redeliveries counted as deliveries, and a run that lost as
 * many messages as were redelivered passed.
 */
class PulsarRestartDrillIT {

    private static final int SAMPLE_RATE_MILLIS = 5000;

    @TempDir
    Path dir;

    @Test
    void aBrokerRestartedOnItsDataRedeliversAndTheRunCountsEachRedeliveryAsADuplicate() throws Exception {
        try (LocalPulsarStandalone pulsar = LocalPulsarStandalone.start()) {
            Path driver = Files.writeString(
                    dir.resolve("pulsar-local.yaml"), SharedLocalPulsar.shippedYamlFor("pulsar-local.yaml", pulsar));
            Path workload =
                    BenchmarkRuns.workload(dir, "restart-drill", 1, 1, 1, 2000, "5s", "30s", SAMPLE_RATE_MILLIS);

            BenchmarkRuns.Outcome outcome;
            try (BenchmarkRuns.Drill drill = BenchmarkRuns.Drill.at(Duration.ofSeconds(5), SAMPLE_RATE_MILLIS, () -> {
                pulsar.kill();
                sleep(Duration.ofSeconds(5));
                pulsar.restart();
            })) {
                // the standalone takes its time to come back: no stall or drain limit may end the run first
                outcome = BenchmarkRuns.run(
                        dir,
                        drill,
                        "-d",
                        driver.toString(),
                        "--stall-timeout-seconds",
                        "300",
                        "--drain-timeout-seconds",
                        "300",
                        workload.toString());
                assertThat(drill.actionStartedNanos())
                        .as("the broker was killed during the run")
                        .isPositive();
            }

            assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
            TestResult result = outcome.result();
            MessageIdentity identity = result.messageIdentity;
            assertThat(result.complete).as(result.failureReason).isTrue();
            assertThat(identity.lost).isZero();
            assertThat(identity.receivedUnique).isEqualTo(result.totalMessagesSent);
            assertThat(identity.duplicates)
                    .as("every delivery beyond the first is a duplicate")
                    .isEqualTo(result.totalMessagesReceived - result.totalMessagesSent);
            assertThat(outcome.stdout())
                    .contains(String.format(
                            Locale.ROOT,
                            "identity    %,d received once, %,d duplicates, 0 lost",
                            identity.receivedUnique,
                            identity.duplicates));
            System.out.printf(
                    Locale.ROOT,
                    "pulsar restart drill: %,d acknowledged, %,d received, %,d received once, %,d duplicates, %,d lost,"
                            + " %,d out of order%n",
                    result.totalMessagesSent,
                    result.totalMessagesReceived,
                    identity.receivedUnique,
                    identity.duplicates,
                    identity.lost,
                    identity.outOfOrder);
        }
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted between the kill and the restart", e);
        }
    }
}
