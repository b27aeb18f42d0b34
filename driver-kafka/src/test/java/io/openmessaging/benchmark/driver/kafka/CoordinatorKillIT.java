package io.openmessaging.benchmark.driver.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.testing.BenchmarkRuns;
import io.openmessaging.benchmark.testing.WorkerProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The coordinator-kill drill against the real local Kafka broker: two worker processes produce for a
 * coordinator process that is killed with SIGKILL mid-run. Within the run's lease each worker stops its
 * load by itself and is idle again, and the topic stops growing: nothing sends for a coordinator that is
 * gone.
 */
class CoordinatorKillIT {

    private static final int LEASE_SECONDS = 5;

    @TempDir
    Path dir;

    private final List<WorkerProcess> workers = new ArrayList<>();
    private Process coordinator;

    @AfterEach
    void stopEverything() throws InterruptedException {
        if (coordinator != null) {
            coordinator.destroyForcibly().waitFor();
        }
        for (WorkerProcess worker : workers) {
            worker.close();
        }
    }

    @Test
    void killedCoordinatorLeavesBothWorkersIdleWithinTheLeaseAndNothingSending() throws Exception {
        for (int i = 0; i < 2; i++) {
            workers.add(WorkerProcess.start());
        }
        String urls = workers.stream().map(WorkerProcess::url).collect(Collectors.joining(","));
        LocalKafkaBroker broker = SharedLocalKafka.plaintextBroker();
        Path driver = Files.writeString(
                dir.resolve("kafka-local.yaml"), SharedLocalKafka.shippedYamlFor("kafka-local.yaml", broker));
        Path workload = BenchmarkRuns.workload(dir, "coordinator-kill", 4, 1, 1, 1000, "2s", "10m", 1000);
        Path log = dir.resolve("coordinator.log");
        Set<String> topicsBefore = topicNames(broker);
        coordinator = BenchmarkRuns.startBenchmark(
                log,
                List.of(),
                "-d",
                driver.toString(),
                "-w",
                urls,
                "--worker-lease-seconds",
                String.valueOf(LEASE_SECONDS),
                "--output-dir",
                dir.resolve("results").toString(),
                workload.toString());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!Files.readString(log).contains("measured 3") && System.nanoTime() < deadline) {
            assertThat(coordinator.isAlive()).as(Files.readString(log)).isTrue();
            Thread.sleep(100);
        }
        assertThat(Files.readString(log)).contains("measured 3");
        Set<String> topics = topicNames(broker);
        topics.removeAll(topicsBefore);
        topics.removeIf(name -> name.startsWith("__")); // the broker's own, e.g. __consumer_offsets
        assertThat(topics).as("the run's topic").hasSize(1);
        long offsetsAtKill = endOffsets(broker, topics);

        coordinator.destroyForcibly(); // SIGKILL: no shutdown hook, no stop sent to the workers
        coordinator.waitFor();
        long killedNanos = System.nanoTime();

        for (WorkerProcess worker : workers) {
            // idle, and the run's clients closed (the log line follows the close)
            while (!worker.get("/v1/health", null).contains("\"state\":\"idle\"")
                    || !worker.log().contains("Run stopped; worker idle")) {
                assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - killedNanos))
                        .as(
                                "worker %s still busy %s s after the kill: %s",
                                worker.url(), LEASE_SECONDS + 10, worker.log())
                        .isLessThan(LEASE_SECONDS + 10);
                Thread.sleep(100);
            }
            assertThat(worker.get("/v1/health", null)).contains("lease expired: no request from its coordinator");
            assertThat(worker.log()).contains("lease expired");
        }
        long idleAfterMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killedNanos);
        assertThat(idleAfterMillis).isGreaterThanOrEqualTo((LEASE_SECONDS - 1) * 1000L);

        long offsetsWhenIdle = endOffsets(broker, topics);
        assertThat(offsetsWhenIdle)
                .as("messages produced before the workers stopped")
                .isGreaterThan(offsetsAtKill);
        Thread.sleep(3000);
        assertThat(endOffsets(broker, topics)).as("nothing sent once idle").isEqualTo(offsetsWhenIdle);
    }

    private static Admin admin(LocalKafkaBroker broker) {
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()));
    }

    private static Set<String> topicNames(LocalKafkaBroker broker) throws Exception {
        try (Admin admin = admin(broker)) {
            return new java.util.HashSet<>(admin.listTopics().names().get(30, TimeUnit.SECONDS));
        }
    }

    /** The sum of the end offsets of every partition of {@code topics}. */
    private static long endOffsets(LocalKafkaBroker broker, Set<String> topics) throws Exception {
        try (Admin admin = admin(broker)) {
            Map<TopicPartition, OffsetSpec> latest = new java.util.HashMap<>();
            for (TopicDescription topic : admin.describeTopics(topics)
                    .allTopicNames()
                    .get(30, TimeUnit.SECONDS)
                    .values()) {
                topic.partitions()
                        .forEach(p -> latest.put(new TopicPartition(topic.name(), p.partition()), OffsetSpec.latest()));
            }
            return admin.listOffsets(latest).all().get(30, TimeUnit.SECONDS).values().stream()
                    .mapToLong(info -> info.offset())
                    .sum();
        }
    }
}
