package io.openmessaging.benchmark.driver.kafka;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.openmessaging.benchmark.config.Suggestions;
import io.openmessaging.benchmark.driver.DriverException;
import java.io.IOException;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
 * topicCreationMaxRetries}, {@code initializeTimeoutMs}). Every error names the file, the line when
 * known, the key and what is allowed.
 */
public final class KafkaDriverConfig {

    /** Every key a driver YAML may hold, with what it accepts. Used by error messages. */
    static final Map<String, String> ALLOWED_KEYS = allowedKeys();

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
    static final long DEFAULT_TRANSACTION_MAX_OPEN_MS = 100;
    /** The Redpanda fork's transactional driver class; its files must set {@value #REQUESTS_PER_TRANSACTION}. */
    static final String TX_DRIVER_CLASS = "io.openmessaging.benchmark.driver.redpanda.tx.RedpandaBenchmarkDriver";

    private static final Pattern TOPIC_PREFIX = Pattern.compile("[a-zA-Z0-9._-]{1,200}");

    private static final ObjectMapper MAPPER = new ObjectMapper(new YAMLFactory())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

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
    private final Map<String, String> topicConfigs;
    private final Map<String, String> adminProperties;
    private final Map<String, String> producerProperties;
    private final Map<String, String> consumerProperties;

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
        this.topicConfigs = Collections.unmodifiableMap(b.topicConfigs);
        this.adminProperties = Collections.unmodifiableMap(b.adminProperties);
        this.producerProperties = Collections.unmodifiableMap(b.producerProperties);
        this.consumerProperties = Collections.unmodifiableMap(b.consumerProperties);
    }

    /**
     * Parses and checks a driver YAML. Opens no connection.
     *
     * @param yaml the whole file
     * @param sourceName the file name, for error messages
     * @param defaults the driver's defaults, applied where the file sets nothing
     * @throws DriverException naming the file, the line when known, the key and what is allowed
     */
    public static KafkaDriverConfig parse(String yaml, String sourceName, KafkaDriverDefaults defaults)
            throws DriverException {
        RawFile raw = bind(yaml, sourceName);
        Map<String, int[]> lines = locateTopLevelKeys(yaml);
        Builder b = new Builder(sourceName, lines);
        b.build(raw, yaml, defaults);
        return new KafkaDriverConfig(b);
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

    public String bootstrapServers() {
        return adminProperties.get(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG);
    }

    // ---------------------------------------------------------------------------------------------
    // parsing

    /** The file as Jackson binds it; every field null when absent. */
    static final class RawFile {
        @JsonProperty("name")
        String name;

        @JsonProperty("driver")
        String driver;

        @JsonProperty("driverClass")
        String driverClass;

        @JsonProperty("replicationFactor")
        Short replicationFactor;

        @JsonProperty(TOPIC_CONFIG)
        String topicConfig;

        @JsonProperty(COMMON_CONFIG)
        String commonConfig;

        @JsonProperty(PRODUCER_CONFIG)
        String producerConfig;

        @JsonProperty(CONSUMER_CONFIG)
        String consumerConfig;

        @JsonProperty("reset")
        Boolean reset;

        @JsonProperty("topicPrefix")
        String topicPrefix;

        @JsonProperty(OFFSET_COMMIT_LINGER_MS)
        Long offsetCommitLingerMs;

        @JsonProperty("topicCreationBatchSize")
        Integer topicCreationBatchSize;

        @JsonProperty("topicCreationMaxRetries")
        Integer topicCreationMaxRetries;

        @JsonProperty("initializeTimeoutMs")
        Long initializeTimeoutMs;

        @JsonProperty(REQUESTS_PER_TRANSACTION)
        Integer requestsPerTransaction;

        @JsonProperty(TRANSACTION_MAX_OPEN_MS)
        Long transactionMaxOpenMs;
    }

    private static Map<String, String> allowedKeys() {
        Map<String, String> keys = new LinkedHashMap<>();
        keys.put("name", "any text; read by the framework, ignored by the driver");
        keys.put("driver", "the driver id; read by the framework, ignored by the driver");
        keys.put("driverClass", "an upstream driver class name; read by the framework, ignored by the driver");
        keys.put(
                "replicationFactor",
                "a whole number from 1 to 32767; when absent the broker's default.replication.factor applies");
        keys.put(TOPIC_CONFIG, "a block of Java properties (topic configs such as min.insync.replicas=2)");
        keys.put(
                COMMON_CONFIG,
                "a block of Java properties for producers, consumers and the admin client; must set bootstrap.servers");
        keys.put(PRODUCER_CONFIG, "a block of Java properties for every producer");
        keys.put(CONSUMER_CONFIG, "a block of Java properties for every consumer");
        keys.put("reset", "true or false: delete the topics whose names start with topicPrefix before creating topics");
        keys.put("topicPrefix", "1 to 200 letters, digits, '.', '_' or '-' starting every topic name");
        keys.put(
                OFFSET_COMMIT_LINGER_MS,
                "a whole number of milliseconds, 0 or more: least time between two offset commits of one consumer");
        keys.put("topicCreationBatchSize", "a whole number, 1 or more: topics per create request");
        keys.put(
                "topicCreationMaxRetries",
                "a whole number, 0 or more: retries of retriable topic-creation failures, with exponential backoff");
        keys.put(
                "initializeTimeoutMs",
                "a whole number of milliseconds, 1 or more: how long initialize() waits for the cluster to answer");
        keys.put(
                REQUESTS_PER_TRANSACTION,
                "a whole number, 1 or more: each producer sends in Kafka transactions of"
                        + " this many messages (the Redpanda fork's key); absent: no transactions");
        keys.put(
                TRANSACTION_MAX_OPEN_MS,
                "a whole number of milliseconds, 1 or more (default "
                        + DEFAULT_TRANSACTION_MAX_OPEN_MS + "): a transaction open this long is committed with fewer"
                        + " messages, so the last one of a run commits too; only with " + REQUESTS_PER_TRANSACTION);
        return Collections.unmodifiableMap(keys);
    }

    private static RawFile bind(String yaml, String sourceName) throws DriverException {
        RawFile raw;
        try {
            JsonNode tree = MAPPER.readTree(yaml);
            if (tree == null || tree.isMissingNode() || tree.isNull()) {
                throw new DriverException(sourceName + ": the driver YAML is empty; it needs at least " + COMMON_CONFIG
                        + " with bootstrap.servers");
            }
            raw = MAPPER.readValue(yaml, RawFile.class);
        } catch (UnrecognizedPropertyException e) {
            String key = e.getPropertyName();
            throw new DriverException(
                    where(sourceName, e.getLocation()) + "unknown key '" + key + "'"
                            + Suggestions.closest(key, ALLOWED_KEYS.keySet())
                                    .map(k -> " (did you mean '" + k + "'?)")
                                    .orElse("")
                            + "; allowed keys: " + String.join(", ", ALLOWED_KEYS.keySet()),
                    e);
        } catch (MismatchedInputException e) {
            throw new DriverException(describeMismatch(sourceName, e), e);
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            String key = keyOnLine(yaml, line);
            if (key != null && ALLOWED_KEYS.containsKey(key)) {
                throw new DriverException(
                        where(sourceName, line) + "key '" + key + "' has a value that cannot be read ("
                                + e.getOriginalMessage() + "); allowed: " + ALLOWED_KEYS.get(key),
                        e);
            }
            throw new DriverException(
                    where(sourceName, line) + "cannot parse the driver YAML: " + e.getOriginalMessage(), e);
        }
        return raw;
    }

    /** The top-level key whose value starts on {@code line}, or null. */
    private static String keyOnLine(String yaml, int line) {
        for (Map.Entry<String, int[]> entry : locateTopLevelKeys(yaml).entrySet()) {
            if (entry.getValue()[0] == line) {
                return entry.getKey();
            }
        }
        return null;
    }

    private static String describeMismatch(String sourceName, MismatchedInputException e) {
        List<JsonMappingException.Reference> path = e.getPath();
        String prefix = where(sourceName, e.getLocation());
        if (path.isEmpty() || path.get(0).getFieldName() == null) {
            return prefix + "the driver YAML must be a mapping of keys to values; allowed keys: "
                    + String.join(", ", ALLOWED_KEYS.keySet());
        }
        String key = path.get(0).getFieldName();
        String found = e instanceof InvalidFormatException ife ? " '" + ife.getValue() + "'" : " of the wrong type";
        return prefix + "key '" + key + "' has a value" + found + "; allowed: " + ALLOWED_KEYS.get(key);
    }

    private static String where(String sourceName, JsonLocation location) {
        return location == null || location.getLineNr() <= 0
                ? sourceName + ": "
                : sourceName + ":" + location.getLineNr() + ": ";
    }

    private static String where(String sourceName, int line) {
        return line <= 0 ? sourceName + ": " : sourceName + ":" + line + ": ";
    }

    /**
     * Line of each top-level key and of its value, and whether the value is a block scalar ({@code |}
     * or {@code >}, whose text starts on the next line). Best effort: an unreadable file yields none.
     */
    private static Map<String, int[]> locateTopLevelKeys(String yaml) {
        Map<String, int[]> lines = new HashMap<>();
        String[] rawLines = yaml.split("\r\n|\r|\n", -1);
        try (JsonParser p = MAPPER.getFactory().createParser(yaml)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return lines;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                int keyLine = p.currentTokenLocation().getLineNr();
                p.nextToken();
                JsonLocation value = p.currentTokenLocation();
                int valueLine = value.getLineNr();
                int column = value.getColumnNr();
                boolean block = valueLine >= 1
                        && valueLine <= rawLines.length
                        && column >= 1
                        && column <= rawLines[valueLine - 1].length()
                        && "|>".indexOf(rawLines[valueLine - 1].charAt(column - 1)) >= 0;
                lines.put(key, new int[] {keyLine, block ? valueLine + 1 : valueLine});
                p.skipChildren();
            }
        } catch (IOException e) {
            return lines;
        }
        return lines;
    }

    /** Turns a bound file into checked settings; collects the line numbers for its messages. */
    private static final class Builder {
        final String sourceName;
        final Map<String, int[]> lines;

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
        boolean readCommitted;
        final Map<String, String> topicConfigs = new LinkedHashMap<>();
        final Map<String, String> adminProperties = new LinkedHashMap<>();
        final Map<String, String> producerProperties = new LinkedHashMap<>();
        final Map<String, String> consumerProperties = new LinkedHashMap<>();

        Builder(String sourceName, Map<String, int[]> lines) {
            this.sourceName = sourceName;
            this.lines = lines;
        }

        void build(RawFile raw, String yaml, KafkaDriverDefaults defaults) throws DriverException {
            replicationFactor = raw.replicationFactor;
            if (replicationFactor != null && replicationFactor < 1) {
                throw keyError("replicationFactor", "is " + replicationFactor);
            }
            reset = raw.reset != null && raw.reset;
            topicPrefix = raw.topicPrefix == null ? defaults.topicPrefix() : raw.topicPrefix;
            if (!TOPIC_PREFIX.matcher(topicPrefix).matches()) {
                throw keyError("topicPrefix", "is '" + topicPrefix + "'");
            }
            topicCreationBatchSize =
                    raw.topicCreationBatchSize == null ? defaults.topicCreationBatchSize() : raw.topicCreationBatchSize;
            if (topicCreationBatchSize < 1) {
                throw keyError("topicCreationBatchSize", "is " + topicCreationBatchSize);
            }
            topicCreationMaxRetries = raw.topicCreationMaxRetries == null
                    ? defaults.topicCreationMaxRetries()
                    : raw.topicCreationMaxRetries;
            if (topicCreationMaxRetries < 0) {
                throw keyError("topicCreationMaxRetries", "is " + topicCreationMaxRetries);
            }
            initializeTimeoutMs =
                    raw.initializeTimeoutMs == null ? defaults.initializeTimeoutMs() : raw.initializeTimeoutMs;
            if (initializeTimeoutMs < 1) {
                throw keyError("initializeTimeoutMs", "is " + initializeTimeoutMs);
            }

            PropertiesBlock common = block(COMMON_CONFIG, raw.commonConfig);
            PropertiesBlock producer = block(PRODUCER_CONFIG, raw.producerConfig);
            PropertiesBlock consumer = block(CONSUMER_CONFIG, raw.consumerConfig);
            PropertiesBlock topic = block(TOPIC_CONFIG, raw.topicConfig);

            if (!common.contains(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG)
                    || common.get(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG).isBlank()) {
                throw new DriverException(where(sourceName, keyLine(COMMON_CONFIG)) + COMMON_CONFIG
                        + " must set bootstrap.servers (host:port[,host:port…]); the admin client, producers"
                        + " and consumers all connect through it");
            }
            rejectForced(common, producer, consumer);
            groupId = groupId(common, consumer);
            transactions(raw, common, producer, consumer);
            checkValues(COMMON_CONFIG, common, KafkaPropertyCheck.Clients.ALL);
            checkValues(PRODUCER_CONFIG, producer, KafkaPropertyCheck.Clients.PRODUCER);
            checkValues(CONSUMER_CONFIG, consumer, KafkaPropertyCheck.Clients.CONSUMER);
            for (Map.Entry<String, String> config : topic.values().entrySet()) {
                String problem = KafkaPropertyCheck.topicProblem(
                        config.getKey(), config.getValue(), defaults.apacheKafkaLimits());
                if (problem != null) {
                    throw propertyError(TOPIC_CONFIG, topic, config.getKey(), problem);
                }
            }

            offsetCommitLingerMs = commitLinger(raw, consumer, defaults);

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

        private PropertiesBlock block(String key, String text) throws DriverException {
            try {
                return PropertiesBlock.parse(text, valueLine(key));
            } catch (IllegalArgumentException e) {
                throw new DriverException(
                        where(sourceName, keyLine(key)) + "key '" + key
                                + "' is not a valid Java-properties block (" + e.getMessage() + "); allowed: "
                                + ALLOWED_KEYS.get(key),
                        e);
            }
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
        private void transactions(
                RawFile raw, PropertiesBlock common, PropertiesBlock producer, PropertiesBlock consumer)
                throws DriverException {
            requestsPerTransaction = raw.requestsPerTransaction;
            if (requestsPerTransaction == null) {
                if (raw.transactionMaxOpenMs != null) {
                    throw keyError(TRANSACTION_MAX_OPEN_MS, "is set without " + REQUESTS_PER_TRANSACTION);
                }
                if (TX_DRIVER_CLASS.equals(raw.driverClass)) {
                    throw new DriverException(where(sourceName, keyLine("driverClass")) + "driverClass "
                            + TX_DRIVER_CLASS + " runs Kafka transactions and needs " + REQUESTS_PER_TRANSACTION
                            + " (messages per transaction, 1 or more)");
                }
                return;
            }
            if (requestsPerTransaction < 1) {
                throw keyError(REQUESTS_PER_TRANSACTION, "is " + requestsPerTransaction);
            }
            if (raw.transactionMaxOpenMs != null) {
                transactionMaxOpenMs = raw.transactionMaxOpenMs;
                if (transactionMaxOpenMs < 1) {
                    throw keyError(TRANSACTION_MAX_OPEN_MS, "is " + transactionMaxOpenMs);
                }
            }
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

        private void rejectIn(String blockKey, PropertiesBlock block, String property, String reason)
                throws DriverException {
            if (block.contains(property)) {
                throw propertyError(blockKey, block, property, "is not accepted: " + reason);
            }
        }

        private long commitLinger(RawFile raw, PropertiesBlock consumer, KafkaDriverDefaults defaults)
                throws DriverException {
            Long inBlock = null;
            if (consumer.contains(OFFSET_COMMIT_LINGER_MS)) {
                String text = consumer.get(OFFSET_COMMIT_LINGER_MS).strip();
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
                            "is '" + text + "'; allowed: " + ALLOWED_KEYS.get(OFFSET_COMMIT_LINGER_MS));
                }
                if (raw.offsetCommitLingerMs != null && !raw.offsetCommitLingerMs.equals(inBlock)) {
                    throw propertyError(
                            CONSUMER_CONFIG,
                            consumer,
                            OFFSET_COMMIT_LINGER_MS,
                            "is " + inBlock + " but the top-level key " + OFFSET_COMMIT_LINGER_MS + " is "
                                    + raw.offsetCommitLingerMs + "; set it in one place");
                }
            }
            long linger = raw.offsetCommitLingerMs != null
                    ? raw.offsetCommitLingerMs
                    : inBlock != null ? inBlock : defaults.offsetCommitLingerMs();
            if (linger < 0) {
                throw keyError(OFFSET_COMMIT_LINGER_MS, "is " + linger);
            }
            return linger;
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

        private DriverException keyError(String key, String problem) {
            return new DriverException(where(sourceName, valueLine(key)) + "key '" + key + "' " + problem
                    + "; allowed: " + ALLOWED_KEYS.get(key));
        }

        private DriverException propertyError(String blockKey, PropertiesBlock block, String property, String problem) {
            int line = block.lineOf(property);
            return new DriverException(where(sourceName, line > 0 ? line : keyLine(blockKey)) + "key '" + blockKey
                    + "' sets property '" + property + "', which " + problem);
        }

        private int keyLine(String key) {
            int[] l = lines.get(key);
            return l == null ? 0 : l[0];
        }

        private int valueLine(String key) {
            int[] l = lines.get(key);
            return l == null ? 0 : l[1];
        }
    }
}
