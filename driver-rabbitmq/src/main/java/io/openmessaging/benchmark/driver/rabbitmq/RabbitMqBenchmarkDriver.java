package io.openmessaging.benchmark.driver.rabbitmq;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.impl.ClientVersion;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.driver.TopicSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The RabbitMQ driver (AMQP 0-9-1, {@code com.rabbitmq:amqp-client}).
 *
 * <pre>
 * topic         one durable exchange (exchangeType) named like the topic
 * partition k   routing key "k"; per subscription one queue per partition, bound with "k"
 *               (FANOUT: one queue per subscription)
 * producer      one channel on a shared producer connection; routing key round-robin or by message key
 * consumer      one channel on a shared consumer connection; subscribed to every queue of its subscription
 * admin         one connection per broker for declarations (pipelined in batches) and deletion
 * </pre>
 *
 * <p>Connections: {@code amqpUris} × ({@code producerConnectionsPerUri} + {@code
 * consumerConnectionsPerUri} + 1 admin), opened on first use and all closed by {@link #close}.
 *
 * <p>The partition count of a topic reaches producers and consumers through {@link #createTopics}
 * of the same driver instance: AMQP cannot tell how many routing keys an exchange is meant to have.
 */
public final class RabbitMqBenchmarkDriver implements BenchmarkDriver {

    private static final Logger log = LoggerFactory.getLogger(RabbitMqBenchmarkDriver.class);

    private final RabbitMqDriverStats stats = new RabbitMqDriverStats();
    private final Map<String, Integer> partitionsByTopic = new ConcurrentHashMap<>();
    private final Map<String, CompletableFuture<List<String>>> queuesBySubscription = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> consumersBySubscription = new ConcurrentHashMap<>();
    private final Set<String> declaredExchanges = ConcurrentHashMap.newKeySet();
    private final Set<String> declaredQueues = ConcurrentHashMap.newKeySet();
    private final Set<RabbitMqBenchmarkProducer> producers = ConcurrentHashMap.newKeySet();
    private final Set<RabbitMqBenchmarkConsumer> consumers = ConcurrentHashMap.newKeySet();
    private final Map<String, String> brokerFacts = new LinkedHashMap<>();

    private volatile RabbitMqDriverConfig config;
    private volatile List<Connection> adminConnections;
    private volatile ConnectionPool producerConnections;
    private volatile ConnectionPool consumerConnections;
    /** Publishes the sends that waited for a producer's confirm window; started with the first such producer. */
    private ExecutorService windowPublisher;

    @Override
    public void configure(String driverYaml, String sourceName) throws DriverException {
        this.config = RabbitMqDriverConfig.parse(driverYaml, sourceName);
    }

    /** The parsed driver YAML; null before {@link #configure}. */
    public RabbitMqDriverConfig config() {
        return config;
    }

    @Override
    public synchronized void initialize() throws DriverException {
        RabbitMqDriverConfig cfg = config;
        if (cfg == null) {
            throw new DriverException("rabbitmq driver: configure() must be called before initialize()");
        }
        if (adminConnections != null) {
            throw new DriverException("rabbitmq driver is already initialized");
        }
        if (!cfg.ignoredUpstreamKeys().isEmpty()) {
            log.info(
                    "{}: {} have no effect with this driver: declarations are pipelined in batches of"
                            + " topologyBatchSize instead",
                    cfg.sourceName(),
                    cfg.ignoredUpstreamKeys());
        }
        List<Connection> admins = new ArrayList<>();
        try {
            for (int i = 0; i < cfg.endpoints().size(); i++) {
                admins.add(ConnectionPool.connect(cfg.endpoints().get(i), "omb-admin-" + i, cfg.connectionTimeoutMs()));
            }
        } catch (DriverException e) {
            admins.forEach(c -> c.abort(RabbitMqDefaults.CLOSE_TIMEOUT_MS));
            throw new DriverException(cfg.sourceName() + ": " + e.getMessage(), e.getCause());
        }
        Map<String, Object> server = admins.get(0).getServerProperties();
        synchronized (brokerFacts) {
            brokerFacts.put("brokerProduct", String.valueOf(server.get("product")));
            brokerFacts.put("brokerVersion", String.valueOf(server.get("version")));
            if (server.get("cluster_name") != null) {
                brokerFacts.put("clusterName", String.valueOf(server.get("cluster_name")));
            }
        }
        adminConnections = List.copyOf(admins);
        producerConnections = new ConnectionPool(
                "producers",
                cfg.endpoints(),
                cfg.producerConnectionsPerUri(),
                cfg.connectionTimeoutMs(),
                cfg.recoveryIntervalMs(),
                stats);
        consumerConnections = new ConnectionPool(
                "consumers",
                cfg.endpoints(),
                cfg.consumerConnectionsPerUri(),
                cfg.connectionTimeoutMs(),
                cfg.recoveryIntervalMs(),
                stats);
    }

    @Override
    public String topicNamePrefix() {
        RabbitMqDriverConfig cfg = config;
        return cfg == null ? RabbitMqDefaults.TOPIC_PREFIX : cfg.topicPrefix();
    }

    /** Declares one durable exchange per topic, pipelined in batches; remembers the partition counts. */
    @Override
    public CompletableFuture<Void> createTopics(List<TopicSpec> topics) {
        List<Connection> admins = adminConnections;
        if (admins == null) {
            return CompletableFuture.failedFuture(notInitialized("create topics"));
        }
        RabbitMqDriverConfig cfg = config;
        try {
            List<String> names =
                    topics.stream().map(t -> Topology.exchangeName(t.name())).collect(Collectors.toList());
            runBatches(
                    admins.get(0),
                    names,
                    cfg.topologyBatchSize(),
                    (channel, exchange) -> channel.exchangeDeclareNoWait(
                            exchange, cfg.exchangeType().amqpType(), true, false, false, null),
                    "declare exchanges (" + cfg.exchangeType() + ")");
            declaredExchanges.addAll(names);
            for (TopicSpec topic : topics) {
                partitionsByTopic.put(topic.name(), topic.partitions());
            }
            return CompletableFuture.completedFuture(null);
        } catch (DriverException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
        ConnectionPool pool = producerConnections;
        if (pool == null) {
            return CompletableFuture.failedFuture(notInitialized("create a producer"));
        }
        RabbitMqDriverConfig cfg = config;
        Channel channel = null;
        try {
            int partitions = partitionsOf(topic);
            channel = pool.openChannel();
            RabbitMqBenchmarkProducer producer = new RabbitMqBenchmarkProducer(
                    channel,
                    topic,
                    new PartitionRouter(
                            partitions,
                            cfg.exchangeType(),
                            ThreadLocalRandom.current().nextInt(partitions)),
                    cfg.publisherConfirms(),
                    cfg.messagePersistence(),
                    cfg.connectionRecovery(),
                    cfg.maxOutstandingConfirms(),
                    cfg.maxOutstandingConfirms() > 0 ? windowPublisher() : null,
                    stats);
            producers.add(producer);
            return CompletableFuture.completedFuture(producer);
        } catch (DriverException e) {
            closeQuietly(channel);
            return CompletableFuture.failedFuture(e);
        }
    }

    /** The one thread that publishes the sends every producer's confirm window let wait. */
    private synchronized ExecutorService windowPublisher() {
        if (windowPublisher == null) {
            windowPublisher = Executors.newSingleThreadExecutor(runnable -> {
                Thread thread = new Thread(runnable, "rabbitmq-confirm-window");
                thread.setDaemon(true);
                return thread;
            });
        }
        return windowPublisher;
    }

    /**
     * Declares the subscription's queues and bindings (once per subscription, by whichever consumer
     * comes first), then subscribes a new channel to all of them. On a stream, reading does not
     * remove messages, so only the first consumer of a subscription in this driver reads; later
     * ones get nothing to read (see docs/drivers/rabbitmq.md).
     */
    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(
            String topic, String subscriptionName, ConsumerCallback callback) {
        ConnectionPool pool = consumerConnections;
        if (pool == null) {
            return CompletableFuture.failedFuture(notInitialized("create a consumer"));
        }
        RabbitMqDriverConfig cfg = config;
        Channel channel = null;
        try {
            int partitions = partitionsOf(topic);
            List<String> queues = declareSubscription(topic, subscriptionName, partitions, cfg);
            String key = topic + "/" + subscriptionName;
            int index = consumersBySubscription
                    .computeIfAbsent(key, k -> new AtomicInteger())
                    .getAndIncrement();
            boolean stream = cfg.queueType() == QueueType.STREAM;
            if (stream && index > 0) {
                log.info(
                        "Consumer {} of stream subscription {} reads nothing: the first consumer reads every"
                                + " stream of the subscription",
                        index + 1,
                        key);
                queues = List.of();
            }
            channel = pool.openChannel();
            RabbitMqBenchmarkConsumer consumer = new RabbitMqBenchmarkConsumer(
                    channel,
                    "consumer " + (index + 1) + " of " + key,
                    queues,
                    callback,
                    cfg.autoAck(),
                    cfg.prefetchCount(),
                    stream,
                    cfg.connectionRecovery(),
                    stats);
            consumers.add(consumer);
            consumer.start();
            return CompletableFuture.completedFuture(consumer);
        } catch (DriverException e) {
            closeQuietly(channel);
            return CompletableFuture.failedFuture(e);
        }
    }

    /**
     * Client library and broker version, the effective settings and the connections open now; the error
     * counters are in {@link #counters()}. Never a password.
     */
    @Override
    public Map<String, String> describe() {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("rabbitmq.clientVersion", "amqp-client " + ClientVersion.VERSION);
        synchronized (brokerFacts) {
            brokerFacts.forEach((k, v) -> facts.put("rabbitmq." + k, v));
        }
        RabbitMqDriverConfig cfg = config;
        if (cfg != null) {
            facts.put(
                    "rabbitmq.amqpUris",
                    cfg.endpoints().stream().map(BrokerEndpoint::display).collect(Collectors.joining(",")));
            facts.put("rabbitmq.exchangeType", cfg.exchangeType().name());
            facts.put("rabbitmq.queueType", cfg.queueType().name());
            facts.put("rabbitmq.messagePersistence", Boolean.toString(cfg.messagePersistence()));
            facts.put("rabbitmq.publisherConfirms", Boolean.toString(cfg.publisherConfirms()));
            facts.put(
                    "rabbitmq.maxOutstandingConfirms",
                    cfg.maxOutstandingConfirms() == 0 ? "unlimited" : Integer.toString(cfg.maxOutstandingConfirms()));
            facts.put("rabbitmq.autoAck", Boolean.toString(cfg.autoAck()));
            facts.put(
                    "rabbitmq.prefetchCount",
                    cfg.autoAck() ? "unused (auto-ack)" : Integer.toString(cfg.prefetchCount()));
            facts.put("rabbitmq.queueArguments", cfg.queueArguments().toString());
            facts.put(
                    "rabbitmq.connectionRecovery",
                    cfg.connectionRecovery()
                            ? "every " + cfg.connectionRecoveryIntervalMs() + " ms, unconfirmed messages republished"
                            : "off (a lost connection fails the run)");
            facts.put(
                    "rabbitmq.connectionsPerUri",
                    "producers " + cfg.producerConnectionsPerUri() + ", consumers " + cfg.consumerConnectionsPerUri()
                            + ", admin 1");
        }
        return facts;
    }

    /**
     * {@code rabbitmq.malformedStamps}, {@code rabbitmq.consumerFailures}, {@code rabbitmq.confirmNacks},
     * {@code rabbitmq.unroutableMessages}, {@code rabbitmq.connectionRecoveries}, {@code
     * rabbitmq.republishedMessages}, {@code rabbitmq.confirmWindowWaitedMessages}, {@code
     * rabbitmq.confirmWindowWaitMicros}.
     */
    @Override
    public Map<String, Long> counters() {
        return Map.of(
                "rabbitmq.confirmWindowWaitedMessages",
                stats.confirmWindowWaitedMessages.sum(),
                "rabbitmq.confirmWindowWaitMicros",
                stats.confirmWindowWaitNanos.sum() / 1_000,
                "rabbitmq.malformedStamps",
                stats.malformedStamps.sum(),
                "rabbitmq.consumerFailures",
                stats.consumerFailures.sum(),
                "rabbitmq.confirmNacks",
                stats.confirmNacks.sum(),
                "rabbitmq.unroutableMessages",
                stats.unroutableMessages.sum(),
                "rabbitmq.connectionRecoveries",
                stats.connectionRecoveries.sum(),
                "rabbitmq.republishedMessages",
                stats.republishedMessages.sum());
    }

    /** Connections this driver holds open right now (admin, producer and consumer). */
    public int openConnections() {
        int open = 0;
        List<Connection> admins = adminConnections;
        if (admins != null) {
            open += (int) admins.stream().filter(Connection::isOpen).count();
        }
        ConnectionPool p = producerConnections;
        ConnectionPool c = consumerConnections;
        return open + (p == null ? 0 : p.openConnections()) + (c == null ? 0 : c.openConnections());
    }

    /**
     * Closes every producer and consumer channel, deletes the queues and exchanges this driver declared
     * (when {@code deleteTopologyOnClose}), then closes every connection. Idempotent.
     */
    @Override
    public synchronized void close() {
        producers.forEach(RabbitMqBenchmarkProducer::close);
        producers.clear();
        ExecutorService windowThread = windowPublisher;
        windowPublisher = null;
        if (windowThread != null) {
            windowThread.shutdown();
        }
        consumers.forEach(RabbitMqBenchmarkConsumer::close);
        consumers.clear();
        ConnectionPool p = producerConnections;
        ConnectionPool c = consumerConnections;
        if (p != null) {
            p.close(RabbitMqDefaults.CLOSE_TIMEOUT_MS);
        }
        if (c != null) {
            c.close(RabbitMqDefaults.CLOSE_TIMEOUT_MS);
        }
        List<Connection> admins = adminConnections;
        adminConnections = null;
        if (admins == null) {
            return;
        }
        RabbitMqDriverConfig cfg = config;
        // any admin connection still open will do (its broker may have been lost during the run)
        Connection deleter =
                admins.stream().filter(Connection::isOpen).findFirst().orElse(null);
        if (cfg.deleteTopologyOnClose() && deleter != null) {
            deleteTopology(deleter, cfg);
        }
        for (Connection admin : admins) {
            try {
                if (admin.isOpen()) {
                    admin.close(RabbitMqDefaults.CLOSE_TIMEOUT_MS);
                    continue;
                }
            } catch (IOException | RuntimeException e) {
                log.debug("closing an admin connection: {}", ConnectionPool.describe(e));
            }
            admin.abort(RabbitMqDefaults.CLOSE_TIMEOUT_MS);
        }
    }

    private void deleteTopology(Connection admin, RabbitMqDriverConfig cfg) {
        List<String> queues = new ArrayList<>(declaredQueues);
        List<String> exchanges = new ArrayList<>(declaredExchanges);
        try {
            runBatches(
                    admin,
                    queues,
                    cfg.topologyBatchSize(),
                    (channel, queue) -> channel.queueDeleteNoWait(queue, false, false),
                    "delete queues");
            runBatches(
                    admin,
                    exchanges,
                    cfg.topologyBatchSize(),
                    (channel, exchange) -> channel.exchangeDeleteNoWait(exchange, false),
                    "delete exchanges");
            declaredQueues.clear();
            declaredExchanges.clear();
        } catch (DriverException e) {
            log.warn(
                    "Could not delete the {} queues and {} exchanges of this run: {}",
                    queues.size(),
                    exchanges.size(),
                    e.getMessage());
        }
    }

    private List<String> declareSubscription(
            String topic, String subscription, int partitions, RabbitMqDriverConfig cfg) throws DriverException {
        String key = topic + "/" + subscription;
        CompletableFuture<List<String>> mine = new CompletableFuture<>();
        CompletableFuture<List<String>> existing = queuesBySubscription.putIfAbsent(key, mine);
        if (existing != null) {
            try {
                return existing.join();
            } catch (RuntimeException e) {
                throw new DriverException("declaring the queues of " + key + " failed earlier: " + e.getCause(), e);
            }
        }
        try {
            List<Topology.QueueBinding> bindings =
                    Topology.subscriptionQueues(topic, subscription, partitions, cfg.exchangeType());
            Map<String, Object> arguments = new HashMap<>(cfg.queueArguments());
            arguments.put("x-queue-type", cfg.queueType().argument());
            List<Connection> admins = adminConnections;
            // queue i is declared through broker i mod brokers: classic queues live where declared
            Map<Integer, List<Topology.QueueBinding>> byBroker = new LinkedHashMap<>();
            for (int i = 0; i < bindings.size(); i++) {
                byBroker.computeIfAbsent(i % admins.size(), b -> new ArrayList<>())
                        .add(bindings.get(i));
            }
            for (Map.Entry<Integer, List<Topology.QueueBinding>> entry : byBroker.entrySet()) {
                runBatches(
                        admins.get(entry.getKey()),
                        entry.getValue(),
                        cfg.topologyBatchSize(),
                        (channel, b) -> {
                            channel.queueDeclareNoWait(b.queue(), true, false, false, arguments);
                            channel.queueBindNoWait(b.queue(), b.exchange(), b.routingKey(), null);
                        },
                        "declare and bind " + cfg.queueType() + " queues of " + key);
                entry.getValue().forEach(b -> declaredQueues.add(b.queue()));
            }
            List<String> queues =
                    bindings.stream().map(Topology.QueueBinding::queue).collect(Collectors.toList());
            mine.complete(queues);
            return queues;
        } catch (DriverException | RuntimeException e) {
            mine.completeExceptionally(e);
            throw e;
        }
    }

    /** One declaration (or deletion) sent without waiting for its reply. */
    @FunctionalInterface
    private interface NoWaitStep<T> {
        void send(Channel channel, T item) throws IOException;
    }

    /**
     * Sends the steps for {@code items} on a fresh channel, {@code batchSize} at a time, each batch
     * followed by one round trip: a channel processes commands in order, so the round trip fails
     * (with the broker's reason) exactly when a step of its batch failed.
     */
    private static <T> void runBatches(
            Connection connection, List<T> items, int batchSize, NoWaitStep<T> step, String what)
            throws DriverException {
        if (items.isEmpty()) {
            return;
        }
        Channel channel = null;
        try {
            channel = connection.createChannel();
            if (channel == null) {
                throw new DriverException("cannot " + what + ": the admin connection has no free channel");
            }
            for (int start = 0; start < items.size(); start += batchSize) {
                for (T item : items.subList(start, Math.min(items.size(), start + batchSize))) {
                    step.send(channel, item);
                }
                channel.basicQos(0); // the round trip (basic.qos-ok) that checks the batch
            }
        } catch (IOException | RuntimeException e) {
            throw new DriverException(
                    "cannot " + what + " on " + connection.getAddress() + ":" + connection.getPort() + ": "
                            + ConnectionPool.describe(e),
                    e);
        } finally {
            closeQuietly(channel);
        }
    }

    private int partitionsOf(String topic) throws DriverException {
        Integer partitions = partitionsByTopic.get(topic);
        if (partitions == null) {
            throw new DriverException("rabbitmq driver: topic " + topic + " was not created through this driver"
                    + " instance, so its partition count (its number of routing keys) is unknown; AMQP cannot"
                    + " report it. Call createTopics for it first (it is idempotent).");
        }
        return partitions;
    }

    private static void closeQuietly(Channel channel) {
        if (channel == null) {
            return;
        }
        try {
            if (channel.isOpen()) {
                channel.close();
            }
        } catch (IOException | TimeoutException | RuntimeException e) {
            log.debug("closing a channel: {}", ConnectionPool.describe(e));
        }
    }

    private static DriverException notInitialized(String what) {
        return new DriverException("rabbitmq driver: cannot " + what + " before initialize() (or after close())");
    }
}
