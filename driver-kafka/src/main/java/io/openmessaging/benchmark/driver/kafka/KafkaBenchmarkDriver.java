package io.openmessaging.benchmark.driver.kafka;

import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.driver.TopicSpec;
import io.openmessaging.benchmark.driver.WorkloadShape;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.DescribeClusterResult;
import org.apache.kafka.clients.admin.DescribeFeaturesOptions;
import org.apache.kafka.clients.admin.FeatureMetadata;
import org.apache.kafka.clients.admin.SupportedVersionRange;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Kafka driver: one {@link KafkaProducer} per benchmark producer, one {@link KafkaConsumer} (with
 * its own poll thread) per benchmark consumer, and one admin client for topics.
 *
 * <p>Kafka-protocol drivers for other systems extend it with their own id and {@link
 * KafkaDriverDefaults}.
 */
public class KafkaBenchmarkDriver implements BenchmarkDriver {

    private static final Logger log = LoggerFactory.getLogger(KafkaBenchmarkDriver.class);
    private static final long DESCRIBE_FEATURES_TIMEOUT_MS = 5_000;
    private static final String METADATA_VERSION_FEATURE = "metadata.version";

    private final String driverId;
    private final KafkaDriverDefaults defaults;
    private final KafkaDriverStats stats = new KafkaDriverStats();
    private final Set<BenchmarkProducer> producers = ConcurrentHashMap.newKeySet();
    private final Set<KafkaBenchmarkConsumer> consumers = ConcurrentHashMap.newKeySet();
    private final Map<String, String> clusterFacts = new LinkedHashMap<>();

    private volatile KafkaDriverConfig config;
    private volatile Admin admin;
    private volatile ExecutorService adminExecutor;
    private volatile KafkaTopicManager topicManager;
    /** Commits transactions that stayed open too long ({@code transactionMaxOpenMs}); only with transactions. */
    private volatile ScheduledExecutorService transactionTimer;

    private boolean resetDone; // admin thread only

    public KafkaBenchmarkDriver() {
        this("kafka", KafkaDriverDefaults.KAFKA);
    }

    /**
     * @param driverId id used in log lines and in {@link #describe()} keys
     * @param defaults this driver's defaults
     */
    protected KafkaBenchmarkDriver(String driverId, KafkaDriverDefaults defaults) {
        this.driverId = driverId;
        this.defaults = defaults;
    }

    @Override
    public void configure(String driverYaml, String sourceName) throws DriverException {
        this.config = KafkaDriverConfig.parse(driverYaml, sourceName, defaults);
    }

    /** The parsed driver YAML; null before {@link #configure}. */
    public KafkaDriverConfig config() {
        return config;
    }

