package io.openmessaging.benchmark.driver.pulsar;

import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.driver.TopicSpec;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pulsar.PulsarVersion;
import org.apache.pulsar.client.admin.PulsarAdmin;
import org.apache.pulsar.client.admin.PulsarAdminBuilder;
import org.apache.pulsar.client.admin.PulsarAdminException;
import org.apache.pulsar.client.api.ClientBuilder;
import org.apache.pulsar.client.api.Consumer;
import org.apache.pulsar.client.api.ProducerBuilder;
import org.apache.pulsar.client.api.PulsarClient;
import org.apache.pulsar.client.api.PulsarClientException;
import org.apache.pulsar.client.api.Schema;
import org.apache.pulsar.client.api.SizeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Pulsar driver: one {@link PulsarClient} and one {@link PulsarAdmin} per driver, one Pulsar
 * producer per benchmark producer, and per benchmark consumer one Pulsar consumer on each partition.
 *
 * <p>The run's namespace ({@code <namespacePrefix>-<random>}) is created, with its policies, by the
 * first {@link #createTopics} call, so once per run (the framework creates topics once), not once per
 * worker as upstream did in {@code initialize}.
 */
public class PulsarBenchmarkDriver implements BenchmarkDriver {

    private static final Logger log = LoggerFactory.getLogger(PulsarBenchmarkDriver.class);
    private static final String ID = "pulsar";
    private static final String SUFFIX_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

    private final PulsarDriverStats stats = new PulsarDriverStats();
    private final Set<PulsarBenchmarkProducer> producers = ConcurrentHashMap.newKeySet();
    private final Set<PulsarBenchmarkConsumer> consumers = ConcurrentHashMap.newKeySet();
    private final AtomicInteger consumerCount = new AtomicInteger();
    private final String runTag = randomText(PulsarDriverDefaults.NAMESPACE_SUFFIX_LENGTH);
    private final Map<String, String> clusterFacts = new ConcurrentHashMap<>();

    private volatile PulsarDriverConfig config;
    private volatile PulsarClient client;
    private volatile PulsarAdmin admin;
    private volatile ExecutorService adminExecutor;
    private volatile String cluster;
    private boolean namespaceCreated; // admin thread only

    @Override
    public void configure(String driverYaml, String sourceName) throws DriverException {
        this.config = PulsarDriverConfig.parse(driverYaml, sourceName);
    }

    /** The parsed driver YAML; null before {@link #configure}. */
    public PulsarDriverConfig config() {
        return config;
    }

    /**
     * The client {@link #initialize} built; null before it and after {@link #close}. The client library
     * floor ({@code PulsarFloor} in benchmark-bench) sends and receives through it.
     */
    public PulsarClient client() {
        return client;
    }

    /** The run's namespace: {@code <namespacePrefix>-<random>}, the same for the driver's whole life. */
    public String namespace() {
        PulsarDriverConfig cfg = config;
        return (cfg == null
                        ? PulsarDriverDefaults.NAMESPACE_PREFIX
                        : cfg.client().namespacePrefix()) + "-" + runTag;
    }

    @Override
    public void initialize() throws DriverException {
        PulsarDriverConfig cfg = config;
        if (cfg == null) {
            throw new DriverException("pulsar driver: configure() must be called before initialize()");
        }
        if (admin != null) {
            throw new DriverException("pulsar driver is already initialized");
        }
        PulsarDriverConfig.Client c = cfg.client();
        PulsarAdmin newAdmin = buildAdmin(cfg);
        PulsarClient newClient = null;
        try {
            List<String> clusters = newAdmin.clusters().getClusters();
            cluster = chooseCluster(cfg, clusters);
            clusterFacts.put("clusterName", cluster);
            try {
                clusterFacts.put("brokerVersion", newAdmin.brokers().getVersion());
            } catch (PulsarAdminException e) {
                log.info(
                        "pulsar driver: the broker did not tell its version ({}); result metadata will lack it",
                        PulsarNamespaceSetup.describe(e));
            }
            newClient = buildClient(cfg);
        } catch (PulsarAdminException e) {
            newAdmin.close();
            if (connectionRefused(e)) {
                throw new DriverException(
                        cfg.sourceName() + ": connection refused at " + c.httpUrl()
                                + " (client.httpUrl): no Pulsar broker listens there; start it, or correct"
                                + " client.httpUrl",
                        e);
            }
            throw new DriverException(
                    cfg.sourceName() + ": cannot reach the Pulsar admin API at " + c.httpUrl() + " (client.httpUrl): "
                            + PulsarNamespaceSetup.describe(e) + hint(e, cfg),
                    e);
        } catch (DriverException | RuntimeException e) {
            newAdmin.close();
            throw e;
        }
        admin = newAdmin;
        client = newClient;
        adminExecutor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "pulsar-driver-admin");
            t.setDaemon(true);
            return t;
        });
    }

    @Override
    public String topicNamePrefix() {
        PulsarDriverConfig cfg = config;
        String type =
                cfg == null ? PulsarDriverDefaults.TOPIC_TYPE : cfg.client().topicType();
        return type + "://" + namespace() + "/" + PulsarDriverDefaults.TOPIC_STEM;
    }

    @Override
    public CompletableFuture<Void> createTopics(List<TopicSpec> topics) {
        PulsarAdmin currentAdmin = admin;
        ExecutorService executor = adminExecutor;
        if (currentAdmin == null || executor == null) {
            return CompletableFuture.failedFuture(notInitialized("create topics"));
        }
        PulsarDriverConfig cfg = config;
        List<TopicSpec> copy = List.copyOf(topics);
        CompletableFuture<Void> done = new CompletableFuture<>();
        try {
            executor.execute(() -> {
                try {
                    PulsarNamespaceSetup setup =
                            new PulsarNamespaceSetup(currentAdmin, cfg.client(), namespace(), cluster);
                    if (!namespaceCreated) {
                        setup.createNamespace();
                        namespaceCreated = true;
                    }
                    setup.createTopics(copy);
                    done.complete(null);
                } catch (DriverException e) {
                    done.completeExceptionally(new DriverException(cfg.sourceName() + ": " + e.getMessage(), e));
                } catch (RuntimeException e) {
                    done.completeExceptionally(
                            new DriverException("creating topics failed: " + PulsarNamespaceSetup.describe(e), e));
                }
            });
        } catch (RuntimeException e) {
            done.completeExceptionally(new DriverException("pulsar driver is closed; cannot create topics", e));
        }
        return done;
    }

    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
        PulsarClient currentClient = client;
        if (currentClient == null) {
            return CompletableFuture.failedFuture(notInitialized("create a producer"));
        }
        PulsarDriverConfig cfg = config;
        try {
            return producerBuilder(currentClient, cfg.producer(), topic)
                    .createAsync()
                    .handle((producer, error) -> {
                        if (error != null) {
                            throw new CompletionException(new DriverException(
                                    cfg.sourceName() + ": cannot create a"
                                            + " producer for " + topic + ": "
                                            + PulsarNamespaceSetup.describe(PulsarNamespaceSetup.unwrap(error)),
                                    error));
                        }
                        PulsarBenchmarkProducer benchmarkProducer = new PulsarBenchmarkProducer(producer);
                        producers.add(benchmarkProducer);
                        return benchmarkProducer;
                    });
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(new DriverException(
                    cfg.sourceName() + ": cannot create a producer" + " for " + topic + " from the 'producer' section: "
                            + e.getMessage(),
                    e));
        }
    }

    /**
     * Subscribes one Pulsar consumer to each partition of {@code topic}. Completes when all are
     * subscribed; if any fails, closes the others and fails.
     */
    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(
            String topic, String subscriptionName, ConsumerCallback callback) {
        PulsarClient currentClient = client;
        if (currentClient == null) {
            return CompletableFuture.failedFuture(notInitialized("create a consumer"));
        }
        PulsarDriverConfig cfg = config;
        // The same name on every partition: the broker orders a failover subscription's consumers by
        // name, so partition i goes to the i-th consumer (mod their number) and the split is even.
        String consumerName = String.format("%s-%s-%05d", subscriptionName, runTag, consumerCount.getAndIncrement());
        StampDeliveringListener listener =
                new StampDeliveringListener(topic + " / " + subscriptionName, callback, stats);
        return currentClient
                .getPartitionsForTopic(topic)
                .thenCompose(partitions -> {
                    List<CompletableFuture<Consumer<byte[]>>> subscriptions = new ArrayList<>();
                    for (String partition : partitions) {
                        subscriptions.add(currentClient
                                .newConsumer(Schema.BYTES)
                                .topic(partition)
                                .subscriptionName(subscriptionName)
                                .subscriptionType(cfg.consumer().subscriptionType())
                                .receiverQueueSize(cfg.consumer().receiverQueueSize())
                                .consumerName(consumerName)
                                .messageListener(listener)
                                .poolMessages(true)
                                .subscribeAsync());
                    }
                    return allOrNothing(subscriptions);
                })
                .handle((partitionConsumers, error) -> {
                    if (error != null) {
                        throw new CompletionException(new DriverException(
                                cfg.sourceName() + ": cannot subscribe to "
                                        + topic + " as " + subscriptionName + " ("
                                        + cfg.consumer().subscriptionType() + "): "
                                        + PulsarNamespaceSetup.describe(PulsarNamespaceSetup.unwrap(error)),
                                error));
                    }
                    PulsarBenchmarkConsumer consumer = new PulsarBenchmarkConsumer(partitionConsumers, listener);
                    consumers.add(consumer);
                    return consumer;
                });
    }

    /**
     * Client library version, what the cluster told {@link #initialize}, the effective settings, and the
     * error counters ({@code pulsar.consumerFailures}, {@code pulsar.ackFailures}, {@code
     * pulsar.malformedStamps}).
     */
    @Override
    public Map<String, String> describe() {
        Map<String, String> facts = new LinkedHashMap<>();
        String p = ID + ".";
        facts.put(p + "clientVersion", "pulsar-client " + PulsarVersion.getVersion());
        clusterFacts.forEach((k, v) -> facts.put(p + k, v));
        PulsarDriverConfig cfg = config;
        if (cfg != null) {
            PulsarDriverConfig.Client c = cfg.client();
            facts.put(p + "serviceUrl", c.serviceUrl());
            facts.put(p + "httpUrl", c.httpUrl());
            facts.put(p + "namespace", namespace());
            facts.put(
                    p + "persistence",
                    "ensembleSize " + c.persistence().ensembleSize() + ", writeQuorum "
                            + c.persistence().writeQuorum() + ", ackQuorum "
                            + c.persistence().ackQuorum());
            facts.put(
                    p + "deduplicationEnabled", Boolean.toString(c.persistence().deduplicationEnabled()));
            PulsarDriverConfig.Producer producer = cfg.producer();
            facts.put(
                    p + "batching",
                    producer.batchingEnabled()
                            ? "max delay " + producer.batchingMaxPublishDelayMs() + " ms, max "
                                    + producer.batchingMaxBytes() + " bytes"
                            : "off");
            facts.put(p + "subscriptionType", cfg.consumer().subscriptionType().name());
            facts.put(p + "receiverQueueSize", Integer.toString(cfg.consumer().receiverQueueSize()));
        }
        return facts;
    }

    /** {@code pulsar.consumerFailures}, {@code pulsar.ackFailures}, {@code pulsar.malformedStamps}. */
    @Override
    public Map<String, Long> counters() {
        String p = ID + ".";
        return Map.of(
                p + "consumerFailures",
                stats.consumerFailures.sum(),
                p + "ackFailures",
                stats.ackFailures.sum(),
                p + "malformedStamps",
                stats.malformedStamps.sum());
    }

    /** Closes every producer and consumer this driver created, then the client and the admin client. Idempotent. */
    @Override
    public void close() throws DriverException {
        List<Throwable> errors = new ArrayList<>();
        for (PulsarBenchmarkProducer producer : producers) {
            closeQuietly(producer, errors);
        }
        producers.clear();
        for (PulsarBenchmarkConsumer consumer : consumers) {
            closeQuietly(consumer, errors);
        }
        consumers.clear();
        ExecutorService executor = adminExecutor;
        adminExecutor = null;
        if (executor != null) {
            executor.shutdownNow();
            try {
                executor.awaitTermination(PulsarDriverDefaults.CLOSE_TIMEOUT_MS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        PulsarClient currentClient = client;
        client = null;
        if (currentClient != null) {
            try {
                currentClient.closeAsync().get(PulsarDriverDefaults.CLOSE_TIMEOUT_MS, TimeUnit.MILLISECONDS);
            } catch (Exception e) {
                errors.add(e);
            }
        }
        PulsarAdmin currentAdmin = admin;
        admin = null;
        if (currentAdmin != null) {
            currentAdmin.close();
        }
        if (!errors.isEmpty()) {
            DriverException e = new DriverException(
                    "pulsar driver: " + errors.size() + " client(s) failed to close;" + " first: "
                            + PulsarNamespaceSetup.describe(errors.get(0)),
                    errors.get(0));
            errors.subList(1, errors.size()).forEach(e::addSuppressed);
            throw e;
        }
    }

    private static PulsarAdmin buildAdmin(PulsarDriverConfig cfg) throws DriverException {
        PulsarDriverConfig.Client c = cfg.client();
        PulsarAdminBuilder builder = PulsarAdmin.builder()
                .serviceHttpUrl(c.httpUrl())
                .connectionTimeout((int) Math.min(Integer.MAX_VALUE, c.operationTimeoutMs()), TimeUnit.MILLISECONDS)
                .requestTimeout((int) Math.min(Integer.MAX_VALUE, c.operationTimeoutMs()), TimeUnit.MILLISECONDS)
                .allowTlsInsecureConnection(c.tlsAllowInsecureConnection())
                .enableTlsHostnameVerification(c.tlsEnableHostnameVerification());
        if (c.tlsTrustCertsFilePath() != null) {
            builder.tlsTrustCertsFilePath(c.tlsTrustCertsFilePath());
        }
        try {
            if (c.authentication().enabled()) {
                builder.authentication(
                        c.authentication().plugin(), c.authentication().data());
            }
            return builder.build();
        } catch (PulsarClientException e) {
            throw new DriverException(
                    cfg.sourceName() + ": cannot build the admin client for " + c.httpUrl()
                            + " from the 'client' section: " + PulsarNamespaceSetup.describe(e),
                    e);
        }
    }

    private static PulsarClient buildClient(PulsarDriverConfig cfg) throws DriverException {
        PulsarDriverConfig.Client c = cfg.client();
        ClientBuilder builder = PulsarClient.builder()
                .serviceUrl(c.serviceUrl())
                .ioThreads(c.ioThreads())
                .listenerThreads(Runtime.getRuntime().availableProcessors())
                .connectionsPerBroker(c.connectionsPerBroker())
                .memoryLimit(c.clientMemoryLimitMB(), SizeUnit.MEGA_BYTES)
                .maxConcurrentLookupRequests(c.maxConcurrentLookupRequests())
                .maxLookupRequests(Integer.MAX_VALUE)
                .operationTimeout((int) Math.min(Integer.MAX_VALUE, c.operationTimeoutMs()), TimeUnit.MILLISECONDS)
                .statsInterval(0, TimeUnit.SECONDS)
                .enableTcpNoDelay(true)
                .allowTlsInsecureConnection(c.tlsAllowInsecureConnection())
                .enableTlsHostnameVerification(c.tlsEnableHostnameVerification());
        if (c.tlsTrustCertsFilePath() != null) {
            builder.tlsTrustCertsFilePath(c.tlsTrustCertsFilePath());
        }
        try {
            if (c.authentication().enabled()) {
                builder.authentication(
                        c.authentication().plugin(), c.authentication().data());
            }
            return builder.build();
        } catch (PulsarClientException e) {
            throw new DriverException(
                    cfg.sourceName() + ": cannot build the client for " + c.serviceUrl()
                            + " from the 'client' section: " + PulsarNamespaceSetup.describe(e),
                    e);
        }
    }

    /**
     * A producer builder with the driver file's producer settings; public for the client library floor
     * ({@code PulsarFloor} in benchmark-bench), which must send with exactly these settings.
     */
    @SuppressWarnings("deprecation") // maxPendingMessagesAcrossPartitions: kept for the Confluent fork's files
    public static ProducerBuilder<byte[]> producerBuilder(
            PulsarClient client, PulsarDriverConfig.Producer p, String topic) {
        ProducerBuilder<byte[]> builder = client.newProducer(Schema.BYTES)
                .topic(topic)
                .enableBatching(p.batchingEnabled())
                .batchingMaxPublishDelay(p.batchingMaxPublishDelayMs(), TimeUnit.MILLISECONDS)
                .batchingMaxBytes(p.batchingMaxBytes())
                .batchingMaxMessages(Integer.MAX_VALUE)
                .blockIfQueueFull(p.blockIfQueueFull())
                .maxPendingMessages(p.pendingQueueSize())
                // never time a send out: a stalled broker shows as sends in flight, which the framework's
                // stall check turns into a failed run, instead of as a stream of errors that keeps it going
                .sendTimeout(0, TimeUnit.MILLISECONDS);
        if (p.maxPendingMessagesAcrossPartitions() > 0) {
            builder.maxPendingMessagesAcrossPartitions(p.maxPendingMessagesAcrossPartitions());
        }
        return builder;
    }

    private static String chooseCluster(PulsarDriverConfig cfg, List<String> clusters) throws DriverException {
        String configured = cfg.client().clusterName();
        if (configured != null) {
            if (!clusters.contains(configured)) {
                throw new DriverException(cfg.sourceName() + ": client.clusterName is '" + configured + "' but the"
                        + " broker at " + cfg.client().httpUrl() + " knows the clusters " + clusters);
            }
            return configured;
        }
        if (clusters.size() != 1) {
            throw new DriverException(cfg.sourceName() + ": set client.clusterName; the broker at "
                    + cfg.client().httpUrl() + " knows " + clusters.size() + " clusters " + clusters
                    + " and the driver cannot choose");
        }
        return clusters.get(0);
    }

    /**
     * Whether the admin client gave up because every connection was refused (nothing listens at the address):
     * its own message then reads "Number of retries has been exhausted. Failed reason: Connection refused: …".
     */
    private static boolean connectionRefused(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof java.net.ConnectException
                    || (cause.getMessage() != null && cause.getMessage().contains("Connection refused"))) {
                return true;
            }
        }
        return false;
    }

    private static String hint(PulsarAdminException e, PulsarDriverConfig cfg) {
        if (e instanceof PulsarAdminException.NotAuthorizedException) {
            return "; check client.authentication (plugin and data)";
        }
        if (cfg.client().usesTls()) {
            return "; check the TLS settings of the 'client' section";
        }
        return "";
    }

    private static <T> CompletableFuture<List<T>> allOrNothing(List<CompletableFuture<T>> futures) {
        return CompletableFuture.allOf(futures.toArray(new CompletableFuture<?>[0]))
                .handle((ignored, error) -> {
                    List<T> done = new ArrayList<>();
                    for (CompletableFuture<T> future : futures) {
                        if (future.isDone() && !future.isCompletedExceptionally()) {
                            done.add(future.join());
                        }
                    }
                    if (error == null) {
                        return done;
                    }
                    for (T partial : done) {
                        if (partial instanceof Consumer<?> consumer) {
                            consumer.closeAsync();
                        }
                    }
                    throw error instanceof CompletionException ce ? ce : new CompletionException(error);
                });
    }

    private static void closeQuietly(AutoCloseable closeable, List<Throwable> errors) {
        try {
            closeable.close();
        } catch (Exception e) {
            errors.add(e);
        }
    }

    private DriverException notInitialized(String what) {
        return new DriverException("pulsar driver: cannot " + what + " before initialize() (or after close())");
    }

    private static String randomText(int length) {
        SecureRandom random = new SecureRandom();
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            text.append(SUFFIX_ALPHABET.charAt(random.nextInt(SUFFIX_ALPHABET.length())));
        }
        return text.toString();
    }
}
