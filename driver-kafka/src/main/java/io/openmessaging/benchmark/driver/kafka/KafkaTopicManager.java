package io.openmessaging.benchmark.driver.kafka;

import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.driver.TopicSpec;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.InvalidReplicationFactorException;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicIdException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates topics in batches with bounded, exponentially backed-off retries, and deletes this tool's
 * topics for {@code reset}. Blocking; the driver runs it on its admin thread.
 */
final class KafkaTopicManager {

    /** The few admin calls this class needs, so tests can stand in for a cluster. */
    interface AdminOperations {
        Map<String, CompletableFuture<Void>> createTopics(List<NewTopic> topics);

        CompletableFuture<Set<String>> listTopicNames();

        Map<String, CompletableFuture<Void>> deleteTopics(Collection<String> names);

        /**
         * For each topic, how many of its partitions cannot serve requests yet (their leader does not
         * answer a list-offsets request); -1 when the topic is not known yet.
         */
        CompletableFuture<Map<String, Integer>> partitionsNotReady(Collection<String> topics);

        static AdminOperations of(Admin admin) {
            return new AdminOperations() {
                @Override
                public Map<String, CompletableFuture<Void>> createTopics(List<NewTopic> topics) {
                    return toCompletable(admin.createTopics(topics).values());
                }

                @Override
                public CompletableFuture<Set<String>> listTopicNames() {
                    return admin.listTopics().names().toCompletionStage().toCompletableFuture();
                }

                @Override
                public Map<String, CompletableFuture<Void>> deleteTopics(Collection<String> names) {
                    return toCompletable(admin.deleteTopics(names).topicNameValues());
                }

                @Override
                public CompletableFuture<Map<String, Integer>> partitionsNotReady(Collection<String> topics) {
                    Map<String, Integer> notReady = new ConcurrentHashMap<>();
                    CompletableFuture<?>[] each = admin.describeTopics(topics).topicNameValues().entrySet().stream()
                            .map(e -> e.getValue()
                                    .toCompletionStage()
                                    .toCompletableFuture()
                                    .thenCompose(description -> countNotReady(description))
                                    .handle((count, error) -> notReady.put(e.getKey(), error != null ? -1 : count)))
                            .toArray(CompletableFuture<?>[]::new);
                    return CompletableFuture.allOf(each).thenApply(ignored -> notReady);
                }

                /** Asks every partition's leader for its end offset: it answers once it leads the partition. */
                private CompletableFuture<Integer> countNotReady(TopicDescription description) {
                    Map<TopicPartition, OffsetSpec> partitions = new HashMap<>();
                    description
                            .partitions()
                            .forEach(p -> partitions.put(
                                    new TopicPartition(description.name(), p.partition()), OffsetSpec.latest()));
                    ListOffsetsResult offsets = admin.listOffsets(
                            partitions, new ListOffsetsOptions().timeoutMs((int) READINESS_REQUEST_TIMEOUT_MS));
                    AtomicInteger failed = new AtomicInteger();
                    CompletableFuture<?>[] each = partitions.keySet().stream()
                            .map(tp -> offsets.partitionResult(tp)
                                    .toCompletionStage()
                                    .toCompletableFuture()
                                    .handle((info, error) -> error == null ? 0 : failed.incrementAndGet()))
                            .toArray(CompletableFuture<?>[]::new);
                    return CompletableFuture.allOf(each).thenApply(ignored -> failed.get());
                }
            };
        }

        private static Map<String, CompletableFuture<Void>> toCompletable(Map<String, KafkaFuture<Void>> futures) {
            Map<String, CompletableFuture<Void>> result = new LinkedHashMap<>();
            futures.forEach((name, f) -> result.put(name, f.toCompletionStage().toCompletableFuture()));
            return result;
        }
    }

    /** Waits; tests pass one that records instead of sleeping. */
    interface Sleeper {
        void sleep(long millis) throws InterruptedException;
    }

