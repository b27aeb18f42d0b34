package io.openmessaging.benchmark.driver.pulsar;

import com.fasterxml.jackson.core.JsonToken;
import io.openmessaging.benchmark.config.Suggestions;
import io.openmessaging.benchmark.driver.DriverException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.pulsar.client.api.SubscriptionType;

/**
 * A Pulsar driver YAML, parsed strictly and checked. Immutable.
 *
 * <p>The format is upstream OMB's ({@code client}, {@code producer}, {@code consumer} sections) plus a
 * few keys of this driver's own, marked in {@link #KEYS}. Every error names the file, the line, the
 * dotted key and what is allowed.
 *
 * @param sourceName the file name, for messages
 * @param client how to reach the cluster and what namespace to create
 * @param producer settings of every producer
 * @param consumer settings of every consumer
 */
public record PulsarDriverConfig(String sourceName, Client client, Producer producer, Consumer consumer) {

    /**
     * @param serviceUrl binary protocol address, {@code pulsar://} or {@code pulsar+ssl://}
     * @param httpUrl admin address, {@code http://} or {@code https://}
     * @param clusterName the cluster the namespace is assigned to, or {@code null}: the only cluster
     *     the broker knows
     * @param topicType {@code persistent} or {@code non-persistent}
     * @param tlsTrustCertsFilePath PEM file of trusted certificates, or {@code null} for the JVM's
     */
    public record Client(
            String serviceUrl,
            String httpUrl,
            int ioThreads,
            int connectionsPerBroker,
            long clientMemoryLimitMB,
            int maxConcurrentLookupRequests,
            long operationTimeoutMs,
            String namespacePrefix,
            String clusterName,
            String topicType,
            Persistence persistence,
            boolean tlsAllowInsecureConnection,
            boolean tlsEnableHostnameVerification,
            String tlsTrustCertsFilePath,
            Authentication authentication) {

        /** The tenant: {@link #namespacePrefix} up to its {@code /}. */
        public String tenant() {
            return namespacePrefix.substring(0, namespacePrefix.indexOf('/'));
        }

        /** Whether the service or admin address uses TLS. */
        public boolean usesTls() {
            return serviceUrl.startsWith("pulsar+ssl://") || httpUrl.startsWith("https://");
        }
    }

    /** Bookie placement of the namespace's ledgers, and message deduplication. */
    public record Persistence(int ensembleSize, int writeQuorum, int ackQuorum, boolean deduplicationEnabled) {}

    /**
     * @param plugin an {@code org.apache.pulsar.client.api.Authentication} class name, or {@code null}
     *     for none
     * @param data the plugin's parameters (its own format), or {@code null}
     */
    public record Authentication(String plugin, String data) {

        public boolean enabled() {
            return plugin != null;
        }
    }

    public record Producer(
            boolean batchingEnabled,
            long batchingMaxPublishDelayMs,
            int batchingMaxBytes,
            boolean blockIfQueueFull,
            int pendingQueueSize,
            int maxPendingMessagesAcrossPartitions) {}

    public record Consumer(int receiverQueueSize, SubscriptionType subscriptionType) {}

    /** One allowed scalar key: what it accepts, its default, and whether it is this driver's own. */
    public record Key(String path, String accepts, String defaultValue, boolean own) {}

    /** Every scalar key, by dotted path, in the order of the documentation. */
    public static final Map<String, Key> KEYS = declareKeys();

    /** Keys that hold mappings. */
    public static final Set<String> SECTIONS = Collections.unmodifiableSet(new LinkedHashSet<>(
            List.of("client", "client.persistence", "client.authentication", "producer", "consumer")));

    private static final Pattern NAME_PART = Pattern.compile("[a-zA-Z0-9_=:.-]+");
    private static final List<String> TOPIC_TYPES = List.of("persistent", "non-persistent");

