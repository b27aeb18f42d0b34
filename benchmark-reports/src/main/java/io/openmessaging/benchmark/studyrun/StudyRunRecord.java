package io.openmessaging.benchmark.studyrun;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What {@code bin/benchmark study run} did, written as {@code study-run.json} in its output directory and
 * rewritten atomically after every experiment, so that an interrupted study leaves a readable record of what
 * it finished and a second {@code study run} with the same directory resumes it. Public fields, like {@link
 * io.openmessaging.benchmark.result.TestResult}; {@code docs/studies.md} documents each.
 *
 * <p>{@link #studyRunSchemaVersion} is the first field of the file: readers tell a record from a result by it.
 */
@JsonPropertyOrder({
    "studyRunSchemaVersion",
    "study",
    "studyFile",
    "scale",
    "peakFraction",
    "testDurationMinutes",
    "warmupDurationMinutes",
    "brokers",
    "projectVersion",
    "gitSha",
    "commandLine",
    "beginTime",
    "endTime",
    "complete",
    "runs"
})
public class StudyRunRecord {

    /** The {@link #studyRunSchemaVersion} this code writes. */
    public static final int SCHEMA_VERSION = 1;

    /** A run's {@link Run#status}: not started yet. */
    public static final String PENDING = "pending";
    /** A run's {@link Run#status}: started and not ended (the study was killed during it). */
    public static final String RUNNING = "running";
    /** A run's {@link Run#status}: its result file is written and complete. */
    public static final String DONE = "done";
    /** A run's {@link Run#status}: it ended without a complete result ({@link Run#failureReason} says why). */
    public static final String FAILED = "failed";

    /** {@link #brokers}: a fresh single-node broker on 127.0.0.1 per experiment ({@code --local-brokers}). */
    public static final String LOCAL_BROKERS = "local";
    /** {@link #brokers}: per system a three-broker cluster on simulated hosts ({@code --local-hosts}). */
    public static final String LOCAL_HOSTS = "local-hosts";
    /** {@link #brokers}: the driver files' brokers, a user's cluster. */
    public static final String GIVEN_BROKERS = "given";

    public Integer studyRunSchemaVersion = SCHEMA_VERSION;

    /** The study's name ({@code studies/NAME/study.yaml}). */
    public String study;

    /** The study file, relative to the project directory. */
    public String studyFile;

    /** The factor every fixed producer rate was multiplied by ({@code --scale}); 1 when not scaled. */
    public Double scale = 1.0;

    /**
     * The fraction of its system's peak, measured in the same study run, that every fixed-rate experiment
     * produced at instead of its own rate ({@code --peak-fraction}); {@code null} when not given.
     */
    public Double peakFraction;

    /** The measured phase of every experiment ({@code --duration}), or {@code null} for each workload's own. */
    public Double testDurationMinutes;

    /** The warm-up of every experiment ({@code --warmup}), or {@code null} for each workload's own. */
    public Double warmupDurationMinutes;

    /**
     * Where the brokers came from: {@code local} (a fresh single-node broker on 127.0.0.1 per experiment,
     * started by the study run with {@code bin/local-broker}), {@code local-hosts} (per system a three-broker
     * cluster on simulated hosts of this machine, brought up and deployed by the study run with {@code
     * bin/local-hosts}) or {@code given} (the driver files' brokers, a user's cluster).
     */
    public String brokers;

    /** Version of this benchmark, and the git commit it was built from ({@code null} when unknown). */
    public String projectVersion;

    public String gitSha;

    /** The {@code study run} command line. */
    public String commandLine;

    /** Start and end in UTC, {@code yyyy-MM-dd-HH-mm-ss}; the end of the last invocation that ended. */
    public String beginTime;

    public String endTime;

    /** Whether every run chosen is {@link #DONE}. */
    public Boolean complete;

    /** One entry per experiment and system chosen, in the order they run. */
    public List<Run> runs = new ArrayList<>();

    /** The entry of {@code experiment} on {@code system}, if chosen. */
    public Optional<Run> run(String experiment, String system) {
        return runs.stream()
                .filter(run -> experiment.equals(run.experiment) && system.equals(run.system))
                .findFirst();
    }

    /** One experiment on one system. */
    @JsonPropertyOrder({
        "experiment",
        "system",
        "status",
        "resultFile",
        "failureReason",
        "driverFile",
        "driverSettings",
        "workloadSettings",
        "peakSearch",
        "brokerVersion",
        "brokerCount",
        "brokerConfig",
        "brokerNotApplied",
        "commandLine",
        "beginTime",
        "endTime"
    })
    public static class Run {

        /** The experiment's name in the study file. */
        public String experiment;

        /** The system (a driver id: {@code kafka}, {@code pulsar}, …). */
        public String system;

        /** {@link #PENDING}, {@link #RUNNING}, {@link #DONE} or {@link #FAILED}. */
        public String status = PENDING;

        /** The result file, relative to the record's directory; {@code null} until one is written. */
        public String resultFile;

        /** Why the run failed; {@code null} unless {@link #FAILED}. */
        public String failureReason;

        /** The driver file used: the experiment's, or the user's ({@code --driver SYSTEM=FILE}). */
        public String driverFile;

        /** Every {@code driver.…=…} setting put over {@link #driverFile}, in the order applied. */
        public List<String> driverSettings = new ArrayList<>();

        /** Every workload setting put over the workload file (the experiment's overrides, the scaled rate, durations). */
        public List<String> workloadSettings = new ArrayList<>();

        /** Whether the run searched for the peak stable rate instead of producing at a fixed one. */
        public Boolean peakSearch = false;

        /**
         * The broker's version when the study run started or deployed it ({@code brokers: local} or {@code
         * local-hosts}); {@code null} otherwise.
         */
        public String brokerVersion;

        /**
         * How many brokers the run's cluster had when the study run made it: 1 ({@code brokers: local}), the broker
         * hosts of the layout ({@code local-hosts}: 3); {@code null} for a given cluster.
         */
        public Integer brokerCount;

        /** The broker settings the study run gave the broker it started ({@code KEY=VALUE}). */
        public List<String> brokerConfig = new ArrayList<>();

        /** What the experiment asks of the brokers that this run did not set (the study file's {@code broker:} text). */
        public String brokerNotApplied;

        /** The {@code bin/benchmark} command line that makes this run on its own (with {@link #driverSettings}). */
        public String commandLine;

        /** Start and end in UTC, {@code yyyy-MM-dd-HH-mm-ss}. */
        public String beginTime;

        public String endTime;
    }
}
