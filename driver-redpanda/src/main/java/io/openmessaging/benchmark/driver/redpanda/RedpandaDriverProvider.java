package io.openmessaging.benchmark.driver.redpanda;

import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.DriverProvider;
import java.util.Set;

/** Registers the Redpanda driver as {@code driver: redpanda} and under the Redpanda fork's class name. */
public final class RedpandaDriverProvider implements DriverProvider {

    @Override
    public String id() {
        return "redpanda";
    }

    @Override
    public Set<String> driverClassAliases() {
        return Set.of("io.openmessaging.benchmark.driver.redpanda.RedpandaBenchmarkDriver");
    }

    @Override
    public BenchmarkDriver create() {
        return new RedpandaBenchmarkDriver();
    }
}