    private static Map<String, Key> declareKeys() {
        Map<String, Key> keys = new LinkedHashMap<>();
        key(keys, "name", "any text; read by the framework", "-", false);
        key(keys, "driver", "the driver id 'pulsar'; read by the framework", "-", false);
        key(
                keys,
                "driverClass",
                "upstream's io.openmessaging.benchmark.driver.pulsar.PulsarBenchmarkDriver;" + " read by the framework",
                "-",
                false);
        key(keys, "client.serviceUrl", "pulsar://host:port or pulsar+ssl://host:port[,host:port…]", "required", false);
        key(keys, "client.httpUrl", "http://host:port or https://host:port: the admin REST address", "required", false);
        key(
                keys,
                "client.ioThreads",
                "a whole number, 1 or more: the client's network threads",
                String.valueOf(PulsarDriverDefaults.IO_THREADS),
                false);
        key(
                keys,
                "client.connectionsPerBroker",
                "a whole number, 1 or more: connections from the client to each broker",
                String.valueOf(PulsarDriverDefaults.CONNECTIONS_PER_BROKER),
                false);
        key(
                keys,
                "client.clientMemoryLimitMB",
                "a whole number of MiB, 0 or more (0: no limit): memory for"
                        + " pending messages of all producers of the client",
                String.valueOf(PulsarDriverDefaults.CLIENT_MEMORY_LIMIT_MB),
                false);
        key(
                keys,
                "client.maxConcurrentLookupRequests",
                "a whole number, 1 or more: topic lookups in flight per" + " connection",
                String.valueOf(PulsarDriverDefaults.MAX_CONCURRENT_LOOKUP_REQUESTS),
                false);
        key(
                keys,
                "client.operationTimeoutMs",
                "a whole number of milliseconds, 1 or more: bound of lookups,"
                        + " producer and consumer creation and admin requests",
                String.valueOf(PulsarDriverDefaults.OPERATION_TIMEOUT_MS),
                true);
        key(
                keys,
                "client.namespacePrefix",
                "<tenant>/<namespace stem>, each letters, digits, '_', '=', ':', '.'"
                        + " or '-'; the run's namespace is <stem>-<random>",
                PulsarDriverDefaults.NAMESPACE_PREFIX,
                false);
        key(
                keys,
                "client.clusterName",
                "the cluster name the tenant and namespace are assigned to",
                "the only cluster the broker knows",
                false);
        key(keys, "client.topicType", "persistent or non-persistent", PulsarDriverDefaults.TOPIC_TYPE, false);
        key(
                keys,
                "client.persistence.ensembleSize",
                "a whole number, 1 or more: bookies per ledger",
                String.valueOf(PulsarDriverDefaults.ENSEMBLE_SIZE),
                false);
        key(
                keys,
                "client.persistence.writeQuorum",
                "a whole number from 1 to ensembleSize: copies of each entry",
                String.valueOf(PulsarDriverDefaults.WRITE_QUORUM),
                false);
        key(
                keys,
                "client.persistence.ackQuorum",
                "a whole number from 1 to writeQuorum: copies acknowledged" + " before a write completes",
                String.valueOf(PulsarDriverDefaults.ACK_QUORUM),
                false);
        key(
                keys,
                "client.persistence.deduplicationEnabled",
                "true or false: broker-side message deduplication",
                String.valueOf(PulsarDriverDefaults.DEDUPLICATION_ENABLED),
                false);
        key(keys, "client.tlsAllowInsecureConnection", "true or false: accept any server certificate", "false", false);
        key(
                keys,
                "client.tlsEnableHostnameVerification",
                "true or false: check the server certificate's host" + " name",
                "false",
                false);
        key(
                keys,
                "client.tlsTrustCertsFilePath",
                "path of a PEM file of trusted certificates",
                "the JVM's trust store",
                false);
        key(
                keys,
                "client.authentication.plugin",
                "an authentication class name, e.g." + " org.apache.pulsar.client.impl.auth.AuthenticationToken",
                "none",
                false);
        key(
                keys,
                "client.authentication.data",
                "the plugin's parameters, e.g. token:<jwt> or file:///path",
                "none",
                false);
        key(
                keys,
                "producer.batchingEnabled",
                "true or false",
                String.valueOf(PulsarDriverDefaults.BATCHING_ENABLED),
                false);
        key(
                keys,
                "producer.batchingMaxPublishDelayMs",
                "a whole number of milliseconds, 1 or more: how long a" + " batch may wait for more messages",
                String.valueOf(PulsarDriverDefaults.BATCHING_MAX_PUBLISH_DELAY_MS),
                false);
        key(
                keys,
                "producer.batchingMaxBytes",
                "a whole number of bytes, 1 or more: a batch is sent when it" + " reaches this size",
                String.valueOf(PulsarDriverDefaults.BATCHING_MAX_BYTES),
                false);
        key(
                keys,
                "producer.blockIfQueueFull",
                "true or false: a full pending queue blocks the send (true) or" + " fails it (false)",
                String.valueOf(PulsarDriverDefaults.BLOCK_IF_QUEUE_FULL),
                false);
        key(
                keys,
                "producer.pendingQueueSize",
                "a whole number, 0 or more (0: no limit): pending messages per" + " partition",
                String.valueOf(PulsarDriverDefaults.PENDING_QUEUE_SIZE),
                false);
        key(
                keys,
                "producer.maxPendingMessagesAcrossPartitions",
                "a whole number, 0 or more (0: no limit), not"
                        + " below pendingQueueSize: pending messages of one producer over all partitions",
                String.valueOf(PulsarDriverDefaults.MAX_PENDING_MESSAGES_ACROSS_PARTITIONS),
                true);
        key(
                keys,
                "consumer.receiverQueueSize",
                "a whole number, 1 or more: messages prefetched per partition",
                String.valueOf(PulsarDriverDefaults.RECEIVER_QUEUE_SIZE),
                false);
        key(
                keys,
                "consumer.subscriptionType",
                "Exclusive, Shared, Failover or Key_Shared",
                PulsarDriverDefaults.SUBSCRIPTION_TYPE,
                false);
        return Collections.unmodifiableMap(keys);
    }

