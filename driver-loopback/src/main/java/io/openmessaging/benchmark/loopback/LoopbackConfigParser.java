package io.openmessaging.benchmark.loopback;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.openmessaging.benchmark.driver.DriverException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.LongConsumer;

/**
 * Reads a loopback driver YAML token by token, so every error can name its line. Rules on values live
 * in {@link LoopbackConfig} and {@link LoopbackStall}; this class adds the file, line and key.
 */
final class LoopbackConfigParser {

    /** Keys every driver file may carry for the framework; the loopback driver ignores their values. */
    static final List<String> FRAMEWORK_KEYS = List.of("name", "driver", "driverClass");

    static final List<String> SETTING_KEYS = List.of(
            "ackDelayMicros",
            "deliveryDelayMicros",
            "topicPrefix",
            "stalls",
            "synchronousDelays",
            "maxHeldMessages",
            "maxSendRateMsgPerSec");

    static final List<String> STALL_KEYS = List.of("startAfterMillis", "durationMillis", "kind");

    private static final YAMLFactory YAML = new YAMLFactory();

    private final String sourceName;
    private final JsonParser parser;

    private long ackDelayMicros = LoopbackConfig.DEFAULT_ACK_DELAY_MICROS;
    private long deliveryDelayMicros = LoopbackConfig.DEFAULT_DELIVERY_DELAY_MICROS;
    private String topicPrefix = LoopbackConfig.DEFAULT_TOPIC_PREFIX;
    private final List<LoopbackStall> stalls = new ArrayList<>();
    private boolean synchronousDelays = LoopbackConfig.DEFAULT_SYNCHRONOUS_DELAYS;
    private long maxHeldMessages = LoopbackConfig.DEFAULT_MAX_HELD_MESSAGES;
    private long maxSendRateMsgPerSec = LoopbackConfig.DEFAULT_MAX_SEND_RATE_MSG_PER_SEC;

    private LoopbackConfigParser(String sourceName, JsonParser parser) {
        this.sourceName = sourceName;
        this.parser = parser;
    }

    static LoopbackConfig parse(String yaml, String sourceName) throws DriverException {
        try (JsonParser parser = YAML.createParser(yaml == null ? "" : yaml)) {
            return new LoopbackConfigParser(sourceName, parser).parseDocument();
        } catch (JsonProcessingException e) {
            throw new DriverException(
                    sourceName + " line " + e.getLocation().getLineNr() + ": not valid YAML: " + e.getOriginalMessage(),
                    e);
        } catch (IOException e) {
            throw new DriverException(sourceName + ": cannot read the driver YAML: " + e.getMessage(), e);
        }
    }

