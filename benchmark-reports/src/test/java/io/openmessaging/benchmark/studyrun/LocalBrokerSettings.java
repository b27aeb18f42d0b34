package io.openmessaging.benchmark.studyrun;

import java.util.List;
import java.util.Map;

/**
 * What {@code study run --local-brokers} puts over a system's driver files (the values of the {@code
 * driver-SYSTEM/SYSTEM-local.yaml} files), as a record written by it holds them. The framework's {@code
 * LocalBroker} owns the real list; this module cannot see it, so its tests keep this one copy.
 */
final class LocalBrokerSettings {

    static final List<String> KAFKA = List.of(
            "driver.commonConfig.bootstrap.servers=127.0.0.1:19092",
            "driver.replicationFactor=1",
            "driver.topicConfig.min.insync.replicas=1");

    static final List<String> PULSAR = List.of(
            "driver.client.serviceUrl=pulsar://127.0.0.1:16650",
            "driver.client.httpUrl=http://127.0.0.1:18080",
            "driver.client.clusterName=standalone",
            "driver.client.persistence.ensembleSize=1",
            "driver.client.persistence.writeQuorum=1",
            "driver.client.persistence.ackQuorum=1");

    static final List<String> RABBITMQ = List.of("driver.amqpUris=[amqp://127.0.0.1:17672]");

    /** The settings of {@code system}; none for a system without a local broker. */
    static List<String> of(String system) {
        return Map.of("kafka", KAFKA, "pulsar", PULSAR, "rabbitmq", RABBITMQ).getOrDefault(system, List.of());
    }

    private LocalBrokerSettings() {}
}