    private static void key(Map<String, Key> keys, String path, String accepts, String defaultValue, boolean own) {
        keys.put(path, new Key(path, accepts, defaultValue, own));
    }

    /**
     * Parses and checks a driver YAML. Opens no connection.
     *
     * @throws DriverException naming the file, the line when known, the key and what is allowed
     */
    public static PulsarDriverConfig parse(String yaml, String sourceName) throws DriverException {
        FlatYaml file = FlatYaml.read(yaml, sourceName, SECTIONS, KEYS.keySet());
        Reader in = new Reader(file);

        String serviceUrl = in.requiredText("client.serviceUrl");
        if (!serviceUrl.startsWith("pulsar://") && !serviceUrl.startsWith("pulsar+ssl://")) {
            throw in.error("client.serviceUrl", "is '" + serviceUrl + "'");
        }
        String httpUrl = in.requiredText("client.httpUrl");
        if (!httpUrl.startsWith("http://") && !httpUrl.startsWith("https://")) {
            throw in.error("client.httpUrl", "is '" + httpUrl + "'");
        }
        String namespacePrefix = in.text("client.namespacePrefix", PulsarDriverDefaults.NAMESPACE_PREFIX);
        String[] parts = namespacePrefix.split("/", -1);
        if (parts.length != 2
                || !NAME_PART.matcher(parts[0]).matches()
                || !NAME_PART.matcher(parts[1]).matches()) {
            throw in.error("client.namespacePrefix", "is '" + namespacePrefix + "'");
        }
        String clusterName = in.text("client.clusterName", null);
        if (clusterName != null && !NAME_PART.matcher(clusterName).matches()) {
            throw in.error("client.clusterName", "is '" + clusterName + "'");
        }

        int ensembleSize = in.wholeNumber("client.persistence.ensembleSize", PulsarDriverDefaults.ENSEMBLE_SIZE, 1);
        int writeQuorum = in.wholeNumber("client.persistence.writeQuorum", PulsarDriverDefaults.WRITE_QUORUM, 1);
        int ackQuorum = in.wholeNumber("client.persistence.ackQuorum", PulsarDriverDefaults.ACK_QUORUM, 1);
        if (writeQuorum > ensembleSize) {
            throw in.error(
                    "client.persistence.writeQuorum", "is " + writeQuorum + ", above ensembleSize " + ensembleSize);
        }
        if (ackQuorum > writeQuorum) {
            throw in.error("client.persistence.ackQuorum", "is " + ackQuorum + ", above writeQuorum " + writeQuorum);
        }
        Persistence persistence = new Persistence(
                ensembleSize,
                writeQuorum,
                ackQuorum,
                in.bool("client.persistence.deduplicationEnabled", PulsarDriverDefaults.DEDUPLICATION_ENABLED));

        String plugin = in.text("client.authentication.plugin", null);
        String authData = in.text("client.authentication.data", null);
        if (plugin == null && authData != null) {
            throw in.error(
                    "client.authentication.data",
                    "is set but client.authentication.plugin is not;" + " name the plugin that reads it");
        }

        Client client = new Client(
                serviceUrl,
                httpUrl,
                in.wholeNumber("client.ioThreads", PulsarDriverDefaults.IO_THREADS, 1),
                in.wholeNumber("client.connectionsPerBroker", PulsarDriverDefaults.CONNECTIONS_PER_BROKER, 1),
                in.longNumber("client.clientMemoryLimitMB", PulsarDriverDefaults.CLIENT_MEMORY_LIMIT_MB, 0),
                in.wholeNumber(
                        "client.maxConcurrentLookupRequests", PulsarDriverDefaults.MAX_CONCURRENT_LOOKUP_REQUESTS, 1),
                in.longNumber("client.operationTimeoutMs", PulsarDriverDefaults.OPERATION_TIMEOUT_MS, 1),
                namespacePrefix,
                clusterName,
                in.choice("client.topicType", PulsarDriverDefaults.TOPIC_TYPE, TOPIC_TYPES),
                persistence,
                in.bool("client.tlsAllowInsecureConnection", false),
                in.bool("client.tlsEnableHostnameVerification", false),
                in.text("client.tlsTrustCertsFilePath", null),
                new Authentication(plugin, authData));

        int pendingQueueSize = in.wholeNumber("producer.pendingQueueSize", PulsarDriverDefaults.PENDING_QUEUE_SIZE, 0);
        int acrossPartitions = in.wholeNumber(
                "producer.maxPendingMessagesAcrossPartitions",
                PulsarDriverDefaults.MAX_PENDING_MESSAGES_ACROSS_PARTITIONS,
                0);
        if (acrossPartitions > 0 && acrossPartitions < pendingQueueSize) {
            throw in.error(
                    "producer.maxPendingMessagesAcrossPartitions",
                    "is " + acrossPartitions + ", below producer.pendingQueueSize " + pendingQueueSize);
        }
        Producer producer = new Producer(
                in.bool("producer.batchingEnabled", PulsarDriverDefaults.BATCHING_ENABLED),
                in.longNumber(
                        "producer.batchingMaxPublishDelayMs", PulsarDriverDefaults.BATCHING_MAX_PUBLISH_DELAY_MS, 1),
                in.wholeNumber("producer.batchingMaxBytes", PulsarDriverDefaults.BATCHING_MAX_BYTES, 1),
                in.bool("producer.blockIfQueueFull", PulsarDriverDefaults.BLOCK_IF_QUEUE_FULL),
                pendingQueueSize,
                acrossPartitions);

        String subscriptionType = in.choice(
                "consumer.subscriptionType",
                PulsarDriverDefaults.SUBSCRIPTION_TYPE,
                List.of("Exclusive", "Shared", "Failover", "Key_Shared"));
        Consumer consumer = new Consumer(
                in.wholeNumber("consumer.receiverQueueSize", PulsarDriverDefaults.RECEIVER_QUEUE_SIZE, 1),
                SubscriptionType.valueOf(subscriptionType));

        return new PulsarDriverConfig(sourceName, client, producer, consumer);
    }

