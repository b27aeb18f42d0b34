package io.openmessaging.benchmark.driver.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.result.MessageIdentity;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A RabbitMQ node killed during a run and started again on its own data, with {@code connectionRecovery: true}
 * and quorum queues: the driver reopens its connections, subscribes again and publishes again what the broker
 * had not confirmed, so the run completes with nothing lost; what the broker had stored before it died and
 * what it had delivered without an ack come twice, and the run counts them as duplicates. Without recovery
 * the same kill fails the run ({@link BrokerOutageIT}).
 *
 * <p>Also with a confirm window of 10 ({@code maxOutstandingConfirms}): the sends held for the reopened
 * connection keep their slots, so a producer publishes at most 10 again per recovery; the rest wait in the
 * window and go after them, in order.
 */
class ConnectionRecoveryDrillIT {

    private static final int SAMPLE_RATE_MILLIS = 5000;

    @TempDir
    Path dir;

    private static final int PRODUCERS = 2;

    @ParameterizedTest(name = "maxOutstandingConfirms {0}")
    @ValueSource(ints = {0, 10})
    void aNodeKilledAndStartedAgainIsWaitedOutAndTheRunLosesNothing(int maxOutstandingConfirms) throws Exception {
        try (LocalRabbitMqBroker broker = LocalRabbitMqBroker.start()) {
            String yaml = SharedLocalRabbitMq.shippedYamlFor("rabbitmq-local.yaml", broker);
            yaml = SharedLocalRabbitMq.withSetting(yaml, "queueType", "QUORUM");
            yaml = SharedLocalRabbitMq.withSetting(yaml, "connectionRecovery", "true");
            yaml = SharedLocalRabbitMq.withSetting(yaml, "connectionRecoveryIntervalMs", "500");
            yaml = SharedLocalRabbitMq.withSetting(
                    yaml, "maxOutstandingConfirms", Integer.toString(maxOutstandingConfirms));
            Path driver = Files.writeString(dir.resolve("rabbitmq-recovery.yaml"), yaml);
            Path workload = BenchmarkRuns.workload(
                    dir, "recovery-drill", 1, PRODUCERS, 1, 1000, "5s", "30s", SAMPLE_RATE_MILLIS);

            BenchmarkRuns.Outcome outcome;
            try (BenchmarkRuns.Drill drill =
                    BenchmarkRuns.Drill.at(Duration.ofSeconds(5), SAMPLE_RATE_MILLIS, broker::restart)) {
                outcome = BenchmarkRuns.run(
                        dir,
                        drill,
                        "-d",
                        driver.toString(),
                        "--stall-timeout-seconds",
                        "120",
                        "--drain-timeout-seconds",
                        "120",
                        workload.toString());
                assertThat(drill.actionStartedNanos())
                        .as("the node was killed during the run")
                        .isPositive();
            }

            assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
            TestResult result = outcome.result();
            MessageIdentity identity = result.messageIdentity;
            assertThat(result.complete).as(result.failureReason).isTrue();
            assertThat(result.totalSendErrors).isZero();
            assertThat(identity.lost).isZero();
            assertThat(identity.receivedUnique).isEqualTo(result.totalMessagesSent);
            assertThat(identity.duplicates)
                    .as("every delivery beyond the first is a duplicate")
                    .isEqualTo(result.totalMessagesReceived - identity.receivedUnique);
            assertThat(result.metadata.driverCounters)
                    .as("the producer and consumer connections were reopened")
                    .containsKey("rabbitmq.connectionRecoveries");
            assertThat(result.metadata.driverCounters.get("rabbitmq.connectionRecoveries"))
                    .isGreaterThanOrEqualTo(2L);
            assertThat(result.metadata.driverCounters.get("rabbitmq.consumerFailures"))
                    .isZero();
            assertThat(result.aggregatedPublishResponseTimeMax)
                    .as("messages due while the node was down waited for it")
                    .isGreaterThan(1000);
            long recoveries = result.metadata.driverCounters.get("rabbitmq.connectionRecoveries");
            long republished = result.metadata.driverCounters.get("rabbitmq.republishedMessages");
            if (maxOutstandingConfirms > 0) {
                assertThat(republished)
                        .as("published again: at most the window per producer and recovery")
                        .isLessThanOrEqualTo(PRODUCERS * maxOutstandingConfirms * recoveries);
                assertThat(result.metadata.driverCounters.get("rabbitmq.confirmWindowWaitedMessages"))
                        .as("sends due during the outage waited for the window")
                        .isPositive();
            }
            System.out.printf(
                    Locale.ROOT,
                    "rabbitmq recovery drill, maxOutstandingConfirms %d: %,d acknowledged, %,d received, %,d received once, %,d duplicates,"
                            + " %,d lost, %,d out of order, %d connection recoveries, %d republished, publish"
                            + " response max %.0f ms%n",
                    maxOutstandingConfirms,
                    result.totalMessagesSent,
                    result.totalMessagesReceived,
                    identity.receivedUnique,
                    identity.duplicates,
                    identity.lost,
                    identity.outOfOrder,
                    recoveries,
                    republished,
                    result.aggregatedPublishResponseTimeMax);
        }
    }
}
