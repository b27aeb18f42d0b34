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
 * @param brokerConfig broker settings ({@code KEY=VALUE}) per system, for a broker {@code study run} starts
 * @param peak whether the study reports a peak: the run searches the peak stable rate ({@code producerRate 0})
 * @param peakExperiment the experiment (with {@code peak}) whose measured peak sets this one's rate, or {@code null}
 * @param peakFraction the fraction of that peak to produce at, or {@code null}
 */
public record Experiment(
        String name,
        String description,
        String workload,
        List<String> systems,
        Map<String, DriverSettings> drivers,
        String broker,
        List<String> overrides,
        Map<String, List<String>> brokerConfig,
        boolean peak,
        String peakExperiment,
        Double peakFraction) {

    public Experiment {
        systems = List.copyOf(systems);
        drivers = Collections.unmodifiableMap(new LinkedHashMap<>(drivers));
        overrides = List.copyOf(overrides);
        brokerConfig = Collections.unmodifiableMap(new LinkedHashMap<>(brokerConfig));
    }

    /** The broker settings of {@code system} ({@code KEY=VALUE}), none when the experiment gives none. */
    public List<String> brokerConfigOf(String system) {
        return brokerConfig.getOrDefault(system, List.of());
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