    private static final Logger log = LoggerFactory.getLogger(KafkaTopicManager.class);
    private static final int NAMES_IN_MESSAGES = 10;
    private static final long DELETION_POLL_MS = 200;
    private static final long LEADER_POLL_MS = 100;
    private static final long READINESS_REQUEST_TIMEOUT_MS = 5_000;

    private final AdminOperations admin;
    private final Sleeper sleeper;
    /**
     * The most metadata records Kafka's KRaft controller writes for one request: a {@code CreateTopics}
     * above it fails with "Unable to perform excessively large batch operation" (or, above 10,000
     * partitions, "Excessively large number of partitions per request"). So a batch of topics stays within
     * it whatever {@code topicCreationBatchSize} says.
     */
    static final int MAX_RECORDS_PER_REQUEST = 10_000;

    /**
     * Records a topic costs the controller, as an upper bound: its topic record, one per partition, one per
     * config, and one more when it has configs. Measured against the local broker (Kafka 4.3): 1 topic of
     * 9,999 partitions is created and of 10,000 refused; with one config, 9,997 created and 9,998 refused;
     * 2 topics of 4,999 created, with a config each refused.
     */
    static int controllerRecords(int partitions, int configs) {
        return 2 + partitions + configs;
    }

    private final int batchSize;
    private final int maxRetries;

    KafkaTopicManager(AdminOperations admin, Sleeper sleeper, int batchSize, int maxRetries) {
        this.admin = admin;
        this.sleeper = sleeper;
        this.batchSize = batchSize;
        this.maxRetries = maxRetries;
    }

    /**
     * Creates every topic, then waits until each partition has a leader; an existing topic counts as
     * created. Retriable failures are retried up to {@code maxRetries} times with exponential backoff;
     * any other failure fails at once.
     *
     * @throws DriverException naming the topics that could not be created and the cause
     */
    void createTopics(List<TopicSpec> topics, Optional<Short> replicationFactor, Map<String, String> topicConfigs)
            throws DriverException, InterruptedException {
        List<NewTopic> pending = new ArrayList<>();
        for (TopicSpec spec : topics) {
            pending.add(
                    new NewTopic(spec.name(), Optional.of(spec.partitions()), replicationFactor).configs(topicConfigs));
        }
        for (int attempt = 0; ; attempt++) {
            List<NewTopic> retry = new ArrayList<>();
            Throwable lastRetriable = null;
            Map<NewTopic, Throwable> fatal = new LinkedHashMap<>();
            for (List<NewTopic> batch : batches(pending)) {
                Map<String, CompletableFuture<Void>> results = submitCreate(batch);
                for (NewTopic topic : batch) {
                    Throwable cause = outcome(results.get(topic.name()));
                    if (cause == null || cause instanceof TopicExistsException) {
                        continue;
                    }
                    if (cause instanceof RetriableException) {
                        retry.add(topic);
                        lastRetriable = cause;
                    } else {
                        fatal.put(topic, cause);
                    }
                }
            }
            if (!fatal.isEmpty()) {
                Map.Entry<NewTopic, Throwable> first =
                        fatal.entrySet().iterator().next();
                throw new DriverException(
                        "cannot create " + fatal.size() + " of " + topics.size() + " topics ("
                                + names(fatal.keySet()) + "; " + first.getKey().numPartitions()
                                + " partitions, replication"
                                + " factor "
                                + replicationFactor.map(String::valueOf).orElse("broker default") + "): "
                                + describe(first.getValue()) + hint(first.getValue()),
                        first.getValue());
            }
            if (retry.isEmpty()) {
                awaitServingLeaders(topics);
                return;
            }
            if (attempt >= maxRetries) {
                throw new DriverException(
                        "cannot create " + retry.size() + " of " + topics.size() + " topics ("
                                + names(retry) + ") after " + (attempt + 1) + " attempts (topicCreationMaxRetries is "
                                + maxRetries + "); last error: " + describe(lastRetriable),
                        lastRetriable);
            }
            long backoff = backoffMs(attempt);
            log.warn(
                    "Creating {} topics failed with a retriable error ({}); retry {} of {} in {} ms",
                    retry.size(),
                    describe(lastRetriable),
                    attempt + 1,
                    maxRetries,
                    backoff);
            sleeper.sleep(backoff);
            pending = retry;
        }
    }

