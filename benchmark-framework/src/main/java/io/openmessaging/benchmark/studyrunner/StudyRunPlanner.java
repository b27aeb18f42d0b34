package io.openmessaging.benchmark.studyrunner;

import io.openmessaging.benchmark.config.ConfigException;
import io.openmessaging.benchmark.config.Suggestions;
import io.openmessaging.benchmark.study.Experiment;
import io.openmessaging.benchmark.study.Study;
import io.openmessaging.benchmark.workload.Workload;
import io.openmessaging.benchmark.workload.WorkloadLoader;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Which runs a study run makes, in file order (each chosen experiment on each of its chosen systems; with
 * {@code --local-hosts} grouped by system, in file order within each, as one simulated cluster is up at a time),
 * and with which settings: the experiment's driver file (or the user's) with its {@code set:} settings, a local
 * broker's and the user's over it; the experiment's workload overrides, then the rate ({@code peak}: 0,
 * searched; otherwise the fixed rate times {@code --scale}), then the durations. Refuses, before anything runs,
 * what cannot run: an unknown experiment or system, a system without an installed driver, one with no local
 * broker here and no driver file of the user's, and {@code --local-hosts} with {@code --local-brokers} or with
 * the user's driver file of a system it deploys.
 */
public final class StudyRunPlanner {

    private StudyRunPlanner() {}

    /**
     * The runs of {@code study} chosen by {@code settings}.
     *
     * @param installedDrivers the driver ids installed here
     * @throws StudyRunException exit code 2 for a choice or setting that does not fit the study
     */
    public static List<PlannedRun> plan(
            Study study, Path projectDirectory, StudyRunSettings settings, Set<String> installedDrivers)
            throws StudyRunException {
        List<String> experimentNames =
                study.experiments().stream().map(Experiment::name).toList();
        for (String name : settings.experiments()) {
            if (!experimentNames.contains(name)) {
                throw usage("--experiment " + name + ": no experiment '" + name + "' in study " + study.name()
                        + Suggestions.didYouMean(name, experimentNames) + "; the experiments are "
                        + String.join(", ", experimentNames));
            }
        }
        List<String> systems = study.systems();
        for (String system : settings.systems()) {
            if (!systems.contains(system)) {
                throw usage("--system " + system + ": study " + study.name() + " has no system '" + system + "'"
                        + Suggestions.didYouMean(system, systems) + "; its systems are " + String.join(", ", systems));
            }
        }
        checkSystemsNamed("--driver", settings.driverFiles().keySet(), systems, study);
        checkSystemsNamed("--driver-set", settings.driverSettings().keySet(), systems, study);
        if (settings.localHosts() && settings.localBrokers()) {
            throw usage("--local-hosts and --local-brokers: give one (a three-broker cluster on simulated hosts per"
                    + " system, or a fresh single-node broker per run)");
        }
        if (settings.localHosts()) {
            for (String system : settings.driverFiles().keySet()) {
                if (LocalHosts.deploys(system)) {
                    throw usage(
                            "--driver " + system + "=" + settings.driverFiles().get(system) + " and --local-hosts: "
                                    + system + " runs on the cluster --local-hosts deploys; give one of them");
                }
            }
        }
        if (!(settings.scale() > 0)) {
            throw usage("--scale " + settings.scale() + ": give a factor above 0, e.g. 0.1");
        }
        Double peakFraction = settings.peakFraction();
        if (peakFraction != null) {
            if (!(peakFraction > 0 && peakFraction <= 1)) {
                throw usage("--peak-fraction " + rate(peakFraction) + ": give a fraction above 0, at most 1, e.g. 0.5");
            }
            if (settings.scale() != 1) {
                throw usage("--peak-fraction and --scale both set the fixed rates; give one of them");
            }
        }
        List<PlannedRun> runs = new ArrayList<>();
        for (Experiment experiment : study.experiments()) {
            if (!settings.experiments().isEmpty() && !settings.experiments().contains(experiment.name())) {
                continue;
            }
            for (String system : experiment.systems()) {
                if (settings.systems().isEmpty() || settings.systems().contains(system)) {
                    runs.add(run(experiment, system, projectDirectory, settings, study));
                }
            }
        }
        if (runs.isEmpty()) {
            throw usage("no experiment of study " + study.name() + " runs on " + String.join(", ", settings.systems())
                    + " among " + String.join(", ", settings.experiments()));
        }
        if (settings.localHosts()) {
            runs = bySystem(runs);
        }
        for (PlannedRun run : runs) {
            if (!installedDrivers.contains(run.system())) {
                throw usage("study " + study.name() + " runs " + run.experiment() + " on " + run.system()
                        + ", and no " + run.system() + " driver is installed here (installed: "
                        + String.join(", ", installedDrivers.stream().sorted().toList())
                        + "); leave it out with --system, or install the driver");
            }
        }
        for (PlannedRun run : runs) {
            String system = run.system();
            if (!LocalBroker.runs(system)
                    && !LocalBroker.needsNoBroker(system)
                    && !settings.driverFiles().containsKey(system)
                    && !settings.driverSettings().containsKey(system)) {
                throw usage(system + " has no local broker here; give your cluster's driver file: --driver " + system
                        + "=FILE");
            }
        }
        return runs;
    }

