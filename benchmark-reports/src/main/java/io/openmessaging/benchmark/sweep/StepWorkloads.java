package io.openmessaging.benchmark.sweep;

import io.openmessaging.benchmark.config.ConfigException;
import io.openmessaging.benchmark.workload.Workload;
import io.openmessaging.benchmark.workload.WorkloadLoader;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The workload of one sweep step: the base file's text with the swept key set to the step's value,
 * checked again by {@link WorkloadLoader} (so a step is as strictly validated as a file). The text keeps
 * the file's lines, comments and other keys (so messages name the file's own line numbers), and ends with
 * a comment saying what the sweep changed; it is what the step's result stores as the workload YAML.
 */
public final class StepWorkloads {

    private StepWorkloads() {}

    /**
     * @throws ConfigException when the step's workload is invalid (e.g. a message size beside a payload
     *     file), naming the base file, the key and the value
     */
    public static Workload of(Workload base, SweptParameter parameter, double value, int stepNumber, int steps)
            throws ConfigException {
        return of(base, parameter, value, stepNumber, steps, List.of());
    }

    /**
     * As {@link #of(Workload, SweptParameter, double, int, int)}, with the command line's workload
     * {@code --set key=value} assignments over the step's text, as over a plain run's file (the step's result
     * stores the text and the command line, so the workload is read back the same way).
     */
    public static Workload of(
            Workload base,
            SweptParameter parameter,
            double value,
            int stepNumber,
            int steps,
            List<String> workloadAssignments)
            throws ConfigException {
        String key = parameter.workloadKey();
        String formatted = parameter.format(value);
        Pattern line = Pattern.compile("(?m)^" + Pattern.quote(key) + "[ \\t]*:.*$");
        Matcher matcher = line.matcher(base.yamlText());
        if (parameter == SweptParameter.MESSAGE_SIZE && base.payloadFile() != null) {
            throw new ConfigException(base.sourceName() + ": payloadFile gives every message the file's size; a"
                    + " message-size sweep needs generated payloads, so remove payloadFile and give messageSize");
        }
        if (!matcher.find()) {
            throw new ConfigException(base.sourceName() + ": the sweep sets " + key
                    + ", but the file has no top-level '" + key + ": <value>' line to set; write one");
        }
        StringBuilder yaml = new StringBuilder(matcher.replaceFirst(Matcher.quoteReplacement(key + ": " + formatted)));
        if (yaml.isEmpty() || yaml.charAt(yaml.length() - 1) != '\n') {
            yaml.append('\n');
        }
        yaml.append("# bin/benchmark sweep, step ")
                .append(stepNumber)
                .append(" of ")
                .append(steps)
                .append(": ")
                .append(key)
                .append(" set to ")
                .append(formatted)
                .append(" in ")
                .append(base.sourceName())
                .append('\n');
        Workload step = WorkloadLoader.parse(yaml.toString(), base.sourceName(), workloadAssignments);
        double applied = switch (parameter) {
            case PRODUCER_RATE -> step.producerRate();
            case MESSAGE_SIZE -> step.messageSize();
            case PARTITIONS_PER_TOPIC -> step.partitionsPerTopic();
            case TOPICS -> step.topics();
        };
        if (applied != value) {
            throw new ConfigException(base.sourceName() + ": the sweep could not set " + key + " to " + formatted
                    + " (the file gives it in a form other than a top-level 'key: value' line); write it as '" + key
                    + ": <value>' on a line of its own");
        }
        return step;
    }
}
