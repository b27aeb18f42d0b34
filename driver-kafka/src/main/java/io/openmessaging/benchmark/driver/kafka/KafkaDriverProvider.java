package io.openmessaging.benchmark.driver.kafka;

import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.DriverProvider;
import java.util.Set;

/** Registers the Kafka driver as {@code driver: kafka} and under upstream's driver class name. */
public final class KafkaDriverProvider implements DriverProvider {

    @Override
    public String id() {
        return "kafka";
    }

    @Override
    public Set<String> driverClassAliases() {
        return Set.of("io.openmessaging.benchmark.driver.kafka.KafkaBenchmarkDriver");
    }

    @Override
    public BenchmarkDriver create() {
        return new KafkaBenchmarkDriver();
    }
}
