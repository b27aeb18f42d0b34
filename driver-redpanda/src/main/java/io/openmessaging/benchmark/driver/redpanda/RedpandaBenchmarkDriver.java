package io.openmessaging.benchmark.driver.redpanda;

import io.openmessaging.benchmark.driver.kafka.KafkaBenchmarkDriver;
import io.openmessaging.benchmark.driver.kafka.KafkaDriverDefaults;
import java.util.Map;

/**
 * The Redpanda driver: the Kafka driver (Redpanda speaks the Kafka protocol) with the defaults of the
 * Redpanda benchmark study, applied where the driver YAML does not set a key. The YAML format is the
 * Kafka driver's.
 */
public final class RedpandaBenchmarkDriver extends KafkaBenchmarkDriver {

    /**
     * Redpanda defaults: producers {@code acks=all}, {@code linger.ms=1}, {@code batch.size=131072};
     * consumers {@code auto.offset.reset=earliest}, {@code enable.auto.commit=false}, {@code
     * max.partition.fetch.bytes=131072}; offsets committed at most every 5000 ms (the Redpanda fork's
     * bound, which keeps commits from loading the group coordinator). Topic configs: none; names Kafka
     * does not define are passed on (Redpanda has its own), values of Kafka's names are checked.
     */
    public static final KafkaDriverDefaults REDPANDA = new KafkaDriverDefaults(
            KafkaDriverDefaults.KAFKA.topicPrefix(),
            5_000,
            KafkaDriverDefaults.KAFKA.topicCreationBatchSize(),
            KafkaDriverDefaults.KAFKA.topicCreationMaxRetries(),
            KafkaDriverDefaults.KAFKA.initializeTimeoutMs(),
            Map.of("acks", "all", "linger.ms", "1", "batch.size", "131072"),
            Map.of(
                    "auto.offset.reset",
                    "earliest",
                    "enable.auto.commit",
                    "false",
                    "max.partition.fetch.bytes",
                    "131072"),
            Map.of(),
            false); // Redpanda has topic configs of its own (redpanda.remote.read, write.caching, …)

    public RedpandaBenchmarkDriver() {
        super("redpanda", REDPANDA);
    }
}
