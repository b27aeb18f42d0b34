package io.openmessaging.benchmark.workload;

/**
 * A driver file as the framework sees it: the driver to use and the whole text, which only the
 * driver itself interprets (through {@code BenchmarkDriver.configure}).
 *
 * @param name the file's {@code name}, e.g. {@code Kafka}
 * @param driverId the id of the {@code DriverProvider} the file selects, by {@code driver} or by the
 *     upstream {@code driverClass}
 * @param sourceName where the text came from, for messages
 * @param yamlText the text the driver reads: the file's, with its {@code ${OMB_…}} references replaced by
 *     the coordinator's environment ({@link EnvironmentReferences})
 * @param writtenText the file's text exactly as read, references unresolved: what a result records, so
 *     that values kept in the environment (passwords) stay out of result files
 * @param impliedTopology the worker placement the file's {@code driverClass} implies ({@code SWARM} for the
 *     Redpanda fork's swarm driver), used unless {@code --topology} is given; null for none
 */
public record DriverConfiguration(
        String name, String driverId, String sourceName, String yamlText, String writtenText, String impliedTopology) {

    public DriverConfiguration {
        if (writtenText == null) {
            writtenText = yamlText;
        }
    }

    public DriverConfiguration(String name, String driverId, String sourceName, String yamlText, String writtenText) {
        this(name, driverId, sourceName, yamlText, writtenText, null);
    }

    /** A configuration whose text has no environment references. */
    public DriverConfiguration(String name, String driverId, String sourceName, String yamlText) {
        this(name, driverId, sourceName, yamlText, yamlText);
    }
}
