package io.openmessaging.benchmark.driver.kafka;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * One Java-properties block of a driver YAML ({@code commonConfig}, {@code producerConfig}, …): the
 * key/value pairs as {@link Properties#load} reads them, plus the line of the YAML file each key
 * stands on, so errors can point at it.
 */
final class PropertiesBlock {

    static final PropertiesBlock EMPTY = new PropertiesBlock(Map.of(), Map.of(), 0);

    private final Map<String, String> values;
    private final Map<String, Integer> lineOffsets;
    private final int firstLine;

    private PropertiesBlock(Map<String, String> values, Map<String, Integer> lineOffsets, int firstLine) {
        this.values = values;
        this.lineOffsets = lineOffsets;
        this.firstLine = firstLine;
    }

    /**
     * @param text the block's text
     * @param firstLine line of the YAML file on which the block's first line stands, or 0 when unknown
     */
    static PropertiesBlock parse(String text, int firstLine) {
        if (text == null || text.isBlank()) {
            return EMPTY;
        }
        Properties properties = new Properties();
        try {
            properties.load(new StringReader(text));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("malformed \\uXXXX escape", e);
        }
        Map<String, String> values = new LinkedHashMap<>();
        Map<String, Integer> offsets = keyLineOffsets(text);
        offsets.keySet().forEach(key -> {
            String value = properties.getProperty(key);
            if (value != null) {
                values.put(key, value);
            }
        });
        properties.stringPropertyNames().forEach(key -> values.putIfAbsent(key, properties.getProperty(key)));
        return new PropertiesBlock(Collections.unmodifiableMap(values), offsets, firstLine);
    }

    Map<String, String> values() {
        return values;
    }

    boolean contains(String key) {
        return values.containsKey(key);
    }

    String get(String key) {
        return values.get(key);
    }

    /** Line of the YAML file on which {@code key} is set, or 0 when unknown. */
    int lineOf(String key) {
        Integer offset = lineOffsets.get(key);
        return firstLine <= 0 || offset == null ? 0 : firstLine + offset;
    }

    /**
     * Index of the line on which each key is first set. Follows the properties format closely enough
     * for error messages: comments, blank lines, line continuations and the {@code = : whitespace}
     * separators; keys with escapes may be missed (their line is then unknown).
     */
    private static Map<String, Integer> keyLineOffsets(String text) {
        Map<String, Integer> offsets = new LinkedHashMap<>(); // in file order, as values() then is
        String[] lines = text.split("\r\n|\r|\n", -1);
        boolean continuation = false;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (continuation) {
                continuation = endsWithOddBackslashes(line);
                continue;
            }
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#") || trimmed.startsWith("!")) {
                continue;
            }
            continuation = endsWithOddBackslashes(line);
            int end = 0;
            while (end < trimmed.length() && "=: \t\f".indexOf(trimmed.charAt(end)) < 0) {
                end++;
            }
            offsets.putIfAbsent(trimmed.substring(0, end), i);
        }
        return offsets;
    }

    private static boolean endsWithOddBackslashes(String line) {
        int count = 0;
        for (int i = line.length() - 1; i >= 0 && line.charAt(i) == '\\'; i--) {
            count++;
        }
        return count % 2 == 1;
    }
}
