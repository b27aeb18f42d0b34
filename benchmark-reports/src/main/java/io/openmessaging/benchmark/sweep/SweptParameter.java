package io.openmessaging.benchmark.sweep;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** The workload key a sweep varies, with its command-line option and unit. */
public enum SweptParameter {
    PRODUCER_RATE("producerRate", "--rates", "msg/s", false, "rate"),
    MESSAGE_SIZE("messageSize", "--message-sizes", "bytes", true, "size"),
    PARTITIONS_PER_TOPIC("partitionsPerTopic", "--partitions", "partitions", true, "partitions"),
    TOPICS("topics", "--topics", "topics", true, "topics");

    private final String workloadKey;
    private final String option;
    private final String unit;
    private final boolean wholeNumber;
    private final String fileLabel;

    SweptParameter(String workloadKey, String option, String unit, boolean wholeNumber, String fileLabel) {
        this.workloadKey = workloadKey;
        this.option = option;
        this.unit = unit;
        this.wholeNumber = wholeNumber;
        this.fileLabel = fileLabel;
    }

    /** The workload YAML key the sweep sets, e.g. {@code producerRate}. */
    public String workloadKey() {
        return workloadKey;
    }

    /** The command-line option giving the values, e.g. {@code --rates}. */
    public String option() {
        return option;
    }

    public String unit() {
        return unit;
    }

    /** Short word for file names, e.g. {@code rate} in {@code …-rate-5000.json}. */
    public String fileLabel() {
        return fileLabel;
    }

    /** The parameter whose workload key is {@code key}. */
    public static SweptParameter ofWorkloadKey(String key) {
        for (SweptParameter parameter : values()) {
            if (parameter.workloadKey.equals(key)) {
                return parameter;
            }
        }
        throw new IllegalArgumentException("no sweepable workload key '" + key + "'");
    }

    /** {@code value} as written in YAML and file names: {@code 5000}, {@code 2500.5}. */
    public String format(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        return String.format(Locale.ROOT, "%s", value);
    }

    /**
     * Parses the option's comma-separated values ({@code 5000,10000,20000}).
     *
     * @throws IllegalArgumentException naming the option, the bad value and what is allowed
     */
    public List<Double> parseValues(String text) {
        List<Double> values = new ArrayList<>();
        Set<Double> seen = new HashSet<>();
        for (String part : text.split(",", -1)) {
            String item = part.strip().replace("_", "");
            double value;
            try {
                value = Double.parseDouble(item);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(option + ": '" + part.strip() + "' is not a number; " + allowed());
            }
            if (!Double.isFinite(value)
                    || value <= 0
                    || (wholeNumber && value != Math.rint(value))
                    || (wholeNumber && value > Integer.MAX_VALUE)) {
                throw new IllegalArgumentException(option + ": '" + part.strip() + "' is not allowed; " + allowed());
            }
            if (!seen.add(value)) {
                throw new IllegalArgumentException(
                        option + ": " + format(value) + " is given twice; give each value once");
            }
            values.add(value);
        }
        if (values.size() < 2) {
            throw new IllegalArgumentException(option + ": a sweep needs at least two values, e.g. " + example());
        }
        return values;
    }

    private String allowed() {
        return "give " + (wholeNumber ? "whole numbers ≥ 1" : "numbers > 0") + " (" + unit + "), comma-separated, e.g. "
                + option + " " + example();
    }

    private String example() {
        return switch (this) {
            case PRODUCER_RATE -> "5000,10000,20000";
            case MESSAGE_SIZE -> "100,1024,10240";
            case PARTITIONS_PER_TOPIC -> "1,6,16";
            case TOPICS -> "1,10,100";
        };
    }
}
