package io.openmessaging.benchmark.driver.pulsar;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.openmessaging.benchmark.config.Suggestions;
import io.openmessaging.benchmark.driver.DriverException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A YAML file of nested mappings and scalars, read against a fixed set of keys: every scalar by its
 * dotted path ({@code client.persistence.ensembleSize}) with its line, so that each later error can
 * name file, line and key. Unknown keys, duplicate keys, lists, and a mapping where a scalar belongs
 * (or the reverse) fail here. Immutable.
 */
final class FlatYaml {

    /** One scalar: its YAML token type, its text ({@code null} for an empty value) and its line. */
    record Scalar(String path, JsonToken token, String text, int line) {

        boolean isNull() {
            return token == JsonToken.VALUE_NULL;
        }
    }

    private static final YAMLFactory FACTORY = new YAMLFactory();

    private final String sourceName;
    private final Map<String, Scalar> scalars;
    private final Map<String, Integer> sectionLines;

    private FlatYaml(String sourceName, Map<String, Scalar> scalars, Map<String, Integer> sectionLines) {
        this.sourceName = sourceName;
        this.scalars = Collections.unmodifiableMap(scalars);
        this.sectionLines = Collections.unmodifiableMap(sectionLines);
    }

    /**
     * Reads {@code yaml}.
     *
     * @param sections dotted paths that hold mappings ({@code client}, {@code client.persistence})
     * @param keys dotted paths of every allowed scalar
     * @throws DriverException naming the file, the line and the key, with the keys allowed there
     */
    static FlatYaml read(String yaml, String sourceName, Set<String> sections, Set<String> keys)
            throws DriverException {
        Map<String, Scalar> scalars = new LinkedHashMap<>();
        Map<String, Integer> sectionLines = new LinkedHashMap<>();
        try (JsonParser parser = FACTORY.createParser(yaml)) {
            JsonToken first = parser.nextToken();
            if (first == null || first == JsonToken.VALUE_NULL) {
                throw new DriverException(sourceName + ": the driver YAML is empty; it needs at least a 'client'"
                        + " section with serviceUrl and httpUrl");
            }
            if (first != JsonToken.START_OBJECT) {
                throw new DriverException(at(sourceName, line(parser)) + "the driver YAML must be a mapping of"
                        + " keys to values; allowed keys: " + String.join(", ", childrenOf("", sections, keys)));
            }
            readMapping(parser, "", sourceName, sections, keys, scalars, sectionLines);
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw new DriverException(
                    at(sourceName, line) + "cannot parse the driver YAML: " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new DriverException(sourceName + ": cannot read the driver YAML: " + e, e);
        }
        return new FlatYaml(sourceName, scalars, sectionLines);
    }

    private static void readMapping(
            JsonParser parser,
            String prefix,
            String sourceName,
            Set<String> sections,
            Set<String> keys,
            Map<String, Scalar> scalars,
            Map<String, Integer> sectionLines)
            throws IOException, DriverException {
        Set<String> seen = new HashSet<>();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String name = parser.currentName();
            String path = prefix.isEmpty() ? name : prefix + "." + name;
            int keyLine = line(parser);
            if (!seen.add(name)) {
                throw new DriverException(at(sourceName, keyLine) + "duplicate key '" + path + "'");
            }
            boolean isSection = sections.contains(path);
            if (!isSection && !keys.contains(path)) {
                List<String> allowed = childrenOf(prefix, sections, keys);
                throw new DriverException(at(sourceName, keyLine) + "unknown key '" + path + "'"
                        + Suggestions.closest(name, allowed)
                                .map(s -> " (did you mean '" + s + "'?)")
                                .orElse("")
                        + "; allowed keys" + (prefix.isEmpty() ? "" : " in '" + prefix + "'") + ": "
                        + String.join(", ", allowed));
            }
            JsonToken value = parser.nextToken();
            if (value == JsonToken.START_ARRAY) {
                throw new DriverException(at(sourceName, keyLine) + "key '" + path + "' holds a list; "
                        + (isSection ? "it must be a mapping of keys to values" : "it takes a single value"));
            }
            if (value == JsonToken.START_OBJECT) {
                if (!isSection) {
                    throw new DriverException(
                            at(sourceName, keyLine) + "key '" + path + "' holds a mapping; it takes a single value");
                }
                sectionLines.put(path, keyLine);
                readMapping(parser, path, sourceName, sections, keys, scalars, sectionLines);
                continue;
            }
            if (isSection) {
                if (value != JsonToken.VALUE_NULL) {
                    throw new DriverException(at(sourceName, keyLine) + "key '" + path + "' must be a mapping"
                            + " of keys to values, found '" + parser.getText() + "'; allowed keys in it: "
                            + String.join(", ", childrenOf(path, sections, keys)));
                }
                sectionLines.put(path, keyLine);
                continue;
            }
            String text = value == JsonToken.VALUE_NULL ? null : parser.getText();
            scalars.put(path, new Scalar(path, value, text, line(parser)));
        }
    }

    /** The allowed names directly inside {@code prefix} ("" for the top level), in declaration order. */
    static List<String> childrenOf(String prefix, Set<String> sections, Set<String> keys) {
        List<String> names = new ArrayList<>();
        for (Set<String> set : List.of(keys, sections)) {
            for (String path : set) {
                String parent = path.contains(".") ? path.substring(0, path.lastIndexOf('.')) : "";
                if (parent.equals(prefix)) {
                    names.add(path.substring(parent.isEmpty() ? 0 : parent.length() + 1));
                }
            }
        }
        return names;
    }

    String sourceName() {
        return sourceName;
    }

    /** The scalar at {@code path}, or {@code null} when absent or empty ({@code key:} with no value). */
    Scalar get(String path) {
        Scalar scalar = scalars.get(path);
        return scalar == null || scalar.isNull() ? null : scalar;
    }

    /** Line of a section's key, or of a scalar's value; 0 when absent. */
    int lineOf(String path) {
        Scalar scalar = scalars.get(path);
        if (scalar != null) {
            return scalar.line();
        }
        return sectionLines.getOrDefault(path, 0);
    }

    /** {@code "<file>:<line>: "}, or {@code "<file>: "} without a line. */
    static String at(String sourceName, int line) {
        return line > 0 ? sourceName + ":" + line + ": " : sourceName + ": ";
    }

    private static int line(JsonParser parser) {
        return parser.currentTokenLocation() == null
                ? 0
                : parser.currentTokenLocation().getLineNr();
    }
}
