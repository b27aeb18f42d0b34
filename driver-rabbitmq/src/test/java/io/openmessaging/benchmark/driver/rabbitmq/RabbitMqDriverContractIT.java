package io.openmessaging.benchmark.driver.rabbitmq;

import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.testing.DriverContract;

/** The driver contract ({@link DriverContract}) against the local RabbitMQ node with rabbitmq.yaml. */
class RabbitMqDriverContractIT extends DriverContract {

    @Override
    protected BenchmarkDriver initializedDriver() throws Exception {
        RabbitMqBenchmarkDriver driver = new RabbitMqBenchmarkDriver();
        driver.configure(
                SharedLocalRabbitMq.shippedYamlFor("rabbitmq.yaml", SharedLocalRabbitMq.broker()), "rabbitmq.yaml");
        driver.initialize();
        return driver;
    }
}
