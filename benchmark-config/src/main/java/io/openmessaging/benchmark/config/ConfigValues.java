package io.openmessaging.benchmark.config;

import java.util.HashMap;
import java.util.Map;

/**
 * The checked values of one config file, with where each came from ({@link ConfigSchema#readKeys}); a key
 * the file leaves out has its declared default.
 */
public final class ConfigValues {

    private final Map<ConfigKey<?>, Object> values = new HashMap<>();
    private final Map<ConfigKey<?>, YamlMapping.Entry> entries = new HashMap<>();

    /** Records the value the file gives for {@code field}, written at {@code entry}. */
    public void put(ConfigKey<?> field, Object value, YamlMapping.Entry entry) {
        values.put(field, value);
        entries.put(field, entry);
    }

    /** Whether the file gives {@code field} (for a duration, in either form). */
    public boolean given(ConfigKey<?> field) {
        return values.containsKey(field);
    }

    /** The value the file gives, or the field's default. */
    public <T> T get(ConfigKey<T> field) {
        Object value = values.containsKey(field) ? values.get(field) : field.defaultValue();
        @SuppressWarnings("unchecked")
        T typed = (T) value;
        return typed;
    }

    /** Where the file gives {@code field}, or {@code null}. */
    public YamlMapping.Entry entry(ConfigKey<?> field) {
        return entries.get(field);
    }

    /**
     * The key as a message should name it: {@code key (line N)} as written, {@code key (--set key=value)} from
     * the command line, or the key alone.
     */
    public String showKey(ConfigKey<?> field) {
        YamlMapping.Entry entry = entries.get(field);
        return entry == null ? field.name() : entry.key() + " (" + entry.place() + ")";
    }

    /**
     * The setting as a message should show it: {@code key: value (line N)} as written, or {@code key:
     * value (default)}.
     */
    public String show(ConfigKey<?> field) {
        YamlMapping.Entry entry = entries.get(field);
        if (entry != null) {
            return entry.key() + ": " + entry.text()
                    + (entry.keyLine() == YamlMapping.FROM_COMMAND_LINE
                            ? " (--set)"
                            : " (line " + entry.keyLine() + ")");
        }
        return field.name() + ": " + ConfigKey.show(field.defaultValue()) + " (default)";
    }
}
