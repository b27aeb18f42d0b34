package io.openmessaging.benchmark.drivers;

import io.openmessaging.benchmark.config.ConfigException;
import io.openmessaging.benchmark.config.Suggestions;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.driver.DriverProvider;
import io.openmessaging.benchmark.workload.DriverConfiguration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The drivers this JVM can run, found with {@link ServiceLoader} (each driver jar registers its
 * {@link DriverProvider}). A driver file names one by short id ({@code driver: kafka}) or by
 * upstream class name ({@code driverClass: ...}). Immutable and thread-safe.
 */
public final class DriverRegistry {

    private final Map<String, DriverProvider> providersById;

    /** The drivers registered on the thread context class loader's class path. */
    public DriverRegistry() {
        this(Thread.currentThread().getContextClassLoader());
    }

    /** The drivers registered on {@code classLoader}'s class path. */
    public DriverRegistry(ClassLoader classLoader) {
        this(loadProviders(classLoader));
    }

    /**
     * Exactly these drivers (for tests and embedding).
     *
     * @throws IllegalArgumentException when two providers share an id
     */
    public DriverRegistry(List<? extends DriverProvider> providers) {
        Map<String, DriverProvider> byId = new TreeMap<>();
        for (DriverProvider provider : providers) {
            DriverProvider earlier = byId.putIfAbsent(provider.id(), provider);
            if (earlier != null) {
                throw new IllegalArgumentException("two drivers claim the id '" + provider.id() + "': "
                        + earlier.getClass().getName() + " and "
                        + provider.getClass().getName());
            }
        }
        this.providersById = Collections.unmodifiableMap(byId);
    }

    private static List<DriverProvider> loadProviders(ClassLoader classLoader) {
        List<DriverProvider> providers = new ArrayList<>();
        ServiceLoader.load(DriverProvider.class, classLoader).forEach(providers::add);
        return providers;
    }

    /** The ids of the installed drivers, sorted. */
    public Set<String> knownIds() {
        return providersById.keySet();
    }

    /**
     * The driver named by {@code driverId} and/or {@code driverClass} (at least one non-null; when
     * both are given they must name the same driver).
     *
     * @param sourceName where the names come from (a file, or {@code file:line:column}), prefixed to
     *     messages
     * @throws ConfigException when no installed driver matches, listing the installed ones
     */
    public DriverProvider resolve(String driverId, String driverClass, String sourceName) throws ConfigException {
        if (driverId == null && driverClass == null) {
            throw new ConfigException(sourceName + ": no driver named; give 'driver: <id>' with one of " + idList()
                    + ", or upstream's 'driverClass: <class name>'");
        }
        DriverProvider byId = null;
        if (driverId != null) {
            byId = providersById.get(driverId);
            if (byId == null) {
                throw new ConfigException(sourceName + ": unknown driver '" + driverId + "'"
                        + Suggestions.didYouMean(driverId, providersById.keySet())
                        + "; installed drivers: " + idList());
            }
        }
        if (driverClass == null) {
            return byId;
        }
        DriverProvider byClass = providersById.values().stream()
                .filter(provider -> provider.driverClassAliases().contains(driverClass)
                        || provider.getClass().getName().equals(driverClass))
                .findFirst()
                .orElseThrow(() -> new ConfigException(sourceName + ": driverClass '" + driverClass
                        + "' is not a class any installed driver answers to; installed drivers and their"
                        + " classes: " + classList() + ". Name the driver with 'driver: <id>' instead."));
        if (byId != null && byId != byClass) {
            throw new ConfigException(sourceName + ": 'driver: " + driverId + "' and 'driverClass: " + driverClass
                    + "' name different drivers (the class belongs to '" + byClass.id() + "'); keep one");
        }
        return byClass;
    }

    /**
     * A new driver of {@code configuration}'s kind, configured with its file (parsed and checked, no
     * connection opened). The caller owns the driver and must close it.
     *
     * @throws ConfigException when the driver is not installed or rejects the file; a driver's own
     *     message is kept
     */
    public BenchmarkDriver newConfiguredDriver(DriverConfiguration configuration) throws ConfigException {
        DriverProvider provider = resolve(configuration.driverId(), null, configuration.sourceName());
        BenchmarkDriver driver = provider.create();
        try {
            driver.configure(configuration.yamlText(), configuration.sourceName());
            return driver;
        } catch (DriverException e) {
            closeAfterFailure(driver, e);
            String message = e.getMessage() == null ? "rejected by driver '" + provider.id() + "'" : e.getMessage();
            throw new ConfigException(
                    message.contains(configuration.sourceName())
                            ? message
                            : configuration.sourceName() + ": " + message,
                    e);
        } catch (RuntimeException e) {
            closeAfterFailure(driver, e);
            throw new ConfigException(
                    configuration.sourceName() + ": driver '" + provider.id() + "' failed while reading the file: " + e,
                    e);
        }
    }

    private static void closeAfterFailure(BenchmarkDriver driver, Exception failure) {
        try {
            driver.close();
        } catch (Exception closeFailure) {
            failure.addSuppressed(closeFailure);
        }
    }

    private String idList() {
        return providersById.isEmpty()
                ? "none (put a driver's jar on the class path)"
                : String.join(", ", providersById.keySet());
    }

    private String classList() {
        if (providersById.isEmpty()) {
            return "none (put a driver's jar on the class path)";
        }
        return providersById.values().stream()
                .map(provider -> provider.id() + " "
                        + provider.driverClassAliases().stream().sorted().toList())
                .collect(Collectors.joining(", "));
    }
}
