package io.openmessaging.benchmark.driver.kafka;

import java.util.Map;

/**
 * Every default of a Kafka-protocol driver in one place. A driver YAML overrides any of them; a
 * client property default applies only when neither {@code commonConfig} nor the client's own block
 * sets that key.
 *
 * <p>{@link #KAFKA} holds the Kafka driver's defaults; other Kafka-protocol drivers (Redpanda) pass
 * their own instance to {@link KafkaBenchmarkDriver}.
 *
 * @param topicPrefix prefix of every topic name when the YAML sets no {@code topicPrefix}
 * @param offsetCommitLingerMs least time between two asynchronous offset commits of one consumer
 * @param topicCreationBatchSize topics per {@code createTopics} request
 * @param topicCreationMaxRetries retries of retriable topic-creation failures
 * @param initializeTimeoutMs how long {@code initialize()} waits for the cluster to answer
 * @param producerProperties producer client properties applied when the YAML does not set them
 * @param consumerProperties consumer client properties applied when the YAML does not set them
 * @param topicProperties topic configs applied when {@code topicConfig} does not set them
 * @param apacheKafkaLimits whether Apache Kafka's broker limits apply: {@code topicConfig} may name only
 *     the topic configs Kafka defines (its brokers refuse others) and a topic fits in one request of its
 *     controller ({@link KafkaTopicManager#MAX_RECORDS_PER_REQUEST}); false for Redpanda, which has topic
 *     configs and limits of its own
 */
public record KafkaDriverDefaults(
        String topicPrefix,
        long offsetCommitLingerMs,
        int topicCreationBatchSize,
        int topicCreationMaxRetries,
        long initializeTimeoutMs,
        Map<String, String> producerProperties,
        Map<String, String> consumerProperties,
        Map<String, String> topicProperties,
        boolean apacheKafkaLimits) {

    /** First wait before retrying a retriable topic-creation failure; doubles per retry. */
    public static final long TOPIC_CREATION_INITIAL_BACKOFF_MS = 200;

    /** Longest wait between two topic-creation retries. */
    public static final long TOPIC_CREATION_MAX_BACKOFF_MS = 10_000;

    /** How long {@code reset} waits for deleted topics to disappear from the cluster's metadata. */
    public static final long TOPIC_DELETION_WAIT_MS = 60_000;

    /** How long topic creation waits for the leader of every new partition to serve requests. */
    public static final long TOPIC_LEADER_WAIT_MS = 30_000;

    /** Timeout of one consumer poll; also bounds how quickly pause, resume and close take effect. */
    public static final long POLL_TIMEOUT_MS = 100;

    /**
     * Bound of closing the driver's clients, the consumers' final offset commits included (they share it), and
     * of a synchronous offset commit when partitions are revoked. Closing follows the run's verdict, often
     * against a broker that is gone, so it is short: the process ends within this of the verdict.
     */
    public static final long CLOSE_TIMEOUT_MS = 2_000;

    /** How long {@code pause()} and {@code resume()} wait for the poll thread to apply them. */
    public static final long PAUSE_RESUME_TIMEOUT_MS = 10_000;

    /**
     * Kafka driver defaults. {@code enable.auto.commit=false}: the driver commits offsets itself,
     * coalesced (Kafka's own default would be {@code true}).
     */
    public static final KafkaDriverDefaults KAFKA = new KafkaDriverDefaults(
            "test-topic", 1_000, 500, 8, 30_000, Map.of(), Map.of("enable.auto.commit", "false"), Map.of(), true);

    public KafkaDriverDefaults {
        producerProperties = Map.copyOf(producerProperties);
        consumerProperties = Map.copyOf(consumerProperties);
        topicProperties = Map.copyOf(topicProperties);
    }
}
