package io.openmessaging.benchmark.sweep;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The summary of one sweep, written as {@code sweep.json} beside the steps' result files. Public fields,
 * like {@link io.openmessaging.benchmark.result.TestResult}; {@code docs/sweeps.md} documents each. Rates in
 * messages per second, latencies in milliseconds (response times corrected for coordinated omission,
 * latencies as upstream measures them), over each step's measured phase.
 *
 * <p>{@link #sweepSchemaVersion} is the first field of the file: readers tell a summary from a result by it.
 */
@JsonPropertyOrder({
    "sweepSchemaVersion",
    "workload",
    "workloadFile",
    "parameter",
    "parameterUnit",
    "values",
    "complete",
    "failureReason",
    "beginTime",
    "endTime",
    "stabilityRule",
    "commandLine",
    "drivers"
})
public class SweepSummary {

    /** The {@link #sweepSchemaVersion} this code writes. */
    public static final int SCHEMA_VERSION = 1;

    public Integer sweepSchemaVersion = SCHEMA_VERSION;

    /** The base workload's name. */
    public String workload;

    /** The base workload file, as given on the command line. */
    public String workloadFile;

    /** The workload key the sweep varies: {@code producerRate}, {@code messageSize}, {@code partitionsPerTopic} or {@code topics}. */
    public String parameter;

    /** Unit of {@link #parameter}: {@code msg/s}, {@code bytes}, {@code partitions}, {@code topics}. */
    public String parameterUnit;

    /** The values, in the order they ran. */
    public List<Double> values = new ArrayList<>();

    /** Whether every step of every driver ran to its end (an unstable step is still complete). */
    public Boolean complete;

    /** Why the sweep stopped early or a step failed; {@code null} when complete. */
    public String failureReason;

    /** Start and end in UTC, {@code yyyy-MM-dd-HH-mm-ss}. */
    public String beginTime;

    public String endTime;

    /** The thresholds the steps were judged by ({@link StabilityRule}). */
    public StabilityRule stabilityRule;

    /** The sweep's command line. */
    public List<String> commandLine = new ArrayList<>();

    /** One sweep per driver, in command-line order. */
    public List<DriverSweep> drivers = new ArrayList<>();

    /** The steps of one driver, its peak stable throughput and (parameter sweeps) the fitted model. */
    @JsonPropertyOrder({"driver", "driverFile", "steps", "peakStable", "fit", "fits"})
    public static class DriverSweep {
        public String driver;
        public String driverFile;
        public List<Step> steps = new ArrayList<>();

        /** The stable step with the highest achieved publish rate; {@code null} when no step is stable. */
        public Step peakStable;

        /** The best model of achieved publish rate against the parameter; {@code null} for rate sweeps and with too few steps. */
        public Fit fit;

        /** Every model fitted, best first. */
        public List<Fit> fits = new ArrayList<>();
    }

    /** One step: the parameter value, where its result is, and the figures the sweep judges. */
    @JsonPropertyOrder({
        "value",
        "targetPublishRateMsgPerSec",
        "messageSize",
        "resultFile",
        "complete",
        "failureReason",
        "measuredPeriods",
        "achievedPublishRateMsgPerSec",
        "achievedConsumeRateMsgPerSec",
        "publishRatio",
        "backlogAtEnd",
        "backlogSlopeMsgPerSec",
        "backlogSlopeRatio",
        "backlogSlopePValue",
        "backlogGrowing",
        "publishResponseTime50pctMs",
        "publishResponseTime99pctMs",
        "publishLatency50pctMs",
        "publishLatency99pctMs",
        "endToEndResponseTime50pctMs",
        "endToEndResponseTime99pctMs",
        "endToEndLatency50pctMs",
        "endToEndLatency99pctMs",
        "stable",
        "unstableReasons"
    })
    public static class Step {
        public Double value;
        public Double targetPublishRateMsgPerSec;
        public Integer messageSize;

        /** The step's result file, relative to the summary's directory; {@code null} when none was written. */
        public String resultFile;

        public Boolean complete;
        public String failureReason;
        public Integer measuredPeriods;
        public Double achievedPublishRateMsgPerSec;
        public Double achievedConsumeRateMsgPerSec;
        public Double publishRatio;
        public Long backlogAtEnd;
        public Double backlogSlopeMsgPerSec;
        public Double backlogSlopeRatio;
        public Double backlogSlopePValue;
        public Boolean backlogGrowing;
        public Double publishResponseTime50pctMs;
        public Double publishResponseTime99pctMs;
        public Double publishLatency50pctMs;
        public Double publishLatency99pctMs;
        public Double endToEndResponseTime50pctMs;
        public Double endToEndResponseTime99pctMs;
        public Double endToEndLatency50pctMs;
        public Double endToEndLatency99pctMs;
        public Boolean stable;
        public List<String> unstableReasons = new ArrayList<>();
    }

    /** A fitted model of achieved publish rate (msg/s) against the parameter ({@link ModelFit}). */
    @JsonPropertyOrder({"model", "formula", "a", "b", "rmseMsgPerSec", "rSquared"})
    public static class Fit {
        public String model;
        public String formula;
        public Double a;
        public Double b;
        public Double rmseMsgPerSec;
        public Double rSquared;

        static Fit of(ModelFit fit) {
            Fit json = new Fit();
            json.model = fit.form().name();
            json.formula = fit.form().formula();
            json.a = finiteOrNull(fit.a());
            json.b = finiteOrNull(fit.b());
            json.rmseMsgPerSec = finiteOrNull(fit.rmse());
            json.rSquared = finiteOrNull(fit.rSquared());
            return json;
        }

        /** The model, or empty when the file's fit is incomplete. */
        public Optional<ModelFit> toModel() {
            if (model == null || a == null || b == null) {
                return Optional.empty();
            }
            ModelForm form;
            try {
                form = ModelForm.valueOf(model);
            } catch (IllegalArgumentException e) {
                return Optional.empty();
            }
            return Optional.of(new ModelFit(
                    form,
                    a,
                    b,
                    rmseMsgPerSec == null ? Double.NaN : rmseMsgPerSec,
                    rSquared == null ? Double.NaN : rSquared));
        }
    }

    static Double finiteOrNull(double value) {
        return Double.isFinite(value) ? value : null;
    }
}
