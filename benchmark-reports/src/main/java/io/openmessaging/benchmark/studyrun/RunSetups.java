package io.openmessaging.benchmark.studyrun;

import io.openmessaging.benchmark.study.Experiment;
import io.openmessaging.benchmark.study.Study;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * What each run of a study run was set to in effect, to tell when two runs a claim or a ratio compares did not
 * differ at all: every driver setting in effect (the driver file with the driver settings put over it, the last
 * value given for each key), every workload setting, the workload file and the broker settings. That happens
 * when a setting the experiments differ by was replaced for this machine, e.g. the replication factor 2 of an
 * experiment, or the Pulsar ensemble and quorums of one, that became 1 on a single local broker; the comparison
 * then tests nothing and says so instead of a verdict.
 */
final class RunSetups {

    /** A driver file's label, which names it and sets nothing. */
    private static final String NAME_KEY = "name";

    private static final String DRIVER_PREFIX = "driver.";

    private RunSetups() {}

    /**
     * Why {@code a} and {@code b} compare nothing: they ran with the same effective settings. {@code null} when
     * they differ, when one has no record, or when they are the same run (a claim on one run's own statistics);
     * always {@code null} without a study (rows built for themselves, not of a study run).
     */
    static String sameSetup(Study study, StudyComparison.RunOutcome a, StudyComparison.RunOutcome b) {
        if (study == null || a.run() == null || b.run() == null || a.reference().equals(b.reference())) {
            return null;
        }
        if (!effective(study, a).equals(effective(study, b))) {
            return null;
        }
        return a.reference() + " and " + b.reference() + " ran with the same settings"
                + replacedNote(study, a, b, key -> true);
    }

    /**
     * The settings a claim or a ratio is about that two of its runs came out equal in.
     *
     * @param all whether they are all of them: the runs tested nothing the claim or ratio is about
     * @param words {@code kafka-throughput-unreplicated/kafka and kafka-throughput-replicated/kafka both ran with
     *     driver.replicationFactor=1 (kafka-throughput-replicated's driver.replicationFactor=2 became 1)}
     */
    record EqualSettings(boolean all, String words) {}

    /**
     * Which of the settings {@code varies} (a claim's or a ratio's, {@code driver.replicationFactor}) runs {@code
     * a} and {@code b} are known to have had equal, each shown as {@code KEY=VALUE} ({@code KEY unset} where
     * neither set it), with the experiments' own values of them that the runs replaced; {@code null} when they
     * differ in all of them, when one has no record, or without a study. A setting neither run set counts as equal
     * for driver settings read in full, for broker settings where the study run started or deployed both runs'
     * brokers (both the default; a given cluster's are not known), and for workload settings only where both ran
     * the same workload file.
     */
    static EqualSettings equalVaried(
            Study study, StudyComparison.RunOutcome a, StudyComparison.RunOutcome b, List<String> varies) {
        if (study == null || varies.isEmpty() || a.run() == null || b.run() == null) {
            return null;
        }
        Map<String, String> first = effective(study, a);
        Map<String, String> second = effective(study, b);
        List<String> keys = new ArrayList<>();
        List<String> shown = new ArrayList<>();
        for (String key : varies) {
            String value = first.get(key);
            if (value != null
                    ? value.equals(second.get(key))
                    : second.get(key) == null && unsetMeansDefault(key, a, b, first, second)) {
                keys.add(key);
                shown.add(value != null ? key + "=" + value : key + " unset");
            }
        }
        if (keys.isEmpty()) {
            return null;
        }
        return new EqualSettings(
                keys.size() == varies.size(),
                a.reference() + " and " + b.reference() + " both ran with " + String.join(", ", shown)
                        + replacedNote(study, a, b, keys::contains));
    }

    private static boolean unsetMeansDefault(
            String key,
            StudyComparison.RunOutcome a,
            StudyComparison.RunOutcome b,
            Map<String, String> first,
            Map<String, String> second) {
        if (key.startsWith(DRIVER_PREFIX)) {
            return !a.effectiveDriverSettings().isEmpty()
                    && !b.effectiveDriverSettings().isEmpty();
        }
        if (key.startsWith("workload.")) {
            return Objects.equals(first.get(" workload file"), second.get(" workload file"));
        }
        // a broker setting neither run gave is the default only on brokers the study run started or deployed
        return key.startsWith("broker.") && a.run().brokerCount != null && b.run().brokerCount != null;
    }

    /**
     * The run's settings in effect, as one comparable map: every driver setting by value where the run's driver
     * settings could be read (two driver files that differ only in what this machine replaced compare equal),
     * else the driver file's name and the driver settings put over it.
     */
    static Map<String, String> effective(Study study, StudyComparison.RunOutcome outcome) {
        StudyRunRecord.Run run = outcome.run();
        Map<String, String> settings = new TreeMap<>();
        if (outcome.effectiveDriverSettings().isEmpty()) {
            settings.put(" driver file", String.valueOf(run.driverFile));
            put(settings, "", run.driverSettings);
        } else {
            outcome.effectiveDriverSettings().forEach((key, value) -> {
                if (!key.equals(NAME_KEY)) {
                    settings.put(DRIVER_PREFIX + key, value);
                }
            });
        }
        settings.put(
                " workload file",
                study.experiment(outcome.experiment()).map(Experiment::workload).orElse(outcome.experiment()));
        put(settings, "workload.", run.workloadSettings);
        put(settings, "broker.", run.brokerConfig);
        return settings;
    }

    /**
     * The experiments' own driver settings among {@code keys} that runs {@code a} and {@code b} replaced, in
     * parentheses after a space ({@code  (x's driver.replicationFactor=2 became 1)}); empty when none.
     */
    private static String replacedNote(
            Study study, StudyComparison.RunOutcome a, StudyComparison.RunOutcome b, Predicate<String> keys) {
        List<String> replaced = new ArrayList<>();
        replaced.addAll(replaced(study, a, keys));
        replaced.addAll(replaced(study, b, keys));
        return replaced.isEmpty() ? "" : " (" + String.join("; ", replaced) + ")";
    }

    /**
     * The experiment's own driver settings among {@code keys} that the run replaced: {@code
     * driver.replicationFactor=2 became 1}.
     */
    private static List<String> replaced(Study study, StudyComparison.RunOutcome outcome, Predicate<String> keys) {
        Experiment.DriverSettings asked = study.experiment(outcome.experiment())
                .map(experiment -> experiment.drivers().get(outcome.system()))
                .orElse(null);
        if (asked == null) {
            return List.of();
        }
        Map<String, String> effective = new TreeMap<>();
        put(effective, "", outcome.run().driverSettings);
        List<String> replaced = new ArrayList<>();
        for (String setting : asked.set()) {
            int equals = setting.indexOf('=');
            if (equals < 0) {
                continue;
            }
            String key = setting.substring(0, equals).strip();
            String value = setting.substring(equals + 1).strip();
            String ran = effective.get(key);
            if (keys.test(key) && ran != null && !Objects.equals(ran, value)) {
                replaced.add(outcome.experiment() + "'s " + key + "=" + value + " became " + ran);
            }
        }
        return replaced;
    }

    private static void put(Map<String, String> settings, String prefix, List<String> assignments) {
        if (assignments == null) {
            return;
        }
        for (String assignment : assignments) {
            int equals = assignment.indexOf('=');
            if (equals < 0) {
                settings.put(prefix + assignment.strip(), "");
            } else {
                settings.put(
                        prefix + assignment.substring(0, equals).strip(),
                        assignment.substring(equals + 1).strip());
            }
        }
    }
}
