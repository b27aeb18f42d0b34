package io.openmessaging.benchmark.studyrunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.study.Study;
import io.openmessaging.benchmark.study.StudyLoader;
import io.openmessaging.benchmark.workload.DriverAssignments;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The clusters of {@code study run --local-hosts} through a stand-in for {@code bin/local-hosts} that records its
 * calls: the order of the steps, the hosts taken down when a step fails or is aborted, and what a run takes from
 * the deployment (the addresses of the driver file the playbook rendered, the broker count, the version).
 */
class LocalHostsTest {

    /** The playbook's kafka-latency.yaml as the worker role renders it for three brokers at 10.214.1.11-13. */
    static final String DEPLOYED_KAFKA = """
            # Ansible managed
            name: Kafka-latency
            driver: kafka

            replicationFactor: 3

            topicConfig: |
              min.insync.replicas=2

            commonConfig: |
              bootstrap.servers=10.214.1.11:9092,10.214.1.12:9092,10.214.1.13:9092

            producerConfig: |
              acks=all
              linger.ms=1
            """;

    static final String DEPLOYED_PULSAR = """
            name: Pulsar
            driver: pulsar
            client:
              serviceUrl: pulsar://10.214.1.11:6650,10.214.1.12:6650,10.214.1.13:6650
              httpUrl: http://10.214.1.11:8080
              ioThreads: 16
              clusterName: benchmark
              persistence:
                ensembleSize: 3
                writeQuorum: 3
                ackQuorum: 2
            """;

    static final String DEPLOYED_RABBITMQ = """
            name: RabbitMQ-quorum
            driver: rabbitmq
            amqpUris:
              - amqp://benchmark:Secret01@10.214.1.11:5672
              - amqp://benchmark:Secret01@10.214.1.12:5672
              - amqp://benchmark:Secret01@10.214.1.13:5672
            messagePersistence: true
            queueType: QUORUM
            """;

    /** What {@code bin/local-hosts inventory} prints for {@code --layout kafka}. */
    static final String INVENTORY = """
            # Ansible inventory of the simulated hosts of bin/local-hosts (6 up), in the shape
            # deployment/terraform writes; bin/local-hosts inventory prints it again.
            [kafka]
            host-1 ansible_host=10.214.1.11 private_ip=10.214.1.11 broker_id=1 disks_devices='["/dev/loop0"]'
            host-2 ansible_host=10.214.1.12 private_ip=10.214.1.12 broker_id=2
            host-3 ansible_host=10.214.1.13 private_ip=10.214.1.13 broker_id=3

            [brokers:children]
            kafka

            [worker]
            host-4 ansible_host=10.214.1.14 private_ip=10.214.1.14
            host-5 ansible_host=10.214.1.15 private_ip=10.214.1.15

            [monitoring]
            host-6 ansible_host=10.214.1.16 private_ip=10.214.1.16

            [all:vars]
            ansible_user=admin
            deploy_system=kafka
            """;

    @TempDir
    Path dir;

