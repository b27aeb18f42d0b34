package io.openmessaging.benchmark.study;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One experiment of a study: a workload file of this repository run on some systems, each with the driver
 * settings that match the study's.
 *
 * @param name unique within the study
 * @param description what the study measured and with which settings, or {@code null}
 * @param workload the workload file, relative to the project directory
 * @param systems the systems, each a driver id ({@code kafka}, {@code pulsar}, …)
 * @param drivers the driver settings of each system, in the order of {@code systems}
 * @param broker what the brokers need that no client setting gives (a broker policy, a bookie setting), or
 *     {@code null}
 * @param overrides {@code key=value} workload settings put over the workload file, as {@code --set} does
 */
public record Experiment(
        String name,
        String description,
        String workload,
        List<String> systems,
        Map<String, DriverSettings> drivers,
        String broker,
        List<String> overrides) {

    public Experiment {
        systems = List.copyOf(systems);
        drivers = Collections.unmodifiableMap(new LinkedHashMap<>(drivers));
        overrides = List.copyOf(overrides);
    }

    /**
     * The driver settings of one system.
     *
     * @param file the driver file, relative to the project directory
     * @param set {@code driver.KEY=VALUE} settings put over the file, as {@code --set} does
     */
    public record DriverSettings(String file, List<String> set) {
        public DriverSettings {
            set = List.copyOf(set);
        }
    }

    /** The command line that runs this experiment on {@code system}, as {@code bin/benchmark} takes it. */
    public String commandLine(String system) {
        DriverSettings settings = drivers.get(system);
        StringBuilder line = new StringBuilder("bin/benchmark --drivers ").append(settings.file());
        settings.set().forEach(setting -> line.append(" --set ").append(setting));
        overrides.forEach(setting -> line.append(" --set ").append(setting));
        return line.append(' ').append(workload).toString();
    }
}
