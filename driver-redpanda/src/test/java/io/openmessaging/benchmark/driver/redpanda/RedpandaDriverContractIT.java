package io.openmessaging.benchmark.driver.redpanda;

import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.kafka.SharedLocalKafka;
import io.openmessaging.benchmark.testing.DriverContract;
import java.util.List;

/**
 * The driver contract ({@link DriverContract}) for the Redpanda driver with redpanda-ack-all.yaml,
 * against the local Kafka broker: no Redpanda broker can be installed here, and the wire protocol is the
 * same.
 */
class RedpandaDriverContractIT extends DriverContract {

    @Override
    protected BenchmarkDriver initializedDriver() throws Exception {
        RedpandaBenchmarkDriver driver = new RedpandaBenchmarkDriver();
        driver.configure(
                SharedLocalKafka.shippedYamlFor("redpanda-ack-all.yaml", SharedLocalKafka.plaintextBroker()),
                "redpanda-ack-all.yaml");
        driver.initialize();
        return driver;
    }

    @Override
    protected void awaitReady(List<BenchmarkConsumer> subscriptionConsumers, int partitions) throws Exception {
        SharedLocalKafka.awaitAssignment(subscriptionConsumers, partitions, TIMEOUT);
    }
}
