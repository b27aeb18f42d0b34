package io.openmessaging.benchmark.workload;

import io.openmessaging.benchmark.config.ConfigException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ${OMB_NAME}} and {@code ${OMB_NAME:-default}} in a driver file, replaced by the environment
 * variable {@code OMB_NAME} (or the default when it is unset) before the YAML is read, on the coordinator:
 * a broker address or a password can come from the environment instead of the file. Only names with the
 * {@code OMB_} prefix are references, so Kafka's own {@code ${file:…}} config-provider syntax passes
 * through untouched. The value is inserted as text: quote the place in the YAML if the value may hold YAML
 * syntax ({@code : }, {@code #}).
 */
public final class EnvironmentReferences {

    /** The prefix every referenced variable has. */
    public static final String PREFIX = "OMB_";

    private static final Pattern REFERENCE = Pattern.compile("\\$\\{(" + PREFIX + "[A-Za-z0-9_]*)(:-([^}]*))?}");

    private EnvironmentReferences() {}

    /**
     * {@code text} with every reference replaced.
     *
     * @throws ConfigException naming the file, line and column of every reference to an unset variable
     *     without a default
     */
    public static String resolve(String text, String sourceName, Map<String, String> environment)
            throws ConfigException {
        Matcher matcher = REFERENCE.matcher(text);
        StringBuilder resolved = new StringBuilder(text.length());
        List<String> problems = new ArrayList<>();
        while (matcher.find()) {
            String name = matcher.group(1);
            String value = environment.get(name);
            if (value == null) {
                value = matcher.group(3);
            }
            if (value == null) {
                int line = 1
                        + (int) text.substring(0, matcher.start())
                                .chars()
                                .filter(c -> c == '\n')
                                .count();
                int column = matcher.start() - text.lastIndexOf('\n', matcher.start() - 1);
                problems.add(ConfigException.at(
                        sourceName,
                        line,
                        column,
                        "${" + name + "} refers to the environment"
                                + " variable " + name + ", which is not set; set it (export " + name + "=…) or give a"
                                + " default: ${" + name + ":-value}"));
                value = "";
            }
            matcher.appendReplacement(resolved, Matcher.quoteReplacement(value));
        }
        matcher.appendTail(resolved);
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
        return resolved.toString();
    }
}
