package io.openmessaging.benchmark.studyrunner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link StudyRunSettings} for a test, naming only what the test chooses: by default every experiment on
 * every system, no driver files or settings of the user, scale 1, the workloads' durations, the user's brokers
 * and no peak fraction, as {@code study run NAME} alone.
 */
public final class Settings {

    private List<String> experiments = List.of();
    private List<String> systems = List.of();
    private final Map<String, String> driverFiles = new LinkedHashMap<>();
    private final Map<String, List<String>> driverSettings = new LinkedHashMap<>();
    private double scale = 1;
    private String testDuration;
    private String warmupDuration;
    private boolean localBrokers;
    private boolean localHosts;
    private Double peakFraction;

    private Settings() {}

    /** {@code study run NAME} without options. */
    public static Settings studyRun() {
        return new Settings();
    }

    /** {@code --experiment} for each name. */
    public Settings experiments(String... names) {
        return experiments(List.of(names));
    }

    /** {@code --experiment} for each name. */
    public Settings experiments(List<String> names) {
        experiments = List.copyOf(names);
        return this;
    }

    /** {@code --system} for each name. */
    public Settings systems(String... names) {
        return systems(List.of(names));
    }

    /** {@code --system} for each name. */
    public Settings systems(List<String> names) {
        systems = List.copyOf(names);
        return this;
    }

    /** {@code --driver SYSTEM=FILE}. */
    public Settings driverFile(String system, String file) {
        driverFiles.put(system, file);
        return this;
    }

    /** {@code --driver SYSTEM=FILE} for each entry. */
    public Settings driverFiles(Map<String, String> files) {
        driverFiles.putAll(files);
        return this;
    }

    /** {@code --driver-set SYSTEM:driver.KEY=VALUE}. */
    public Settings driverSetting(String system, String setting) {
        driverSettings.computeIfAbsent(system, s -> new ArrayList<>()).add(setting);
        return this;
    }

    /** {@code --scale F}. */
    public Settings scale(double factor) {
        scale = factor;
        return this;
    }

    /** {@code --duration D}. */
    public Settings duration(String duration) {
        testDuration = duration;
        return this;
    }

    /** {@code --warmup D}. */
    public Settings warmup(String duration) {
        warmupDuration = duration;
        return this;
    }

    /** {@code --local-brokers}. */
    public Settings localBrokers() {
        localBrokers = true;
        return this;
    }

    /** {@code --local-hosts}. */
    public Settings localHosts() {
        localHosts = true;
        return this;
    }

    /** {@code --peak-fraction F}. */
    public Settings peakFraction(double fraction) {
        peakFraction = fraction;
        return this;
    }

    public StudyRunSettings build() {
        return new StudyRunSettings(
                experiments,
                systems,
                driverFiles,
                driverSettings,
                scale,
                testDuration,
                warmupDuration,
                localBrokers,
                localHosts,
                peakFraction);
    }
}
