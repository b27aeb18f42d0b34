package io.openmessaging.benchmark.studyrunner;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One experiment on one system, as {@code study run} will run it.
 *
 * @param experiment the experiment's name
 * @param system the system (a driver id)
 * @param workloadFile the workload file as the study names it, relative to the project directory
 * @param driverFile the driver file: the experiment's (relative to the project directory) or the user's
 *     ({@code --driver}, as given)
 * @param workloadPath {@code workloadFile} resolved
 * @param driverPath {@code driverFile} resolved
 * @param driverSettings every {@code driver.…=…} setting over the driver file, in the order applied: the
 *     experiment's, a local broker's or a deployed cluster's ({@link #onCluster}), the user's ({@code
 *     --driver-set})
 * @param workloadSettings every workload setting over the workload file: the experiment's overrides, then the
 *     rate ({@code peak}: 0; scaled), then the durations; a run at a fraction of a peak gets its rate when it
 *     starts ({@link #withRate})
 * @param peakSearch whether the run searches the peak stable rate
 * @param peakExperiment the experiment whose measured peak sets this run's rate, or {@code null}
 * @param peakFraction the fraction of that peak, or {@code null}
 * @param localBroker whether a fresh broker is started for the run
 * @param localHosts whether the run runs on its system's three-broker cluster on simulated hosts ({@link
 *     LocalHosts}), whose addresses it gets when the cluster is deployed ({@link #onCluster})
 * @param brokerConfig the broker settings a started broker gets ({@code KEY=VALUE})
 * @param brokerNotApplied what the experiment asks of the brokers that the run does not set, or {@code null}
 * @param resultFileName the result file's name in the output directory
 */
public record PlannedRun(
        String experiment,
        String system,
        String workloadFile,
        String driverFile,
        Path workloadPath,
        Path driverPath,
        List<String> driverSettings,
        List<String> workloadSettings,
        boolean peakSearch,
        String peakExperiment,
        Double peakFraction,
        boolean localBroker,
        boolean localHosts,
        List<String> brokerConfig,
        String brokerNotApplied,
        String resultFileName) {

    public PlannedRun {
        driverSettings = List.copyOf(driverSettings);
        workloadSettings = List.copyOf(workloadSettings);
        brokerConfig = List.copyOf(brokerConfig);
    }

    /** This run producing at {@code rate} msg/s (a fraction of a measured peak), before the durations. */
    public PlannedRun withRate(String rateSetting) {
        int durations = (int) workloadSettings.stream()
                .filter(setting -> setting.startsWith("testDuration=") || setting.startsWith("warmupDuration="))
                .count();
        return withSettings(driverSettings, insertedBeforeLast(workloadSettings, durations, List.of(rateSetting)));
    }

    /**
     * This run pointed at a deployed cluster: {@code clusterSettings} (its addresses) put after the experiment's
     * settings and before the last {@code userSettings} ones (the user's {@code --driver-set}, which stay over
     * everything else).
     */
    public PlannedRun onCluster(List<String> clusterSettings, int userSettings) {
        return withSettings(insertedBeforeLast(driverSettings, userSettings, clusterSettings), workloadSettings);
    }

    private PlannedRun withSettings(List<String> newDriverSettings, List<String> newWorkloadSettings) {
        return new PlannedRun(
                experiment,
                system,
                workloadFile,
                driverFile,
                workloadPath,
                driverPath,
                newDriverSettings,
                newWorkloadSettings,
                peakSearch,
                peakExperiment,
                peakFraction,
                localBroker,
                localHosts,
                brokerConfig,
                brokerNotApplied,
                resultFileName);
    }

    /** {@code settings} with {@code inserted} put before its last {@code last} entries. */
    private static List<String> insertedBeforeLast(List<String> settings, int last, List<String> inserted) {
        List<String> result = new ArrayList<>(settings.subList(0, settings.size() - last));
        result.addAll(inserted);
        result.addAll(settings.subList(settings.size() - last, settings.size()));
        return result;
    }

    /** The {@code bin/benchmark} command line that makes this run, writing {@code resultFile}. */
    public String commandLine(String outputDirectory) {
        StringBuilder line = new StringBuilder("bin/benchmark --drivers ").append(driverFile);
        driverSettings.forEach(setting -> line.append(" --set ").append(quoted(setting)));
        workloadSettings.forEach(setting -> line.append(" --set ").append(quoted(setting)));
        return line.append(" --output-dir ")
                .append(outputDirectory)
                .append(" -o ")
                .append(resultFileName)
                .append(' ')
                .append(workloadFile)
                .toString();
    }

    private static String quoted(String setting) {
        return setting.matches("[A-Za-z0-9_.,:/=@+-]+") ? setting : "'" + setting.replace("'", "'\\''") + "'";
    }
}