    /**
     * {@code runs} grouped by system, the systems in the order they first appear and each system's runs in file
     * order: a run at a fraction of a peak still comes after the experiment that measures the peak, which is of
     * its own system.
     */
    private static List<PlannedRun> bySystem(List<PlannedRun> runs) {
        java.util.Map<String, List<PlannedRun>> grouped = new java.util.LinkedHashMap<>();
        for (PlannedRun run : runs) {
            grouped.computeIfAbsent(run.system(), system -> new ArrayList<>()).add(run);
        }
        List<PlannedRun> ordered = new ArrayList<>();
        grouped.values().forEach(ordered::addAll);
        return ordered;
    }

    private static PlannedRun run(
            Experiment experiment, String system, Path project, StudyRunSettings settings, Study study)
            throws StudyRunException {
        Experiment.DriverSettings driver = experiment.drivers().get(system);
        String userFile = settings.driverFiles().get(system);
        boolean localBroker = settings.localBrokers() && userFile == null && LocalBroker.runs(system);
        boolean localHosts = settings.localHosts() && userFile == null && LocalHosts.deploys(system);
        List<String> driverSettings = new ArrayList<>(driver.set());
        if (localBroker) {
            driverSettings.addAll(LocalBroker.driverSettings(system));
        }
        driverSettings.addAll(settings.driverSettingsOf(system));
        Path workloadPath = project.resolve(experiment.workload());
        List<String> workloadSettings = new ArrayList<>(experiment.overrides());
        String peakExperiment = experiment.peakExperiment();
        Double peakFraction = experiment.peakFraction();
        if (settings.peakFraction() != null && !experiment.peak() && peakExperiment == null) {
            Workload workload = load(workloadPath, workloadSettings, experiment, system);
            if (workload.ratePlan() == null && workload.producerRate() > 0) {
                peakExperiment = peakExperimentOf(study, experiment, system);
                peakFraction = settings.peakFraction();
            }
        }
        if (experiment.peak()) {
            workloadSettings.add("producerRate=0");
        } else if (experiment.peakExperiment() == null && settings.scale() != 1) {
            Workload workload = load(workloadPath, workloadSettings, experiment, system);
            if (workload.ratePlan() == null && workload.producerRate() > 0) {
                workloadSettings.add("producerRate=" + rate(workload.producerRate() * settings.scale()));
            }
        }
        if (settings.testDuration() != null) {
            workloadSettings.add("testDuration=" + settings.testDuration());
        }
        if (settings.warmupDuration() != null) {
            workloadSettings.add("warmupDuration=" + settings.warmupDuration());
        }
        load(workloadPath, workloadSettings, experiment, system);
        List<String> brokerConfig = experiment.brokerConfigOf(system);
        String notApplied = null;
        if (!localBroker) {
            List<String> parts = new ArrayList<>();
            if (!brokerConfig.isEmpty()) {
                parts.add("brokerConfig " + String.join(", ", brokerConfig)
                        + (localHosts
                                ? " (a deployed cluster keeps the playbook's broker settings for every run)"
                                : ""));
            }
            if (experiment.broker() != null) {
                parts.add(experiment.broker());
            }
            notApplied = parts.isEmpty() ? null : String.join("; ", parts);
        } else if (experiment.broker() != null && brokerConfig.isEmpty()) {
            // the broker: text in words, brokerConfig the settings that give it to a local broker
            notApplied = experiment.broker();
        }
        return new PlannedRun(
                experiment.name(),
                system,
                experiment.workload(),
                userFile != null ? userFile : driver.file(),
                workloadPath,
                userFile != null ? Path.of(userFile) : project.resolve(driver.file()),
                driverSettings,
                workloadSettings,
                experiment.peak(),
                peakExperiment,
                peakFraction,
                localBroker,
                localHosts,
                localBroker ? brokerConfig : List.of(),
                notApplied,
                experiment.name() + "-" + system + ".json");
    }

    /**
     * The experiment whose peak sets {@code experiment}'s rate on {@code system} under {@code --peak-fraction}:
     * the study's first experiment with {@code peak: true} on that system, which must come before it in the
     * file (it runs first).
     */
    private static String peakExperimentOf(Study study, Experiment experiment, String system) throws StudyRunException {
        for (Experiment candidate : study.experiments()) {
            if (candidate == experiment) {
                break;
            }
            if (candidate.peak() && candidate.systems().contains(system)) {
                return candidate.name();
            }
        }
        throw usage("--peak-fraction: " + experiment.name() + " runs on " + system + " at a fixed rate, and study "
                + study.name() + " has no experiment with peak: true on " + system + " before it whose peak could"
                + " set that rate; leave it out with --experiment or --system, or give --scale instead");
    }

    /** A rate as a workload value: a whole number when it is one, else up to 3 decimals. */
    public static String rate(double messagesPerSecond) {
        BigDecimal value = BigDecimal.valueOf(messagesPerSecond).setScale(3, java.math.RoundingMode.HALF_UP);
        return value.stripTrailingZeros().toPlainString();
    }

    private static Workload load(Path file, List<String> assignments, Experiment experiment, String system)
            throws StudyRunException {
        try {
            return WorkloadLoader.load(file, assignments);
        } catch (ConfigException e) {
            throw usage(experiment.name() + " on " + system + ": the workload with " + String.join(" ", assignments)
                    + " does not load: " + e.getMessage());
        }
    }

    private static void checkSystemsNamed(String option, Set<String> named, List<String> systems, Study study)
            throws StudyRunException {
        for (String system : named) {
            if (!systems.contains(system)) {
                throw usage(option + " " + system + ": study " + study.name() + " has no system '" + system + "'"
                        + Suggestions.didYouMean(system, systems) + "; its systems are " + String.join(", ", systems));
            }
        }
    }

    private static StudyRunException usage(String message) {
        return new StudyRunException(2, message);
    }
}
