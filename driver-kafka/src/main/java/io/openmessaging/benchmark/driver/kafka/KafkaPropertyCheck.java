package io.openmessaging.benchmark.driver.kafka;

import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.utils.Utils;

/**
 * Checks the values of client properties with the Kafka client's own definitions ({@link ConfigDef}), as
 * {@code bin/benchmark validate} runs, so that {@code acks=maybe} or a malformed {@code bootstrap.servers}
 * is found before a run starts instead of when the first client is created. Properties the client does
 * not define are left alone (the client itself ignores them with a warning).
 */
final class KafkaPropertyCheck {

    private static final ConfigDef PRODUCER = ProducerConfig.configDef();
    private static final ConfigDef CONSUMER = ConsumerConfig.configDef();

    private KafkaPropertyCheck() {}

    /** Which clients a block of properties goes to. */
    enum Clients {
        PRODUCER, CONSUMER, ALL
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
                String allowed = key.validator != null ? "; allowed: " + key.validator
                        : "; expected " + key.type.name().toLowerCase(java.util.Locale.ROOT);
                return "is '" + value.strip() + "': the Kafka client refuses it (" + e.getMessage() + ")"
                        + (e.getMessage() != null && e.getMessage().contains(String.valueOf(key.validator))
                                ? "" : allowed);
            }
        }
        return null;
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
