package io.openmessaging.benchmark.workload;

/**
 * A driver file as the framework sees it: the driver to use and the whole text, which only the
 * driver itself interprets (through {@code BenchmarkDriver.configure}).
 *
 * @param name the file's {@code name}, e.g. {@code Kafka}
 * @param driverId the id of the {@code DriverProvider} the file selects, by {@code driver} or by the
 *     upstream {@code driverClass}
 * @param sourceName where the text came from, for messages
 * @param yamlText the file's text exactly as read
 */
public record DriverConfiguration(String name, String driverId, String sourceName, String yamlText) {}
