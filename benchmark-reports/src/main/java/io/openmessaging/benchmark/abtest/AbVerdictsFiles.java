package io.openmessaging.benchmark.abtest;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writing and reading {@link AbVerdicts}: pretty-printed JSON with two-space indents and {@code \n} line
 * ends, told apart from result files by its first field, {@code abTestSchemaVersion}.
 */
public final class AbVerdictsFiles {

    /** The file's name in the directory of the comparison. */
    public static final String FILE_NAME = "ab-verdicts.json";

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(com.fasterxml.jackson.core.JsonGenerator.Feature.AUTO_CLOSE_TARGET)
            .build();
    private static final ObjectWriter WRITER =
            MAPPER.writer(new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n")));

    private AbVerdictsFiles() {}

    /** Writes {@code verdicts} to {@code out}, ending with a line end; does not close it. */
    public static void write(AbVerdicts verdicts, Writer out) throws IOException {
        WRITER.writeValue(out, verdicts);
        out.write('\n');
        out.flush();
    }

    /** Writes {@code verdicts} to {@code file}, replacing it. */
    public static void write(AbVerdicts verdicts, Path file) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            write(verdicts, out);
        }
    }

    /**
     * Reads an A/B comparison.
     *
     * @throws IOException naming the file, and the line and column of a syntax or type error
     */
    public static AbVerdicts read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            AbVerdicts verdicts = MAPPER.readValue(in, AbVerdicts.class);
            if (verdicts == null || verdicts.abTestSchemaVersion() != AbVerdicts.SCHEMA_VERSION) {
                throw new IOException(file + ": not an A/B comparison of schema version " + AbVerdicts.SCHEMA_VERSION);
            }
            return verdicts;
        } catch (JsonProcessingException e) {
            var location = e.getLocation();
            throw new IOException(
                    file + (location == null ? "" : ":" + location.getLineNr() + ":" + location.getColumnNr())
                            + ": not a readable A/B comparison: " + e.getOriginalMessage(),
                    e);
        }
    }

    /**
     * Whether {@code file} is an A/B comparison: a JSON object whose first field is {@code
     * abTestSchemaVersion}. Reads only the start of the file; false for anything unreadable.
     */
    public static boolean isAbVerdicts(Path file) {
        if (!Files.isRegularFile(file)) {
            return false;
        }
        try (JsonParser parser = MAPPER.createParser(file.toFile())) {
            return parser.nextToken() == JsonToken.START_OBJECT
                    && parser.nextToken() == JsonToken.FIELD_NAME
                    && "abTestSchemaVersion".equals(parser.currentName());
        } catch (IOException e) {
            return false;
        }
    }
}
