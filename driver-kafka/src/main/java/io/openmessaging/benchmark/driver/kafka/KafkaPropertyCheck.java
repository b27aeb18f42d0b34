package io.openmessaging.benchmark.driver.kafka;

import io.openmessaging.benchmark.config.Suggestions;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.AbstractConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.utils.Utils;

/**
 * Checks the values of client properties with the Kafka client's own definitions ({@link ConfigDef}), as
 * {@code bin/benchmark validate} runs, so that {@code acks=maybe} or a malformed {@code bootstrap.servers}
 * is found before a run starts instead of when the first client is created. A property none of the clients
 * of its block defines is only worth a warning ({@link #unknownProblem}): the client passes every property on
 * to its plugins (interceptors, callback handlers), which may read keys of their own, and otherwise ignores
 * it, so a misspelt name would go unnoticed.
 *
 * <p>Topic configs ({@code topicConfig}) have no definitions in the client, only their names ({@link
 * TopicConfig}); a name the client does not know is refused for Apache Kafka (its brokers refuse unknown
 * topic configs when the topic is created, after the workers have started), and values are checked by
 * the kind of the name: {@code *.ms}, {@code *.bytes}, {@code *.messages}, {@code *.level} and {@code
 * min.insync.replicas} whole numbers, {@code *.enable}, {@code *.disable} and {@code preallocate} booleans,
 * {@code min.cleanable.dirty.ratio} a fraction, and the enumerations of {@code cleanup.policy}, {@code
 * compression.type} and {@code message.timestamp.type}.
 */
final class KafkaPropertyCheck {

    private static final ConfigDef PRODUCER = ProducerConfig.configDef();
    private static final ConfigDef CONSUMER = ConsumerConfig.configDef();
    private static final ConfigDef ADMIN = AdminClientConfig.configDef();

    /** Names the client reads by prefix: the settings of config providers and the metrics context labels. */
    private static final List<String> CLIENT_PREFIXES =
            List.of(AbstractConfig.CONFIG_PROVIDERS_CONFIG + ".", CommonClientConfigs.METRICS_CONTEXT_PREFIX);

    private static final Set<String> ANY_CLIENT = anyClientNames();

    /** The end of a warning about a property no client defines. */
    private static final String PASSED_ON =
            "; it is passed on as given, and only a plugin that reads keys of its own (an interceptor, a callback"
                    + " handler) would use it";

    private KafkaPropertyCheck() {}

    /** Which clients a block of properties goes to. */
    enum Clients {
        PRODUCER,
        CONSUMER,
        ALL
    }

    /**
     * What is wrong with {@code value} for {@code property} in a block that goes to {@code clients}, as the
     * end of a sentence ("is 'maybe'; …"), or {@code null} when nothing is.
     */
    static String problem(String property, String value, Clients clients) {
        if (property.equals(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG)) {
            return bootstrapProblem(value);
        }
        List<ConfigDef> definitions = new ArrayList<>();
        if (clients != Clients.CONSUMER) {
            definitions.add(PRODUCER);
        }
        if (clients != Clients.PRODUCER) {
            definitions.add(CONSUMER);
        }
        for (ConfigDef definition : definitions) {
            ConfigDef.ConfigKey key = definition.configKeys().get(property);
            if (key == null) {
                continue;
            }
            try {
                Object parsed = ConfigDef.parseType(property, value.strip(), key.type);
                if (key.validator != null) {
                    key.validator.ensureValid(property, parsed);
                }
            } catch (ConfigException e) {
                String allowed = key.validator != null
                        ? "; allowed: " + key.validator
                        : "; expected " + key.type.name().toLowerCase(Locale.ROOT);
                String validator = String.valueOf(key.validator).replaceAll("^\\[|\\]$", "");
                boolean saysWhatIsAllowed =
                        e.getMessage() != null && e.getMessage().contains(validator);
                return "is '" + value.strip() + "': the Kafka client refuses it (" + e.getMessage() + ")"
                        + (saysWhatIsAllowed ? "" : allowed);
            }
        }
        return null;
    }

    /**
     * Why no client of a block that goes to {@code clients} will read {@code property}, as the end of a
     * sentence ("is not a property the Kafka producer defines (did you mean 'linger.ms'?); …"), or {@code
     * null} when one of them defines it (a {@code commonConfig} property: the producer, the consumer or the
     * admin client) or reads it by prefix.
     */
    static String unknownProblem(String property, Clients clients) {
        if (CLIENT_PREFIXES.stream().anyMatch(property::startsWith)) {
            return null;
        }
        ConfigDef own;
        ConfigDef other;
        switch (clients) {
            case PRODUCER -> {
                own = PRODUCER;
                other = CONSUMER;
            }
            case CONSUMER -> {
                own = CONSUMER;
                other = PRODUCER;
            }
            default -> {
                return ANY_CLIENT.contains(property)
                        ? null
                        : "is not a property the Kafka client defines" + Suggestions.didYouMean(property, ANY_CLIENT)
                                + PASSED_ON;
            }
        }
        String ownName = clients.name().toLowerCase(Locale.ROOT);
        String otherName = other == PRODUCER ? "producer" : "consumer";
        if (own.names().contains(property)) {
            return null;
        }
        if (other.names().contains(property)) {
            return "is a " + otherName + " property, which the " + ownName + "s do not read; set it in "
                    + (other == PRODUCER ? KafkaDriverConfig.PRODUCER_CONFIG : KafkaDriverConfig.CONSUMER_CONFIG)
                    + " or " + KafkaDriverConfig.COMMON_CONFIG;
        }
        return "is not a property the Kafka " + ownName + " defines" + Suggestions.didYouMean(property, own.names())
                + PASSED_ON;
    }

