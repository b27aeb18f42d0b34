package io.openmessaging.benchmark.driver.rabbitmq;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.openmessaging.benchmark.config.Suggestions;
import io.openmessaging.benchmark.driver.DriverException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A RabbitMQ driver YAML, parsed strictly and checked. Immutable.
 *
 * <p>Upstream OMB's keys ({@code amqpUris}, {@code messagePersistence}, {@code queueType} and the four
 * creation knobs, which are accepted and have no effect here) keep their meaning; the rest are this
 * driver's own. Every error names the file, the line when known, the key and what is allowed.
 */
public final class RabbitMqDriverConfig {

    /** Upstream's creation throttles: accepted so upstream files load, without effect (see docs). */
    static final List<String> UPSTREAM_IGNORED_KEYS = List.of(
            "producerCreationDelay", "producerCreationBatchSize", "consumerCreationDelay", "consumerCreationBatchSize");

    /** Every key a driver YAML may hold, with what it accepts. Used by error messages. */
    static final Map<String, String> ALLOWED_KEYS = allowedKeys();

    private static final Pattern TOPIC_PREFIX = Pattern.compile("[a-zA-Z0-9._-]{1,200}");
    private static final String QUEUE_TYPE_ARGUMENT = "x-queue-type";

    private static final ObjectMapper MAPPER = YAMLMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .enable(MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private final String sourceName;
    private final List<BrokerEndpoint> endpoints;
    private final ExchangeType exchangeType;
    private final QueueType queueType;
    private final boolean messagePersistence;
    private final boolean publisherConfirms;
    private final boolean autoAck;
    private final int prefetchCount;
    private final Map<String, Object> queueArguments;
    private final int producerConnectionsPerUri;
    private final int consumerConnectionsPerUri;
    private final String topicPrefix;
    private final int topologyBatchSize;
    private final boolean deleteTopologyOnClose;
    private final int connectionTimeoutMs;
    private final List<String> ignoredUpstreamKeys;

    private RabbitMqDriverConfig(
            String sourceName,
            List<BrokerEndpoint> endpoints,
            RawFile raw,
            Map<String, Object> queueArguments,
            List<String> ignoredUpstreamKeys) {
        this.sourceName = sourceName;
        this.endpoints = List.copyOf(endpoints);
        this.exchangeType = raw.exchangeType == null ? RabbitMqDefaults.EXCHANGE_TYPE : raw.exchangeType;
        this.queueType = raw.queueType == null ? RabbitMqDefaults.QUEUE_TYPE : raw.queueType;
        this.messagePersistence = orDefault(raw.messagePersistence, RabbitMqDefaults.MESSAGE_PERSISTENCE);
        this.publisherConfirms = orDefault(raw.publisherConfirms, RabbitMqDefaults.PUBLISHER_CONFIRMS);
        this.autoAck = orDefault(raw.autoAck, RabbitMqDefaults.AUTO_ACK);
        this.prefetchCount = raw.prefetchCount == null ? RabbitMqDefaults.PREFETCH_COUNT : raw.prefetchCount;
        this.queueArguments = Collections.unmodifiableMap(queueArguments);
        this.producerConnectionsPerUri = raw.producerConnectionsPerUri == null
                ? RabbitMqDefaults.PRODUCER_CONNECTIONS_PER_URI
                : raw.producerConnectionsPerUri;
        this.consumerConnectionsPerUri = raw.consumerConnectionsPerUri == null
                ? RabbitMqDefaults.CONSUMER_CONNECTIONS_PER_URI
                : raw.consumerConnectionsPerUri;
        this.topicPrefix = raw.topicPrefix == null ? RabbitMqDefaults.TOPIC_PREFIX : raw.topicPrefix;
        this.topologyBatchSize =
                raw.topologyBatchSize == null ? RabbitMqDefaults.TOPOLOGY_BATCH_SIZE : raw.topologyBatchSize;
        this.deleteTopologyOnClose = orDefault(raw.deleteTopologyOnClose, RabbitMqDefaults.DELETE_TOPOLOGY_ON_CLOSE);
        this.connectionTimeoutMs =
                raw.connectionTimeoutMs == null ? RabbitMqDefaults.CONNECTION_TIMEOUT_MS : raw.connectionTimeoutMs;
        this.ignoredUpstreamKeys = List.copyOf(ignoredUpstreamKeys);
    }

    /**
     * Parses and checks a driver YAML. Opens no connection.
     *
     * @param yaml the whole file
     * @param sourceName the file name, for error messages
     * @throws DriverException naming the file, the line when known, the key and what is allowed
     */
    public static RabbitMqDriverConfig parse(String yaml, String sourceName) throws DriverException {
        RawFile raw = bind(yaml, sourceName);
        Lines lines = Lines.of(yaml);
        Checker check = new Checker(sourceName, lines);

        if (raw.amqpUris == null || raw.amqpUris.isEmpty()) {
            throw new DriverException(where(sourceName, lines.key("amqpUris")) + "key 'amqpUris' "
                    + (raw.amqpUris == null ? "is missing" : "is empty") + "; allowed: "
                    + ALLOWED_KEYS.get("amqpUris"));
        }
        if ((raw.username == null) != (raw.password == null)) {
            String missing = raw.username == null ? "username" : "password";
            String present = raw.username == null ? "password" : "username";
            throw new DriverException(where(sourceName, lines.key(present)) + "key '" + present
                    + "' is set but '" + missing + "' is not; set both or neither (credentials may also be in"
                    + " the URIs: amqp://user:password@host)");
        }
        List<BrokerEndpoint> endpoints = new ArrayList<>();
        for (int i = 0; i < raw.amqpUris.size(); i++) {
            String uri = raw.amqpUris.get(i);
            if (uri == null || uri.isBlank()) {
                throw check.itemError("amqpUris", i, "is empty");
            }
            try {
                endpoints.add(BrokerEndpoint.parse(uri, raw.username, raw.password, raw.virtualHost));
            } catch (IllegalArgumentException e) {
                throw check.itemError("amqpUris", i, e.getMessage());
            }
        }
        check.atLeast("prefetchCount", raw.prefetchCount, 0);
        check.atMost("prefetchCount", raw.prefetchCount, 65_535);
        check.atLeast("producerConnectionsPerUri", raw.producerConnectionsPerUri, 1);
        check.atLeast("consumerConnectionsPerUri", raw.consumerConnectionsPerUri, 1);
        check.atLeast("topologyBatchSize", raw.topologyBatchSize, 1);
        check.atLeast("connectionTimeoutMs", raw.connectionTimeoutMs, 1);
        if (raw.topicPrefix != null && !TOPIC_PREFIX.matcher(raw.topicPrefix).matches()) {
            throw check.keyError("topicPrefix", "is '" + raw.topicPrefix + "'");
        }
        if (raw.queueType == QueueType.STREAM) {
            if (Boolean.TRUE.equals(raw.autoAck)) {
                throw check.keyError(
                        "autoAck",
                        "is true, but queueType STREAM needs manual acknowledgements"
                                + " (RabbitMQ refuses auto-ack consumers on streams)");
            }
            if (raw.prefetchCount != null && raw.prefetchCount == 0) {
                throw check.keyError(
                        "prefetchCount",
                        "is 0 (unlimited), but queueType STREAM needs a"
                                + " prefetch of 1 or more (RabbitMQ refuses stream consumers without one)");
            }
        }
        Map<String, Object> queueArguments = new LinkedHashMap<>();
        if (raw.queueArguments != null) {
            for (Map.Entry<String, Object> entry : raw.queueArguments.entrySet()) {
                Object value = entry.getValue();
                if (entry.getKey().equalsIgnoreCase(QUEUE_TYPE_ARGUMENT)) {
                    throw check.keyError(
                            "queueArguments",
                            "sets " + QUEUE_TYPE_ARGUMENT + ", which the key queueType decides; remove it there");
                }
                if (!(value instanceof String || value instanceof Number || value instanceof Boolean)) {
                    throw check.keyError(
                            "queueArguments",
                            "gives '" + entry.getKey() + "' a value that is not" + " a string, number or true/false");
                }
                queueArguments.put(entry.getKey(), value instanceof Integer i ? Long.valueOf(i) : value);
            }
        }
        List<String> ignored = Arrays.stream(new String[] {
                    raw.producerCreationDelay == null ? null : "producerCreationDelay",
                    raw.producerCreationBatchSize == null ? null : "producerCreationBatchSize",
                    raw.consumerCreationDelay == null ? null : "consumerCreationDelay",
                    raw.consumerCreationBatchSize == null ? null : "consumerCreationBatchSize"
                })
                .filter(k -> k != null)
                .collect(Collectors.toList());
        return new RabbitMqDriverConfig(sourceName, endpoints, raw, queueArguments, ignored);
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

    /** Upstream creation keys the file set, which have no effect. */
    public List<String> ignoredUpstreamKeys() {
        return ignoredUpstreamKeys;
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

        @JsonProperty("amqpUris")
        List<String> amqpUris;

        @JsonProperty("username")
        String username;

        @JsonProperty("password")
        String password;

        @JsonProperty("virtualHost")
        String virtualHost;

        @JsonProperty("exchangeType")
        ExchangeType exchangeType;

        @JsonProperty("queueType")
        QueueType queueType;

        @JsonProperty("messagePersistence")
        Boolean messagePersistence;

        @JsonProperty("publisherConfirms")
        Boolean publisherConfirms;

        @JsonProperty("autoAck")
        Boolean autoAck;

        @JsonProperty("prefetchCount")
        Integer prefetchCount;

        @JsonProperty("queueArguments")
        Map<String, Object> queueArguments;

        @JsonProperty("producerConnectionsPerUri")
        Integer producerConnectionsPerUri;

        @JsonProperty("consumerConnectionsPerUri")
        Integer consumerConnectionsPerUri;

        @JsonProperty("topicPrefix")
        String topicPrefix;

        @JsonProperty("topologyBatchSize")
        Integer topologyBatchSize;

        @JsonProperty("deleteTopologyOnClose")
        Boolean deleteTopologyOnClose;

        @JsonProperty("connectionTimeoutMs")
        Integer connectionTimeoutMs;

        @JsonProperty("producerCreationDelay")
        Integer producerCreationDelay;

        @JsonProperty("producerCreationBatchSize")
        Integer producerCreationBatchSize;

        @JsonProperty("consumerCreationDelay")
        Integer consumerCreationDelay;

        @JsonProperty("consumerCreationBatchSize")
        Integer consumerCreationBatchSize;
    }

    private static Map<String, String> allowedKeys() {
        Map<String, String> keys = new LinkedHashMap<>();
        keys.put("name", "any text; read by the framework, ignored by the driver");
        keys.put("driver", "the driver id; read by the framework, ignored by the driver");
        keys.put("driverClass", "an upstream driver class name; read by the framework, ignored by the driver");
        keys.put(
                "amqpUris",
                "a list of one or more URIs amqp[s]://[user:password@]host[:port][/vhost];"
                        + " producers, consumers and queues are spread over them round-robin");
        keys.put("username", "the user for URIs without one (together with password)");
        keys.put("password", "the password for URIs without credentials (together with username)");
        keys.put("virtualHost", "the vhost for URIs without a path, e.g. / or bench");
        keys.put("exchangeType", "DIRECT, TOPIC or FANOUT");
        keys.put("queueType", "CLASSIC, QUORUM or STREAM");
        keys.put("messagePersistence", "true or false: publish with delivery mode 2 (persistent)");
        keys.put(
                "publisherConfirms",
                "true or false: a send completes when the broker confirms it (true) or"
                        + " when the client has written it (false)");
        keys.put(
                "autoAck",
                "true or false: the broker forgets a message when it sends it (true) or when the"
                        + " consumer acknowledges it (false)");
        keys.put(
                "prefetchCount",
                "a whole number from 0 (unlimited) to 65535: unacknowledged deliveries per"
                        + " queue subscription of a consumer");
        keys.put(
                "queueArguments",
                "a mapping of extra queue arguments to strings, numbers or true/false,"
                        + " e.g. x-max-length: 1000000 (not x-queue-type: see queueType)");
        keys.put("producerConnectionsPerUri", "a whole number, 1 or more: connections per URI shared by producers");
        keys.put("consumerConnectionsPerUri", "a whole number, 1 or more: connections per URI shared by consumers");
        keys.put("topicPrefix", "1 to 200 letters, digits, '.', '_' or '-' starting every exchange and queue name");
        keys.put("topologyBatchSize", "a whole number, 1 or more: declarations sent before one round trip checks them");
        keys.put(
                "deleteTopologyOnClose",
                "true or false: delete the exchanges and queues this run declared when it ends");
        keys.put("connectionTimeoutMs", "a whole number of milliseconds, 1 or more: TCP connect and handshake bound");
        for (String key : UPSTREAM_IGNORED_KEYS) {
            keys.put(key, "a whole number; upstream's creation throttle, accepted and ignored (creation is pipelined)");
        }
        return Collections.unmodifiableMap(keys);
    }

    private static RawFile bind(String yaml, String sourceName) throws DriverException {
        try {
            JsonNode tree = MAPPER.readTree(yaml);
            if (tree == null || tree.isMissingNode() || tree.isNull()) {
                throw new DriverException(sourceName + ": the driver YAML is empty; it needs at least amqpUris");
            }
            return MAPPER.readValue(yaml, RawFile.class);
        } catch (UnrecognizedPropertyException e) {
            String key = e.getPropertyName();
            if (e.getPath().size() > 1) {
                throw new DriverException(
                        where(sourceName, e.getLocation()) + "unknown key '" + key + "' inside '"
                                + e.getPath().get(0).getFieldName() + "'",
                        e);
            }
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
            throw new DriverException(
                    where(sourceName, line) + "cannot parse the driver YAML: " + e.getOriginalMessage(), e);
        }
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
        return where(sourceName, location == null ? 0 : location.getLineNr());
    }

    private static String where(String sourceName, int line) {
        return line <= 0 ? sourceName + ": " : sourceName + ":" + line + ": ";
    }

    private static boolean orDefault(Boolean value, boolean fallback) {
        return value == null ? fallback : value;
    }

    /** Lines of the top-level keys' values and of the items of top-level lists. Best effort. */
    private record Lines(Map<String, Integer> keys, Map<String, List<Integer>> items) {

        static Lines of(String yaml) {
            Map<String, Integer> keys = new HashMap<>();
            Map<String, List<Integer>> items = new HashMap<>();
            try (JsonParser p = MAPPER.getFactory().createParser(yaml)) {
                if (p.nextToken() != JsonToken.START_OBJECT) {
                    return new Lines(keys, items);
                }
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String key = p.currentName();
                    keys.put(key, p.currentTokenLocation().getLineNr());
                    if (p.nextToken() == JsonToken.START_ARRAY) {
                        List<Integer> lines = new ArrayList<>();
                        while (p.nextToken() != JsonToken.END_ARRAY) {
                            lines.add(p.currentTokenLocation().getLineNr());
                            p.skipChildren();
                        }
                        items.put(key, lines);
                    } else {
                        p.skipChildren();
                    }
                }
            } catch (IOException e) {
                return new Lines(keys, items);
            }
            return new Lines(keys, items);
        }

        int key(String key) {
            return keys.getOrDefault(key, 0);
        }

        int item(String key, int index) {
            List<Integer> lines = items.get(key);
            return lines != null && index < lines.size() ? lines.get(index) : key(key);
        }
    }

    /** Range checks with messages naming file, line and key. */
    private record Checker(String sourceName, Lines lines) {

        void atLeast(String key, Integer value, int minimum) throws DriverException {
            if (value != null && value < minimum) {
                throw keyError(key, "is " + value);
            }
        }

        void atMost(String key, Integer value, int maximum) throws DriverException {
            if (value != null && value > maximum) {
                throw keyError(key, "is " + value);
            }
        }

        DriverException keyError(String key, String problem) {
            return new DriverException(where(sourceName, lines.key(key)) + "key '" + key + "' " + problem
                    + "; allowed: " + ALLOWED_KEYS.get(key));
        }

        DriverException itemError(String key, int index, String problem) {
            return new DriverException(where(sourceName, lines.item(key, index)) + "key '" + key + "', item "
                    + (index + 1) + ": " + problem + "; allowed: " + ALLOWED_KEYS.get(key));
        }
    }
}
