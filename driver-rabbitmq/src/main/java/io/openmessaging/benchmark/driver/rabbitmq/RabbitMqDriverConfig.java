package io.openmessaging.benchmark.driver.rabbitmq;

import static io.openmessaging.benchmark.config.ConfigKey.bool;
import static io.openmessaging.benchmark.config.ConfigKey.enumeration;
import static io.openmessaging.benchmark.config.ConfigKey.integer;
import static io.openmessaging.benchmark.config.ConfigKey.structured;
import static io.openmessaging.benchmark.config.ConfigKey.text;

import io.openmessaging.benchmark.config.ConfigException;
import io.openmessaging.benchmark.config.ConfigKey;
import io.openmessaging.benchmark.config.ConfigRule;
import io.openmessaging.benchmark.config.ConfigSchema;
import io.openmessaging.benchmark.config.ConfigValues;
import io.openmessaging.benchmark.config.InvalidValue;
import io.openmessaging.benchmark.config.YamlMapping;
import io.openmessaging.benchmark.config.YamlNode;
import io.openmessaging.benchmark.driver.DriverException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A RabbitMQ driver YAML, declared with the config engine ({@link #SCHEMA}), read strictly and checked.
 * Immutable.
 *
 * <p>Upstream OMB's keys ({@code amqpUris}, {@code messagePersistence}, {@code queueType} and the four
 * creation knobs, which are accepted and have no effect here) keep their meaning; the rest are this
 * driver's own. Every problem is reported at once as {@code file:line:column: …} with the key, what was
 * found and what is allowed; the key reference in docs/drivers/rabbitmq.md is generated from {@link #SCHEMA}.
 */
public final class RabbitMqDriverConfig {

    private static final Pattern TOPIC_PREFIX_PATTERN = Pattern.compile("[a-zA-Z0-9._-]{1,200}");
    private static final String QUEUE_TYPE_ARGUMENT = "x-queue-type";

    static final ConfigKey<List<String>> AMQP_URIS = structured("amqpUris", "list of URIs", RabbitMqDriverConfig::uris)
            .required()
            .allowed("one or more `amqp[s]://[user:password@]host[:port][/vhost]`")
            .expected("a list of one or more URIs amqp[s]://[user:password@]host[:port][/vhost]")
            .meaning("The brokers; producers, consumers and queues are spread over them round-robin.")
            .build();

    static final ConfigKey<String> USERNAME = text("username")
            .defaultText("none")
            .meaning("The user for URIs without one (together with `password`).")
            .build();

    static final ConfigKey<String> PASSWORD = text("password")
            .defaultText("none")
            .meaning("The password for URIs without credentials (together with `username`).")
            .build();

    static final ConfigKey<String> VIRTUAL_HOST = text("virtualHost")
            .defaultText("none (the broker's default, `/`)")
            .meaning("The vhost for URIs without a path, e.g. `/` or `bench`.")
            .build();

    static final ConfigKey<ExchangeType> EXCHANGE_TYPE = enumeration("exchangeType", ExchangeType.class)
            .ignoringCase()
            .byDefault(RabbitMqDefaults.EXCHANGE_TYPE)
            .meaning("The type of the exchange declared per topic (see Exchanges, partitions and queues below).")
            .build();

    static final ConfigKey<QueueType> QUEUE_TYPE = enumeration("queueType", QueueType.class)
            .ignoringCase()
            .byDefault(RabbitMqDefaults.QUEUE_TYPE)
            .meaning("The type of every declared queue (`x-queue-type`); see Queue types below.")
            .build();

    static final ConfigKey<Boolean> MESSAGE_PERSISTENCE = bool("messagePersistence")
            .byDefault(RabbitMqDefaults.MESSAGE_PERSISTENCE)
            .meaning("Publish with delivery mode 2 (persistent); quorum queues and streams persist anyway.")
            .build();

    static final ConfigKey<Boolean> PUBLISHER_CONFIRMS = bool("publisherConfirms")
            .byDefault(RabbitMqDefaults.PUBLISHER_CONFIRMS)
            .meaning("This driver's own: a send completes when the broker confirms it (true) or when the client"
                    + " has written it (false).")
            .build();

    static final ConfigKey<Integer> MAX_OUTSTANDING_CONFIRMS = integer("maxOutstandingConfirms", "messages")
            .atLeast(0)
            .byDefault(RabbitMqDefaults.MAX_OUTSTANDING_CONFIRMS)
            .meaning("This driver's own: the most sends a producer has published and the broker not yet confirmed"
                    + " (a confirm window); a send beyond them waits in the producer, is published in order as"
                    + " confirms come, and its wait counts in publish latency and response time"
                    + " (`rabbitmq.confirmWindowWaitedMessages`, `rabbitmq.confirmWindowWaitMicros`). 0 is no"
                    + " limit. Needs `publisherConfirms`.")
            .build();

    static final ConfigKey<Boolean> AUTO_ACK = bool("autoAck")
            .byDefault(RabbitMqDefaults.AUTO_ACK)
            .meaning("This driver's own: the broker forgets a message when it sends it (true) or when the consumer"
                    + " acknowledges it (false); not allowed with `STREAM`.")
            .build();

    static final ConfigKey<Integer> PREFETCH_COUNT = integer("prefetchCount", "messages")
            .atLeast(0)
            .atMost(65_535)
            .byDefault(RabbitMqDefaults.PREFETCH_COUNT)
            .meaning("This driver's own: unacknowledged deliveries per queue subscription of a consumer; 0 is"
                    + " unlimited (`STREAM` needs 1 or more). Unused with `autoAck`.")
            .build();

    static final ConfigKey<Map<String, Object>> QUEUE_ARGUMENTS = structured(
                    "queueArguments", "mapping", RabbitMqDriverConfig::queueArguments)
            .byDefault(Map.of())
            .defaultText("none")
            .allowed("a mapping of argument names to strings, numbers or `true`/`false`, not `x-queue-type`")
            .expected("a mapping of queue argument names to strings, numbers or true/false, e.g. x-max-length:"
                    + " 1000000")
            .meaning("This driver's own: extra arguments of every declared queue, e.g. `x-max-length: 1000000`,"
                    + " `x-overflow: reject-publish`, `x-quorum-initial-group-size: 3`, `x-queue-mode: lazy` (the queue"
                    + " type is `queueType`).")
            .build();

    static final ConfigKey<Integer> PRODUCER_CONNECTIONS_PER_URI = integer("producerConnectionsPerUri", "connections")
            .atLeast(1)
            .byDefault(RabbitMqDefaults.PRODUCER_CONNECTIONS_PER_URI)
            .meaning("This driver's own: connections per URI shared by all producers.")
            .build();

    static final ConfigKey<Integer> CONSUMER_CONNECTIONS_PER_URI = integer("consumerConnectionsPerUri", "connections")
            .atLeast(1)
            .byDefault(RabbitMqDefaults.CONSUMER_CONNECTIONS_PER_URI)
            .meaning("This driver's own: connections per URI shared by all consumers.")
            .build();

    static final ConfigKey<String> TOPIC_PREFIX = text("topicPrefix")
            .byDefault(RabbitMqDefaults.TOPIC_PREFIX)
            .allowed("1 to 200 letters, digits, `.`, `_` or `-`")
            .meaning("This driver's own: starts the name of every exchange and queue a run declares.")
            .build();

    static final ConfigKey<Integer> TOPOLOGY_BATCH_SIZE = integer("topologyBatchSize", "declarations")
            .atLeast(1)
            .byDefault(RabbitMqDefaults.TOPOLOGY_BATCH_SIZE)
            .meaning("This driver's own: declarations sent before one round trip checks them.")
            .build();

    static final ConfigKey<Boolean> DELETE_TOPOLOGY_ON_CLOSE = bool("deleteTopologyOnClose")
            .byDefault(RabbitMqDefaults.DELETE_TOPOLOGY_ON_CLOSE)
            .meaning("This driver's own: delete the exchanges and queues this run declared when the driver closes.")
            .build();

    static final ConfigKey<Integer> CONNECTION_TIMEOUT_MS = integer("connectionTimeoutMs", "milliseconds")
            .atLeast(1)
            .byDefault(RabbitMqDefaults.CONNECTION_TIMEOUT_MS)
            .meaning("This driver's own: bound on the TCP connect and the AMQP handshake.")
            .build();

    static final ConfigKey<Boolean> CONNECTION_RECOVERY = bool("connectionRecovery")
            .byDefault(RabbitMqDefaults.CONNECTION_RECOVERY)
            .meaning("This driver's own: when a connection is lost, reopen it (to its own broker first, then to the"
                    + " file's other brokers in turn), reopen its channels and subscriptions, and publish again"
                    + " every message the broker had not confirmed; counted in `rabbitmq.connectionRecoveries` and"
                    + " `rabbitmq.republishedMessages`. False: a lost connection fails its producers' unconfirmed"
                    + " sends and its consumers, and the run fails.")
            .build();

    static final ConfigKey<Integer> CONNECTION_RECOVERY_INTERVAL_MS = integer(
                    "connectionRecoveryIntervalMs", "milliseconds")
            .atLeast(10)
            .atMost(600_000)
            .byDefault(RabbitMqDefaults.CONNECTION_RECOVERY_INTERVAL_MS)
            .meaning("This driver's own: wait between two attempts to reopen a lost connection"
                    + " (with `connectionRecovery`).")
            .build();

    /** Upstream's creation throttles: accepted so upstream files load, without effect (creation is pipelined). */
    static final List<ConfigKey<Integer>> UPSTREAM_IGNORED = List.of(
            ignored("producerCreationDelay", "milliseconds"),
            ignored("producerCreationBatchSize", "producers"),
            ignored("consumerCreationDelay", "milliseconds"),
            ignored("consumerCreationBatchSize", "consumers"));

    /** The RabbitMQ driver file: the framework's keys, this driver's, and the rules across them. */
    static final ConfigSchema SCHEMA = ConfigSchema.forDriverFile("RabbitMQ driver file", keys(), rules());

    private final String sourceName;
    private final List<BrokerEndpoint> endpoints;
    private final ExchangeType exchangeType;
    private final QueueType queueType;
    private final boolean messagePersistence;
    private final boolean publisherConfirms;
    private final int maxOutstandingConfirms;
    private final boolean autoAck;
    private final int prefetchCount;
    private final Map<String, Object> queueArguments;
    private final int producerConnectionsPerUri;
    private final int consumerConnectionsPerUri;
    private final String topicPrefix;
    private final int topologyBatchSize;
    private final boolean deleteTopologyOnClose;
    private final int connectionTimeoutMs;
    private final boolean connectionRecovery;
    private final int connectionRecoveryIntervalMs;
    private final List<String> ignoredUpstreamKeys;

    private RabbitMqDriverConfig(String sourceName, List<BrokerEndpoint> endpoints, ConfigValues values) {
        this.sourceName = sourceName;
        this.endpoints = List.copyOf(endpoints);
        this.exchangeType = values.get(EXCHANGE_TYPE);
        this.queueType = values.get(QUEUE_TYPE);
        this.messagePersistence = values.get(MESSAGE_PERSISTENCE);
        this.publisherConfirms = values.get(PUBLISHER_CONFIRMS);
        this.maxOutstandingConfirms = values.get(MAX_OUTSTANDING_CONFIRMS);
        this.autoAck = values.get(AUTO_ACK);
        this.prefetchCount = values.get(PREFETCH_COUNT);
        this.queueArguments = Collections.unmodifiableMap(new LinkedHashMap<>(values.get(QUEUE_ARGUMENTS)));
        this.producerConnectionsPerUri = values.get(PRODUCER_CONNECTIONS_PER_URI);
        this.consumerConnectionsPerUri = values.get(CONSUMER_CONNECTIONS_PER_URI);
        this.topicPrefix = values.get(TOPIC_PREFIX);
        this.topologyBatchSize = values.get(TOPOLOGY_BATCH_SIZE);
        this.deleteTopologyOnClose = values.get(DELETE_TOPOLOGY_ON_CLOSE);
        this.connectionTimeoutMs = values.get(CONNECTION_TIMEOUT_MS);
        this.connectionRecovery = values.get(CONNECTION_RECOVERY);
        this.connectionRecoveryIntervalMs = values.get(CONNECTION_RECOVERY_INTERVAL_MS);
        this.ignoredUpstreamKeys = UPSTREAM_IGNORED.stream()
                .filter(values::given)
                .map(ConfigKey::name)
                .toList();
    }

    /**
     * Parses and checks a driver YAML. Opens no connection.
     *
     * @param yaml the whole file
     * @param sourceName the file name, for error messages
     * @throws DriverException listing every problem, one a line, each with the file, line, column and key
     */
    public static RabbitMqDriverConfig parse(String yaml, String sourceName) throws DriverException {
        try {
            ConfigValues values = SCHEMA.read(YamlMapping.read(yaml == null ? "" : yaml, sourceName), sourceName);
            List<BrokerEndpoint> endpoints = new ArrayList<>();
            for (String uri : values.get(AMQP_URIS)) {
                endpoints.add(BrokerEndpoint.parse(
                        uri, values.get(USERNAME), values.get(PASSWORD), values.get(VIRTUAL_HOST)));
            }
            return new RabbitMqDriverConfig(sourceName, endpoints, values);
        } catch (ConfigException e) {
            throw new DriverException(e.getMessage(), e);
        }
    }

    public String sourceName() {
        return sourceName;
    }

    /** The brokers of {@code amqpUris}, in file order. */
    public List<BrokerEndpoint> endpoints() {
        return endpoints;
    }

    public ExchangeType exchangeType() {
        return exchangeType;
    }

    public QueueType queueType() {
        return queueType;
    }

    /** Whether messages are published with delivery mode 2 (persistent). */
    public boolean messagePersistence() {
        return messagePersistence;
    }

    public boolean publisherConfirms() {
        return publisherConfirms;
    }

    /** The most sends a producer has published and not yet had confirmed; 0 is no limit. */
    public int maxOutstandingConfirms() {
        return maxOutstandingConfirms;
    }

    public boolean autoAck() {
        return autoAck;
    }

    /** Unacknowledged deliveries per queue subscription; 0 is unlimited. Unused with auto-ack. */
    public int prefetchCount() {
        return prefetchCount;
    }

    /** Extra arguments of every declared queue (besides {@code x-queue-type}). */
    public Map<String, Object> queueArguments() {
        return queueArguments;
    }

    public int producerConnectionsPerUri() {
        return producerConnectionsPerUri;
    }

    public int consumerConnectionsPerUri() {
        return consumerConnectionsPerUri;
    }

    public String topicPrefix() {
        return topicPrefix;
    }

    public int topologyBatchSize() {
        return topologyBatchSize;
    }

    public boolean deleteTopologyOnClose() {
        return deleteTopologyOnClose;
    }

    public int connectionTimeoutMs() {
        return connectionTimeoutMs;
    }

    public boolean connectionRecovery() {
        return connectionRecovery;
    }

    public int connectionRecoveryIntervalMs() {
        return connectionRecoveryIntervalMs;
    }

    /** The wait between reconnection attempts, or 0 when a lost connection is not reopened. */
    int recoveryIntervalMs() {
        return connectionRecovery ? connectionRecoveryIntervalMs : 0;
    }

    /** Upstream creation keys the file set, which have no effect. */
    public List<String> ignoredUpstreamKeys() {
        return ignoredUpstreamKeys;
    }

    private static ConfigKey<Integer> ignored(String name, String unit) {
        return integer(name, unit)
                .defaultText("none")
                .allowed("any whole number")
                .meaning("Upstream's creation throttle: accepted so that upstream files load, **no effect** (creation"
                        + " is pipelined; logged at start).")
                .build();
    }

    private static List<ConfigKey<?>> keys() {
        List<ConfigKey<?>> keys = new ArrayList<>(List.of(
                AMQP_URIS,
                USERNAME,
                PASSWORD,
                VIRTUAL_HOST,
                EXCHANGE_TYPE,
                QUEUE_TYPE,
                MESSAGE_PERSISTENCE,
                PUBLISHER_CONFIRMS,
                MAX_OUTSTANDING_CONFIRMS,
                AUTO_ACK,
                PREFETCH_COUNT,
                QUEUE_ARGUMENTS,
                PRODUCER_CONNECTIONS_PER_URI,
                CONSUMER_CONNECTIONS_PER_URI,
                TOPIC_PREFIX,
                TOPOLOGY_BATCH_SIZE,
                DELETE_TOPOLOGY_ON_CLOSE,
                CONNECTION_TIMEOUT_MS,
                CONNECTION_RECOVERY,
                CONNECTION_RECOVERY_INTERVAL_MS));
        keys.addAll(UPSTREAM_IGNORED);
        return keys;
    }

    private static List<ConfigRule> rules() {
        return List.of(
                new ConfigRule(
                        "`username` and `password` are given together (or in the URIs: `amqp://user:password@host`).",
                        List.of(USERNAME, PASSWORD),
                        values -> values.given(USERNAME) != values.given(PASSWORD),
                        values -> (values.given(USERNAME) ? values.showKey(USERNAME) : values.showKey(PASSWORD))
                                + " is set but " + (values.given(USERNAME) ? "password" : "username")
                                + " is not; set both or neither (credentials may also be in the URIs:"
                                + " amqp://user:password@host)"),
                new ConfigRule(
                        "Every URI of `amqpUris` with the credentials and vhost above is a valid broker address.",
                        List.of(AMQP_URIS),
                        values -> endpointProblem(values) != null,
                        values -> "amqpUris: " + endpointProblem(values)),
                new ConfigRule(
                        "`topicPrefix` is 1 to 200 letters, digits, `.`, `_` or `-`.",
                        List.of(TOPIC_PREFIX),
                        values -> !TOPIC_PREFIX_PATTERN
                                .matcher(values.get(TOPIC_PREFIX))
                                .matches(),
                        values -> values.show(TOPIC_PREFIX) + ": expected 1 to 200 letters, digits, '.', '_' or"
                                + " '-' (it starts every exchange and queue name)"),
                new ConfigRule(
                        "`maxOutstandingConfirms` above 0 needs `publisherConfirms: true` (without confirms nothing"
                                + " frees the window).",
                        List.of(MAX_OUTSTANDING_CONFIRMS, PUBLISHER_CONFIRMS),
                        values -> values.get(MAX_OUTSTANDING_CONFIRMS) > 0 && !values.get(PUBLISHER_CONFIRMS),
                        values -> values.show(MAX_OUTSTANDING_CONFIRMS) + " cannot be used with "
                                + values.show(PUBLISHER_CONFIRMS)
                                + ": the window is freed by the broker's confirms; set publisherConfirms: true or"
                                + " maxOutstandingConfirms: 0"),
                new ConfigRule(
                        "With `queueType: STREAM`, `autoAck` is false (RabbitMQ refuses auto-ack consumers on streams).",
                        List.of(AUTO_ACK, QUEUE_TYPE),
                        values -> values.get(QUEUE_TYPE) == QueueType.STREAM && values.get(AUTO_ACK),
                        values -> values.show(AUTO_ACK) + " cannot be used with " + values.show(QUEUE_TYPE)
                                + ": RabbitMQ refuses auto-ack consumers on streams; use manual acknowledgements"),
                new ConfigRule(
                        "With `queueType: STREAM`, `prefetchCount` is 1 or more (RabbitMQ refuses stream consumers"
                                + " without one).",
                        List.of(PREFETCH_COUNT, QUEUE_TYPE),
                        values -> values.get(QUEUE_TYPE) == QueueType.STREAM && values.get(PREFETCH_COUNT) == 0,
                        values -> values.show(PREFETCH_COUNT) + ", which is unlimited, cannot be used with "
                                + values.show(QUEUE_TYPE)
                                + ": RabbitMQ refuses stream consumers without a prefetch of 1 or more"),
                new ConfigRule(
                        "With `queueType: STREAM`, `connectionRecovery` is false (a reopened subscription would"
                                + " start again from the offset of the first one and read the stream twice).",
                        List.of(CONNECTION_RECOVERY, QUEUE_TYPE),
                        values -> values.get(QUEUE_TYPE) == QueueType.STREAM && values.get(CONNECTION_RECOVERY),
                        values -> values.show(CONNECTION_RECOVERY) + " cannot be used with "
                                + values.show(QUEUE_TYPE)
                                + ": a reopened stream subscription would read the stream again from its first"
                                + " offset"));
    }

    /** Why a URI of the file cannot be used with the file's credentials, or null. */
    private static String endpointProblem(ConfigValues values) {
        List<String> uris = values.get(AMQP_URIS);
        for (int i = 0; i < uris.size(); i++) {
            try {
                BrokerEndpoint.parse(uris.get(i), values.get(USERNAME), values.get(PASSWORD), values.get(VIRTUAL_HOST));
            } catch (IllegalArgumentException e) {
                return "item " + (i + 1) + ": " + e.getMessage();
            }
        }
        return null;
    }

    /** The URIs, each checked on its own (scheme, host, no query) at its own line. */
    private static List<String> uris(YamlMapping.Entry entry) throws InvalidValue {
        YamlNode list = entry.nested();
        if (list == null || list.kind() != YamlMapping.Kind.LIST) {
            throw new InvalidValue(entry, AMQP_URIS.expected());
        }
        if (list.items().isEmpty()) {
            throw new InvalidValue(
                    entry.valueLine(),
                    entry.valueColumn(),
                    "amqpUris: found an empty list, expected " + AMQP_URIS.expected());
        }
        List<String> uris = new ArrayList<>();
        for (YamlNode item : list.items()) {
            String where = "amqpUris item " + (uris.size() + 1);
            if (item.kind() == YamlMapping.Kind.MAPPING
                    || item.kind() == YamlMapping.Kind.LIST
                    || item.kind() == YamlMapping.Kind.NULL
                    || item.text().isBlank()) {
                throw new InvalidValue(
                        item.line(),
                        item.column(),
                        where + ": found " + item.found() + ", expected a URI"
                                + " amqp[s]://[user:password@]host[:port][/vhost]");
            }
            try {
                BrokerEndpoint.parse(item.text(), "user", "password", null); // the credentials are checked later
            } catch (IllegalArgumentException e) {
                throw new InvalidValue(item.line(), item.column(), where + ": " + e.getMessage());
            }
            uris.add(item.text());
        }
        return List.copyOf(uris);
    }

    /** Extra queue arguments: scalar values, not {@code x-queue-type}; whole numbers as longs, as AMQP sends them. */
    private static Map<String, Object> queueArguments(YamlMapping.Entry entry) throws InvalidValue {
        YamlNode mapping = entry.nested();
        if (mapping == null || mapping.kind() != YamlMapping.Kind.MAPPING) {
            throw new InvalidValue(entry, QUEUE_ARGUMENTS.expected());
        }
        Map<String, Object> arguments = new LinkedHashMap<>();
        for (Map.Entry<String, YamlNode> argument : mapping.fields().entrySet()) {
            YamlNode value = argument.getValue();
            if (argument.getKey().equalsIgnoreCase(QUEUE_TYPE_ARGUMENT)) {
                throw new InvalidValue(
                        value.line(),
                        value.column(),
                        "queueArguments." + argument.getKey()
                                + ": the queue type is the key queueType; remove it here");
            }
            Object scalar = value.value();
            if (!(scalar instanceof String || scalar instanceof Number || scalar instanceof Boolean)) {
                throw new InvalidValue(
                        value.line(),
                        value.column(),
                        "queueArguments." + argument.getKey() + ": found " + value.found()
                                + ", expected a string, number or true/false");
            }
            arguments.put(argument.getKey(), scalar instanceof Integer i ? Long.valueOf(i) : scalar);
        }
        return arguments;
    }
}
