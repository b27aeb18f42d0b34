package io.openmessaging.benchmark.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.result.FaultRecord;
import io.openmessaging.benchmark.result.TestResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The playbook as a user runs it, for Pulsar: {@code bin/local-hosts up --layout pulsar}, {@code bin/local-hosts
 * deploy} (Pulsar's archive built from Maven Central jars; deploy.yaml twice, the second run changes nothing),
 * ZooKeeper, a bookie and a broker on each of three hosts with the bookie's journal and ledgers on the host's two
 * disks; then a run through the two deployed workers with the rendered {@code pulsar.yaml} (E3/Qw3/Qa2) at 1,000
 * msg/s for 60 s, during which host-2's broker is killed at 20 s and started again at 30 s. The run must complete
 * with no send error and nothing lost. Root only; run by {@code bin/test --clusters}
 * (docs/deployment.md#simulated-hosts).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PulsarClusterOnSimulatedHostsIT {

    /** A /24 of its own (LocalHostsIT takes 10.214.201, the Kafka cluster 10.214.202, RabbitMQ's 10.214.203). */
    private static final String SUBNET = "10.214.204";

    private static final int BROKERS = 3;
    private static final SimulatedHosts hosts = new SimulatedHosts();
    private static String deployOutput;

    @TempDir
    static Path dir;

    @BeforeAll
    static void deploy() throws Exception {
        hosts.assumePrerequisites();
        deployOutput = hosts.upAndDeploy("pulsar", SUBNET);
    }

    @AfterAll
    static void down() {
        hosts.downIfUp();
    }

    @Test
    @Order(1)
    void theSecondDeployChangesNothingAndEachBookieKeepsJournalAndLedgersOnTwoDisks() {
        assertThat(deployOutput).containsPattern("deploy run 1: ok=\\d+ changed=[1-9]\\d* failed=0 unreachable=0");
        assertThat(deployOutput).containsPattern("deploy run 2: ok=\\d+ changed=0 failed=0 unreachable=0");
        for (int i = 1; i <= BROKERS; i++) {
            String host = "host-" + i;
            for (String service : List.of("pulsar-zookeeper", "pulsar-bookie", "pulsar-broker")) {
                assertThat(hosts.ssh(host, "systemctl is-active " + service))
                        .as(host + " " + service)
                        .isEqualTo("active");
            }
            assertThat(hosts.ssh(host, "sudo tuned-adm verify 2>&1"))
                    .contains("current system settings match the preset profile");
            String[] devices = hosts.state().getProperty(host + ".disks").split(" ");
            String mounts = hosts.ssh(host, "findmnt -n -o SOURCE,FSTYPE,TARGET -t xfs");
            assertThat(mounts)
                    .as("journal and ledgers: two XFS file systems on two devices")
                    .contains(devices[0] + " xfs    /mnt/journal")
                    .contains(devices[1] + " xfs    /mnt/ledgers");
            // the small loop-file drives get bounded journals and prompt deletion (playbook-vars.yaml)
            assertThat(hosts.ssh(host, "sudo grep -h '^journalMaxSizeMB=' /etc/pulsar/bookkeeper.conf"))
                    .isEqualTo("journalMaxSizeMB=256");
            assertThat(hosts.ssh(host, "sudo grep -h '^managedLedgerMaxSizePerLedgerMbytes=' /etc/pulsar/broker.conf"))
                    .isEqualTo("managedLedgerMaxSizePerLedgerMbytes=16");
        }
    }

    @Test
    @Order(2)
    void aRunThroughTheDeployedWorkersRidesThroughABrokerKilledAndRestarted() throws Exception {
        Path driver = Files.writeString(
                dir.resolve("pulsar.yaml"), hosts.ssh("host-4", "sudo cat /etc/benchmark/drivers/pulsar.yaml") + "\n");
        assertThat(Files.readString(driver))
                .contains("ensembleSize: 3")
                .contains("writeQuorum: 3")
                .contains("ackQuorum: 2");
        Path workload = Files.writeString(dir.resolve("failover.yaml"), """
                name: failover
                topics: 1
                partitionsPerTopic: 6
                messageSize: 1024
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 1
                producerRate: 1000
                warmupDuration: 5s
                testDuration: 60s
                sampleRateMillis: 1000
                """);
        String ssh = hosts.sshCommand("host-2");
        SimulatedHosts.Run run = hosts.benchmark(
                dir,
                SUBNET,
                driver,
                workload,
                List.of(
                        "20s=" + ssh
                                + " 'sudo systemctl kill -s KILL --kill-who=main pulsar-broker;"
                                + " sudo systemctl stop pulsar-broker'",
                        "30s=" + ssh + " 'sudo systemctl start pulsar-broker'"),
                400);
        assertThat(run.ended())
                .as("the run ended within 400 s: %s", run.output())
                .isTrue();
        assertThat(run.exitCode()).as(run.output()).isZero();

        TestResult failover = run.result();
        assertThat(failover.complete).as(failover.failureReason).isTrue();
        assertThat(failover.faults).hasSize(2);
        for (FaultRecord fault : failover.faults) {
            assertThat(fault.exitCode).as(fault.command + ": " + fault.output).isZero();
        }
        assertThat(failover.totalSendErrors).as("send errors").isZero();
        assertThat(failover.messageIdentity.lost).as("lost").isZero();
        assertThat(failover.aggregatedPublishResponseTimeMax)
                .as("publish response time max, ms")
                .isGreaterThan(1_000.0);
        System.out.printf(
                Locale.ROOT,
                "failover of host-2's broker: %,d acknowledged, %,d received, %,d duplicates, %,d lost, %,d out of"
                        + " order; publish response p99.9 %.1f ms, max %.1f ms; end-to-end response p99.9 %.1f ms,"
                        + " max %.1f ms%n",
                failover.totalMessagesSent,
                failover.totalMessagesReceived,
                failover.messageIdentity.duplicates,
                failover.messageIdentity.lost,
                failover.messageIdentity.outOfOrder,
                failover.aggregatedPublishResponseTime999pct,
                failover.aggregatedPublishResponseTimeMax,
                failover.aggregatedEndToEndResponseTime999pct,
                failover.aggregatedEndToEndResponseTimeMax);
    }
}