    /**
     * Waits until the leader of every partition of the topics serves requests. Creation completes when
     * the controller has recorded the topics, possibly before the leaders applied it; an idempotent
     * producer whose first batch meets a leader in that state can stall that batch until {@code
     * delivery.timeout.ms} (KAFKA-15591). A broker's metadata may already name the leader while the
     * leader is not serving yet, so readiness is asked of the leaders (list offsets), not of metadata.
     */
    private void awaitServingLeaders(List<TopicSpec> topics) throws DriverException, InterruptedException {
        List<String> names = topics.stream().map(TopicSpec::name).collect(Collectors.toList());
        Map<String, Integer> notServed = Map.of();
        long polls = KafkaDriverDefaults.TOPIC_LEADER_WAIT_MS / LEADER_POLL_MS;
        for (long i = 0; i <= polls; i++) {
            for (int from = 0; from < names.size(); from += batchSize) {
                List<String> batch = names.subList(from, Math.min(names.size(), from + batchSize));
                try {
                    notServed = admin.partitionsNotReady(batch).get();
                } catch (ExecutionException | RuntimeException e) {
                    notServed = Map.of(batch.get(0), -1);
                }
                if (notServed.values().stream().anyMatch(n -> n != 0)) {
                    break;
                }
            }
            if (notServed.values().stream().allMatch(n -> n == 0)) {
                return;
            }
            sleeper.sleep(LEADER_POLL_MS);
        }
        List<String> waiting = notServed.entrySet().stream()
                .filter(e -> e.getValue() != 0)
                .map(e -> e.getKey()
                        + (e.getValue() < 0 ? " (unknown)" : " (" + e.getValue() + " partitions not served)"))
                .collect(Collectors.toList());
        throw new DriverException("topics were created but not every partition's leader served requests after "
                + KafkaDriverDefaults.TOPIC_LEADER_WAIT_MS + " ms: " + String.join(", ", waiting));
    }

    /**
     * Deletes every topic whose name starts with {@code prefix} and waits until the cluster no longer
     * lists them. A topic that is already gone counts as deleted.
     */
    void deleteTopicsWithPrefix(String prefix) throws DriverException, InterruptedException {
        Set<String> doomed = withPrefix(prefix);
        if (doomed.isEmpty()) {
            return;
        }
        log.info("reset: deleting {} topics starting with '{}'", doomed.size(), prefix);
        Map<String, CompletableFuture<Void>> results;
        try {
            results = admin.deleteTopics(doomed);
        } catch (RuntimeException e) {
            throw new DriverException("reset: cannot delete topics starting with '" + prefix + "': " + describe(e), e);
        }
        for (Map.Entry<String, CompletableFuture<Void>> result : results.entrySet()) {
            Throwable cause = outcome(result.getValue());
            if (cause != null
                    && !(cause instanceof UnknownTopicOrPartitionException)
                    && !(cause instanceof UnknownTopicIdException)) {
                throw new DriverException(
                        "reset: cannot delete topic '" + result.getKey() + "': " + describe(cause) + hint(cause),
                        cause);
            }
        }
        long polls = KafkaDriverDefaults.TOPIC_DELETION_WAIT_MS / DELETION_POLL_MS;
        for (long i = 0; i < polls; i++) {
            Set<String> remaining = withPrefix(prefix);
            remaining.retainAll(doomed);
            if (remaining.isEmpty()) {
                return;
            }
            sleeper.sleep(DELETION_POLL_MS);
        }
        throw new DriverException("reset: topics starting with '" + prefix + "' were deleted but still listed after "
                + KafkaDriverDefaults.TOPIC_DELETION_WAIT_MS + " ms");
    }

