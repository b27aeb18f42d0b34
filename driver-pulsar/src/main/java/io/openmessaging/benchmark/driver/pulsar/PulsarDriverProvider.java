package io.openmessaging.benchmark.driver.pulsar;

import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.DriverProvider;
import java.util.Set;

/** Registers the Pulsar driver as {@code driver: pulsar} and under upstream's driver class name. */
public final class PulsarDriverProvider implements DriverProvider {

    @Override
    public String id() {
        return "pulsar";
    }

    @Override
    public Set<String> driverClassAliases() {
        return Set.of("io.openmessaging.benchmark.driver.pulsar.PulsarBenchmarkDriver");
    }

    @Override
    public BenchmarkDriver create() {
        return new PulsarBenchmarkDriver();
    }
}
