package io.openmessaging.benchmark.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.result.FaultRecord;
import io.openmessaging.benchmark.result.TestResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The playbook as a user runs it, for Kafka: {@code bin/local-hosts up --layout kafka} (three broker hosts, two
 * worker hosts), {@code bin/local-hosts deploy} (deploy.yaml, unchanged, twice: the second run changes nothing),
 * then a benchmark through the two deployed workers with the driver file the playbook rendered (replication
 * factor 3, {@code min.insync.replicas=2}, acks=all) at 2,000 msg/s for 60 s, during which the leader of a
 * partition is killed ({@code kill -9}) at 20 s and started again at 30 s. The run must complete with every
 * acknowledged message received, the failover must show in the publish tails, and the result must say which
 * broker stopped when. Root only (docs/deployment.md#simulated-hosts); otherwise reported skipped.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class KafkaClusterOnSimulatedHostsIT {

    /** A /24 of its own (LocalHostsIT takes 10.214.201). */
    private static final String SUBNET = "10.214.202";

    private static final int BROKERS = 3;
    private static final String TOPIC = "failover";
    private static final SimulatedHosts hosts = new SimulatedHosts();
    private static String deployOutput;

    @TempDir
    static Path dir;

    @BeforeAll
    static void deploy() throws Exception {
        hosts.assumePrerequisites();
        deployOutput = hosts.upAndDeploy("kafka", SUBNET);
    }

    @AfterAll
    static void down() {
        hosts.downIfUp();
    }

    @Test
    @Order(1)
    void theSecondDeployChangesNothingAndEveryBrokerIsTunedOnItsOwnDisks() throws Exception {
        assertThat(deployOutput).containsPattern("deploy run 1: ok=\\d+ changed=[1-9]\\d* failed=0 unreachable=0");
        assertThat(deployOutput).containsPattern("deploy run 2: ok=\\d+ changed=0 failed=0 unreachable=0");
        Properties state = hosts.state();
        for (int i = 1; i <= BROKERS; i++) {
            String host = "host-" + i;
            assertThat(hosts.ssh(host, "systemctl is-active kafka")).isEqualTo("active");
            assertThat(hosts.ssh(host, "sudo tuned-adm verify 2>&1"))
                    .contains(
                            "current system settings match the preset profile"); // tuned prints "Verfication succeeded,
            // …"
            // the two data drives: XFS on the host's own loop devices, one log dir on each
            String disks = state.getProperty(host + ".disks");
            String sources = hosts.ssh(host, "findmnt -n -o SOURCE,FSTYPE,TARGET -t xfs");
            for (String disk : disks.split(" ")) {
                assertThat(sources).as(host + " mounts its " + disk).contains(disk + " xfs ");
            }
            assertThat(hosts.ssh(host, "sudo grep -h '^log.dirs=' /etc/kafka/server.properties"))
                    .contains("/mnt/data-1")
                    .contains("/mnt/data-2");
            // the small loop-file drives keep a bounded log (playbook-vars.yaml): a max-rate search filled them
            assertThat(hosts.ssh(host, "sudo grep -h '^log.retention.bytes=' /etc/kafka/server.properties"))
                    .isEqualTo("log.retention.bytes=33554432");
        }
        try (Admin admin = admin()) {
            assertThat(admin.describeMetadataQuorum()
                            .quorumInfo()
                            .get(60, TimeUnit.SECONDS)
                            .voters())
                    .as("KRaft voters")
                    .hasSize(BROKERS);
            assertThat(admin.describeCluster().nodes().get(60, TimeUnit.SECONDS))
                    .hasSize(BROKERS);
        }
    }

    @Test
    @Order(2)
    void aRunThroughTheDeployedWorkersRidesThroughALeaderKilledAndRestarted() throws Exception {
        int leader;
        try (Admin admin = admin()) {
            admin.createTopics(List.of(
                            new NewTopic(TOPIC, 6, (short) BROKERS).configs(Map.of("min.insync.replicas", "2"))))
                    .all()
                    .get(60, TimeUnit.SECONDS);
            TopicDescription topic = describeOnceKnown(admin);
            leader = topic.partitions().get(0).leader().id();
        }
        String killed = "host-" + leader; // broker_id i runs on host-i
        String ssh = hosts.sshCommand(killed);
        Path driver = Files.writeString(
                dir.resolve("kafka-latency.yaml"),
                hosts.ssh("host-4", "sudo cat /etc/benchmark/drivers/kafka-latency.yaml") + "\n");
        assertThat(Files.readString(driver)).contains("acks=all").contains("replicationFactor: 3");
        Path workload = Files.writeString(dir.resolve("failover.yaml"), """
                name: failover
                existingTopicList: [failover]
                partitionsPerTopic: 6
                messageSize: 1024
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 1
                producerRate: 2000
                warmupDuration: 5s
                testDuration: 60s
                sampleRateMillis: 1000
                """);
        SimulatedHosts.Run run = hosts.benchmark(
                dir,
                SUBNET,
                driver,
                workload,
                List.of(
                        "20s=" + ssh
                                + " 'sudo systemctl kill -s KILL --kill-who=main kafka; sudo systemctl stop kafka'",
                        "30s=" + ssh + " 'sudo systemctl start kafka'"),
                300);
        assertThat(run.ended())
                .as("the run ended within 300 s: %s", run.output())
                .isTrue();
        assertThat(run.exitCode()).as(run.output()).isZero();

        TestResult failover = run.result();
        assertThat(failover.complete).as(failover.failureReason).isTrue();
        assertThat(failover.faults).hasSize(2);
        for (FaultRecord fault : failover.faults) {
            assertThat(fault.outcome).as(fault.command + ": " + fault.output).isEqualTo("exited");
            assertThat(fault.exitCode).as(fault.command + ": " + fault.output).isZero();
            assertThat(fault.command).contains(" ssh " + killed + " ");
        }
        assertThat(failover.faults.get(0).startSeconds).isBetween(20.0, 22.0);
        assertThat(failover.faults.get(1).startSeconds).isBetween(30.0, 32.0);
        assertThat(failover.totalSendErrors).as("send errors").isZero();
        assertThat(failover.totalMessagesReceived)
                .as("every acknowledged message received")
                .isGreaterThanOrEqualTo(failover.totalMessagesSent);
        // the partitions the killed broker led waited for the controller to move their leadership
        assertThat(failover.aggregatedPublishResponseTimeMax)
                .as("publish response time max, ms")
                .isGreaterThan(1_000.0);
        System.out.printf(
                "failover of %s (leader of %s-0): %d acknowledged, %d received; publish response p99.9 %.1f ms, max %.1f"
                        + " ms; end-to-end response p99.9 %.1f ms, max %.1f ms%n",
                killed,
                TOPIC,
                failover.totalMessagesSent,
                failover.totalMessagesReceived,
                failover.aggregatedPublishResponseTime999pct,
                failover.aggregatedPublishResponseTimeMax,
                failover.aggregatedEndToEndResponseTime999pct,
                failover.aggregatedEndToEndResponseTimeMax);
        try (Admin admin = admin()) {
            long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
            int inSync = 0;
            while (System.nanoTime() < deadline) {
                TopicDescription topic = admin.describeTopics(List.of(TOPIC))
                        .allTopicNames()
                        .get(60, TimeUnit.SECONDS)
                        .get(TOPIC);
                inSync = topic.partitions().stream()
                        .mapToInt(p -> p.isr().size())
                        .min()
                        .orElse(0);
                if (inSync == BROKERS) {
                    break;
                }
                Thread.sleep(1000);
            }
            assertThat(inSync)
                    .as("the restarted broker is back in every partition's ISR")
                    .isEqualTo(BROKERS);
        }
    }

    /**
     * The topic's description, once the broker asked knows the new topic: a broker's metadata follows the
     * controller's a moment after the creation, and until then it answers "does not host this topic-partition"
     * (seen once in CI, right after createTopics returned).
     */
    private static TopicDescription describeOnceKnown(Admin admin) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            try {
                TopicDescription topic = admin.describeTopics(List.of(TOPIC))
                        .allTopicNames()
                        .get(60, TimeUnit.SECONDS)
                        .get(TOPIC);
                if (topic.partitions().stream().allMatch(partition -> partition.leader() != null)) {
                    return topic;
                }
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof UnknownTopicOrPartitionException) || System.nanoTime() > deadline) {
                    throw e;
                }
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("topic " + TOPIC + " has a partition without a leader after 60 s");
            }
            Thread.sleep(200);
        }
    }

    private static Admin admin() {
        Properties properties = new Properties();
        StringBuilder bootstrap = new StringBuilder();
        for (int i = 1; i <= BROKERS; i++) {
            bootstrap
                    .append(i > 1 ? "," : "")
                    .append(SUBNET)
                    .append('.')
                    .append(10 + i)
                    .append(":9092");
        }
        properties.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap.toString());
        properties.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "15000");
        return Admin.create(properties);
    }
}