    @Override
    public void initialize() throws DriverException {
        KafkaDriverConfig cfg = requireConfigured();
        if (admin != null) {
            throw new DriverException(driverId + " driver is already initialized");
        }
        Admin client;
        try {
            client = Admin.create(cfg.adminProperties());
        } catch (KafkaException e) {
            throw new DriverException(
                    cfg.sourceName() + ": cannot create the admin client from " + KafkaDriverConfig.COMMON_CONFIG + ": "
                            + KafkaTopicManager.describe(rootCause(e)),
                    e);
        }
        try {
            describeCluster(client, cfg);
        } catch (DriverException e) {
            client.close(Duration.ZERO);
            throw e;
        }
        admin = client;
        adminExecutor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, driverId + "-driver-admin");
            t.setDaemon(true);
            return t;
        });
        topicManager = new KafkaTopicManager(
                KafkaTopicManager.AdminOperations.of(client),
                Thread::sleep,
                cfg.topicCreationBatchSize(),
                cfg.topicCreationMaxRetries());
    }

    @Override
    public List<String> loadProblems(WorkloadShape workload) {
        KafkaDriverConfig cfg = config;
        if (cfg == null) {
            throw new IllegalStateException(driverId + " driver: configure() must be called before loadProblems()");
        }
        List<String> problems = new ArrayList<>(KafkaLoadLimits.problems(
                cfg, defaults.apacheKafkaLimits(), workload.messageBytes(), workload.partitionsPerTopic()));
        if (cfg.groupId().isPresent() && workload.subscriptionsPerTopic() > 1) {
            problems.add(cfg.sourceName() + ": group.id " + cfg.groupId().get() + " would put the workload's "
                    + workload.subscriptionsPerTopic() + " subscriptions per topic into one consumer group, so each"
                    + " would receive only a share of the messages; remove group.id (each subscription is then a group"
                    + " of its own) or set subscriptionsPerTopic: 1");
        }
        return problems;
    }

    @Override
    public List<String> configWarnings() {
        KafkaDriverConfig cfg = config;
        if (cfg == null) {
            throw new IllegalStateException(driverId + " driver: configure() must be called before configWarnings()");
        }
        return cfg.configWarnings();
    }

    @Override
    public String topicNamePrefix() {
        KafkaDriverConfig cfg = config;
        return cfg == null ? defaults.topicPrefix() : cfg.topicPrefix();
    }

    @Override
    public CompletableFuture<Void> createTopics(List<TopicSpec> topics) {
        KafkaTopicManager manager = topicManager;
        if (manager == null) {
            return CompletableFuture.failedFuture(notInitialized("create topics"));
        }
        KafkaDriverConfig cfg = config;
        List<TopicSpec> copy = List.copyOf(topics);
        CompletableFuture<Void> done = new CompletableFuture<>();
        try {
            adminExecutor.execute(() -> {
                try {
                    if (cfg.reset() && !resetDone) {
                        manager.deleteTopicsWithPrefix(cfg.topicPrefix());
                        resetDone = true;
                    }
                    manager.createTopics(copy, cfg.replicationFactor(), cfg.topicConfigs());
                    done.complete(null);
                } catch (DriverException e) {
                    done.completeExceptionally(e);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    done.completeExceptionally(new DriverException("interrupted while creating topics", e));
                } catch (RuntimeException e) {
                    done.completeExceptionally(
                            new DriverException("creating topics failed: " + KafkaTopicManager.describe(e), e));
                }
            });
        } catch (RuntimeException e) {
            done.completeExceptionally(new DriverException(driverId + " driver is closed; cannot create topics", e));
        }
        return done;
    }

    /** Partition counts from the cluster's metadata; an unknown topic has no entry. Creates nothing. */
    @Override
    public CompletableFuture<Map<String, Integer>> describeTopics(List<String> topics) {
        Admin client = admin;
        if (client == null) {
            return CompletableFuture.failedFuture(notInitialized("look up topics"));
        }
        Map<String, Integer> found = new ConcurrentHashMap<>();
        CompletableFuture<?>[] each;
        try {
            each = client.describeTopics(topics).topicNameValues().entrySet().stream()
                    .map(entry -> entry.getValue()
                            .toCompletionStage()
                            .toCompletableFuture()
                            .handle((description, error) -> {
                                if (error == null) {
                                    found.put(
                                            entry.getKey(),
                                            description.partitions().size());
                                    return null;
                                }
                                Throwable cause = rootCause(error);
                                if (cause instanceof UnknownTopicOrPartitionException) {
                                    return null;
                                }
                                throw new CompletionException(new DriverException(
                                        driverId
                                                + " driver: cannot look up topic '" + entry.getKey() + "': "
                                                + KafkaTopicManager.describe(cause),
                                        cause));
                            }))
                    .toArray(CompletableFuture<?>[]::new);
        } catch (KafkaException e) {
            return CompletableFuture.failedFuture(new DriverException(
                    driverId + " driver: cannot look up topics: " + KafkaTopicManager.describe(e), e));
        }
        return CompletableFuture.allOf(each).thenApply(ignored -> {
            Map<String, Integer> inOrder = new LinkedHashMap<>();
            topics.stream().filter(found::containsKey).forEach(name -> inOrder.put(name, found.get(name)));
            return inOrder;
        });
    }

    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
        KafkaDriverConfig cfg = config;
        if (admin == null) {
            return CompletableFuture.failedFuture(notInitialized("create a producer"));
        }
        try {
            BenchmarkProducer producer;
            if (cfg.requestsPerTransaction().isPresent()) {
                Map<String, Object> properties = cfg.producerProperties();
                properties.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "omb-tx-" + topic + "-" + UUID.randomUUID());
                KafkaTransactionalProducer transactional = new KafkaTransactionalProducer(
                        new KafkaProducer<>(properties),
                        topic,
                        cfg.requestsPerTransaction().get(),
                        cfg.transactionMaxOpenMs(),
                        stats);
                transactionTimer()
                        .scheduleWithFixedDelay(
                                transactional::commitIfOpenTooLong,
                                cfg.transactionMaxOpenMs(),
                                Math.max(1, cfg.transactionMaxOpenMs() / 4),
                                TimeUnit.MILLISECONDS);
                producer = transactional;
            } else {
                producer =
                        new KafkaBenchmarkProducer(new KafkaProducer<>(cfg.producerProperties()), topic, cfg.stampIn());
            }
            producers.add(producer);
            return CompletableFuture.completedFuture(producer);
        } catch (KafkaException e) {
            return CompletableFuture.failedFuture(new DriverException(
                    cfg.sourceName() + ": cannot create a producer"
                            + " for topic " + topic + " from " + KafkaDriverConfig.COMMON_CONFIG + " and "
                            + KafkaDriverConfig.PRODUCER_CONFIG + ": " + KafkaTopicManager.describe(rootCause(e)),
                    e));
        }
    }

    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(
            String topic, String subscriptionName, ConsumerCallback callback) {
        KafkaDriverConfig cfg = config;
        if (admin == null) {
            return CompletableFuture.failedFuture(notInitialized("create a consumer"));
        }
        try {
            KafkaBenchmarkConsumer consumer = new KafkaBenchmarkConsumer(
                    new KafkaConsumer<>(cfg.consumerProperties(subscriptionName)),
                    topic,
                    subscriptionName,
                    callback,
                    !cfg.autoCommit(),
                    cfg.offsetCommitLingerMs(),
                    stats);
            consumers.add(consumer);
            consumer.start();
            return CompletableFuture.completedFuture(consumer);
        } catch (KafkaException e) {
            return CompletableFuture.failedFuture(new DriverException(
                    cfg.sourceName() + ": cannot create a consumer"
                            + " for topic " + topic + " from " + KafkaDriverConfig.COMMON_CONFIG + " and "
                            + KafkaDriverConfig.CONSUMER_CONFIG + ": " + KafkaTopicManager.describe(rootCause(e)),
                    e));
        }
    }

    private synchronized ScheduledExecutorService transactionTimer() {
        if (transactionTimer == null) {
            transactionTimer = Executors.newSingleThreadScheduledExecutor(runnable -> {
                Thread thread = new Thread(runnable, driverId + "-transaction-timer");
                thread.setDaemon(true);
                return thread;
            });
        }
        return transactionTimer;
    }

    /**
     * The kafka-clients version on the classpath, from the version file its jar carries (the class that
     * read it moved to an internal package in 4.4); "unknown" when the file is missing.
     */
    static String clientLibraryVersion() {
        try (InputStream in = KafkaProducer.class.getResourceAsStream("/kafka/kafka-version.properties")) {
            Properties properties = new Properties();
            if (in != null) {
                properties.load(in);
            }
            return properties.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }

    /**
     * Client library version, what the cluster told {@link #initialize} and the effective commit settings;
     * the error counters are in {@link #counters()}.
     */
    @Override
    public Map<String, String> describe() {
        Map<String, String> facts = new LinkedHashMap<>();
        String p = driverId + ".";
        facts.put(p + "clientVersion", "kafka-clients " + clientLibraryVersion());
        synchronized (clusterFacts) {
            clusterFacts.forEach((k, v) -> facts.put(p + k, v));
        }
        KafkaDriverConfig cfg = config;
        if (cfg != null) {
            facts.put(p + "bootstrapServers", cfg.bootstrapServers());
            facts.put(p + "topicPrefix", cfg.topicPrefix());
            facts.put(
                    p + "replicationFactor",
                    cfg.replicationFactor().map(String::valueOf).orElse("broker default"));
            facts.put(p + "enableAutoCommit", Boolean.toString(cfg.autoCommit()));
            facts.put(
                    p + "offsetCommitLingerMs",
                    cfg.autoCommit() ? "unused (auto commit)" : Long.toString(cfg.offsetCommitLingerMs()));
            facts.put(
                    p + "consumerGroup",
                    cfg.groupId()
                            .map(id -> id + " (group.id, every subscription)")
                            .orElse("the subscription's name"));
            cfg.requestsPerTransaction()
                    .ifPresent(n -> facts.put(
                            p + "transactions",
                            n + " messages per transaction"
                                    + " (or fewer after " + cfg.transactionMaxOpenMs() + " ms open); consumers "
                                    + cfg.consumerProperties("").getOrDefault("isolation.level", "read_uncommitted")));
        }
        return facts;
    }

    /**
     * {@code <id>.consumerFailures} (consumers whose poll loop stopped), {@code <id>.offsetCommitFailures},
     * {@code <id>.malformedStamps} (messages delivered without a readable stamp); with transactions also
     * {@code <id>.transactionsCommitted}, {@code <id>.transactionsAborted} and the commit latencies as
     * bucket counts {@code <id>.transactionCommitMs.le.<ms>}.
     */
    @Override
    public Map<String, Long> counters() {
        String p = driverId + ".";
        Map<String, Long> counters = new LinkedHashMap<>();
        counters.put(p + "consumerFailures", stats.consumerFailures.sum());
        counters.put(p + "offsetCommitFailures", stats.offsetCommitFailures.sum());
        counters.put(p + "malformedStamps", stats.malformedStamps.sum());
        KafkaDriverConfig cfg = config;
        if (cfg != null && cfg.requestsPerTransaction().isPresent()) {
            counters.put(p + "transactionsCommitted", stats.transactionsCommitted.sum());
            counters.put(p + "transactionsAborted", stats.transactionsAborted.sum());
            counters.putAll(stats.commitLatencyCounters(p));
        }
        return counters;
    }

    /**
     * Closes every producer and consumer this driver created, then the admin client, all within {@link
     * KafkaDriverDefaults#CLOSE_TIMEOUT_MS} (and one consumer poll) whether the cluster answers or not: producers
     * at once (their sends still in flight fail), consumers together, each committing its last positions and
     * leaving its group as far as the time allows. Idempotent.
     */
    @Override
    public void close() throws DriverException {
        long deadlineNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(KafkaDriverDefaults.CLOSE_TIMEOUT_MS);
        List<Throwable> errors = new ArrayList<>();
        ScheduledExecutorService timer = transactionTimer;
        transactionTimer = null;
        if (timer != null) {
            timer.shutdownNow();
        }
        for (BenchmarkProducer producer : producers) {
            closeQuietly(producer, errors);
        }
        producers.clear();
        consumers.forEach(consumer -> consumer.requestStop(deadlineNanos));
        for (KafkaBenchmarkConsumer consumer : consumers) {
            closeQuietly(consumer, errors);
        }
        consumers.clear();
        ExecutorService executor = adminExecutor;
        adminExecutor = null;
        if (executor != null) {
            executor.shutdownNow();
            try {
                executor.awaitTermination(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        Admin client = admin;
        admin = null;
        topicManager = null;
        if (client != null) {
            client.close(Duration.ofNanos(Math.max(0, deadlineNanos - System.nanoTime())));
        }
        if (!errors.isEmpty()) {
            DriverException e = new DriverException(
                    driverId + " driver: " + errors.size() + " clients failed to close; first: "
                            + KafkaTopicManager.describe(errors.get(0)),
                    errors.get(0));
            errors.subList(1, errors.size()).forEach(e::addSuppressed);
            throw e;
        }
    }

    private void describeCluster(Admin client, KafkaDriverConfig cfg) throws DriverException {
        long timeoutMs = cfg.initializeTimeoutMs();
        DescribeClusterResult cluster = client.describeCluster(
                new DescribeClusterOptions().timeoutMs((int) Math.min(Integer.MAX_VALUE, timeoutMs)));
        try {
            String clusterId = awaitFirstAnswer(cluster.clusterId(), cfg);
            int brokers = cluster.nodes().get(timeoutMs, TimeUnit.MILLISECONDS).size();
            synchronized (clusterFacts) {
                clusterFacts.put("clusterId", String.valueOf(clusterId));
                clusterFacts.put("brokerCount", Integer.toString(brokers));
            }
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw new DriverException(
                    cfg.sourceName() + ": cannot reach the cluster at " + cfg.bootstrapServers() + ": "
                            + KafkaTopicManager.describe(cause) + KafkaTopicManager.hint(cause),
                    cause);
        } catch (TimeoutException e) {
            throw new DriverException(
                    cfg.sourceName() + ": the cluster at " + cfg.bootstrapServers()
                            + " did not answer within " + timeoutMs
                            + " ms (initializeTimeoutMs); check bootstrap.servers"
                            + " and security.protocol in " + KafkaDriverConfig.COMMON_CONFIG,
                    e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while connecting to " + cfg.bootstrapServers(), e);
        }
        try {
            FeatureMetadata features = client.describeFeatures(
                            new DescribeFeaturesOptions().timeoutMs((int) DESCRIBE_FEATURES_TIMEOUT_MS))
                    .featureMetadata()
                    .get(DESCRIBE_FEATURES_TIMEOUT_MS, TimeUnit.MILLISECONDS);
            Map<String, String> finalized = new TreeMap<>();
            features.finalizedFeatures()
                    .forEach((name, range) -> finalized.put(name, Short.toString(range.maxVersionLevel())));
            SupportedVersionRange metadataVersions =
                    features.supportedFeatures().get(METADATA_VERSION_FEATURE);
            synchronized (clusterFacts) {
                clusterFacts.put("finalizedFeatures", finalized.toString());
                if (metadataVersions != null) {
                    short level = metadataVersions.maxVersion();
                    clusterFacts.put("brokerMetadataVersionLevel", Short.toString(level));
                    // the level table holds Apache Kafka's releases; other brokers of the protocol
                    // (Redpanda) number their features their own way
                    if (defaults.apacheKafkaLimits()) {
                        KafkaBrokerRelease.fromSupportedLevel(level)
                                .ifPresent(line -> clusterFacts.put("brokerVersion", line));
                    }
                }
            }
        } catch (ExecutionException | TimeoutException e) {
            log.info(
                    "{} driver: the cluster did not describe its features ({}); result metadata will lack them",
                    driverId,
                    KafkaTopicManager.describe(e instanceof ExecutionException ? e.getCause() : e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while asking " + cfg.bootstrapServers() + " for its features", e);
        }
    }

    /**
     * Waits up to {@code initializeTimeoutMs} for the cluster's first answer, probing the bootstrap addresses
     * meanwhile ({@link BootstrapRefusal}): when every one refuses connections for {@value
     * BootstrapRefusal#REFUSED_FOR_MS} ms, fails at once, naming them.
     */
    private <T> T awaitFirstAnswer(KafkaFuture<T> answer, KafkaDriverConfig cfg)
            throws DriverException, ExecutionException, TimeoutException, InterruptedException {
        BootstrapRefusal refusal = new BootstrapRefusal(cfg.bootstrapServers(), BootstrapRefusal.Connector.TCP);
        long deadlineNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(cfg.initializeTimeoutMs());
        while (true) {
            try {
                long leftMs = TimeUnit.NANOSECONDS.toMillis(Math.max(0, deadlineNanos - System.nanoTime()));
                return answer.get(Math.min(BootstrapRefusal.PROBE_INTERVAL_MS, leftMs), TimeUnit.MILLISECONDS);
            } catch (TimeoutException slice) {
                if (System.nanoTime() - deadlineNanos >= 0) {
                    throw slice;
                }
            }
            if (refusal.probed(refusal.probe(), System.nanoTime())) {
                throw new DriverException(cfg.sourceName() + ": connection refused by every bootstrap server ("
                        + refusal.refusedAddresses() + ") for " + BootstrapRefusal.REFUSED_FOR_MS
                        + " ms: no broker listens there; start it, or correct bootstrap.servers in "
                        + KafkaDriverConfig.COMMON_CONFIG);
            }
        }
    }

    private KafkaDriverConfig requireConfigured() throws DriverException {
        KafkaDriverConfig cfg = config;
        if (cfg == null) {
            throw new DriverException(driverId + " driver: configure() must be called before initialize()");
        }
        return cfg;
    }

    private DriverException notInitialized(String what) {
        return new DriverException(driverId + " driver: cannot " + what + " before initialize() (or after close())");
    }

    private static Throwable rootCause(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause;
    }

    private static void closeQuietly(AutoCloseable closeable, List<Throwable> errors) {
        try {
            closeable.close();
        } catch (Exception e) {
            errors.add(e);
        }
    }
}
