package io.openmessaging.benchmark.workload;

import io.openmessaging.benchmark.driver.Suggestions;
import io.openmessaging.benchmark.workload.WorkloadSchema.Field;
import io.openmessaging.benchmark.workload.WorkloadSchema.Rule;
import io.openmessaging.benchmark.workload.WorkloadSchema.ValueType;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads workload files strictly, by {@link WorkloadSchema}. Every problem found in a file is
 * reported at once, each naming the file, line, column and key, what was found and what is allowed.
 * Stateless and thread-safe.
 */
public final class WorkloadLoader {

    private WorkloadLoader() {}

    /** Reads and checks the workload file at {@code file}; its path as given names it in messages. */
    public static Workload load(Path file) throws ConfigException {
        return parse(readText(file), file.toString());
    }

    /**
     * Parses and checks a workload.
     *
     * @param yaml the file's text
     * @param sourceName where the text came from, for messages and {@link Workload#sourceName()}
     * @throws ConfigException listing every problem, one a line
     */
    public static Workload parse(String yaml, String sourceName) throws ConfigException {
        return parse(yaml, sourceName, List.of());
    }

    /** Reads and checks the workload file at {@code file} with {@code --set key=value} assignments over it. */
    public static Workload load(Path file, List<String> assignments) throws ConfigException {
        return parse(readText(file), file.toString(), assignments);
    }

    /**
     * As {@link #parse(String, String)}, with {@code assignments} ({@code key=value}, from {@code --set})
     * replacing or adding top-level keys; an assigned key replaces its other form too ({@code testDuration}
     * and {@code testDurationMinutes}). Problems with an assigned value name it as {@code (--set)}.
     */
    public static Workload parse(String yaml, String sourceName, List<String> assignments) throws ConfigException {
        YamlMapping mapping =
                YamlMapping.read(yaml, sourceName).withAssignments(assignments, WorkloadLoader::otherFormsOf);
        WorkloadValues values = new WorkloadValues();
        List<String> problems = new ArrayList<>();
        for (YamlMapping.Entry entry : mapping.entries()) {
            Optional<Field<?>> field = WorkloadSchema.field(entry.key());
            if (field.isEmpty()) {
                problems.add(ConfigException.at(
                        sourceName,
                        entry.keyLine(),
                        entry.keyColumn(),
                        "unknown key '" + entry.key() + "'"
                                + Suggestions.didYouMean(entry.key(), WorkloadSchema.allowedKeys())
                                + "; allowed keys: " + String.join(", ", WorkloadSchema.allowedKeys())));
            } else if (field.get().type() == ValueType.NOT_SUPPORTED) {
                problems.add(ConfigException.at(
                        sourceName,
                        entry.keyLine(),
                        entry.keyColumn(),
                        entry.key() + " is not supported yet; remove it ("
                                + field.get().meaning() + ")"));
            } else {
                try {
                    values.put(field.get(), field.get().convert(entry), entry);
                } catch (WorkloadSchema.InvalidValue e) {
                    problems.add(ConfigException.at(sourceName, e.line(), e.column(), e.getMessage()));
                }
            }
        }
        for (Field<?> field : WorkloadSchema.fields()) {
            Field<?> other = field.alternativeTo().orElse(null);
            if (other != null && mapping.has(field.name()) && mapping.has(other.name())) {
                YamlMapping.Entry entry = mapping.get(field.name());
                problems.add(ConfigException.at(
                        sourceName,
                        entry.keyLine(),
                        entry.keyColumn(),
                        field.name() + " and " + other.name() + " (line "
                                + mapping.get(other.name()).keyLine() + ") set the same thing; keep one"));
            }
            if (field.required()
                    && !mapping.has(field.name())
                    && !hasAlternativeOf(field, mapping)
                    && field.requiredUnless().stream().noneMatch(exempting -> mapping.has(exempting.name()))) {
                problems.add(ConfigException.at(
                        sourceName,
                        0,
                        0,
                        "missing key '" + field.name() + "' (" + field.meaning() + ") Expected " + field.expected()
                                + alternativeHint(field) + "."));
            }
        }
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
        foldMinutesIntoDuration(values, WorkloadSchema.WARMUP_DURATION_MINUTES, WorkloadSchema.WARMUP_DURATION);
        foldMinutesIntoDuration(values, WorkloadSchema.TEST_DURATION_MINUTES, WorkloadSchema.TEST_DURATION);
        for (Rule rule : WorkloadSchema.rules()) {
            rule.check(values, sourceName).ifPresent(problems::add);
        }
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
        return new Workload(values, baseName(sourceName), sourceName, yaml);
    }

    /** The keys that set the same thing as {@code key} in another form ({@code testDurationMinutes} for {@code testDuration}). */
    private static List<String> otherFormsOf(String key) {
        List<String> others = new ArrayList<>();
        for (Field<?> field : WorkloadSchema.fields()) {
            String alternative = field.alternativeTo().map(Field::name).orElse(null);
            if (field.name().equals(key) && alternative != null) {
                others.add(alternative);
            } else if (key.equals(alternative)) {
                others.add(field.name());
            }
        }
        return others;
    }

    /**
     * The file's text as UTF-8, at most {@link InputFiles#MAX_CONFIG_BYTES} of a regular file; a failure to
     * read names the file. Shared by the package's loaders.
     */
    public static String readText(Path file) throws ConfigException {
        try {
            return InputFiles.readText(file, InputFiles.MAX_CONFIG_BYTES, "a workload or driver file");
        } catch (java.nio.file.NoSuchFileException e) {
            throw new ConfigException(
                    ConfigException.at(file.toString(), 0, 0, "cannot read the file: no such file"), e);
        } catch (IOException e) {
            throw new ConfigException(
                    ConfigException.at(file.toString(), 0, 0, "cannot read the file: " + e.getMessage()), e);
        }
    }

    private static boolean hasAlternativeOf(Field<?> field, YamlMapping mapping) {
        return WorkloadSchema.fields().stream()
                .anyMatch(other -> other.alternativeTo().orElse(null) == field && mapping.has(other.name()));
    }

    private static String alternativeHint(Field<?> field) {
        return WorkloadSchema.fields().stream()
                .filter(other -> other.alternativeTo().orElse(null) == field)
                .map(other -> " (or " + other.name() + ": " + other.expected() + ")")
                .findFirst()
                .orElse("");
    }

    private static void foldMinutesIntoDuration(
            WorkloadValues values, Field<Integer> minutes, Field<Duration> duration) {
        if (values.given(minutes)) {
            values.put(duration, Duration.ofMinutes(values.get(minutes)), values.entry(minutes));
        }
    }

    private static String baseName(String sourceName) {
        String fileName = sourceName.substring(Math.max(sourceName.lastIndexOf('/'), sourceName.lastIndexOf('\\')) + 1);
        int dot = fileName.lastIndexOf('.');
        return dot > 0 ? fileName.substring(0, dot) : fileName;
    }
}
