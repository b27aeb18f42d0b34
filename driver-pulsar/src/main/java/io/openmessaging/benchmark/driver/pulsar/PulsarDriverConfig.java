package io.openmessaging.benchmark.driver.pulsar;

import static io.openmessaging.benchmark.config.ConfigKey.bool;
import static io.openmessaging.benchmark.config.ConfigKey.enumeration;
import static io.openmessaging.benchmark.config.ConfigKey.integer;
import static io.openmessaging.benchmark.config.ConfigKey.longInteger;
import static io.openmessaging.benchmark.config.ConfigKey.text;

import io.openmessaging.benchmark.config.ConfigException;
import io.openmessaging.benchmark.config.ConfigKey;
import io.openmessaging.benchmark.config.ConfigRule;
import io.openmessaging.benchmark.config.ConfigSchema;
import io.openmessaging.benchmark.config.ConfigValues;
import io.openmessaging.benchmark.config.YamlMapping;
import io.openmessaging.benchmark.driver.DriverException;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.pulsar.client.api.SubscriptionType;

/**
 * A Pulsar driver YAML, declared with the config engine ({@link #SCHEMA}), read strictly and checked.
 * Immutable.
 *
 * <p>The format is upstream OMB's ({@code client}, {@code producer}, {@code consumer} sections, read as
 * dotted keys such as {@code client.persistence.ensembleSize}) plus a few keys of this driver's own. Every
 * problem is reported at once as {@code file:line:column: …} with the dotted key, what was found and what
 * is allowed; docs/drivers/pulsar.md's key table is generated from {@link #SCHEMA}.
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

    /** {@code client.topicType}'s values, as written. */
    public enum TopicType {
        PERSISTENT("persistent"),
        NON_PERSISTENT("non-persistent");

        private final String text;

        TopicType(String text) {
            this.text = text;
        }

        @Override
        public String toString() {
            return text;
        }
    }

    /** The keys that hold mappings, read as the prefixes of dotted keys. */
    static final Set<String> SECTIONS =
            Set.of("client", "client.persistence", "client.authentication", "producer", "consumer");

    private static final Pattern NAME_PART = Pattern.compile("[a-zA-Z0-9_=:.-]+");
    private static final String OWN = "This driver's own: ";

    static final ConfigKey<String> SERVICE_URL = text("client.serviceUrl")
            .required()
            .absentWhenEmpty()
            .allowed("`pulsar://host:port` or `pulsar+ssl://host:port[,host:port…]`")
            .expected("pulsar://host:port or pulsar+ssl://host:port")
            .meaning("The brokers' binary protocol address.")
            .build();
    static final ConfigKey<String> HTTP_URL = text("client.httpUrl")
            .required()
            .absentWhenEmpty()
            .allowed("`http://host:port` or `https://host:port`")
            .expected("http://host:port or https://host:port")
            .meaning("The admin REST address.")
            .build();
    static final ConfigKey<Integer> IO_THREADS = integer("client.ioThreads", "threads")
            .atLeast(1)
            .byDefault(PulsarDriverDefaults.IO_THREADS)
            .meaning("The client's network threads.")
            .build();
    static final ConfigKey<Integer> CONNECTIONS_PER_BROKER = integer("client.connectionsPerBroker", "connections")
            .atLeast(1)
            .byDefault(PulsarDriverDefaults.CONNECTIONS_PER_BROKER)
            .meaning("Connections from the one client to each broker.")
            .build();
    static final ConfigKey<Long> CLIENT_MEMORY_LIMIT_MB = longInteger("client.clientMemoryLimitMB", "MiB")
            .atLeast(0)
            .byDefault(PulsarDriverDefaults.CLIENT_MEMORY_LIMIT_MB)
            .meaning("Memory for pending messages of all producers (0: no limit); when it is used up, sends block"
                    + " (`blockIfQueueFull: true`) or fail.")
            .build();
    static final ConfigKey<Integer> MAX_CONCURRENT_LOOKUP_REQUESTS = integer(
                    "client.maxConcurrentLookupRequests", "lookups")
            .atLeast(1)
            .byDefault(PulsarDriverDefaults.MAX_CONCURRENT_LOOKUP_REQUESTS)
            .meaning("Topic lookups in flight per connection.")
            .build();
    static final ConfigKey<Long> OPERATION_TIMEOUT_MS = longInteger("client.operationTimeoutMs", "milliseconds")
            .atLeast(1)
            .byDefault(PulsarDriverDefaults.OPERATION_TIMEOUT_MS)
            .meaning(OWN + "bound of lookups, producer and consumer creation, and of every admin request (connect"
                    + " and response).")
            .build();
    static final ConfigKey<String> NAMESPACE_PREFIX = text("client.namespacePrefix")
            .absentWhenEmpty()
            .byDefault(PulsarDriverDefaults.NAMESPACE_PREFIX)
            .allowed("`<tenant>/<stem>`, each letters, digits, `_`, `=`, `:`, `.` or `-`")
            .meaning("The run's namespace is `<tenant>/<stem>-<random>`.")
            .build();
    static final ConfigKey<String> CLUSTER_NAME = text("client.clusterName")
            .absentWhenEmpty()
            .defaultText("the only cluster the broker knows")
            .allowed("letters, digits, `_`, `=`, `:`, `.` or `-`")
            .meaning("The cluster the tenant must allow and the namespace is assigned to; with several clusters it"
                    + " must be set.")
            .build();
    static final ConfigKey<TopicType> TOPIC_TYPE = enumeration("client.topicType", TopicType.class)
            .ignoringCase()
            .byDefault(TopicType.PERSISTENT)
            .meaning("The kind of topics a run creates.")
            .build();
    static final ConfigKey<Integer> ENSEMBLE_SIZE = integer("client.persistence.ensembleSize", "bookies")
            .atLeast(1)
            .byDefault(PulsarDriverDefaults.ENSEMBLE_SIZE)
            .meaning("The namespace's policy: bookies each ledger is striped over.")
            .build();
    static final ConfigKey<Integer> WRITE_QUORUM = integer("client.persistence.writeQuorum", "copies")
            .atLeast(1)
            .byDefault(PulsarDriverDefaults.WRITE_QUORUM)
            .meaning("Copies of each entry, at most `ensembleSize`.")
            .build();
    static final ConfigKey<Integer> ACK_QUORUM = integer("client.persistence.ackQuorum", "copies")
            .atLeast(1)
            .byDefault(PulsarDriverDefaults.ACK_QUORUM)
            .meaning("Copies acknowledged before a write completes, at most `writeQuorum`.")
            .build();
    static final ConfigKey<Boolean> DEDUPLICATION_ENABLED = bool("client.persistence.deduplicationEnabled")
            .byDefault(PulsarDriverDefaults.DEDUPLICATION_ENABLED)
            .meaning("Broker-side deduplication by producer sequence id.")
            .build();
    static final ConfigKey<Boolean> TLS_ALLOW_INSECURE_CONNECTION = bool("client.tlsAllowInsecureConnection")
            .byDefault(false)
            .meaning("Accept any server certificate.")
            .build();
    static final ConfigKey<Boolean> TLS_ENABLE_HOSTNAME_VERIFICATION = bool("client.tlsEnableHostnameVerification")
            .byDefault(false)
            .meaning("Check the certificate's host name.")
            .build();
    static final ConfigKey<String> TLS_TRUST_CERTS_FILE_PATH = text("client.tlsTrustCertsFilePath")
            .absentWhenEmpty()
            .defaultText("the JVM's trust store")
            .allowed("a file path")
            .meaning("PEM file of trusted certificates.")
            .build();
    static final ConfigKey<String> AUTHENTICATION_PLUGIN = text("client.authentication.plugin")
            .absentWhenEmpty()
            .defaultText("none")
            .allowed("a class name")
            .meaning("An `Authentication` class, e.g. `org.apache.pulsar.client.impl.auth.AuthenticationToken`.")
            .build();
    static final ConfigKey<String> AUTHENTICATION_DATA = text("client.authentication.data")
            .absentWhenEmpty()
            .defaultText("none")
            .meaning("The plugin's parameters in its own format, e.g. `token:<jwt>` or `file:///path/to/token`;"
                    + " needs `plugin`.")
            .build();
    static final ConfigKey<Boolean> BATCHING_ENABLED = bool("producer.batchingEnabled")
            .byDefault(PulsarDriverDefaults.BATCHING_ENABLED)
            .meaning("Group messages into batches.")
            .build();
    static final ConfigKey<Long> BATCHING_MAX_PUBLISH_DELAY_MS = longInteger(
                    "producer.batchingMaxPublishDelayMs", "milliseconds")
            .atLeast(1)
            .byDefault(PulsarDriverDefaults.BATCHING_MAX_PUBLISH_DELAY_MS)
            .meaning("How long a batch may wait for more messages.")
            .build();
    static final ConfigKey<Integer> BATCHING_MAX_BYTES = integer("producer.batchingMaxBytes", "bytes")
            .atLeast(1)
            .byDefault(PulsarDriverDefaults.BATCHING_MAX_BYTES)
            .meaning("A batch is sent when it reaches this size (the message-count limit is lifted).")
            .build();
    static final ConfigKey<Boolean> BLOCK_IF_QUEUE_FULL = bool("producer.blockIfQueueFull")
            .byDefault(PulsarDriverDefaults.BLOCK_IF_QUEUE_FULL)
            .meaning("A full pending queue or memory limit blocks `send` (its time shows as publish delay) instead"
                    + " of failing it.")
            .build();
    static final ConfigKey<Integer> PENDING_QUEUE_SIZE = integer("producer.pendingQueueSize", "messages")
            .atLeast(0)
            .byDefault(PulsarDriverDefaults.PENDING_QUEUE_SIZE)
            .meaning("Pending messages per partition (0: no count limit; the memory limit applies).")
            .build();
    static final ConfigKey<Integer> MAX_PENDING_MESSAGES_ACROSS_PARTITIONS = integer(
                    "producer.maxPendingMessagesAcrossPartitions", "messages")
            .atLeast(0)
            .byDefault(PulsarDriverDefaults.MAX_PENDING_MESSAGES_ACROSS_PARTITIONS)
            .meaning(OWN + "pending messages of one producer over all its partitions (0: none); not below"
                    + " `pendingQueueSize`.")
            .build();
    static final ConfigKey<Integer> RECEIVER_QUEUE_SIZE = integer("consumer.receiverQueueSize", "messages")
            .atLeast(1)
            .byDefault(PulsarDriverDefaults.RECEIVER_QUEUE_SIZE)
            .meaning("Messages prefetched per partition consumer.")
            .build();
    static final ConfigKey<SubscriptionType> SUBSCRIPTION_TYPE = enumeration(
                    "consumer.subscriptionType", SubscriptionType.class)
            .ignoringCase()
            .byDefault(SubscriptionType.valueOf(PulsarDriverDefaults.SUBSCRIPTION_TYPE))
            .meaning("How the consumers of a subscription share its partitions (any case).")
            .build();

    /** The Pulsar driver file: the framework's keys, this driver's dotted keys, and the rules across them. */
    static final ConfigSchema SCHEMA = ConfigSchema.forDriverFile(
            "Pulsar driver file",
            List.of(
                    SERVICE_URL,
                    HTTP_URL,
                    IO_THREADS,
                    CONNECTIONS_PER_BROKER,
                    CLIENT_MEMORY_LIMIT_MB,
                    MAX_CONCURRENT_LOOKUP_REQUESTS,
                    OPERATION_TIMEOUT_MS,
                    NAMESPACE_PREFIX,
                    CLUSTER_NAME,
                    TOPIC_TYPE,
                    ENSEMBLE_SIZE,
                    WRITE_QUORUM,
                    ACK_QUORUM,
                    DEDUPLICATION_ENABLED,
                    TLS_ALLOW_INSECURE_CONNECTION,
                    TLS_ENABLE_HOSTNAME_VERIFICATION,
                    TLS_TRUST_CERTS_FILE_PATH,
                    AUTHENTICATION_PLUGIN,
                    AUTHENTICATION_DATA,
                    BATCHING_ENABLED,
                    BATCHING_MAX_PUBLISH_DELAY_MS,
                    BATCHING_MAX_BYTES,
                    BLOCK_IF_QUEUE_FULL,
                    PENDING_QUEUE_SIZE,
                    MAX_PENDING_MESSAGES_ACROSS_PARTITIONS,
                    RECEIVER_QUEUE_SIZE,
                    SUBSCRIPTION_TYPE),
            rules());

    /**
     * Parses and checks a driver YAML. Opens no connection.
     *
     * @throws DriverException listing every problem, one a line, each with the file, line, column and key
     */
    public static PulsarDriverConfig parse(String yaml, String sourceName) throws DriverException {
        ConfigValues in;
        try {
            in = SCHEMA.read(
                    YamlMapping.read(yaml == null ? "" : yaml, sourceName).flattened(SECTIONS, sourceName), sourceName);
        } catch (ConfigException e) {
            throw new DriverException(e.getMessage(), e);
        }
        Client client = new Client(
                in.get(SERVICE_URL),
                in.get(HTTP_URL),
                in.get(IO_THREADS),
                in.get(CONNECTIONS_PER_BROKER),
                in.get(CLIENT_MEMORY_LIMIT_MB),
                in.get(MAX_CONCURRENT_LOOKUP_REQUESTS),
                in.get(OPERATION_TIMEOUT_MS),
                in.get(NAMESPACE_PREFIX),
                in.get(CLUSTER_NAME),
                in.get(TOPIC_TYPE).toString(),
                new Persistence(
                        in.get(ENSEMBLE_SIZE), in.get(WRITE_QUORUM), in.get(ACK_QUORUM), in.get(DEDUPLICATION_ENABLED)),
                in.get(TLS_ALLOW_INSECURE_CONNECTION),
                in.get(TLS_ENABLE_HOSTNAME_VERIFICATION),
                in.get(TLS_TRUST_CERTS_FILE_PATH),
                new Authentication(in.get(AUTHENTICATION_PLUGIN), in.get(AUTHENTICATION_DATA)));
        Producer producer = new Producer(
                in.get(BATCHING_ENABLED),
                in.get(BATCHING_MAX_PUBLISH_DELAY_MS),
                in.get(BATCHING_MAX_BYTES),
                in.get(BLOCK_IF_QUEUE_FULL),
                in.get(PENDING_QUEUE_SIZE),
                in.get(MAX_PENDING_MESSAGES_ACROSS_PARTITIONS));
        Consumer consumer = new Consumer(in.get(RECEIVER_QUEUE_SIZE), in.get(SUBSCRIPTION_TYPE));
        return new PulsarDriverConfig(sourceName, client, producer, consumer);
    }

    private static List<ConfigRule> rules() {
        return List.of(
                new ConfigRule(
                        "`client.serviceUrl` starts with `pulsar://` or `pulsar+ssl://`.",
                        List.of(SERVICE_URL),
                        in -> !in.get(SERVICE_URL).startsWith("pulsar://")
                                && !in.get(SERVICE_URL).startsWith("pulsar+ssl://"),
                        in -> in.show(SERVICE_URL) + ": expected pulsar://host:port or pulsar+ssl://host:port"),
                new ConfigRule(
                        "`client.httpUrl` starts with `http://` or `https://`.",
                        List.of(HTTP_URL),
                        in -> !in.get(HTTP_URL).startsWith("http://")
                                && !in.get(HTTP_URL).startsWith("https://"),
                        in -> in.show(HTTP_URL) + ": expected http://host:port or https://host:port (the admin"
                                + " REST address)"),
                new ConfigRule(
                        "`client.namespacePrefix` is `<tenant>/<stem>` and `client.clusterName` a name, of letters,"
                                + " digits, `_`, `=`, `:`, `.` or `-`.",
                        List.of(NAMESPACE_PREFIX, CLUSTER_NAME),
                        in -> !namespacePrefixValid(in.get(NAMESPACE_PREFIX))
                                || (in.get(CLUSTER_NAME) != null
                                        && !NAME_PART
                                                .matcher(in.get(CLUSTER_NAME))
                                                .matches()),
                        in -> !namespacePrefixValid(in.get(NAMESPACE_PREFIX))
                                ? in.show(NAMESPACE_PREFIX) + ": expected <tenant>/<stem>, each letters, digits, '_',"
                                        + " '=', ':', '.' or '-'"
                                : in.show(CLUSTER_NAME) + ": expected letters, digits, '_', '=', ':', '.' or '-'"),
                new ConfigRule(
                        "`ackQuorum` ≤ `writeQuorum` ≤ `ensembleSize`.",
                        List.of(WRITE_QUORUM, ACK_QUORUM, ENSEMBLE_SIZE),
                        in -> in.get(WRITE_QUORUM) > in.get(ENSEMBLE_SIZE) || in.get(ACK_QUORUM) > in.get(WRITE_QUORUM),
                        in -> in.get(WRITE_QUORUM) > in.get(ENSEMBLE_SIZE)
                                ? in.show(WRITE_QUORUM) + " is above " + in.show(ENSEMBLE_SIZE)
                                        + ": an entry cannot have more copies than bookies"
                                : in.show(ACK_QUORUM) + " is above " + in.show(WRITE_QUORUM)
                                        + ": a write cannot wait for more copies than are written"),
                new ConfigRule(
                        "`client.authentication.data` needs `client.authentication.plugin`.",
                        List.of(AUTHENTICATION_DATA),
                        in -> in.given(AUTHENTICATION_DATA) && !in.given(AUTHENTICATION_PLUGIN),
                        in -> in.showKey(AUTHENTICATION_DATA) + " is set but client.authentication.plugin is not;"
                                + " name the plugin that reads it"),
                new ConfigRule(
                        "`producer.maxPendingMessagesAcrossPartitions`, when above 0, is not below"
                                + " `producer.pendingQueueSize`.",
                        List.of(MAX_PENDING_MESSAGES_ACROSS_PARTITIONS, PENDING_QUEUE_SIZE),
                        in -> in.get(MAX_PENDING_MESSAGES_ACROSS_PARTITIONS) > 0
                                && in.get(MAX_PENDING_MESSAGES_ACROSS_PARTITIONS) < in.get(PENDING_QUEUE_SIZE),
                        in -> in.show(MAX_PENDING_MESSAGES_ACROSS_PARTITIONS) + " is below "
                                + in.show(PENDING_QUEUE_SIZE) + "; raise it, or set it to 0 (no limit)"));
    }

    private static boolean namespacePrefixValid(String prefix) {
        String[] parts = prefix.split("/", -1);
        return parts.length == 2
                && NAME_PART.matcher(parts[0]).matches()
                && NAME_PART.matcher(parts[1]).matches();
    }
}
