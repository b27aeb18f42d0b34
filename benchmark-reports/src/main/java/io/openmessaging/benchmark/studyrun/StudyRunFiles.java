package io.openmessaging.benchmark.studyrun;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.openmessaging.benchmark.sweep.SweepSummaryFiles;
import java.io.IOException;
import java.nio.file.Path;

/** Reading and writing a study run's {@link StudyRunRecord} ({@value #RECORD_FILE_NAME} in its directory). */
public final class StudyRunFiles {

    /** Name of the record in the study run's output directory. */
    public static final String RECORD_FILE_NAME = "study-run.json";

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();
    private static final ObjectWriter WRITER =
            MAPPER.writer(new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n")));

    private StudyRunFiles() {}

    /** The record file of the study run in {@code directory}. */
    public static Path recordFile(Path directory) {
        return directory.resolve(RECORD_FILE_NAME);
    }

    /** Writes {@code record} to {@code file}, replacing it atomically (a reader sees the old or the new file). */
    public static void write(StudyRunRecord record, Path file) throws IOException {
        SweepSummaryFiles.replaceAtomically(WRITER.writeValueAsBytes(record), file);
    }

    /**
     * Reads a record.
     *
     * @throws IOException naming the file, and the line and column of a syntax or type error
     */
    public static StudyRunRecord read(Path file) throws IOException {
        StudyRunRecord record = SweepSummaryFiles.readJson(MAPPER, file, StudyRunRecord.class, "study run record");
        if (record == null || record.studyRunSchemaVersion == null) {
            throw new IOException(file + ": not a study run record (no studyRunSchemaVersion)");
        }
        return record;
    }
}
