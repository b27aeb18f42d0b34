package io.openmessaging.benchmark.driver.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.driver.TopicSpec;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import io.openmessaging.benchmark.testing.TestNames;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Workloads with {@code existingTopicList} against the real local Kafka broker: the driver looks the
 * topics up in the cluster's metadata, the run uses them and creates none, and a missing topic or one
 * with other partitions than {@code partitionsPerTopic} stops the run before anything is sent.
 */
class KafkaExistingTopicsIT {

    @TempDir
    Path dir;

    @Test
    void describeTopicsReportsPartitionsOfExistingTopicsAndOmitsUnknownOnes() throws Exception {
        LocalKafkaBroker broker = SharedLocalKafka.plaintextBroker();
        String three = TestNames.unique("existing-3");
        String missing = TestNames.unique("missing");
        try (KafkaBenchmarkDriver driver = driver(broker)) {
            driver.createTopics(List.of(new TopicSpec(three, 3))).get(60, TimeUnit.SECONDS);

            assertThat(driver.describeTopics(List.of(missing, three)).get(60, TimeUnit.SECONDS))
                    .containsExactly(org.assertj.core.api.Assertions.entry(three, 3));
            // looking up created nothing
            assertThat(driver.describeTopics(List.of(missing)).get(60, TimeUnit.SECONDS))
                    .isEmpty();
        }
    }

    @Test
    void aRunOnAnExistingTopicUsesItAndCreatesNoOther() throws Exception {
        LocalKafkaBroker broker = SharedLocalKafka.plaintextBroker();
        String topic = TestNames.unique("orders");
        String prefix = TestNames.unique("never-created");
        try (KafkaBenchmarkDriver driver = driver(broker)) {
            driver.createTopics(List.of(new TopicSpec(topic, 3))).get(60, TimeUnit.SECONDS);
        }

        BenchmarkRuns.Outcome outcome = run(broker, prefix, topic, 3);

        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        TestResult result = outcome.result();
        assertThat(result.complete).isTrue();
        assertThat(result.topics).isEqualTo(1);
        assertThat(result.totalMessagesSent).isGreaterThan(4000L);
        assertThat(result.totalMessagesReceived).isEqualTo(result.totalMessagesSent);
        try (KafkaBenchmarkDriver driver = driver(broker)) {
            assertThat(driver.describeTopics(List.of(topic)).get(60, TimeUnit.SECONDS))
                    .containsEntry(topic, 3);
        }
        try (var admin = org.apache.kafka.clients.admin.Admin.create(
                java.util.Map.of("bootstrap.servers", broker.bootstrapServers()))) {
            assertThat(admin.listTopics().names().get(60, TimeUnit.SECONDS)).noneMatch(name -> name.startsWith(prefix));
        }
    }

    @Test
    void aMissingTopicStopsTheRunNamingIt() throws Exception {
        LocalKafkaBroker broker = SharedLocalKafka.plaintextBroker();
        String missing = TestNames.unique("no-such-topic");

        BenchmarkRuns.Outcome outcome = run(broker, TestNames.unique("p"), missing, 3);

        assertThat(outcome.exitCode()).isNotZero();
        assertThat(outcome.stdout() + outcome.stderr()).contains(missing).contains("do not exist");
        if (outcome.result() != null) {
            assertThat(outcome.result().complete).isFalse();
            assertThat(outcome.result().totalMessagesSent)
                    .as("a run that never started measured nothing")
                    .isNull();
        }
    }

    @Test
    void aTopicWithOtherPartitionsStopsTheRun() throws Exception {
        LocalKafkaBroker broker = SharedLocalKafka.plaintextBroker();
        String topic = TestNames.unique("two-partitions");
        try (KafkaBenchmarkDriver driver = driver(broker)) {
            driver.createTopics(List.of(new TopicSpec(topic, 2))).get(60, TimeUnit.SECONDS);
        }

        BenchmarkRuns.Outcome outcome = run(broker, TestNames.unique("p"), topic, 3);

        assertThat(outcome.exitCode()).isNotZero();
        assertThat(outcome.stdout() + outcome.stderr())
                .contains("partitionsPerTopic: 3")
                .contains("'" + topic + "' has 2 partition(s)");
    }

    private BenchmarkRuns.Outcome run(LocalKafkaBroker broker, String topicPrefix, String topic, int partitions)
            throws Exception {
        Path driver = Files.writeString(
                dir.resolve("kafka-local.yaml"),
                SharedLocalKafka.shippedYamlFor("kafka-local.yaml", broker) + "topicPrefix: " + topicPrefix + "\n");
        Path workload = Files.writeString(
                dir.resolve("existing.yaml"),
                String.join(
                        "\n",
                        "name: existing",
                        "existingTopicList: [" + topic + "]",
                        "partitionsPerTopic: " + partitions,
                        "messageSize: 100",
                        "subscriptionsPerTopic: 1",
                        "consumerPerSubscription: 1",
                        "producersPerTopic: 1",
                        "producerRate: 1000",
                        "warmupDuration: 0s",
                        "testDuration: 5s",
                        "sampleRateMillis: 1000",
                        ""));
        return BenchmarkRuns.run(dir, "-d", driver.toString(), workload.toString());
    }

    private static KafkaBenchmarkDriver driver(LocalKafkaBroker broker) throws Exception {
        KafkaBenchmarkDriver driver = new KafkaBenchmarkDriver();
        driver.configure(
                "replicationFactor: 1\ncommonConfig: |\n  bootstrap.servers=" + broker.bootstrapServers() + "\n",
                "existing-topics-test.yaml");
        driver.initialize();
        return driver;
    }
}
