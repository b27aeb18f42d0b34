package io.openmessaging.benchmark.studyrunner;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a {@code study run} command line chose.
 *
 * @param experiments the experiments to run ({@code --experiment}); empty for all
 * @param systems the systems to run them on ({@code --system}); empty for all
 * @param driverFiles a user's driver file per system ({@code --driver SYSTEM=FILE}), relative to the current
 *     directory
 * @param driverSettings extra {@code driver.KEY=VALUE} settings per system ({@code --driver-set})
 * @param scale the factor every fixed producer rate is multiplied by ({@code --scale}); 1 when not given
 * @param testDuration the measured phase of every run as the workload key takes it ({@code --duration}), or
 *     {@code null}
 * @param warmupDuration the warm-up of every run ({@code --warmup}), or {@code null}
 * @param localBrokers whether each run gets a fresh single-node broker ({@code --local-brokers})
 */
public record StudyRunSettings(
        List<String> experiments,
        List<String> systems,
        Map<String, String> driverFiles,
        Map<String, List<String>> driverSettings,
        double scale,
        String testDuration,
        String warmupDuration,
        boolean localBrokers) {

    public StudyRunSettings {
        experiments = List.copyOf(experiments);
        systems = List.copyOf(systems);
        driverFiles = Collections.unmodifiableMap(new LinkedHashMap<>(driverFiles));
        driverSettings = Collections.unmodifiableMap(new LinkedHashMap<>(driverSettings));
    }

    /** The record's {@code brokers}: {@code local} or {@code given}. */
    public String brokersMode() {
        return localBrokers ? "local" : "given";
    }
}
