package io.openmessaging.benchmark.driver.kafka;

import io.openmessaging.benchmark.driver.MessageStampCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.TopicConfig;

/**
 * What a Kafka-protocol system refuses in a workload, known from the driver file alone: records larger
 * than the producer's {@code max.request.size} or {@code buffer.memory} (the client refuses them itself),
 * or than the {@code max.message.bytes} the file gives its topics (the broker refuses them), and, for
 * Apache Kafka, a topic with more partitions than its controller creates in one request ({@link
 * KafkaTopicManager#MAX_RECORDS_PER_REQUEST}).
 *
 * <p>A record is the payload plus up to {@value #RECORD_OVERHEAD_BYTES} bytes: the record batch header
 * (61 bytes), the record's own framing (at most 36 bytes of varints and attributes), a key of up to 20
 * bytes and the {@code omb-stamp} header. The bound is an upper one, so a payload within {@value
 * #RECORD_OVERHEAD_BYTES} bytes of a limit may be refused although the client would take it.
 */
final class KafkaLoadLimits {

    /** The most bytes a record of this driver adds to its payload, batch header included. */
    static final int RECORD_OVERHEAD_BYTES =
            61 + 36 + 20 + MessageStampCodec.HEADER_NAME.length() + MessageStampCodec.ENCODED_SIZE_BYTES + 10;

    private KafkaLoadLimits() {}

    static List<String> problems(
            KafkaDriverConfig config, boolean apacheKafka, int messageBytes, int partitionsPerTopic) {
        List<String> problems = new ArrayList<>();
        long recordBytes = (long) messageBytes + RECORD_OVERHEAD_BYTES;
        Map<String, Object> producer = config.producerProperties();
        for (String property : List.of(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, ProducerConfig.BUFFER_MEMORY_CONFIG)) {
            long limit = number(producer, property);
            if (recordBytes > limit) {
                problems.add(String.format(
                        Locale.ROOT,
                        "%s: a message of %,d bytes is a Kafka record of up to %,d"
                                + " bytes, above the producer's %s of %,d bytes (%s), so every send would fail; raise"
                                + " %s in producerConfig%s, or send smaller messages",
                        config.sourceName(),
                        messageBytes,
                        recordBytes,
                        property,
                        limit,
                        producer.containsKey(property) ? "set in the file" : "the client's default",
                        property,
                        property.equals(ProducerConfig.MAX_REQUEST_SIZE_CONFIG)
                                ? " (and the broker's message.max.bytes or the topic's max.message.bytes)"
                                : ""));
            }
        }
        String topicLimit = config.topicConfigs().get(TopicConfig.MAX_MESSAGE_BYTES_CONFIG);
        if (topicLimit != null && recordBytes > Long.parseLong(topicLimit.strip())) {
            problems.add(String.format(
                    Locale.ROOT,
                    "%s: a message of %,d bytes is a Kafka record of up to %,d bytes,"
                            + " above the topics' max.message.bytes of %,d bytes (topicConfig), so the broker would refuse"
                            + " every send; raise max.message.bytes or send smaller messages",
                    config.sourceName(),
                    messageBytes,
                    recordBytes,
                    Long.parseLong(topicLimit.strip())));
        }
        int configs = config.topicConfigs().size();
        int records = KafkaTopicManager.controllerRecords(partitionsPerTopic, configs);
        if (apacheKafka && partitionsPerTopic > 0 && records > KafkaTopicManager.MAX_RECORDS_PER_REQUEST) {
            int most = KafkaTopicManager.MAX_RECORDS_PER_REQUEST - KafkaTopicManager.controllerRecords(0, configs);
            problems.add(String.format(
                    Locale.ROOT,
                    "%s: partitionsPerTopic %,d is more than Kafka's controller"
                            + " creates in one request: a topic of %,d partitions with %d topic config(s) is %,d metadata"
                            + " records, above its limit of %,d (it refuses the topic: \"excessively large batch"
                            + " operation\"); use at most %,d partitions per topic, or more topics",
                    config.sourceName(),
                    partitionsPerTopic,
                    partitionsPerTopic,
                    configs,
                    records,
                    KafkaTopicManager.MAX_RECORDS_PER_REQUEST,
                    most));
        }
        return problems;
    }

    /** A numeric producer property as the client reads it: the file's value, else the client's default. */
    private static long number(Map<String, Object> producer, String property) {
        Object value = producer.get(property);
        ConfigDef.ConfigKey key = ProducerConfig.configDef().configKeys().get(property);
        Object parsed = ConfigDef.parseType(property, value != null ? value : key.defaultValue, key.type);
        return ((Number) parsed).longValue();
    }
}
