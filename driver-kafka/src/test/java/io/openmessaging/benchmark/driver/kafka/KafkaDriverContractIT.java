package io.openmessaging.benchmark.driver.kafka;

import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.testing.DriverContract;
import java.util.List;

/** The driver contract ({@link DriverContract}) against the local Kafka broker with kafka-local.yaml. */
class KafkaDriverContractIT extends DriverContract {

    @Override
    protected BenchmarkDriver initializedDriver() throws Exception {
        KafkaBenchmarkDriver driver = new KafkaBenchmarkDriver();
        driver.configure(
                SharedLocalKafka.shippedYamlFor("kafka-local.yaml", SharedLocalKafka.plaintextBroker()),
                "kafka-local.yaml");
        driver.initialize();
        return driver;
    }

    @Override
    protected void awaitReady(List<BenchmarkConsumer> subscriptionConsumers, int partitions) throws Exception {
        SharedLocalKafka.awaitAssignment(subscriptionConsumers, partitions, TIMEOUT);
    }
}
