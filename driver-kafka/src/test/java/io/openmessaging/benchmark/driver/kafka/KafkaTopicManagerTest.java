package io.openmessaging.benchmark.driver.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.driver.TopicSpec;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.InvalidReplicationFactorException;
import org.apache.kafka.common.errors.NotControllerException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.junit.jupiter.api.Test;

class KafkaTopicManagerTest {

    /** A cluster stand-in: topics it holds, and scripted failures per topic name. */
    private static final class FakeAdmin implements KafkaTopicManager.AdminOperations {
        final Set<String> topics = new TreeSet<>();
        final Map<String, Deque<RuntimeException>> createFailures = new HashMap<>();
        final Map<String, RuntimeException> deleteFailures = new HashMap<>();
        final List<List<String>> createBatches = new ArrayList<>();
        final List<NewTopic> created = new ArrayList<>();
        final List<String> deleted = new ArrayList<>();
        /** Readiness calls after which a created topic's partitions are served. */
        int describesUntilLeaders;

        int describes;

        void failCreate(String topic, RuntimeException... failures) {
            createFailures.computeIfAbsent(topic, t -> new ArrayDeque<>()).addAll(List.of(failures));
        }

        @Override
        public Map<String, CompletableFuture<Void>> createTopics(List<NewTopic> batch) {
            createBatches.add(batch.stream().map(NewTopic::name).collect(Collectors.toList()));
            Map<String, CompletableFuture<Void>> results = new LinkedHashMap<>();
            for (NewTopic topic : batch) {
                RuntimeException failure = Optional.ofNullable(createFailures.get(topic.name()))
                        .map(Deque::poll)
                        .orElse(null);
                if (failure != null) {
                    results.put(topic.name(), CompletableFuture.failedFuture(failure));
                } else if (!topics.add(topic.name())) {
                    results.put(topic.name(), CompletableFuture.failedFuture(new TopicExistsException(topic.name())));
                } else {
                    created.add(topic);
                    results.put(topic.name(), CompletableFuture.completedFuture(null));
                }
            }
            return results;
        }

        @Override
        public CompletableFuture<Set<String>> listTopicNames() {
            return CompletableFuture.completedFuture(Set.copyOf(topics));
        }

        @Override
        public CompletableFuture<Map<String, Integer>> partitionsNotReady(Collection<String> names) {
            describes++;
            Map<String, Integer> leaderless = new HashMap<>();
            for (String name : names) {
                leaderless.put(name, !topics.contains(name) ? -1 : describes > describesUntilLeaders ? 0 : 4);
            }
            return CompletableFuture.completedFuture(leaderless);
        }

        @Override
        public Map<String, CompletableFuture<Void>> deleteTopics(Collection<String> names) {
            Map<String, CompletableFuture<Void>> results = new LinkedHashMap<>();
            for (String name : names) {
                RuntimeException failure = deleteFailures.get(name);
                deleted.add(name);
                topics.remove(name);
                results.put(
                        name,
                        failure == null
                                ? CompletableFuture.completedFuture(null)
                                : CompletableFuture.failedFuture(failure));
            }
            return results;
        }
    }

    private final FakeAdmin admin = new FakeAdmin();
    private final List<Long> sleeps = new ArrayList<>();

    private KafkaTopicManager manager(int batchSize, int maxRetries) {
        return new KafkaTopicManager(admin, sleeps::add, batchSize, maxRetries);
    }

    private static List<TopicSpec> topics(int count) {
        return IntStream.range(0, count)
                .mapToObj(i -> new TopicSpec("test-topic-" + i, 4))
                .collect(Collectors.toList());
    }

    @Test
    void createsInBatchesWithPartitionsReplicationAndConfigs() throws Exception {
        manager(2, 0).createTopics(topics(5), Optional.of((short) 3), Map.of("min.insync.replicas", "2"));
        assertThat(admin.createBatches).extracting(List::size).containsExactly(2, 2, 1);
        assertThat(admin.created).hasSize(5).allSatisfy(t -> {
            assertThat(t.numPartitions()).isEqualTo(4);
            assertThat(t.replicationFactor()).isEqualTo((short) 3);
            assertThat(t.configs()).isEqualTo(Map.of("min.insync.replicas", "2"));
        });
        assertThat(sleeps).isEmpty();
    }

    @Test
    void aRequestStaysWithinTheControllersRecordLimitWhateverTheBatchSize() throws Exception {
        // Kafka's controller refuses a CreateTopics request above 10,000 metadata records (checked against the
        // local broker: 150 topics of 100 partitions, or 100 of 100, in one request are refused), so 500 topics
        // of 100 partitions (102 records each) go in requests of 98 topics
        List<TopicSpec> specs = IntStream.range(0, 500)
                .mapToObj(i -> new TopicSpec("test-topic-" + i, 100))
                .collect(Collectors.toList());
        manager(500, 0).createTopics(specs, Optional.empty(), Map.of());
        assertThat(admin.createBatches).extracting(List::size).containsExactly(98, 98, 98, 98, 98, 10);
        assertThat(admin.created).hasSize(500);

        admin.createBatches.clear();
        List<TopicSpec> mixed = List.of(
                new TopicSpec("a", 6_000),
                new TopicSpec("b", 3_996),
                new TopicSpec("c", 1),
                new TopicSpec("d", 12_000),
                new TopicSpec("e", 1));
        manager(500, 0).createTopics(mixed, Optional.empty(), Map.of("retention.ms", "1"));
        // a + b = 2 + 6,000 + 1 + 2 + 3,996 + 1 = 10,002 records: b goes with c; d alone (the broker refuses it)
        assertThat(admin.createBatches).containsExactly(List.of("a"), List.of("b", "c"), List.of("d"), List.of("e"));
    }

