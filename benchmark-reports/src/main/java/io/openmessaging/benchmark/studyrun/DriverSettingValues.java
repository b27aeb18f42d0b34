package io.openmessaging.benchmark.studyrun;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A driver file's settings as one flat map, each named as {@code --set driver.…} names it without the prefix:
 * a top-level key ({@code replicationFactor}), a property of a Java-properties block ({@code
 * topicConfig.min.insync.replicas}), a key of a nested mapping ({@code client.persistence.ensembleSize}). With
 * {@code driver.KEY=VALUE} assignments put over it, it is what a driver read, so that the study's settings and
 * a run's can be compared key by key. An empty map stands for settings that could not be read.
 */
final class DriverSettingValues {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private DriverSettingValues() {}

    /** The settings of a driver file's text; empty when it is no YAML mapping. */
    static Map<String, String> of(String yamlText) {
        if (yamlText == null) {
            return Map.of();
        }
        JsonNode root;
        try {
            root = YAML.readTree(yamlText);
        } catch (IOException e) {
            return Map.of();
        }
        if (root == null || !root.isObject()) {
            return Map.of();
        }
        Map<String, String> settings = new TreeMap<>();
        flatten("", root, settings);
        return Collections.unmodifiableMap(settings);
    }

    /** The settings of the driver file {@code file}; empty when it cannot be read. */
    static Map<String, String> read(Path file) {
        try {
            return of(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            return Map.of();
        }
    }

    /**
     * {@code settings} with {@code assignments} ({@code driver.KEY=VALUE}, in order, the last value of a key
     * winning) put over them; still empty when {@code settings} is (settings not read stay unknown).
     */
    static Map<String, String> withAssignments(Map<String, String> settings, List<String> assignments) {
        if (settings.isEmpty() || assignments == null || assignments.isEmpty()) {
            return settings;
        }
        Map<String, String> assigned = new TreeMap<>(settings);
        for (String assignment : assignments) {
            int equals = assignment.indexOf('=');
            if (equals < 0) {
                continue;
            }
            String key = assignment.substring(0, equals).strip();
            if (key.startsWith("driver.")) {
                key = key.substring("driver.".length());
            }
            assigned.put(key, assignment.substring(equals + 1).strip());
        }
        return Collections.unmodifiableMap(assigned);
    }

    private static void flatten(String prefix, JsonNode node, Map<String, String> settings) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                flatten(prefix + field.getKey() + ".", field.getValue(), settings);
            }
            return;
        }
        String key = prefix.substring(0, prefix.length() - 1);
        if (node.isNull()) {
            return;
        }
        if (node.isArray()) {
            StringBuilder items = new StringBuilder("[");
            node.forEach(item -> items.append(items.length() > 1 ? "," : "").append(item.asText()));
            settings.put(key, items.append(']').toString());
            return;
        }
        String text = node.asText();
        if (isPropertiesBlock(text)) {
            for (String line : text.split("\n")) {
                String property = line.strip();
                if (property.isEmpty() || property.startsWith("#")) {
                    continue;
                }
                int equals = property.indexOf('=');
                settings.put(
                        prefix + property.substring(0, equals).strip(),
                        property.substring(equals + 1).strip());
            }
            return;
        }
        settings.put(key, text.strip());
    }

    /** Whether a text value is a block of {@code KEY=VALUE} lines (Kafka's {@code producerConfig: |}). */
    private static boolean isPropertiesBlock(String text) {
        boolean any = false;
        for (String line : text.split("\n")) {
            String property = line.strip();
            if (property.isEmpty() || property.startsWith("#")) {
                continue;
            }
            if (property.indexOf('=') <= 0) {
                return false;
            }
            any = true;
        }
        return any && text.contains("\n");
    }
}
