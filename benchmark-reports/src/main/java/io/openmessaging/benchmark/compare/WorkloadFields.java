package io.openmessaging.benchmark.compare;

import io.openmessaging.benchmark.config.ConfigException;
import io.openmessaging.benchmark.config.DurationText;
import io.openmessaging.benchmark.result.RunMetadata;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.schedule.RatePlan;
import io.openmessaging.benchmark.workload.DriverAssignments;
import io.openmessaging.benchmark.workload.Workload;
import io.openmessaging.benchmark.workload.WorkloadLoader;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The workload a result file says it ran, as the values of the workload keys that change the load, each
 * as text (so two values are the same workload exactly when their texts are equal). Named by the
 * workload file's keys, whatever the result calls them ({@code partitions} → {@code partitionsPerTopic},
 * {@code consumersPerTopic} → {@code consumerPerSubscription}).
 *
 * <p>Two sources: the result's own fields, which upstream's files have too ({@code messageSize},
 * {@code topics}, {@code partitions}, {@code producersPerTopic}, {@code consumersPerTopic}; the Redpanda
 * fork's {@code sampleRateMillis}; ours {@code subscriptionsPerTopic}), and the workload text this
 * project keeps in {@code metadata.workloadYaml}, read again with the {@code --set} assignments of
 * {@code metadata.commandLine} over it, for everything else. A field the file does not record is absent:
 * it cannot be compared. Not compared on purpose: the workload's {@code name} (the same load under
 * another name is the same workload, and the Confluent fork's names do not always match the load) and
 * {@code sendErrorAllowancePercent} (it judges the run, it does not load the system).
 *
 * @param values field → value, in {@link #FIELDS} order, only the fields the file records
 * @param problem why {@code metadata.workloadYaml} could not be read, if it could not
 */
public record WorkloadFields(Map<String, String> values, Optional<String> problem) {

    /** Every field compared, in the order they are reported. */
    public static final List<String> FIELDS = List.of(
            "producerRate",
            "producerRatePlan",
            "rateSearchStartRate",
            "rateSearchSettle",
            "rateSearchWindow",
            "rateSearchPrecision",
            "messageSize",
            "payloadFile",
            "useRandomizedPayloads",
            "randomBytesRatio",
            "randomizedPayloadPoolSize",
            "keyDistributor",
            "topics",
            "partitionsPerTopic",
            "producersPerTopic",
            "subscriptionsPerTopic",
            "consumerPerSubscription",
            "consumerOnly",
            "consumerBacklogSizeGB",
            "backlogDrainRatio",
            "warmupDuration",
            "testDuration",
            "sampleRateMillis",
            "producerWakeIntervalMicros");

    /** The value of a field that does not apply to this run (e.g. the search's settings at a fixed rate). */
    static final String NOT_USED = "(not used)";

    /** The workload {@code result} records; {@code file} names it in {@link #problem()}. */
    public static WorkloadFields of(TestResult result, Path file) {
        Map<String, String> found = new LinkedHashMap<>();
        Optional<String> problem = Optional.empty();
        RunMetadata metadata = result.metadata;
        if (metadata != null && metadata.workloadYaml != null) {
            try {
                fromWorkload(workload(metadata, file), found);
            } catch (ConfigException e) {
                problem = Optional.of(file + ": the workload in it cannot be read, so only the result's own fields"
                        + " are compared: " + e.problems().get(0));
            }
        }
        // The result's own fields win: they are what ran (messageSize is the payload file's size too).
        putIfPresent(found, "messageSize", result.messageSize);
        putIfPresent(found, "topics", result.topics);
        putIfPresent(found, "partitionsPerTopic", result.partitions);
        putIfPresent(found, "producersPerTopic", result.producersPerTopic);
        putIfPresent(found, "subscriptionsPerTopic", result.subscriptionsPerTopic);
        putIfPresent(found, "consumerPerSubscription", result.consumersPerTopic);
        putIfPresent(found, "sampleRateMillis", result.sampleRateMillis);
        Map<String, String> ordered = new LinkedHashMap<>();
        for (String field : FIELDS) {
            if (found.containsKey(field)) {
                ordered.put(field, found.get(field));
            }
        }
        return new WorkloadFields(ordered, problem);
    }

    /** The value of {@code field}, empty when the file does not record it. */
    public Optional<String> value(String field) {
        return Optional.ofNullable(values.get(field));
    }

    private static Workload workload(RunMetadata metadata, Path file) throws ConfigException {
        return WorkloadLoader.parse(
                metadata.workloadYaml, "metadata.workloadYaml", workloadAssignments(metadata.commandLine));
    }

    /** The {@code --set KEY=VALUE} arguments of a command line that set workload keys (not {@code driver.…}). */
    static List<String> workloadAssignments(List<String> commandLine) {
        List<String> assignments = new ArrayList<>();
        if (commandLine == null) {
            return assignments;
        }
        for (int i = 0; i < commandLine.size(); i++) {
            String argument = commandLine.get(i);
            String assignment = null;
            if (argument.equals("--set") && i + 1 < commandLine.size()) {
                assignment = commandLine.get(++i);
            } else if (argument.startsWith("--set=")) {
                assignment = argument.substring("--set=".length());
            }
            if (assignment != null && !DriverAssignments.isDriverAssignment(assignment)) {
                assignments.add(assignment);
            }
        }
        return assignments;
    }

    private static void fromWorkload(Workload workload, Map<String, String> found) {
        RatePlan plan = workload.ratePlan();
        boolean searches = plan == null && workload.producerRate() == 0;
        found.put(
                "producerRate",
                plan != null ? NOT_USED : searches ? "0 (max-rate search)" : number(workload.producerRate()));
        found.put("producerRatePlan", plan == null ? NOT_USED : plan(plan));
        found.put(
                "rateSearchStartRate",
                searches ? number(workload.rateSearchSettings().startRateMsgPerSec()) : NOT_USED);
        found.put(
                "rateSearchSettle",
                searches ? DurationText.format(workload.rateSearchSettings().settleDuration()) : NOT_USED);
        found.put(
                "rateSearchWindow",
                searches ? DurationText.format(workload.rateSearchSettings().windowDuration()) : NOT_USED);
        found.put(
                "rateSearchPrecision",
                searches ? number(workload.rateSearchSettings().precision()) : NOT_USED);
        found.put("messageSize", Integer.toString(workload.messageSize()));
        found.put("payloadFile", workload.payloadFile() == null ? NOT_USED : fileName(workload.payloadFile()));
        boolean randomized = workload.useRandomizedPayloads();
        found.put("useRandomizedPayloads", Boolean.toString(randomized));
        found.put("randomBytesRatio", randomized ? number(workload.randomBytesRatio()) : NOT_USED);
        found.put(
                "randomizedPayloadPoolSize",
                randomized ? Integer.toString(workload.randomizedPayloadPoolSize()) : NOT_USED);
        found.put("keyDistributor", workload.keyDistributor().toString());
        found.put("topics", Integer.toString(workload.topicsUsed()));
        found.put("partitionsPerTopic", Integer.toString(workload.partitionsPerTopic()));
        found.put("producersPerTopic", Integer.toString(workload.producersPerTopic()));
        found.put("subscriptionsPerTopic", Integer.toString(workload.subscriptionsPerTopic()));
        found.put("consumerPerSubscription", Integer.toString(workload.consumerPerSubscription()));
        found.put("consumerOnly", Boolean.toString(workload.consumerOnly()));
        boolean backlog = workload.consumerBacklogSizeGB() > 0;
        found.put("consumerBacklogSizeGB", number(workload.consumerBacklogSizeGB()));
        found.put("backlogDrainRatio", backlog ? number(workload.backlogDrainRatio()) : NOT_USED);
        found.put("warmupDuration", DurationText.format(workload.warmupDuration()));
        found.put("testDuration", DurationText.format(workload.testDuration()));
        found.put("sampleRateMillis", Integer.toString(workload.sampleRateMillis()));
        found.put("producerWakeIntervalMicros", Integer.toString(workload.producerWakeIntervalMicros()));
    }

    private static String plan(RatePlan plan) {
        return plan.steps().stream()
                .map(step -> number(step.rateMsgPerSec()) + " msg/s for " + DurationText.format(step.duration()))
                .collect(Collectors.joining(", "));
    }

    /** The payload file by its name: the same file reached from another directory is the same payload. */
    private static String fileName(String path) {
        return path.substring(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
    }

    private static void putIfPresent(Map<String, String> found, String field, Integer value) {
        if (value != null) {
            found.put(field, Integer.toString(value));
        }
    }

    /** Every digit, no exponent, no trailing zeros: {@code 10000}, {@code 0.5}. */
    static String number(double value) {
        if (!Double.isFinite(value)) {
            return Double.toString(value);
        }
        return new BigDecimal(Double.toString(value)).stripTrailingZeros().toPlainString();
    }
}
