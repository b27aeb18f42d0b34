package io.openmessaging.benchmark.driver.rabbitmq;

import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.DriverProvider;
import java.util.Set;

/** Registers the RabbitMQ driver as {@code driver: rabbitmq} and under upstream's driver class name. */
public final class RabbitMqDriverProvider implements DriverProvider {

    @Override
    public String id() {
        return "rabbitmq";
    }

    @Override
    public Set<String> driverClassAliases() {
        return Set.of("io.openmessaging.benchmark.driver.rabbitmq.RabbitMqBenchmarkDriver");
    }

    @Override
    public BenchmarkDriver create() {
        return new RabbitMqBenchmarkDriver();
    }
}
