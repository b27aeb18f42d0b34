package io.openmessaging.benchmark.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.driver.SystemClock;
import io.openmessaging.benchmark.drivers.DriverConfigurationLoader;
import io.openmessaging.benchmark.drivers.DriverRegistry;
import io.openmessaging.benchmark.result.MessageIdentity;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.workload.DriverConfiguration;
import io.openmessaging.benchmark.workload.WorkloadLoader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whole runs with the in-process worker and the loopback driver's faults: every message is accounted for by
 * its producer and sequence number, with exact counts, and a run that loses messages fails naming how many,
 * even when as many others arrive twice and the counts alone balance.
 */
class MessageIdentityRunIT {

    /** 1,000 msg/s for 2 s over 2 subscriptions of one partition: about 2,000 messages, each received twice. */
    private static final String WORKLOAD = """
            name: identity
            topics: 1
            partitionsPerTopic: 1
            messageSize: 100
            subscriptionsPerTopic: 2
            consumerPerSubscription: 1
            producersPerTopic: 1
            producerRate: 1000
            warmupDuration: 0s
            testDuration: 2s
            sampleRateMillis: 1000
            """;

    /** A lost message keeps the drain waiting this long before the accounting names it. */
    private static final Duration DRAIN_TIMEOUT = Duration.ofSeconds(2);

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    @Test
    void aRunWithoutFaultsReceivesEveryAcknowledgedMessageOncePerSubscription() throws Exception {
        TestResult result = run("", "");

        assertThat(result.complete).as(result.failureReason).isTrue();
        MessageIdentity identity = result.messageIdentity;
        assertThat(identity.receivedUnique).isEqualTo(2 * result.totalMessagesSent);
        assertThat(identity.duplicates).isZero();
        assertThat(identity.lost).isZero();
        assertThat(identity.receivedNotAcknowledged).isZero();
        assertThat(identity.outOfOrder).isZero();
        assertThat(identity.subscriptions)
                .hasSize(2)
                .allSatisfy(s -> assertThat(s.receivedUnique).isEqualTo(result.totalMessagesSent));
    }

    @Test
    void droppedMessagesAreLostInEverySubscriptionAndFailTheRun() throws Exception {
        TestResult result = run("faults:\n  - {kind: DROP, everyNth: 100, count: 7}\n", "");

        assertThat(result.complete).isFalse();
        assertThat(result.messageIdentity.lost).isEqualTo(14);
        assertThat(result.messageIdentity.subscriptions)
                .allSatisfy(s -> assertThat(s.lost).isEqualTo(7));
        assertThat(result.messageIdentity.receivedUnique).isEqualTo(2 * (result.totalMessagesSent - 7));
        assertThat(result.failureReason).startsWith("14 lost: acknowledged by the broker and never received");
    }

    @Test
    void losingAsManyMessagesAsAreRedeliveredBalancesTheCountsAndStillFailsTheRun() throws Exception {
        TestResult result = run(
                "faults:\n  - {kind: DROP, everyNth: 97, count: 5}\n  - {kind: DUPLICATE, everyNth: 101, count: 5}\n",
                "");

        assertThat(result.totalMessagesReceived).as("the counts alone balance").isEqualTo(2 * result.totalMessagesSent);
        assertThat(result.messageIdentity.duplicates).isEqualTo(10);
        assertThat(result.messageIdentity.lost).isEqualTo(10);
        assertThat(result.complete).isFalse();
        assertThat(result.failureReason).startsWith("10 lost:");
    }

    @Test
    void duplicatesAreCountedAndDoNotFailTheRun() throws Exception {
        TestResult result = run("faults:\n  - {kind: DUPLICATE, everyNth: 50, count: 3}\n", "");

        assertThat(result.complete).as(result.failureReason).isTrue();
        assertThat(result.messageIdentity.duplicates).isEqualTo(6);
        assertThat(result.messageIdentity.lost).isZero();
        assertThat(result.messageIdentity.receivedUnique).isEqualTo(2 * result.totalMessagesSent);
    }

    @Test
    void reorderedMessagesAreCountedOutOfOrderOnTheirPartition() throws Exception {
        TestResult result = run("faults:\n  - {kind: REORDER, everyNth: 100, count: 4}\n", "");

        assertThat(result.complete).as(result.failureReason).isTrue();
        assertThat(result.messageIdentity.outOfOrder).isEqualTo(8);
        assertThat(result.messageIdentity.duplicates).isZero();
        assertThat(result.messageIdentity.lost).isZero();
    }

    @Test
    void aWorkloadThatAllowsTheLossCompletesAndStillReportsIt() throws Exception {
        TestResult result = run("faults:\n  - {kind: DROP, everyNth: 100, count: 3}\n", "allowedLoss: 6\n");

        assertThat(result.complete).as(result.failureReason).isTrue();
        assertThat(result.messageIdentity.lost).isEqualTo(6);
        assertThat(result.messageIdentity.allowedLoss).isEqualTo(6);
    }

    private TestResult run(String driverKeys, String workloadKeys) throws Exception {
        DriverConfiguration loopback = DriverConfigurationLoader.parse(
                "name: Loopback\ndriver: loopback\n" + driverKeys, "loopback.yaml", new DriverRegistry());
        WorkloadRunner runner = new WorkloadRunner(
                new WorkloadRunner.Workers(List.of(), null, false),
                new RunOptions(
                        dir,
                        null,
                        Defaults.READINESS_TIMEOUT,
                        DRAIN_TIMEOUT,
                        Defaults.STALL_TIMEOUT,
                        Defaults.LATENCY_SIGNIFICANT_DIGITS,
                        Defaults.WORKER_UNREACHABLE_TIMEOUT,
                        Defaults.workerLease(Defaults.STALL_TIMEOUT)),
                null,
                List.of("test"),
                (workload, result, to) -> {},
                SystemClock.INSTANCE,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                false);
        WorkloadRunner.Outcome outcome = runner.run(
                WorkloadLoader.parse(WORKLOAD + workloadKeys, "w.yaml"),
                loopback,
                List.of(),
                driver -> WorkerRoles.Topology.SPLIT);
        return outcome.result();
    }
}
