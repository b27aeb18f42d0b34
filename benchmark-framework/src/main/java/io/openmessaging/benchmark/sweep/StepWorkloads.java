package io.openmessaging.benchmark.sweep;

import io.openmessaging.benchmark.workload.ConfigException;
import io.openmessaging.benchmark.workload.Workload;
import io.openmessaging.benchmark.workload.WorkloadLoader;
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
        String key = parameter.workloadKey();
        String formatted = parameter.format(value);
        Pattern line = Pattern.compile("(?m)^" + Pattern.quote(key) + "[ \\t]*:.*$");
        Matcher matcher = line.matcher(base.yamlText());
        String text = base.yamlText();
        StringBuilder yaml = new StringBuilder();
        if (matcher.find()) {
            yaml.append(matcher.replaceFirst(Matcher.quoteReplacement(key + ": " + formatted)));
        } else {
            yaml.append(text).append(text.endsWith("\n") || text.isEmpty() ? "" : "\n").append(key).append(": ")
                    .append(formatted).append('\n');
        }
        if (yaml.charAt(yaml.length() - 1) != '\n') {
            yaml.append('\n');
        }
        yaml.append("# bin/benchmark sweep, step ").append(stepNumber).append(" of ").append(steps).append(": ")
                .append(key).append(" set to ").append(formatted).append(" in ").append(base.sourceName()).append('\n');
        Workload step = WorkloadLoader.parse(yaml.toString(), base.sourceName());
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