    @Test
    void creationWaitsUntilEveryPartitionLeaderServes() throws Exception {
        admin.describesUntilLeaders = 3;
        manager(10, 0).createTopics(topics(2), Optional.empty(), Map.of());
        assertThat(admin.describes).isEqualTo(4);
        assertThat(sleeps).containsExactly(100L, 100L, 100L);
    }

    @Test
    void creationFailsWhenPartitionsStayLeaderless() {
        admin.describesUntilLeaders = Integer.MAX_VALUE;
        assertThatThrownBy(() -> manager(10, 0).createTopics(topics(1), Optional.empty(), Map.of()))
                .isInstanceOf(DriverException.class)
                .hasMessageContaining(
                        "not every partition's leader served requests after 30000 ms: test-topic-0 (4 partitions not served)");
    }

    @Test
    void existingTopicCountsAsCreated() throws Exception {
        admin.topics.add("test-topic-1");
        manager(10, 0).createTopics(topics(3), Optional.empty(), Map.of());
        assertThat(admin.topics).contains("test-topic-0", "test-topic-1", "test-topic-2");
    }

    @Test
    void retriableFailuresAreRetriedWithExponentialBackoff() throws Exception {
        admin.failCreate(
                "test-topic-1",
                new TimeoutException("slow"),
                new NotControllerException("moved"),
                new TimeoutException("slow"));
        manager(10, 5).createTopics(topics(3), Optional.empty(), Map.of());
        assertThat(admin.topics).hasSize(3);
        assertThat(sleeps).containsExactly(200L, 400L, 800L);
        assertThat(admin.createBatches.subList(1, 4))
                .allSatisfy(b -> assertThat(b).containsExactly("test-topic-1"));
    }

    @Test
    void backoffIsCapped() {
        assertThat(KafkaTopicManager.backoffMs(0)).isEqualTo(200);
        assertThat(KafkaTopicManager.backoffMs(5)).isEqualTo(6_400);
        assertThat(KafkaTopicManager.backoffMs(6)).isEqualTo(10_000);
        assertThat(KafkaTopicManager.backoffMs(40)).isEqualTo(10_000);
    }

    @Test
    void givesUpAfterMaxRetriesNamingTopicsAndCause() {
        for (String name : List.of("test-topic-0", "test-topic-2")) {
            admin.failCreate(
                    name,
                    new TimeoutException("no controller"),
                    new TimeoutException("no controller"),
                    new TimeoutException("no controller"));
        }
        assertThatThrownBy(() -> manager(10, 2).createTopics(topics(3), Optional.empty(), Map.of()))
                .isInstanceOf(DriverException.class)
                .hasMessageContaining("cannot create 2 of 3 topics (test-topic-0, test-topic-2) after 3 attempts")
                .hasMessageContaining("topicCreationMaxRetries is 2")
                .hasMessageContaining("TimeoutException: no controller");
        assertThat(sleeps).containsExactly(200L, 400L);
    }

    @Test
    void nonRetriableFailureFailsAtOnceWithAHint() {
        admin.failCreate(
                "test-topic-0",
                new InvalidReplicationFactorException("Replication factor: 3 larger than" + " available brokers: 1."));
        assertThatThrownBy(() -> manager(10, 5).createTopics(topics(2), Optional.of((short) 3), Map.of()))
                .isInstanceOf(DriverException.class)
                .hasMessageContaining("cannot create 1 of 2 topics (test-topic-0; 4 partitions, replication factor 3)")
                .hasMessageContaining("InvalidReplicationFactorException")
                .hasMessageContaining("lower replicationFactor");
        assertThat(sleeps).isEmpty();
    }

    @Test
    void resetDeletesOnlyTopicsWithThePrefixAndToleratesVanishedOnes() throws Exception {
        admin.topics.addAll(List.of("test-topic-a", "test-topic-b", "other", "__consumer_offsets"));
        admin.deleteFailures.put("test-topic-b", new UnknownTopicOrPartitionException("gone already"));
        manager(10, 0).deleteTopicsWithPrefix("test-topic");
        assertThat(admin.deleted).containsExactlyInAnyOrder("test-topic-a", "test-topic-b");
        assertThat(admin.topics).containsExactlyInAnyOrder("other", "__consumer_offsets");
    }

    @Test
    void resetWithNothingToDeleteDeletesNothing() throws Exception {
        admin.topics.add("other");
        manager(10, 0).deleteTopicsWithPrefix("test-topic");
        assertThat(admin.deleted).isEmpty();
    }

    @Test
    void resetFailsOnOtherDeletionErrors() {
        admin.topics.add("test-topic-a");
        admin.deleteFailures.put(
                "test-topic-a", new org.apache.kafka.common.errors.TopicAuthorizationException("denied"));
        assertThatThrownBy(() -> manager(10, 0).deleteTopicsWithPrefix("test-topic"))
                .isInstanceOf(DriverException.class)
                .hasMessageContaining("reset: cannot delete topic 'test-topic-a'")
                .hasMessageContaining("lacks the ACL");
    }
}