    private static Set<String> anyClientNames() {
        Set<String> names = new TreeSet<>(PRODUCER.names());
        names.addAll(CONSUMER.names());
        names.addAll(ADMIN.names());
        return Set.copyOf(names);
    }

    /** The topic config names this client version defines, from {@link TopicConfig}'s constants. */
    static final Set<String> TOPIC_CONFIGS = topicConfigNames();

    private static Set<String> topicConfigNames() {
        Set<String> names = new TreeSet<>();
        for (Field field : TopicConfig.class.getFields()) {
            if (field.getName().endsWith("_CONFIG")
                    && Modifier.isStatic(field.getModifiers())
                    && field.getType() == String.class) {
                try {
                    names.add((String) field.get(null));
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return Set.copyOf(names);
    }

    /**
     * What is wrong with topic config {@code name} = {@code value}, as the end of a sentence, or {@code null}.
     *
     * @param onlyKafkaNames whether a name Apache Kafka does not define is refused (false for brokers with
     *     their own topic configs, such as Redpanda)
     */
    static String topicProblem(String name, String value, boolean onlyKafkaNames) {
        String v = value.strip();
        if (!TOPIC_CONFIGS.contains(name)) {
            if (!onlyKafkaNames) {
                return null;
            }
            return "is not a topic config Kafka defines, and Kafka brokers refuse unknown ones"
                    + Suggestions.closest(name, TOPIC_CONFIGS)
                            .map(k -> " (did you mean '" + k + "'?)")
                            .orElse("")
                    + "; allowed: " + String.join(", ", new TreeSet<>(TOPIC_CONFIGS));
        }
        switch (name) {
            case TopicConfig.CLEANUP_POLICY_CONFIG -> {
                for (String policy : v.split(",")) {
                    if (!Set.of("compact", "delete").contains(policy.strip())) {
                        return "is '" + v + "'; allowed: compact, delete, or compact,delete";
                    }
                }
                return null;
            }
            case TopicConfig.COMPRESSION_TYPE_CONFIG -> {
                return oneOf(v, List.of("uncompressed", "zstd", "lz4", "snappy", "gzip", "producer"));
            }
            case TopicConfig.MESSAGE_TIMESTAMP_TYPE_CONFIG -> {
                return oneOf(v, List.of("CreateTime", "LogAppendTime"));
            }
            case TopicConfig.MIN_CLEANABLE_DIRTY_RATIO_CONFIG -> {
                try {
                    double ratio = Double.parseDouble(v);
                    return ratio >= 0 && ratio <= 1 ? null : "is " + v + "; allowed: a fraction from 0 to 1";
                } catch (NumberFormatException e) {
                    return "is '" + v + "'; allowed: a fraction from 0 to 1, e.g. 0.5";
                }
            }
            default -> {
                // the kind follows from the name
            }
        }
        if (name.endsWith(".enable") || name.endsWith(".disable") || name.equals(TopicConfig.PREALLOCATE_CONFIG)) {
            return v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false")
                    ? null
                    : "is '" + v + "'; allowed: true or false";
        }
        if (name.endsWith(".ms")
                || name.endsWith(".bytes")
                || name.endsWith(".messages")
                || name.endsWith(".level")
                || name.equals(TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG)) {
            try {
                long number = Long.parseLong(v);
                return number >= -1
                        ? null
                        : "is " + v + "; allowed: a whole number, -1 where Kafka means" + " \"no limit\"";
            } catch (NumberFormatException e) {
                return "is '" + v + "'; allowed: a whole number"
                        + (name.endsWith(".ms") ? " of milliseconds" : name.endsWith(".bytes") ? " of bytes" : "")
                        + (name.startsWith("retention.") || name.startsWith("local.retention.")
                                ? " (-1 for no limit)"
                                : "");
            }
        }
        return null;
    }

    private static String oneOf(String value, List<String> allowed) {
        return allowed.contains(value) ? null : "is '" + value + "'; allowed: " + String.join(", ", allowed);
    }

    private static String bootstrapProblem(String value) {
        for (String address : value.split(",")) {
            String trimmed = address.strip();
            if (trimmed.isEmpty()) {
                return "is '" + value.strip() + "', which has an empty entry; allowed: host:port[,host:port…]";
            }
            String withoutProtocol = trimmed.contains("://") ? trimmed.substring(trimmed.indexOf("://") + 3) : trimmed;
            String host = Utils.getHost(withoutProtocol);
            Integer port = Utils.getPort(withoutProtocol);
            if (host == null || port == null || port < 1 || port > 65_535) {
                return "is '" + value.strip() + "': '" + trimmed + "' is not host:port with a port from 1 to 65535;"
                        + " allowed: host:port[,host:port…]";
            }
        }
        return null;
    }
}