    /** A stand-in for bin/local-hosts: appends its arguments to calls.log, then runs {@code body}. */
    private LocalHosts hosts(String body) throws IOException {
        Files.writeString(dir.resolve("inventory.txt"), INVENTORY);
        Files.writeString(dir.resolve("kafka-latency.yaml"), DEPLOYED_KAFKA);
        Path script = dir.resolve("local-hosts");
        Files.writeString(
                script,
                "#!/usr/bin/env bash\nhere=$(dirname \"$0\")\necho \"$*\" >> \"$here/calls.log\"\n" + body + "\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return new LocalHosts(script);
    }

    private List<String> calls() throws IOException {
        Path log = dir.resolve("calls.log");
        return Files.exists(log) ? Files.readAllLines(log) : List.of();
    }

    /** Every step succeeds, as on a machine where the hosts come up and the playbook runs. */
    private static final String WORKING = """
            case "$1" in
              up) echo "6 simulated hosts up after 5 s on 10.214.1.0/24" ;;
              deploy) echo "artifact kafka_2.13-4.4.0.tgz: 97 jars, 12 s"; echo "deploy run 1: ok=150 changed=113 failed=0 unreachable=0 in 160 s" ;;
              inventory) cat "$here/inventory.txt" ;;
              ssh) [ "$2" = host-4 ] && [ "$*" = "ssh host-4 sudo cat /etc/benchmark/drivers/kafka-latency.yaml" ] && cat "$here/kafka-latency.yaml" ;;
              down) echo "simulated hosts down" ;;
              status) echo "simulated hosts: none"; exit 3 ;;
            esac
            """;

    @Test
    void aClusterIsBroughtUpDeployedAndReadThroughTheScriptInThatOrder() throws Exception {
        LocalHosts hosts = hosts(WORKING);
        List<String> printed = new ArrayList<>();

        LocalHosts.Cluster cluster = hosts.deploy("kafka", printed::add);

        assertThat(cluster.system()).isEqualTo("kafka");
        assertThat(cluster.brokers()).isEqualTo(3);
        assertThat(cluster.version()).isEqualTo("4.4.0");
        assertThat(cluster.workerHost()).isEqualTo("host-4");
        assertThat(cluster.driverSettings())
                .containsExactly(
                        "driver.commonConfig.bootstrap.servers=10.214.1.11:9092,10.214.1.12:9092,10.214.1.13:9092");
        assertThat(calls())
                .containsExactly(
                        "up --layout kafka",
                        "deploy",
                        "inventory",
                        "ssh host-4 sudo cat /etc/benchmark/drivers/kafka-latency.yaml");
        assertThat(printed)
                .as("the script's lines reach the progress")
                .contains(
                        "6 simulated hosts up after 5 s on 10.214.1.0/24",
                        "artifact kafka_2.13-4.4.0.tgz: 97 jars, 12 s");

        assertThat(hosts.down()).isNull();
        assertThat(calls()).last().isEqualTo("down");
    }

    @Test
    void aDeployThatFailsTakesTheHostsDownAndSaysWhichStepAndWhy() throws Exception {
        LocalHosts hosts = hosts("""
                case "$1" in
                  up) echo "6 simulated hosts up" ;;
                  deploy) echo "TASK [kafka : start]"; echo "local-hosts: error: deploy.yaml failed on run 1 (the whole log: work/deploy-1.log)" >&2; exit 1 ;;
                  down) echo "simulated hosts down" ;;
                esac
                """);

        assertThatThrownBy(() -> hosts.deploy("kafka", line -> {}))
                .isInstanceOf(IOException.class)
                .hasMessage(
                        "bin/local-hosts deploy ended with exit code 1: local-hosts: error: deploy.yaml failed on run"
                                + " 1 (the whole log: work/deploy-1.log); the hosts are down again");
        assertThat(calls()).containsExactly("up --layout kafka", "deploy", "down");
    }

    @Test
    void anUpThatFailsIsTakenDownToo() throws Exception {
        LocalHosts hosts = hosts("""
                case "$1" in
                  up) echo "local-hosts: error: address range 10.214.1.0/24 is taken on this host" >&2; exit 4 ;;
                esac
                """);

        assertThatThrownBy(() -> hosts.deploy("pulsar", line -> {}))
                .hasMessage("bin/local-hosts up --layout pulsar ended with exit code 4: local-hosts: error: address"
                        + " range 10.214.1.0/24 is taken on this host; the hosts are down again");
        assertThat(calls()).containsExactly("up --layout pulsar", "down");
    }

    @Test
    void aDownThatFailsTooIsNamedWithTheStepThatFailed() throws Exception {
        LocalHosts hosts = hosts("""
                case "$1" in
                  up) echo "local-hosts: error: host-3 did not answer ssh within 60 s" >&2; exit 1 ;;
                  down) echo "local-hosts: error: down left something behind (see above)" >&2; exit 1 ;;
                esac
                """);

        assertThatThrownBy(() -> hosts.deploy("kafka", line -> {}))
                .hasMessage("bin/local-hosts up --layout kafka ended with exit code 1: local-hosts: error: host-3 did"
                        + " not answer ssh within 60 s; and bin/local-hosts down ended with exit code 1: local-hosts:"
                        + " error: down left something behind (see above)");
    }

    @Test
    void anAbortEndsTheStepUnderWayAndTheHostsAreTakenDown() throws Exception {
        LocalHosts hosts = hosts("""
                case "$1" in
                  up) echo "6 simulated hosts up" ;;
                  deploy) touch "$here/deploying"; sleep 300 ;;
                esac
                """);
        CompletableFuture<LocalHosts.Cluster> deploying = CompletableFuture.supplyAsync(() -> {
            try {
                return hosts.deploy("rabbitmq", line -> {});
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e.getMessage(), e);
            }
        });
        while (!Files.exists(dir.resolve("deploying"))) {
            Thread.sleep(20);
        }

        hosts.abort();

        assertThatThrownBy(() -> deploying.get(60, TimeUnit.SECONDS))
                .hasMessageContaining("bin/local-hosts deploy ended with exit code 143");
        assertThat(calls()).containsExactly("up --layout rabbitmq", "deploy", "down");
    }

    @Test
    void statusSaysWhetherAnyHostIsUp() throws Exception {
        assertThat(hosts(WORKING).anyUp()).isFalse();
        assertThat(hosts("echo 'simulated hosts: namespaces ombhost-hub'; exit 0")
                        .anyUp())
                .isTrue();
        assertThatThrownBy(() -> hosts("echo 'local-hosts: error: needs root' >&2; exit 5")
                        .anyUp())
                .hasMessage("bin/local-hosts status ended with exit code 5: local-hosts: error: needs root");
    }

