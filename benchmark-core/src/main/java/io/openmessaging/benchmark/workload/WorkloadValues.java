package io.openmessaging.benchmark.workload;

import io.openmessaging.benchmark.workload.WorkloadSchema.Field;
import java.util.HashMap;
import java.util.Map;

/** The checked values of one workload file, with where each came from, while the file is loaded. */
final class WorkloadValues {

    private final Map<Field<?>, Object> values = new HashMap<>();
    private final Map<Field<?>, YamlMapping.Entry> entries = new HashMap<>();

    /** Records the value the file gives for {@code field}, written at {@code entry}. */
    void put(Field<?> field, Object value, YamlMapping.Entry entry) {
        values.put(field, value);
        entries.put(field, entry);
    }

    /** Whether the file gives {@code field} (for a duration, in either form). */
    boolean given(Field<?> field) {
        return values.containsKey(field);
    }

    /** The value the file gives, or the field's default. */
    <T> T get(Field<T> field) {
        Object value = values.containsKey(field) ? values.get(field) : field.defaultValue();
        @SuppressWarnings("unchecked")
        T typed = (T) value;
        return typed;
    }

    /** Where the file gives {@code field}, or {@code null}. */
    YamlMapping.Entry entry(Field<?> field) {
        return entries.get(field);
    }

    /** The key as a message should name it: {@code key (line N)} as written, or the key alone. */
    String showKey(Field<?> field) {
        YamlMapping.Entry entry = entries.get(field);
        return entry == null ? field.name() : entry.key() + " (line " + entry.keyLine() + ")";
    }

    /**
     * The setting as a message should show it: {@code key: value (line N)} as written, or {@code key:
     * value (default)}.
     */
    String show(Field<?> field) {
        YamlMapping.Entry entry = entries.get(field);
        if (entry != null) {
            return entry.key() + ": " + entry.text()
                    + (entry.keyLine() == YamlMapping.FROM_COMMAND_LINE
                            ? " (--set)"
                            : " (line " + entry.keyLine() + ")");
        }
        return field.name() + ": " + Field.show(field.defaultValue()) + " (default)";
    }
}
