package io.openmessaging.benchmark.drivers;

import io.openmessaging.benchmark.config.ConfigException;
import io.openmessaging.benchmark.config.YamlMapping;
import io.openmessaging.benchmark.driver.DriverProvider;
import io.openmessaging.benchmark.workload.DriverAssignments;
import io.openmessaging.benchmark.workload.DriverConfiguration;
import io.openmessaging.benchmark.workload.EnvironmentReferences;
import io.openmessaging.benchmark.workload.WorkloadLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads the framework's keys of a driver file: {@code name} (required) and the driver, named by a
 * short id ({@code driver: kafka}) or by an upstream class name ({@code driverClass: ...}); both
 * may be given when they name the same driver. Every other key belongs to the driver, which checks
 * it in {@code configure}. Stateless and thread-safe.
 */
public final class DriverConfigurationLoader {

    /** The key naming a driver by its short id. */
    public static final String DRIVER_KEY = "driver";

    /** The upstream key naming a driver by its implementation class. */
    public static final String DRIVER_CLASS_KEY = "driverClass";

    private static final String NAME_KEY = "name";

    private DriverConfigurationLoader() {}

    /** Reads {@code file}, resolving its driver among those on the class path. */
    public static DriverConfiguration load(Path file) throws ConfigException {
        return load(file, new DriverRegistry());
    }

    /** Reads {@code file}, resolving its driver in {@code registry}. */
    public static DriverConfiguration load(Path file, DriverRegistry registry) throws ConfigException {
        return parse(WorkloadLoader.readText(file), file.toString(), registry);
    }

    /**
     * Reads {@code file} with the {@code --set driver.…} assignments applied ({@link DriverAssignments}); its
     * source name then says so, since the driver's messages about the assigned lines refer to the edited text.
     */
    public static DriverConfiguration load(Path file, DriverRegistry registry, List<String> driverAssignments)
            throws ConfigException {
        if (driverAssignments.isEmpty()) {
            return load(file, registry);
        }
        String edited = DriverAssignments.apply(WorkloadLoader.readText(file), file.toString(), driverAssignments);
        return parse(edited, file + " (with --set " + String.join(", ", driverAssignments) + ")", registry);
    }

    /**
     * Parses a driver file's framework keys and resolves its driver.
     *
     * @throws ConfigException naming the file, line and key: no name, no driver, an unknown driver
     *     (listing the known ids), or {@code driver} and {@code driverClass} naming different drivers
     */
    public static DriverConfiguration parse(String yaml, String sourceName, DriverRegistry registry)
            throws ConfigException {
        return parse(yaml, sourceName, registry, System.getenv());
    }

    /** As {@link #parse(String, String, DriverRegistry)}, with {@code ${OMB_…}} taken from {@code environment}. */
    public static DriverConfiguration parse(
            String written, String sourceName, DriverRegistry registry, Map<String, String> environment)
            throws ConfigException {
        String yaml = EnvironmentReferences.resolve(written, sourceName, environment);
        YamlMapping mapping = YamlMapping.read(yaml, sourceName);
        List<String> problems = new ArrayList<>();
        String name = text(mapping, NAME_KEY, sourceName, problems);
        String driverId = text(mapping, DRIVER_KEY, sourceName, problems);
        String driverClass = text(mapping, DRIVER_CLASS_KEY, sourceName, problems);
        if (!mapping.has(NAME_KEY)) {
            problems.add(ConfigException.at(
                    sourceName,
                    0,
                    0,
                    "missing key 'name': give the driver configuration a name for the results, e.g. 'name: Kafka'"));
        }
        if (!mapping.has(DRIVER_KEY) && !mapping.has(DRIVER_CLASS_KEY)) {
            problems.add(ConfigException.at(
                    sourceName,
                    0,
                    0,
                    "missing key 'driver': name the driver with"
                            + " 'driver: <id>' (installed: " + String.join(", ", registry.knownIds())
                            + ") or with upstream's 'driverClass: <class name>'"));
        }
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
        YamlMapping.Entry named = mapping.has(DRIVER_KEY) ? mapping.get(DRIVER_KEY) : mapping.get(DRIVER_CLASS_KEY);
        String where = sourceName + ":" + named.valueLine() + ":" + named.valueColumn();
        DriverProvider provider = registry.resolve(driverId, driverClass, where);
        return new DriverConfiguration(
                name,
                provider.id(),
                sourceName,
                yaml,
                written,
                driverClass == null ? null : provider.impliedTopology(driverClass));
    }

    /**
     * A driver configuration as a worker receives it ({@code POST /v1/driver}), made complete: the coordinator
     * sends the driver it resolved from the file ({@code driverId}), and such a request is returned as it is; a
     * client that sends only the text has the text's own {@code driver} or {@code driverClass} resolved here, as
     * for a file (no environment references are resolved: the text is the one the driver reads). A request
     * whose text names no driver is refused naming the missing key, as a file would be.
     *
     * @param request the request's configuration; its {@code name} and {@code yamlText} must be present
     * @param defaultSourceName what messages call the text when the request has no {@code sourceName}
     * @throws ConfigException naming the source and the missing or wrong key
     */
    public static DriverConfiguration completeRequest(
            DriverConfiguration request, String defaultSourceName, DriverRegistry registry) throws ConfigException {
        if (request.driverId() != null) {
            return request;
        }
        String sourceName = request.sourceName() == null ? defaultSourceName : request.sourceName();
        DriverConfiguration parsed = parse(request.yamlText(), sourceName, registry, Map.of());
        return new DriverConfiguration(
                request.name(),
                parsed.driverId(),
                sourceName,
                request.yamlText(),
                request.writtenText(),
                parsed.impliedTopology());
    }

    /** The scalar text of {@code key}, or {@code null} when absent or not a single non-empty value. */
    private static String text(YamlMapping mapping, String key, String sourceName, List<String> problems) {
        YamlMapping.Entry entry = mapping.get(key);
        if (entry == null) {
            return null;
        }
        if (entry.text() == null || entry.text().isBlank()) {
            problems.add(ConfigException.at(
                    sourceName,
                    entry.valueLine(),
                    entry.valueColumn(),
                    key + ": found " + entry.found() + ", expected a single non-empty text value"));
            return null;
        }
        return entry.text();
    }
}