    private LoopbackConfig parseDocument() throws IOException, DriverException {
        JsonToken token = parser.nextToken();
        if (token == null) {
            return LoopbackConfig.defaults();
        }
        if (token != JsonToken.START_OBJECT) {
            throw error("the loopback driver file must be a mapping of keys to values, e.g. 'ackDelayMicros: 0'");
        }
        List<String> allowed = new ArrayList<>(FRAMEWORK_KEYS);
        allowed.addAll(SETTING_KEYS);
        Set<String> seen = new HashSet<>();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String key = parser.currentName();
            int keyLine = line();
            if (!seen.add(key)) {
                throw error(keyLine, "key '" + key + "' appears twice");
            }
            parser.nextToken();
            switch (key) {
                case "name", "driver", "driverClass" -> requireScalar(key);
                case "ackDelayMicros" ->
                    readLong(key, v -> ackDelayMicros = v, v -> LoopbackConfig.requireDelay(key, v));
                case "deliveryDelayMicros" ->
                    readLong(key, v -> deliveryDelayMicros = v, v -> LoopbackConfig.requireDelay(key, v));
                case "maxHeldMessages" ->
                    readLong(key, v -> maxHeldMessages = v, LoopbackConfig::requireMaxHeldMessages);
                case "maxSendRateMsgPerSec" ->
                    readLong(key, v -> maxSendRateMsgPerSec = v, LoopbackConfig::requireMaxSendRate);
                case "topicPrefix" -> topicPrefix = readTopicPrefix();
                case "synchronousDelays" -> synchronousDelays = readBoolean(key);
                case "stalls" -> readStalls();
                default ->
                    throw error(keyLine, "unknown key '" + key + "'. Allowed keys: " + String.join(", ", allowed));
            }
        }
        if (parser.nextToken() != null) {
            throw error("only one YAML document is allowed");
        }
        return new LoopbackConfig(
                ackDelayMicros,
                deliveryDelayMicros,
                topicPrefix,
                stalls,
                synchronousDelays,
                maxHeldMessages,
                maxSendRateMsgPerSec);
    }

    private void readStalls() throws IOException, DriverException {
        if (parser.currentToken() == JsonToken.VALUE_NULL) {
            return;
        }
        if (parser.currentToken() != JsonToken.START_ARRAY) {
            throw error("'stalls' must be a list of {startAfterMillis, durationMillis, kind}");
        }
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            readStall("stalls[" + stalls.size() + "]");
        }
    }

    private void readStall(String path) throws IOException, DriverException {
        int stallLine = line();
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            throw error(path + " must be a mapping with the keys " + String.join(", ", STALL_KEYS));
        }
        long[] startAfterMillis = {-1};
        long[] durationMillis = {-1};
        LoopbackStall.Kind kind = null;
        Set<String> seen = new HashSet<>();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String key = parser.currentName();
            int keyLine = line();
            String keyPath = path + "." + key;
            if (!seen.add(key)) {
                throw error(keyLine, "key '" + keyPath + "' appears twice");
            }
            parser.nextToken();
            switch (key) {
                case "startAfterMillis" ->
                    readLong(keyPath, v -> startAfterMillis[0] = v, v -> LoopbackStall.requireMillis(keyPath, v, 0));
                case "durationMillis" ->
                    readLong(keyPath, v -> durationMillis[0] = v, v -> LoopbackStall.requireMillis(keyPath, v, 1));
                case "kind" -> kind = readKind(keyPath);
                default ->
                    throw error(
                            keyLine,
                            "unknown key '" + key + "' in " + path + ". Allowed keys: "
                                    + String.join(", ", STALL_KEYS));
            }
        }
        List<String> missing = new ArrayList<>();
        if (!seen.contains("startAfterMillis")) {
            missing.add("startAfterMillis");
        }
        if (!seen.contains("durationMillis")) {
            missing.add("durationMillis");
        }
        if (kind == null) {
            missing.add("kind");
        }
        if (!missing.isEmpty()) {
            throw error(
                    stallLine,
                    path + " is missing " + String.join(", ", missing) + "; a stall needs all of "
                            + String.join(", ", STALL_KEYS));
        }
        stalls.add(new LoopbackStall(startAfterMillis[0], durationMillis[0], kind));
    }

    private LoopbackStall.Kind readKind(String keyPath) throws IOException, DriverException {
        String allowedKinds = Arrays.toString(LoopbackStall.Kind.values());
        if (parser.currentToken() != JsonToken.VALUE_STRING) {
            throw error(keyPath + " must be one of " + allowedKinds);
        }
        String text = parser.getText();
        try {
            return LoopbackStall.Kind.valueOf(text.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw error(keyPath + " '" + text + "' is not a stall kind; use one of " + allowedKinds);
        }
    }

    private String readTopicPrefix() throws IOException, DriverException {
        if (parser.currentToken() != JsonToken.VALUE_STRING) {
            throw error("topicPrefix must be text, e.g. 'topicPrefix: " + LoopbackConfig.DEFAULT_TOPIC_PREFIX + "'");
        }
        String prefix = parser.getText();
        try {
            LoopbackConfig.requireTopicPrefix(prefix);
        } catch (IllegalArgumentException e) {
            throw error(e.getMessage());
        }
        return prefix;
    }

    private boolean readBoolean(String key) throws IOException, DriverException {
        JsonToken token = parser.currentToken();
        if (token != JsonToken.VALUE_TRUE && token != JsonToken.VALUE_FALSE) {
            throw error(key + " must be true or false, got " + describeValue());
        }
        return token == JsonToken.VALUE_TRUE;
    }

    /** Reads a whole number, checks it with {@code rule} (which throws IllegalArgumentException), stores it. */
    private void readLong(String key, LongConsumer store, LongConsumer rule) throws IOException, DriverException {
        if (parser.currentToken() != JsonToken.VALUE_NUMBER_INT
                || parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
            throw error(key + " must be a whole number, got " + describeValue());
        }
        long value = parser.getLongValue();
        try {
            rule.accept(value);
        } catch (IllegalArgumentException e) {
            throw error(e.getMessage());
        }
        store.accept(value);
    }

    private void requireScalar(String key) throws IOException, DriverException {
        if (parser.currentToken().isStructStart()) {
            throw error(key + " must be a single value, got a " + describeValue());
        }
    }

    private String describeValue() throws IOException {
        return switch (parser.currentToken()) {
            case START_OBJECT -> "mapping";
            case START_ARRAY -> "list";
            case VALUE_NULL -> "no value";
            default -> "'" + parser.getText() + "'";
        };
    }

    private int line() {
        return parser.currentTokenLocation().getLineNr();
    }

    private DriverException error(String what) {
        return error(line(), what);
    }

    private DriverException error(int line, String what) {
        return new DriverException(sourceName + " line " + line + ": " + what);
    }
}
