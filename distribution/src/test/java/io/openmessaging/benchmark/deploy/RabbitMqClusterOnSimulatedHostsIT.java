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
 * The playbook as a user runs it, for RabbitMQ: {@code bin/local-hosts up --layout rabbitmq}, {@code bin/local-hosts
 * deploy} (deploy.yaml twice, the second run changes nothing), a three-node cluster with one Erlang cookie and
 * every node in {@code cluster_status}, data and quorum-queue WAL on the host's two disks; then a run through the
 * two deployed workers with the rendered {@code rabbitmq-quorum.yaml} (quorum queues, confirms, connection
 * recovery) at 1,000 msg/s for 60 s, during which the node of the first URI, which holds every client
 * connection of the run, is killed at 20 s and started again at 30 s. The run must complete with no send error
 * and nothing lost, its connections reopened. Root only; run by {@code bin/test --clusters}
 * (docs/deployment.md#simulated-hosts).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RabbitMqClusterOnSimulatedHostsIT {

    /** A /24 of its own (LocalHostsIT takes 10.214.201, the Kafka cluster 10.214.202). */
    private static final String SUBNET = "10.214.203";

    private static final int BROKERS = 3;
    private static final SimulatedHosts hosts = new SimulatedHosts();
    private static String deployOutput;

    @TempDir
    static Path dir;

    @BeforeAll
    static void deploy() throws Exception {
        hosts.assumePrerequisites();
        deployOutput = hosts.upAndDeploy("rabbitmq", SUBNET);
    }

    @AfterAll
    static void down() {
        hosts.downIfUp();
    }

    @Test
    @Order(1)
    void theSecondDeployChangesNothingAndTheThreeNodesFormOneClusterOnTheirOwnDisks() {
        assertThat(deployOutput).containsPattern("deploy run 1: ok=\\d+ changed=[1-9]\\d* failed=0 unreachable=0");
        assertThat(deployOutput).containsPattern("deploy run 2: ok=\\d+ changed=0 failed=0 unreachable=0");
        String cookie = null;
        for (int i = 1; i <= BROKERS; i++) {
            String host = "host-" + i;
            assertThat(hosts.ssh(host, "systemctl is-active rabbitmq-server")).isEqualTo("active");
            assertThat(hosts.ssh(host, "sudo tuned-adm verify 2>&1"))
                    .contains("current system settings match the preset profile");
            assertThat(runningNodes(host)).as(host + " sees every node running").isEqualTo(BROKERS);
            String sha = hosts.ssh(host, "sudo sha256sum /var/lib/rabbitmq/.erlang.cookie | cut -d' ' -f1");
            if (cookie == null) {
                cookie = sha;
            }
            assertThat(sha).as(host + "'s Erlang cookie is the cluster's").isEqualTo(cookie);
            String disks = hosts.state().getProperty(host + ".disks");
            String mounts = hosts.ssh(host, "findmnt -n -o SOURCE,FSTYPE,TARGET -t xfs");
            String[] devices = disks.split(" ");
            assertThat(mounts).contains(devices[0] + " xfs    /mnt/data").contains(devices[1] + " xfs    /mnt/wal");
            assertThat(hosts.ssh(host, "sudo cat /etc/rabbitmq/rabbitmq-env.conf"))
                    .contains("MNESIA_BASE=/mnt/data/rabbitmq/mnesia");
            assertThat(hosts.ssh(host, "sudo cat /etc/rabbitmq/advanced.config"))
                    .contains("/mnt/wal/quorum-wal");
        }
    }

    @Test
    @Order(2)
    void aRunThroughTheDeployedWorkersRidesThroughItsNodeKilledAndRestarted() throws Exception {
        Path driver = Files.writeString(
                dir.resolve("rabbitmq-quorum.yaml"),
                hosts.ssh("host-4", "sudo cat /etc/benchmark/drivers/rabbitmq-quorum.yaml") + "\n");
        assertThat(Files.readString(driver))
                .contains("queueType: QUORUM")
                .contains("connectionRecovery: true")
                .contains("@" + SUBNET + ".11:5672");
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
        // every client connection of the run is on the first URI's node (one producer and one consumer per
        // worker: slot 0 of each pool), and so is the leader of every other queue
        String ssh = hosts.sshCommand("host-1");
        SimulatedHosts.Run run = hosts.benchmark(
                dir,
                SUBNET,
                driver,
                workload,
                List.of(
                        "20s=" + ssh
                                + " 'sudo systemctl kill -s KILL --kill-who=main rabbitmq-server;"
                                + " sudo systemctl stop rabbitmq-server'",
                        "30s=" + ssh + " 'sudo systemctl start rabbitmq-server'"),
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
        assertThat(failover.metadata.driverCounters.get("rabbitmq.connectionRecoveries"))
                .as("connections reopened")
                .isGreaterThanOrEqualTo(2L);
        assertThat(failover.metadata.driverCounters.get("rabbitmq.consumerFailures"))
                .isZero();
        assertThat(failover.aggregatedPublishResponseTimeMax)
                .as("publish response time max, ms")
                .isGreaterThan(1_000.0);
        System.out.printf(
                Locale.ROOT,
                "failover of host-1: %,d acknowledged, %,d received, %,d duplicates, %,d lost, %,d out of order;"
                        + " %d connections reopened, %d messages published again; publish response p99.9 %.1f ms, max"
                        + " %.1f ms; end-to-end response p99.9 %.1f ms, max %.1f ms%n",
                failover.totalMessagesSent,
                failover.totalMessagesReceived,
                failover.messageIdentity.duplicates,
                failover.messageIdentity.lost,
                failover.messageIdentity.outOfOrder,
                failover.metadata.driverCounters.get("rabbitmq.connectionRecoveries"),
                failover.metadata.driverCounters.get("rabbitmq.republishedMessages"),
                failover.aggregatedPublishResponseTime999pct,
                failover.aggregatedPublishResponseTimeMax,
                failover.aggregatedEndToEndResponseTime999pct,
                failover.aggregatedEndToEndResponseTimeMax);
        long deadline = System.nanoTime() + 120_000_000_000L;
        int running;
        while ((running = runningNodes("host-2")) < BROKERS && System.nanoTime() < deadline) {
            Thread.sleep(2000);
        }
        assertThat(running).as("the restarted node is back in the cluster").isEqualTo(BROKERS);
    }

    /** How many nodes {@code rabbitmqctl cluster_status} on {@code host} lists as running. */
    private static int runningNodes(String host) {
        String node = "rabbit@" + SUBNET + "." + (10 + Integer.parseInt(host.substring("host-".length())));
        return Integer.parseInt(hosts.ssh(
                host,
                "sudo rabbitmqctl --longnames -n " + node + " cluster_status --formatter json | python3 -c"
                        + " 'import json, sys; print(len(json.load(sys.stdin)[\"running_nodes\"]))'"));
    }
}
