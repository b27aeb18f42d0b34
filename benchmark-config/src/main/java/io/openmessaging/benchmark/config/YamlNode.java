package io.openmessaging.benchmark.config;

import java.util.List;
import java.util.Map;

/**
 * A value below the top level of a YAML file, with where it was written: a scalar, a list of nodes or a
 * mapping of keys to nodes (in file order). Only keys whose schema takes structured values (such as
 * {@code producerRateSteps}) look at these.
 *
 * @param kind what YAML typed the value as
 * @param text the scalar as written ({@code null} for a mapping, a list or no value)
 * @param value the scalar as YAML typed it, as in {@link YamlMapping.Entry#value()}
 * @param line 1-based line of the value
 * @param column 1-based column of the value
 * @param items the elements of a list (empty otherwise)
 * @param fields the entries of a mapping (empty otherwise)
 */
public record YamlNode(
        YamlMapping.Kind kind,
        String text,
        Object value,
        int line,
        int column,
        List<YamlNode> items,
        Map<String, YamlNode> fields) {

    /** The value as an error message should quote it. */
    public String found() {
        return switch (kind) {
            case MAPPING -> "a mapping";
            case LIST -> "a list";
            case NULL -> "no value";
            case STRING -> "'" + text + "'";
            default -> text;
        };
    }
}