    @Test
    void theInventoryGivesTheBrokerCountAndTheFirstWorkerHost() throws Exception {
        LocalHosts.Inventory inventory = LocalHosts.inventoryOf(INVENTORY, "kafka");

        assertThat(inventory.brokers()).isEqualTo(3);
        assertThat(inventory.firstWorker()).isEqualTo("host-4");
        assertThatThrownBy(() -> LocalHosts.inventoryOf(INVENTORY, "pulsar"))
                .hasMessage("bin/local-hosts inventory lists 0 host(s) in [pulsar] and some in [worker]; expected the"
                        + " brokers and workers of --layout pulsar");
    }

    @Test
    void theAddressesAreThoseOfTheDriverFileThePlaybookRendered() throws Exception {
        assertThat(LocalHosts.driverSettings("kafka", DEPLOYED_KAFKA, "host-4:k.yaml"))
                .containsExactly(
                        "driver.commonConfig.bootstrap.servers=10.214.1.11:9092,10.214.1.12:9092,10.214.1.13:9092");
        assertThat(LocalHosts.driverSettings("pulsar", DEPLOYED_PULSAR, "host-4:p.yaml"))
                .containsExactly(
                        "driver.client.serviceUrl=pulsar://10.214.1.11:6650,10.214.1.12:6650,10.214.1.13:6650",
                        "driver.client.httpUrl=http://10.214.1.11:8080",
                        "driver.client.clusterName=benchmark");
        assertThat(LocalHosts.driverSettings("rabbitmq", DEPLOYED_RABBITMQ, "host-4:r.yaml"))
                .containsExactly("driver.amqpUris=[amqp://benchmark:Secret01@10.214.1.11:5672,"
                        + "amqp://benchmark:Secret01@10.214.1.12:5672,amqp://benchmark:Secret01@10.214.1.13:5672]");
        assertThatThrownBy(() -> LocalHosts.driverSettings("kafka", "name: x\ndriver: kafka\n", "host-4:k.yaml"))
                .hasMessage("host-4:k.yaml has no bootstrap.servers in commonConfig");
    }

    @Test
    void theDeployedAddressesReplaceThoseOfEveryStudysDriverFileAndNothingElse() throws Exception {
        Path project = Path.of("..").toAbsolutePath().normalize();
        Map<String, String> deployed =
                Map.of("kafka", DEPLOYED_KAFKA, "pulsar", DEPLOYED_PULSAR, "rabbitmq", DEPLOYED_RABBITMQ);
        Set<String> installed = Set.of("kafka", "pulsar", "rabbitmq", "redpanda");
        int pointed = 0;
        for (String name : StudyLoader.names(project)) {
            Study study = StudyLoader.load(StudyLoader.fileOf(project, name), project);
            List<String> systems =
                    study.systems().stream().filter(LocalHosts::deploys).toList();
            if (systems.isEmpty()) {
                continue;
            }
            List<PlannedRun> runs = StudyRunPlanner.plan(
                    study,
                    project,
                    Settings.studyRun().systems(systems).localHosts().build(),
                    installed);
            for (PlannedRun run : runs) {
                List<String> addresses = LocalHosts.driverSettings(run.system(), deployed.get(run.system()), "x");
                PlannedRun onCluster = run.onCluster(addresses, 0);
                String edited = DriverAssignments.apply(
                        Files.readString(run.driverPath()), run.driverFile(), onCluster.driverSettings());
                assertThat(edited).as(run.experiment() + " on " + run.system()).contains("10.214.1.11");
                List<String> expected = new ArrayList<>(run.driverSettings());
                expected.addAll(addresses);
                assertThat(onCluster.driverSettings())
                        .as("the experiment's own settings stay as published, the addresses follow them")
                        .isEqualTo(expected);
                pointed++;
            }
        }
        assertThat(pointed).isPositive();
    }

    @Test
    void theVersionIsTheOneOfTheArtifactDeployed() {
        assertThat(LocalHosts.versionIn("kafka", "artifact kafka_2.13-4.4.0.tgz: 97 jars, 12 s\n"))
                .isEqualTo("4.4.0");
        assertThat(LocalHosts.versionIn(
                        "pulsar", "artifact apache-pulsar-4.2.4-bin.tar.gz: deployment/local/pulsar/distribution.sh\n"))
                .isEqualTo("4.2.4");
        assertThat(LocalHosts.versionIn(
                        "rabbitmq",
                        "artifact rabbitmq/: Debian's packages, rabbitmq_version=3.10.8 rabbitmq_package_version="
                                + "3.10.8-1.1 rabbitmq_erlang_version=1:25.2.3+dfsg-1\n"))
                .isEqualTo("3.10.8");
        assertThat(LocalHosts.versionIn("kafka", "deploy run 1: ok=1\n")).isNull();
    }

    @Test
    void kafkaPulsarAndRabbitMqAreDeployedAndRedpandaIsNot() {
        assertThat(LocalHosts.deploys("kafka")).isTrue();
        assertThat(LocalHosts.deploys("pulsar")).isTrue();
        assertThat(LocalHosts.deploys("rabbitmq")).isTrue();
        assertThat(LocalHosts.deploys("redpanda")).isFalse();
        assertThat(LocalHosts.deploys("loopback")).isFalse();
    }
}
