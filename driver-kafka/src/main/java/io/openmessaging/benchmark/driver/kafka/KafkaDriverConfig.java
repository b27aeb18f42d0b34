package io.openmessaging.benchmark.driver.kafka;

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
import io.openmessaging.benchmark.config.DriverFileKeys;
import io.openmessaging.benchmark.config.YamlMapping;
import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.driver.MessageStampCodec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * A Kafka-protocol driver YAML, parsed strictly and checked, with the client properties it yields.
 * Immutable.
 *
 * <p>The file format is upstream OMB's ({@code replicationFactor}, {@code topicConfig}, {@code
 * commonConfig}, {@code producerConfig}, {@code consumerConfig}, {@code reset}) plus this driver's own
 * keys ({@code topicPrefix}, {@code offsetCommitLingerMs}, {@code topicCreationBatchSize}, {@code
 * topicCreationMaxRetries}, {@code initializeTimeoutMs}), declared with the config engine ({@link #schema}):
 * every problem of the file's keys is reported at once as {@code file:line:column: …}; a property of a
 * block is checked against the Kafka client's own definitions and named at its line, and one that no client
 * of its block defines is a warning ({@link #configWarnings}). The key reference in
 * docs/drivers/kafka.md is generated from the declarations.
 */
public final class KafkaDriverConfig {

    /** Keys of the client property blocks that name the block in messages. */
    static final String COMMON_CONFIG = "commonConfig";

    static final String PRODUCER_CONFIG = "producerConfig";
    static final String CONSUMER_CONFIG = "consumerConfig";
    static final String TOPIC_CONFIG = "topicConfig";

    /**
     * Upstream Redpanda fork files set the commit linger inside {@code consumerConfig}; it is read from
     * there too and never passed to the Kafka client.
     */
    static final String OFFSET_COMMIT_LINGER_MS = "offsetCommitLingerMs";

    static final String REQUESTS_PER_TRANSACTION = "requestsPerTransaction";
    static final String TRANSACTION_MAX_OPEN_MS = "transactionMaxOpenMs";
    static final String STAMP_IN = "stampIn";
    static final long DEFAULT_TRANSACTION_MAX_OPEN_MS = 100;
    /** The Redpanda fork's transactional driver class; its files must set {@value #REQUESTS_PER_TRANSACTION}. */
    static final String TX_DRIVER_CLASS = "io.openmessaging.benchmark.driver.redpanda.tx.RedpandaBenchmarkDriver";

    private static final Pattern TOPIC_PREFIX = Pattern.compile("[a-zA-Z0-9._-]{1,200}");

    private final String sourceName;
    private final Short replicationFactor;
    private final boolean reset;
    private final String topicPrefix;
    private final long offsetCommitLingerMs;
    private final int topicCreationBatchSize;
    private final int topicCreationMaxRetries;
    private final long initializeTimeoutMs;
    private final boolean autoCommit;
    private final String groupId;
    private final Integer requestsPerTransaction;
    private final long transactionMaxOpenMs;
    private final StampPlacement stampIn;
    private final Map<String, String> topicConfigs;
    private final Map<String, String> adminProperties;
    private final Map<String, String> producerProperties;
    private final Map<String, String> consumerProperties;
    private final List<String> configWarnings;

    private KafkaDriverConfig(Builder b) {
        this.sourceName = b.sourceName;
        this.replicationFactor = b.replicationFactor;
        this.reset = b.reset;
        this.topicPrefix = b.topicPrefix;
        this.offsetCommitLingerMs = b.offsetCommitLingerMs;
        this.topicCreationBatchSize = b.topicCreationBatchSize;
        this.topicCreationMaxRetries = b.topicCreationMaxRetries;
        this.initializeTimeoutMs = b.initializeTimeoutMs;
        this.autoCommit = b.autoCommit;
        this.groupId = b.groupId;
        this.requestsPerTransaction = b.requestsPerTransaction;
        this.transactionMaxOpenMs = b.transactionMaxOpenMs;
        this.stampIn = b.stampIn;
        this.topicConfigs = Collections.unmodifiableMap(b.topicConfigs);
        this.adminProperties = Collections.unmodifiableMap(b.adminProperties);
        this.producerProperties = Collections.unmodifiableMap(b.producerProperties);
        this.consumerProperties = Collections.unmodifiableMap(b.consumerProperties);
        this.configWarnings = List.copyOf(b.configWarnings);
    }

    /**
     * Parses and checks a driver YAML. Opens no connection.
     *
     * @param yaml the whole file
     * @param sourceName the file name, for error messages
     * @param defaults the driver's defaults, applied where the file sets nothing
     * @throws DriverException naming the file, the line and column, the key and what is allowed
     */
    public static KafkaDriverConfig parse(String yaml, String sourceName, KafkaDriverDefaults defaults)
            throws DriverException {
        FileKeys keys = keys(defaults);
        try {
            ConfigValues values = keys.schema.read(YamlMapping.read(yaml == null ? "" : yaml, sourceName), sourceName);
            Builder b = new Builder(sourceName, yaml, keys, values);
            b.build(defaults);
            return new KafkaDriverConfig(b);
        } catch (ConfigException e) {
            throw new DriverException(e.getMessage(), e);
        }
    }

    /** The file format of the driver with {@code defaults} (Kafka's, Redpanda's), its defaults in its keys. */
    public static ConfigSchema schema(KafkaDriverDefaults defaults) {
        return keys(defaults).schema;
    }

    public String sourceName() {
        return sourceName;
    }

    /** Replication factor of created topics; empty means the broker's {@code default.replication.factor}. */
    public Optional<Short> replicationFactor() {
        return Optional.ofNullable(replicationFactor);
    }

    /** Whether topics starting with {@link #topicPrefix()} are deleted before topics are created. */
    public boolean reset() {
        return reset;
    }

    public String topicPrefix() {
        return topicPrefix;
    }

    public long offsetCommitLingerMs() {
        return offsetCommitLingerMs;
    }

    /** Where producers put the message stamp: at the start of the value, or in a record header. */
    public StampPlacement stampIn() {
        return stampIn;
    }

    public int topicCreationBatchSize() {
        return topicCreationBatchSize;
    }

    public int topicCreationMaxRetries() {
        return topicCreationMaxRetries;
    }

    public long initializeTimeoutMs() {
        return initializeTimeoutMs;
    }

    /**
     * Whether the Kafka consumer commits offsets itself ({@code enable.auto.commit=true}); when it does,
     * the driver never commits.
     */
    public boolean autoCommit() {
        return autoCommit;
    }

    /**
     * The consumer group every subscription uses, when the file sets {@code group.id} (the Redpanda fork's
     * files do); empty means each subscription is a group named after it. A workload with more than one
     * subscription per topic is refused with a group id ({@link KafkaBenchmarkDriver#loadProblems}).
     */
    public Optional<String> groupId() {
        return Optional.ofNullable(groupId);
    }

    /**
     * Messages each producer sends in one Kafka transaction before it commits ({@code
     * requestsPerTransaction}, the Redpanda fork's key); empty when producers do not use transactions.
     */
    public Optional<Integer> requestsPerTransaction() {
        return Optional.ofNullable(requestsPerTransaction);
    }

    /** Longest a transaction stays open before it is committed with fewer messages ({@code transactionMaxOpenMs}). */
    public long transactionMaxOpenMs() {
        return transactionMaxOpenMs;
    }

    /** Topic configs for created topics ({@code topicConfig} over the driver's defaults). */
    public Map<String, String> topicConfigs() {
        return topicConfigs;
    }

    /** Admin client properties: {@code commonConfig}. */
    public Map<String, Object> adminProperties() {
        return new HashMap<>(adminProperties);
    }

    /** Producer properties: defaults, then {@code commonConfig}, then {@code producerConfig}, then the forced serializers. */
    public Map<String, Object> producerProperties() {
        Map<String, Object> props = new HashMap<>(producerProperties);
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        return props;
    }

    /**
     * Consumer properties: defaults, then {@code commonConfig}, then {@code consumerConfig}, then the
     * group id ({@link #groupId} when set, else the subscription name) and the forced deserializers.
     *
     * @param subscriptionName the subscription's name
     */
    public Map<String, Object> consumerProperties(String subscriptionName) {
        Map<String, Object> props = new HashMap<>(consumerProperties);
        props.put(ConsumerConfig.GROUP_ID_CONFIG, groupId != null ? groupId : subscriptionName);
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        return props;
    }

    /**
     * The properties of {@code commonConfig}, {@code producerConfig} and {@code consumerConfig} that no
     * client of their block defines (a consumer property in {@code producerConfig} included), each as {@code
     * file:line:column: key 'producerConfig' sets property 'lingr.ms', which is not …}, in file order by
     * block. They are passed on to the clients all the same.
     */
    public List<String> configWarnings() {
        return configWarnings;
    }

    public String bootstrapServers() {
        return adminProperties.get(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG);
    }

    // ---------------------------------------------------------------------------------------------
    // parsing

    private static final Map<KafkaDriverDefaults, FileKeys> KEYS = new ConcurrentHashMap<>();

    private static FileKeys keys(KafkaDriverDefaults defaults) {
        return KEYS.computeIfAbsent(defaults, FileKeys::new);
    }

    /** The keys of a Kafka-protocol driver file, with one driver's defaults, and the rules across them. */
    static final class FileKeys {
        final ConfigKey<Integer> replicationFactor = integer("replicationFactor", "replicas")
                .atLeast(1)
                .atMost(Short.MAX_VALUE)
                .defaultText("the broker's `default.replication.factor`")
                .meaning("Replication factor of the topics a run creates.")
                .build();
        final ConfigKey<String> topicConfig = text(TOPIC_CONFIG)
                .defaultText("none")
                .allowed("a block of Java properties")
                .expected("a block of Java properties (topic configs such as min.insync.replicas=2)")
                .meaning("Topic configs of the topics a run creates, e.g. `min.insync.replicas=2`; checked against"
                        + " Kafka's topic configs.")
                .build();
        final ConfigKey<String> commonConfig = text(COMMON_CONFIG)
                .defaultText("*required*") // checked with bootstrap.servers, which it must set
                .allowed("a block of Java properties that sets `bootstrap.servers`")
                .expected("a block of Java properties that sets bootstrap.servers")
                .meaning("Properties of the producers, the consumers and the admin client; checked against the"
                        + " Kafka client's definitions.")
                .build();
        final ConfigKey<String> producerConfig = text(PRODUCER_CONFIG)
                .defaultText("none")
                .allowed("a block of Java properties")
                .expected("a block of Java properties")
                .meaning("Properties of every producer (over `commonConfig`); not the serializers or"
                        + " `transactional.id`, which the driver decides.")
                .build();
        final ConfigKey<String> consumerConfig = text(CONSUMER_CONFIG)
                .defaultText("none")
                .allowed("a block of Java properties")
                .expected("a block of Java properties")
                .meaning("Properties of every consumer (over `commonConfig`); not the deserializers. A `group.id`"
                        + " puts every subscription in that group.")
                .build();
        final ConfigKey<Boolean> reset = bool("reset")
                .byDefault(false)
                .meaning("Before the first topic creation, delete every topic whose name starts with `topicPrefix`"
                        + " (never other topics) and wait until they are gone; topics already gone count as deleted.")
                .build();
        final ConfigKey<StampPlacement> stampIn = enumeration(STAMP_IN, StampPlacement.class)
                .ignoringCase()
                .byDefault(StampPlacement.VALUE)
                .meaning("This driver's own: where each message carries its stamp (the producer's times, read by"
                        + " the consumer). `value`: over the first " + MessageStampCodec.VALUE_PREFIX_SIZE_BYTES
                        + " bytes of the payload, so records carry exactly `messageSize` bytes and no header, and"
                        + " neither side allocates per message (payloads shorter than that carry a header);"
                        + " `header`: in a record header `" + MessageStampCodec.HEADER_NAME + "`, the payload"
                        + " untouched. Consumers read both. See [The stamp](kafka.md#the-stamp).")
                .build();
        final ConfigKey<String> topicPrefix;
        final ConfigKey<Long> offsetCommitLingerMs;
        final ConfigKey<Integer> topicCreationBatchSize;
        final ConfigKey<Integer> topicCreationMaxRetries;
        final ConfigKey<Long> initializeTimeoutMs;
        final ConfigKey<Integer> requestsPerTransaction = integer(REQUESTS_PER_TRANSACTION, "messages")
                .atLeast(1)
                .defaultText("none (no transactions)")
                .meaning("The Redpanda fork's key: each producer sends in Kafka transactions of this many messages"
                        + " (see [Transactions](kafka.md#transactions)); consumers then read committed messages unless"
                        + " `isolation.level` is set.")
                .build();
        final ConfigKey<Long> transactionMaxOpenMs = longInteger(TRANSACTION_MAX_OPEN_MS, "milliseconds")
                .atLeast(1)
                .byDefault(DEFAULT_TRANSACTION_MAX_OPEN_MS)
                .meaning("This driver's own: a transaction open this long is committed with fewer messages, so the"
                        + " last one of a run commits too; only with `" + REQUESTS_PER_TRANSACTION + "`.")
                .build();
        final ConfigSchema schema;

        FileKeys(KafkaDriverDefaults defaults) {
            topicPrefix = text("topicPrefix")
                    .byDefault(defaults.topicPrefix())
                    .allowed("1 to 200 letters, digits, `.`, `_` or `-`")
                    .meaning("This driver's own: starts every topic name a run creates.")
                    .build();
            offsetCommitLingerMs = longInteger(OFFSET_COMMIT_LINGER_MS, "milliseconds")
                    .atLeast(0)
                    .byDefault(defaults.offsetCommitLingerMs())
                    .meaning("This driver's own: least time between two offset commits of one consumer (also read"
                            + " from `consumerConfig`, where the Redpanda fork's files set it).")
                    .build();
            topicCreationBatchSize = integer("topicCreationBatchSize", "topics")
                    .atLeast(1)
                    .byDefault(defaults.topicCreationBatchSize())
                    .meaning("This driver's own: topics per create request.")
                    .build();
            topicCreationMaxRetries = integer("topicCreationMaxRetries", "retries")
                    .atLeast(0)
                    .byDefault(defaults.topicCreationMaxRetries())
                    .meaning("This driver's own: retries of retriable topic-creation failures, with exponential"
                            + " backoff.")
                    .build();
            initializeTimeoutMs = longInteger("initializeTimeoutMs", "milliseconds")
                    .atLeast(1)
                    .byDefault(defaults.initializeTimeoutMs())
                    .meaning("This driver's own: how long `initialize()` waits for the cluster to answer.")
                    .build();
            schema = ConfigSchema.forDriverFile(
                    "Kafka driver file",
                    List.of(
                            replicationFactor,
                            topicConfig,
                            commonConfig,
                            producerConfig,
                            consumerConfig,
                            reset,
                            topicPrefix,
                            offsetCommitLingerMs,
                            topicCreationBatchSize,
                            topicCreationMaxRetries,
                            initializeTimeoutMs,
                            requestsPerTransaction,
                            transactionMaxOpenMs,
                            stampIn),
                    List.of(
                            new ConfigRule(
                                    "`topicPrefix` is 1 to 200 letters, digits, `.`, `_` or `-`.",
                                    List.of(topicPrefix),
                                    in -> !TOPIC_PREFIX
                                            .matcher(in.get(topicPrefix))
                                            .matches(),
                                    in -> in.show(topicPrefix) + ": expected 1 to 200 letters, digits, '.', '_' or '-'"
                                            + " (it starts every topic name)"),
                            new ConfigRule(
                                    "`" + TRANSACTION_MAX_OPEN_MS + "` only with `" + REQUESTS_PER_TRANSACTION + "`.",
                                    List.of(transactionMaxOpenMs),
                                    in -> in.given(transactionMaxOpenMs) && !in.given(requestsPerTransaction),
                                    in -> in.showKey(transactionMaxOpenMs) + " is set without "
                                            + REQUESTS_PER_TRANSACTION + ", so no transaction is opened"),
                            new ConfigRule(
                                    "The Redpanda fork's transactional `driverClass` needs `" + REQUESTS_PER_TRANSACTION
                                            + "`.",
                                    List.of(DriverFileKeys.DRIVER_CLASS),
                                    in -> TX_DRIVER_CLASS.equals(in.get(DriverFileKeys.DRIVER_CLASS))
                                            && !in.given(requestsPerTransaction),
                                    in -> "driverClass " + TX_DRIVER_CLASS + " runs Kafka transactions and needs "
                                            + REQUESTS_PER_TRANSACTION + " (messages per transaction, 1 or more)")));
        }
    }
    /** Turns a bound file into checked settings; collects the line numbers for its messages. */
    private static final class Builder {
        final String sourceName;
        final String[] yamlLines;
        final FileKeys keys;
        final ConfigValues values;

        Short replicationFactor;
        boolean reset;
        String topicPrefix;
        long offsetCommitLingerMs;
        int topicCreationBatchSize;
        int topicCreationMaxRetries;
        long initializeTimeoutMs;
        boolean autoCommit;
        String groupId;
        Integer requestsPerTransaction;
        long transactionMaxOpenMs = DEFAULT_TRANSACTION_MAX_OPEN_MS;
        StampPlacement stampIn;
        boolean readCommitted;
        final Map<String, String> topicConfigs = new LinkedHashMap<>();
        final Map<String, String> adminProperties = new LinkedHashMap<>();
        final Map<String, String> producerProperties = new LinkedHashMap<>();
        final Map<String, String> consumerProperties = new LinkedHashMap<>();
        final List<String> configWarnings = new ArrayList<>();

        Builder(String sourceName, String yaml, FileKeys keys, ConfigValues values) {
            this.sourceName = sourceName;
            this.yamlLines = (yaml == null ? "" : yaml).split("\r\n|\r|\n", -1);
            this.keys = keys;
            this.values = values;
        }

        void build(KafkaDriverDefaults defaults) throws DriverException {
            replicationFactor = values.given(keys.replicationFactor)
                    ? values.get(keys.replicationFactor).shortValue()
                    : null;
            reset = values.get(keys.reset);
            stampIn = values.get(keys.stampIn);
            topicPrefix = values.get(keys.topicPrefix);
            topicCreationBatchSize = values.get(keys.topicCreationBatchSize);
            topicCreationMaxRetries = values.get(keys.topicCreationMaxRetries);
            initializeTimeoutMs = values.get(keys.initializeTimeoutMs);

            PropertiesBlock common = block(keys.commonConfig);
            PropertiesBlock producer = block(keys.producerConfig);
            PropertiesBlock consumer = block(keys.consumerConfig);
            PropertiesBlock topic = block(keys.topicConfig);

            if (!common.contains(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG)
                    || common.get(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG).isBlank()) {
                throw new DriverException(at(
                        keyLine(COMMON_CONFIG),
                        keyColumn(COMMON_CONFIG),
                        COMMON_CONFIG
                                + " must set bootstrap.servers (host:port[,host:port…]); the admin client, producers"
                                + " and consumers all connect through it"));
            }
            rejectForced(common, producer, consumer);
            groupId = groupId(common, consumer);
            transactions(common, producer, consumer);
            checkValues(COMMON_CONFIG, common, KafkaPropertyCheck.Clients.ALL);
            checkValues(PRODUCER_CONFIG, producer, KafkaPropertyCheck.Clients.PRODUCER);
            checkValues(CONSUMER_CONFIG, consumer, KafkaPropertyCheck.Clients.CONSUMER);
            warnUnknown(COMMON_CONFIG, common, KafkaPropertyCheck.Clients.ALL);
            warnUnknown(PRODUCER_CONFIG, producer, KafkaPropertyCheck.Clients.PRODUCER);
            warnUnknown(CONSUMER_CONFIG, consumer, KafkaPropertyCheck.Clients.CONSUMER);
            for (Map.Entry<String, String> config : topic.values().entrySet()) {
                String problem = KafkaPropertyCheck.topicProblem(
                        config.getKey(), config.getValue(), defaults.apacheKafkaLimits());
                if (problem != null) {
                    throw propertyError(TOPIC_CONFIG, topic, config.getKey(), problem);
                }
            }

            offsetCommitLingerMs = commitLinger(consumer);

            topicConfigs.putAll(defaults.topicProperties());
            topicConfigs.putAll(topic.values());

            adminProperties.putAll(withZoneId(common.values()));

            defaults.producerProperties().forEach((k, v) -> {
                if (!common.contains(k) && !producer.contains(k)) {
                    producerProperties.put(k, v);
                }
            });
            producerProperties.putAll(withZoneId(common.values()));
            producerProperties.putAll(withZoneId(producer.values()));

            defaults.consumerProperties().forEach((k, v) -> {
                if (!common.contains(k) && !consumer.contains(k)) {
                    consumerProperties.put(k, v);
                }
            });
            consumerProperties.putAll(withZoneId(common.values()));
            consumerProperties.putAll(withZoneId(consumer.values()));
            if (readCommitted) {
                // end-to-end latency of a transactional run ends where a reader can see the message: at the commit
                consumerProperties.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
            }
            consumerProperties.remove(OFFSET_COMMIT_LINGER_MS);

            String autoCommitValue = consumerProperties
                    .getOrDefault(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false")
                    .strip();
            if (!autoCommitValue.equalsIgnoreCase("true") && !autoCommitValue.equalsIgnoreCase("false")) {
                PropertiesBlock where = consumer.contains(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG) ? consumer : common;
                String block = where == consumer ? CONSUMER_CONFIG : COMMON_CONFIG;
                throw propertyError(
                        block,
                        where,
                        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                        "is '" + autoCommitValue + "'; allowed: true or false");
            }
            autoCommit = Boolean.parseBoolean(autoCommitValue.toLowerCase());
            consumerProperties.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, Boolean.toString(autoCommit));
        }

        private PropertiesBlock block(ConfigKey<String> key) throws DriverException {
            YamlMapping.Entry entry = values.entry(key);
            if (entry == null) {
                return PropertiesBlock.EMPTY;
            }
            try {
                return PropertiesBlock.parse(values.get(key), firstLineOf(entry));
            } catch (IllegalArgumentException e) {
                throw new DriverException(
                        at(
                                entry.keyLine(),
                                entry.keyColumn(),
                                key.name() + ": not a valid Java-properties block (" + e.getMessage() + "); expected "
                                        + key.expected()),
                        e);
            }
        }

        /** The line of a value's first text: the next line for a block scalar ({@code |} or {@code >}). */
        private int firstLineOf(YamlMapping.Entry entry) {
            int line = entry.valueLine();
            int column = entry.valueColumn();
            boolean block = line >= 1
                    && line <= yamlLines.length
                    && column >= 1
                    && column <= yamlLines[line - 1].length()
                    && "|>".indexOf(yamlLines[line - 1].charAt(column - 1)) >= 0;
            return block ? line + 1 : line;
        }

        private void rejectForced(PropertiesBlock common, PropertiesBlock producer, PropertiesBlock consumer)
                throws DriverException {
            String serializerReason = "producers always send String keys and byte[] values (StringSerializer,"
                    + " ByteArraySerializer); remove it";
            String deserializerReason = "consumers always read String keys and byte[] values (StringDeserializer,"
                    + " ByteArrayDeserializer); remove it";
            String transactionReason = "every producer would share the id; for transactions set "
                    + REQUESTS_PER_TRANSACTION + ", which gives each producer an id of its own";
            for (String key :
                    List.of(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG)) {
                rejectIn(COMMON_CONFIG, common, key, serializerReason);
                rejectIn(PRODUCER_CONFIG, producer, key, serializerReason);
            }
            for (String key : List.of(
                    ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG)) {
                rejectIn(COMMON_CONFIG, common, key, deserializerReason);
                rejectIn(CONSUMER_CONFIG, consumer, key, deserializerReason);
            }
            rejectIn(COMMON_CONFIG, common, ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionReason);
            rejectIn(PRODUCER_CONFIG, producer, ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionReason);
        }

        /** The {@code group.id} of {@code consumerConfig} (or else {@code commonConfig}), or null. */
        private String groupId(PropertiesBlock common, PropertiesBlock consumer) throws DriverException {
            PropertiesBlock where = consumer.contains(ConsumerConfig.GROUP_ID_CONFIG)
                    ? consumer
                    : common.contains(ConsumerConfig.GROUP_ID_CONFIG) ? common : null;
            if (where == null) {
                return null;
            }
            String value = where.get(ConsumerConfig.GROUP_ID_CONFIG).strip();
            if (value.isEmpty()) {
                throw propertyError(
                        where == consumer ? CONSUMER_CONFIG : COMMON_CONFIG,
                        where,
                        ConsumerConfig.GROUP_ID_CONFIG,
                        "is empty; allowed: a consumer group name, or no group.id"
                                + " (each subscription is then a group named after it)");
            }
            return value;
        }

        /**
         * {@code requestsPerTransaction} and {@code transactionMaxOpenMs}; with transactions, idempotence and
         * {@code acks=all} (which Kafka transactions need) must not be switched off, and consumers read
         * committed messages only unless {@code isolation.level} is set.
         */
        private void transactions(PropertiesBlock common, PropertiesBlock producer, PropertiesBlock consumer)
                throws DriverException {
            if (!values.given(keys.requestsPerTransaction)) {
                return; // transactionMaxOpenMs alone and the transactional driverClass are refused by the schema
            }
            requestsPerTransaction = values.get(keys.requestsPerTransaction);
            transactionMaxOpenMs = values.get(keys.transactionMaxOpenMs);
            for (PropertiesBlock block : List.of(producer, common)) {
                String blockKey = block == producer ? PRODUCER_CONFIG : COMMON_CONFIG;
                if (block.contains(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG)
                        && block.get(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG)
                                .strip()
                                .equalsIgnoreCase("false")) {
                    throw propertyError(
                            blockKey,
                            block,
                            ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
                            "is false, but "
                                    + REQUESTS_PER_TRANSACTION + " runs Kafka transactions, which need an idempotent"
                                    + " producer; remove it or set it to true");
                }
                if (block.contains(ProducerConfig.ACKS_CONFIG)) {
                    String acks = block.get(ProducerConfig.ACKS_CONFIG).strip();
                    if (!acks.equalsIgnoreCase("all") && !acks.equals("-1")) {
                        throw propertyError(
                                blockKey,
                                block,
                                ProducerConfig.ACKS_CONFIG,
                                "is " + acks + ", but " + REQUESTS_PER_TRANSACTION
                                        + " runs Kafka transactions, which need acks=all");
                    }
                    break; // producerConfig's acks wins over commonConfig's
                }
            }
            if (!consumer.contains(ConsumerConfig.ISOLATION_LEVEL_CONFIG)
                    && !common.contains(ConsumerConfig.ISOLATION_LEVEL_CONFIG)) {
                readCommitted = true; // applied where the consumer properties are assembled
            }
        }

        /** Every property of {@code block} the Kafka client defines must have a value it accepts. */
        private void checkValues(String blockKey, PropertiesBlock block, KafkaPropertyCheck.Clients clients)
                throws DriverException {
            for (Map.Entry<String, String> property : block.values().entrySet()) {
                String problem = KafkaPropertyCheck.problem(property.getKey(), property.getValue(), clients);
                if (problem != null) {
                    throw propertyError(blockKey, block, property.getKey(), problem);
                }
            }
        }

        /**
         * A warning for every property of {@code block} that no client of {@code clients} defines; the
         * commit linger this driver reads from {@code consumerConfig} is its own.
         */
        private void warnUnknown(String blockKey, PropertiesBlock block, KafkaPropertyCheck.Clients clients) {
            for (String property : block.values().keySet()) {
                String problem = property.equals(OFFSET_COMMIT_LINGER_MS)
                        ? null
                        : KafkaPropertyCheck.unknownProblem(property, clients);
                if (problem != null) {
                    configWarnings.add(propertyMessage(blockKey, block, property, problem));
                }
            }
        }

        private void rejectIn(String blockKey, PropertiesBlock block, String property, String reason)
                throws DriverException {
            if (block.contains(property)) {
                throw propertyError(blockKey, block, property, "is not accepted: " + reason);
            }
        }

        private long commitLinger(PropertiesBlock consumer) throws DriverException {
            if (!consumer.contains(OFFSET_COMMIT_LINGER_MS)) {
                return values.get(keys.offsetCommitLingerMs);
            }
            String text = consumer.get(OFFSET_COMMIT_LINGER_MS).strip();
            long inBlock;
            try {
                inBlock = Long.parseLong(text);
            } catch (NumberFormatException e) {
                inBlock = -1L;
            }
            if (inBlock < 0) {
                throw propertyError(
                        CONSUMER_CONFIG,
                        consumer,
                        OFFSET_COMMIT_LINGER_MS,
                        "is '" + text + "'; allowed: " + keys.offsetCommitLingerMs.expected());
            }
            if (values.given(keys.offsetCommitLingerMs) && values.get(keys.offsetCommitLingerMs) != inBlock) {
                throw propertyError(
                        CONSUMER_CONFIG,
                        consumer,
                        OFFSET_COMMIT_LINGER_MS,
                        "is " + inBlock + " but the top-level key " + OFFSET_COMMIT_LINGER_MS + " is "
                                + values.get(keys.offsetCommitLingerMs) + "; set it in one place");
            }
            return inBlock;
        }

        /** Upstream's {@code client.id} template: {@code {zone.id}} becomes the {@code zone.id} system property. */
        private static Map<String, String> withZoneId(Map<String, String> properties) {
            String zone = System.getProperty("zone.id");
            String clientId = properties.get(CommonClientConfigs.CLIENT_ID_CONFIG);
            if (zone == null || clientId == null || !clientId.contains("{zone.id}")) {
                return properties;
            }
            Map<String, String> copy = new LinkedHashMap<>(properties);
            copy.put(CommonClientConfigs.CLIENT_ID_CONFIG, clientId.replace("{zone.id}", zone));
            return copy;
        }

        private DriverException propertyError(String blockKey, PropertiesBlock block, String property, String problem) {
            return new DriverException(propertyMessage(blockKey, block, property, problem));
        }

        /** {@code file:line:column: key 'BLOCK' sets property 'NAME', which PROBLEM}, at the property's line. */
        private String propertyMessage(String blockKey, PropertiesBlock block, String property, String problem) {
            int line = block.lineOf(property);
            return at(
                    line > 0 ? line : keyLine(blockKey),
                    line > 0 ? indentColumn(line) : keyColumn(blockKey),
                    "key '" + blockKey + "' sets property '" + property + "', which " + problem);
        }

        /** {@code file:line:column: detail}, the one format of every config file's problems. */
        private String at(int line, int column, String detail) {
            return ConfigException.at(sourceName, line, column, detail);
        }

        /** The column of the first character of {@code line} that is not a space: where a property starts. */
        private int indentColumn(int line) {
            if (line < 1 || line > yamlLines.length) {
                return 1;
            }
            String text = yamlLines[line - 1];
            int column = 0;
            while (column < text.length() && Character.isWhitespace(text.charAt(column))) {
                column++;
            }
            return column + 1;
        }

        private int keyLine(String key) {
            YamlMapping.Entry entry = entryOf(key);
            return entry == null ? 0 : entry.keyLine();
        }

        private int keyColumn(String key) {
            YamlMapping.Entry entry = entryOf(key);
            return entry == null ? 0 : entry.keyColumn();
        }

        private YamlMapping.Entry entryOf(String key) {
            return values.entry(keys.schema.key(key).orElseThrow());
        }
    }
}
