package io.openmessaging.benchmark.driver;

import java.util.Set;

/**
 * Registers a driver with {@link java.util.ServiceLoader} (in {@code
 * META-INF/services/io.openmessaging.benchmark.driver.DriverProvider}). A driver YAML selects a
 * provider by {@code driver: <id>} or, for upstream files, by {@code driverClass: <class name>}.
 * Stateless and thread-safe.
 */
public interface DriverProvider {

    /** Short id such as {@code kafka}, {@code pulsar}, {@code rabbitmq}, {@code redpanda}, {@code loopback}. */
    String id();

    /** Upstream {@code driverClass} values this provider answers to. */
    default Set<String> driverClassAliases() {
        return Set.of();
    }

    /**
     * The worker placement one of the {@link #driverClassAliases} implies, used when the command line
     * gives none: {@code "SWARM"} (every worker produces and consumes, as the Redpanda fork's swarm driver
     * does) or {@code null} for the default.
     */
    default String impliedTopology(String driverClass) {
        return null;
    }

    /** A new, unconfigured driver. */
    BenchmarkDriver create();
}
