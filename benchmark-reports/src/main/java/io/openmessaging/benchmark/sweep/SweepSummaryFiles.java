package io.openmessaging.benchmark.sweep;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.openmessaging.benchmark.result.ResultFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Where a sweep's files go, and reading and writing its {@link SweepSummary}.
 *
 * <p>A sweep gets a directory of its own, {@code <output-dir>/<workload>-sweep-<parameter>-<yyyy-MM-dd-HH-mm-ss>}
 * (UTC; {@code -1}, {@code -2}, … when taken), holding one result file per step and driver and the summary
 * {@code sweep.json}. The summary is rewritten atomically after every step, so an interrupted sweep leaves
 * a readable summary of the steps it finished.
 */
public final class SweepSummaryFiles {

    /** Name of the summary in the sweep's directory. */
    public static final String SUMMARY_FILE_NAME = "sweep.json";

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();
    private static final ObjectWriter WRITER =
            MAPPER.writer(new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n")));

    private SweepSummaryFiles() {}

    /** Creates the sweep's new directory in {@code outputDir}; never reuses an existing one. */
    public static Path createSweepDirectory(
            Path outputDir, String workloadBaseName, SweptParameter parameter, Instant startTime) throws IOException {
        Files.createDirectories(outputDir);
        String stem = ResultFiles.sanitize(workloadBaseName) + "-sweep-" + parameter.fileLabel() + "-"
                + ResultFiles.formatTimestamp(startTime);
        for (int suffix = 0; suffix < 100_000; suffix++) {
            Path candidate = outputDir.resolve(suffix == 0 ? stem : stem + "-" + suffix);
            try {
                return Files.createDirectory(candidate);
            } catch (FileAlreadyExistsException taken) {
                // next suffix
            }
        }
        throw new IOException("no free directory name for " + outputDir.resolve(stem));
    }

    /** The result file name of one step: {@code <workload>-<driver>-<label>-<value>.json}. */
    public static String stepFileName(
            String workloadBaseName, String driverName, SweptParameter parameter, double value) {
        return ResultFiles.sanitize(workloadBaseName) + "-" + ResultFiles.sanitize(driverName) + "-"
                + parameter.fileLabel() + "-" + ResultFiles.sanitize(parameter.format(value)) + ".json";
    }

    /** Writes {@code summary} to {@code file}, replacing it atomically (a reader sees the old or the new file). */
    public static void write(SweepSummary summary, Path file) throws IOException {
        replaceAtomically(WRITER.writeValueAsBytes(summary), file);
    }

    /**
     * Writes {@code json} and a newline to {@code file} through a temporary file beside it, replacing the file
     * atomically: a reader sees the old or the new content, never a part.
     */
    public static void replaceAtomically(byte[] json, Path file) throws IOException {
        Path directory = file.toAbsolutePath().getParent();
        // not Files.createTempFile: its owner-only permissions would stay on the file
        Path temporary = directory.resolve("." + file.getFileName() + "."
                + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp");
        try {
            try (OutputStream stream = Files.newOutputStream(temporary, StandardOpenOption.CREATE_NEW)) {
                stream.write(json);
                stream.write('\n');
            }
            Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    /**
     * Reads a summary.
     *
     * @throws IOException naming the file, and the line and column of a syntax or type error
     */
    public static SweepSummary read(Path file) throws IOException {
        SweepSummary summary = readJson(MAPPER, file, SweepSummary.class, "sweep summary");
        if (summary == null || summary.sweepSchemaVersion == null) {
            throw new IOException(file + ": not a sweep summary (no sweepSchemaVersion)");
        }
        return summary;
    }

    /**
     * Reads {@code file} as a {@code type}; a syntax or type error names the file, its line and column, and says
     * it is not a readable {@code kind}.
     */
    public static <T> T readJson(JsonMapper mapper, Path file, Class<T> type, String kind) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return mapper.readValue(in, type);
        } catch (JsonProcessingException e) {
            var location = e.getLocation();
            throw new IOException(
                    file + (location == null ? "" : ":" + location.getLineNr() + ":" + location.getColumnNr())
                            + ": not a readable " + kind + ": " + e.getOriginalMessage(),
                    e);
        }
    }

    /**
     * Whether {@code file} is a sweep summary rather than a result: a JSON object whose first field is
     * {@code sweepSchemaVersion}. Reads only the start of the file; false for anything unreadable.
     */
    public static boolean isSweepSummary(Path file) {
        if (!Files.isRegularFile(file)) {
            return false;
        }
        try (JsonParser parser = MAPPER.createParser(file.toFile())) {
            return parser.nextToken() == JsonToken.START_OBJECT
                    && parser.nextToken() == JsonToken.FIELD_NAME
                    && "sweepSchemaVersion".equals(parser.currentName());
        } catch (IOException e) {
            return false;
        }
    }
}
