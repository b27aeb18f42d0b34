package io.openmessaging.benchmark.studyrunner;

import io.openmessaging.benchmark.studyrun.StudyRunRecord;
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
 * @param localHosts whether the runs of each system run on a three-broker cluster deployed on simulated hosts
 *     ({@code --local-hosts}, {@link LocalHosts})
 * @param peakFraction the fraction of its system's peak, measured in this study run, that every fixed-rate
 *     experiment produces at instead of its own rate ({@code --peak-fraction}), or {@code null}
 */
public record StudyRunSettings(
        List<String> experiments,
        List<String> systems,
        Map<String, String> driverFiles,
        Map<String, List<String>> driverSettings,
        double scale,
        String testDuration,
        String warmupDuration,
        boolean localBrokers,
        boolean localHosts,
        Double peakFraction) {

    public StudyRunSettings {
        experiments = List.copyOf(experiments);
        systems = List.copyOf(systems);
        driverFiles = Collections.unmodifiableMap(new LinkedHashMap<>(driverFiles));
        driverSettings = Collections.unmodifiableMap(new LinkedHashMap<>(driverSettings));
    }

    /** The record's {@code brokers}: {@code local}, {@code local-hosts} or {@code given}. */
    public String brokersMode() {
        return localHosts
                ? StudyRunRecord.LOCAL_HOSTS
                : localBrokers ? StudyRunRecord.LOCAL_BROKERS : StudyRunRecord.GIVEN_BROKERS;
    }

    /** The user's {@code --driver-set} settings of {@code system}, in the order given. */
    public List<String> driverSettingsOf(String system) {
        return driverSettings.getOrDefault(system, List.of());
    }
}
