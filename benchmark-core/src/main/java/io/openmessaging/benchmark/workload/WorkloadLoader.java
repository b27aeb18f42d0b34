package io.openmessaging.benchmark.workload;

import io.openmessaging.benchmark.config.ConfigException;
import io.openmessaging.benchmark.config.ConfigKey;
import io.openmessaging.benchmark.config.ConfigValues;
import io.openmessaging.benchmark.config.YamlMapping;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Reads workload files strictly, by {@link WorkloadSchema} (the config engine of {@code benchmark-config}). Every
 * problem found in a file is reported at once, each naming the file, line, column and key, what was found and what is
 * allowed. Stateless and thread-safe.
 */
public final class WorkloadLoader {

    /**
     * Top-level keys that only a driver file has ({@code driver: kafka}, upstream's {@code driverClass: …}): a
     * file with one is a driver file, whatever else it holds, and reading it as a workload would list every one
     * of its keys as unknown.
     */
    private static final List<String> DRIVER_FILE_KEYS = List.of("driver", "driverClass");

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
        YamlMapping file = YamlMapping.read(yaml, sourceName);
        for (String driverKey : DRIVER_FILE_KEYS) {
            if (file.has(driverKey)) {
                throw new ConfigException(ConfigException.at(
                        sourceName,
                        file.get(driverKey).keyLine(),
                        file.get(driverKey).keyColumn(),
                        "this is a driver file (it has the key '" + driverKey + "'), given where a workload file"
                                + " goes; give driver files with --drivers (-d) and workload files after the options"));
            }
        }
        YamlMapping mapping = file.withAssignments(assignments, WorkloadSchema.SCHEMA::otherFormsOf);
        ConfigValues values = WorkloadSchema.SCHEMA.readKeys(mapping, sourceName);
        foldMinutesIntoDuration(values, WorkloadSchema.WARMUP_DURATION_MINUTES, WorkloadSchema.WARMUP_DURATION);
        foldMinutesIntoDuration(values, WorkloadSchema.TEST_DURATION_MINUTES, WorkloadSchema.TEST_DURATION);
        WorkloadSchema.SCHEMA.checkRules(values, sourceName);
        return new Workload(
                values,
                baseName(sourceName),
                sourceName,
                yaml,
                EffectiveYaml.of(yaml, file, assignments, WorkloadSchema.SCHEMA::otherFormsOf));
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

    private static void foldMinutesIntoDuration(
            ConfigValues values, ConfigKey<Integer> minutes, ConfigKey<Duration> duration) {
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