    static long backoffMs(int attempt) {
        long backoff = KafkaDriverDefaults.TOPIC_CREATION_INITIAL_BACKOFF_MS << Math.min(attempt, 20);
        return Math.min(backoff, KafkaDriverDefaults.TOPIC_CREATION_MAX_BACKOFF_MS);
    }

    private Set<String> withPrefix(String prefix) throws DriverException, InterruptedException {
        Set<String> names;
        try {
            names = admin.listTopicNames().get();
        } catch (ExecutionException e) {
            throw new DriverException(
                    "reset: cannot list topics: " + describe(e.getCause()) + hint(e.getCause()), e.getCause());
        } catch (RuntimeException e) {
            throw new DriverException("reset: cannot list topics: " + describe(e), e);
        }
        return names.stream().filter(n -> n.startsWith(prefix)).collect(Collectors.toCollection(HashSet::new));
    }

    /**
     * {@code topics} in request-sized batches: at most {@code topicCreationBatchSize} topics and {@value
     * #MAX_RECORDS_PER_REQUEST} controller records each (a larger topic goes alone, and the broker says why).
     */
    List<List<NewTopic>> batches(List<NewTopic> topics) {
        List<List<NewTopic>> batches = new ArrayList<>();
        List<NewTopic> batch = new ArrayList<>();
        long records = 0;
        for (NewTopic topic : topics) {
            int topicRecords = controllerRecords(
                    Math.max(1, topic.numPartitions()),
                    topic.configs() == null ? 0 : topic.configs().size());
            if (!batch.isEmpty() && (batch.size() >= batchSize || records + topicRecords > MAX_RECORDS_PER_REQUEST)) {
                batches.add(batch);
                batch = new ArrayList<>();
                records = 0;
            }
            batch.add(topic);
            records += topicRecords;
        }
        if (!batch.isEmpty()) {
            batches.add(batch);
        }
        return batches;
    }

    private Map<String, CompletableFuture<Void>> submitCreate(List<NewTopic> batch) {
        try {
            return admin.createTopics(batch);
        } catch (RuntimeException e) {
            Map<String, CompletableFuture<Void>> failed = new LinkedHashMap<>();
            batch.forEach(t -> failed.put(t.name(), CompletableFuture.failedFuture(e)));
            return failed;
        }
    }

    /** Waits for one result: null on success, otherwise the cause. */
    private static Throwable outcome(CompletableFuture<Void> future) throws InterruptedException {
        if (future == null) {
            return new IllegalStateException("the admin client returned no result for this topic");
        }
        try {
            future.get();
            return null;
        } catch (ExecutionException e) {
            return e.getCause() == null ? e : e.getCause();
        }
    }

    private static String names(Collection<NewTopic> topics) {
        List<String> names = topics.stream().map(NewTopic::name).collect(Collectors.toList());
        return names.size() <= NAMES_IN_MESSAGES
                ? String.join(", ", names)
                : String.join(", ", names.subList(0, NAMES_IN_MESSAGES)) + " and " + (names.size() - NAMES_IN_MESSAGES)
                        + " more";
    }

    static String describe(Throwable cause) {
        return cause == null ? "unknown cause" : cause.getClass().getSimpleName() + ": " + cause.getMessage();
    }

    static String hint(Throwable cause) {
        if (cause instanceof InvalidReplicationFactorException) {
            return " (the cluster has fewer brokers than replicationFactor; lower replicationFactor in the driver"
                    + " YAML, e.g. 1 for a single local broker)";
        }
        if (cause instanceof AuthenticationException) {
            return " (check security.protocol, sasl.mechanism and sasl.jaas.config in commonConfig)";
        }
        if (cause instanceof AuthorizationException) {
            return " (the client's principal lacks the ACL for this operation)";
        }
        return "";
    }
}
