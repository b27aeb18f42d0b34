package io.openmessaging.benchmark.driver.redpanda;

import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.DriverProvider;
import java.util.Set;

/**
 * Registers the Redpanda driver as {@code driver: redpanda} and under the Redpanda fork's three class
 * names: its plain driver; its {@code swarm} driver, whose workers each produce and consume (here: the
 * SWARM placement, see {@link #impliedTopology}); and its {@code tx} driver, whose producers send in
 * transactions (here: the Kafka driver's {@code requestsPerTransaction}, which the file must set).
 */
public final class RedpandaDriverProvider implements DriverProvider {

    static final String PLAIN_CLASS = "io.openmessaging.benchmark.driver.redpanda.RedpandaBenchmarkDriver";
    static final String SWARM_CLASS = "io.openmessaging.benchmark.driver.redpanda.swarm.RedpandaBenchmarkDriver";
    static final String TX_CLASS = "io.openmessaging.benchmark.driver.redpanda.tx.RedpandaBenchmarkDriver";

    @Override
    public String id() {
        return "redpanda";
    }

    @Override
    public Set<String> driverClassAliases() {
        return Set.of(PLAIN_CLASS, SWARM_CLASS, TX_CLASS);
    }

    @Override
    public String impliedTopology(String driverClass) {
        return SWARM_CLASS.equals(driverClass) ? "SWARM" : null;
    }

    @Override
    public BenchmarkDriver create() {
        return new RedpandaBenchmarkDriver();
    }
}