    /** Typed access to the flattened file, with errors that name file, line and key. */
    private static final class Reader {
        private final FlatYaml file;

        Reader(FlatYaml file) {
            this.file = file;
        }

        String requiredText(String path) throws DriverException {
            String value = text(path, null);
            if (value == null) {
                throw new DriverException(FlatYaml.at(file.sourceName(), file.lineOf(path)) + "key '" + path
                        + "' is required; allowed: " + KEYS.get(path).accepts());
            }
            return value;
        }

        String text(String path, String defaultValue) throws DriverException {
            FlatYaml.Scalar scalar = file.get(path);
            if (scalar == null) {
                return defaultValue;
            }
            if (scalar.token() != JsonToken.VALUE_STRING) {
                throw error(path, "is '" + scalar.text() + "', not text");
            }
            String text = scalar.text().strip();
            return text.isEmpty() ? defaultValue : text;
        }

        int wholeNumber(String path, int defaultValue, int minimum) throws DriverException {
            long value = longNumber(path, defaultValue, minimum);
            if (value > Integer.MAX_VALUE) {
                throw error(path, "is " + value + ", above " + Integer.MAX_VALUE);
            }
            return (int) value;
        }

        long longNumber(String path, long defaultValue, long minimum) throws DriverException {
            FlatYaml.Scalar scalar = file.get(path);
            if (scalar == null) {
                return defaultValue;
            }
            long value;
            if (scalar.token() != JsonToken.VALUE_NUMBER_INT) {
                throw error(path, "is '" + scalar.text() + "'");
            }
            try {
                value = Long.parseLong(scalar.text());
            } catch (NumberFormatException e) {
                throw error(path, "is '" + scalar.text() + "'");
            }
            if (value < minimum) {
                throw error(path, "is " + value);
            }
            return value;
        }

        boolean bool(String path, boolean defaultValue) throws DriverException {
            FlatYaml.Scalar scalar = file.get(path);
            if (scalar == null) {
                return defaultValue;
            }
            if (scalar.token() == JsonToken.VALUE_TRUE) {
                return true;
            }
            if (scalar.token() == JsonToken.VALUE_FALSE) {
                return false;
            }
            throw error(path, "is '" + scalar.text() + "'");
        }

        /** One of {@code allowed}, matched without regard to case and returned as spelt there. */
        String choice(String path, String defaultValue, List<String> allowed) throws DriverException {
            String value = text(path, defaultValue);
            for (String candidate : allowed) {
                if (candidate.toLowerCase(Locale.ROOT).equals(value.toLowerCase(Locale.ROOT))) {
                    return candidate;
                }
            }
            throw error(
                    path,
                    "is '" + value + "'"
                            + Suggestions.closest(value, allowed)
                                    .map(s -> " (did you mean '" + s + "'?)")
                                    .orElse(""));
        }

        DriverException error(String path, String problem) {
            return new DriverException(FlatYaml.at(file.sourceName(), file.lineOf(path)) + "key '" + path + "' "
                    + problem + "; allowed: " + KEYS.get(path).accepts());
        }
    }
}
