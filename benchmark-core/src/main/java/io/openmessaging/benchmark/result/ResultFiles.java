package io.openmessaging.benchmark.result;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.jr.annotationsupport.JacksonAnnotationExtension;
import com.fasterxml.jackson.jr.ob.JSON;
import io.openmessaging.benchmark.measure.LatencyMetric;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

/**
 * Reads and writes {@link TestResult} JSON files.
 *
 * <p>Writing never overwrites a file: when the name is taken, {@code -1}, {@code -2}, … is added before
 * the extension. The JSON is first written in full to a hidden temporary file in the target directory
 * and then published under the free name in one atomic step (a hard link, which fails if the name was
 * taken meanwhile), so a crash never leaves half a result and concurrent writers never clobber each
 * other. Output is pretty-printed JSON in {@link TestResult}'s field order, with {@code \n} line ends.
 *
 * <p>Reading accepts files of upstream OpenMessaging Benchmark and its forks: unknown fields are
 * ignored, missing fields stay {@code null} or empty, and the non-standard tokens {@code NaN} and
 * {@code Infinity} are accepted.
 */
public final class ResultFiles {

    /**
     * Format of the timestamp in result file names and of {@link TestResult#beginTime} and
     * {@link TestResult#endTime}: {@code yyyy-MM-dd-HH-mm-ss}, always in UTC.
     */
    public static final DateTimeFormatter TIMESTAMP_FORMAT =
            DateTimeFormatter.ofPattern("yyyy-MM-dd-HH-mm-ss").withZone(ZoneOffset.UTC);

    private static final String JSON_EXTENSION = ".json";
    private static final int MAX_NAME_SUFFIX = 100_000;
    private static final Pattern UNSAFE_FILE_NAME_CHARACTERS = Pattern.compile("[^A-Za-z0-9._-]");

    /**
     * The writer of result files: jackson-jr (with its support for {@link
     * com.fasterxml.jackson.annotation.JsonPropertyOrder}), not databind. A benchmark run writes a result
     * and reads none, and writing with databind (its mapper, serializer introspection and the code the JIT
     * compiles for them) costs a run about 0.5 s of CPU; jackson-jr writes the same bytes for about 0.2 s
     * (docs/measurements/kafka-floor-changes.md). Null fields are written, as upstream's files have them.
     */
    private static final class Writer {
        static final JSON JSON_WRITER = JSON.builder()
                .register(JacksonAnnotationExtension.std)
                .enable(JSON.Feature.WRITE_NULL_PROPERTIES, JSON.Feature.WRITE_RECORD_FIELDS_IN_DECLARATION_ORDER)
                .prettyPrinter(new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n")))
                .build();
    }

    /**
     * The reader of result files, built on first use (databind: its errors name the field and the place in
     * the file). A benchmark run, which touches this class at its start, only writes.
     */
    private static final class Reader {
        static final ObjectReader READER = JsonMapper.builder()
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
                .build()
                .readerFor(TestResult.class);
    }

    private ResultFiles() {}

    /** Formats {@code instant} as {@link #TIMESTAMP_FORMAT}, e.g. {@code 2025-01-31-13-05-09}. */
    public static String formatTimestamp(Instant instant) {
        return TIMESTAMP_FORMAT.format(instant);
    }

    /**
     * Makes {@code name} safe as part of a file name on every common file system: each character other
     * than {@code A-Z a-z 0-9 . _ -} becomes {@code _} (so {@code Kafka 3/acks=all} becomes
     * {@code Kafka_3_acks_all}).
     */
    public static String sanitize(String name) {
        return UNSAFE_FILE_NAME_CHARACTERS.matcher(name).replaceAll("_");
    }

    /**
     * The result file name without extension: {@code <workload>-<driver>-<yyyy-MM-dd-HH-mm-ss>}, both
     * names {@linkplain #sanitize sanitised}, the time in UTC. Interval logs of the run use it too
     * ({@link LatencyMetric#hlogFileName}).
     *
     * @param workloadBaseName the workload file's name without directory and extension
     * @param driverName the driver configuration's {@code name}
     */
    public static String baseName(String workloadBaseName, String driverName, Instant startTime) {
        return sanitize(workloadBaseName) + "-" + sanitize(driverName) + "-" + formatTimestamp(startTime);
    }

    /**
     * Writes {@code result} to {@code <outputDir>/<baseName>.json} (see {@link #baseName}), creating the
     * directory if needed; if that file exists, to {@code <baseName>-1.json}, {@code -2}, … instead.
     *
     * @return the file written
     */
    public static Path write(
            TestResult result, Path outputDir, String workloadBaseName, String driverName, Instant startTime)
            throws IOException {
        return writeNew(
                toJson(result), outputDir, baseName(workloadBaseName, driverName, startTime), JSON_EXTENSION, true);
    }

    /**
     * Writes {@code result} to {@code file}, creating its directory if needed; if that file exists, to
     * {@code <stem>-1.json}, {@code -2}, … instead. Just before the result is turned into JSON, {@code
     * beforeWriting} is told the name it will have, so that it can name files that go beside it.
     *
     * @return the file written
     */
    public static Path write(TestResult result, Path file, IoConsumer<Path> beforeWriting) throws IOException {
        Path fileName = file.getFileName();
        if (fileName == null) {
            throw new IOException("output file " + file + " names a directory, not a file");
        }
        String name = fileName.toString();
        int dot = name.lastIndexOf('.');
        Path directory = file.toAbsolutePath().getParent();
        Path written = writeNew(
                candidate -> {
                    Path asGiven = file.resolveSibling(candidate.getFileName());
                    beforeWriting.accept(asGiven);
                    return toJson(result);
                },
                directory,
                dot > 0 ? name.substring(0, dot) : name,
                dot > 0 ? name.substring(dot) : "",
                true);
        return file.resolveSibling(written.getFileName());
    }

    /** A consumer that may fail with an {@link IOException}. */
    @FunctionalInterface
    public interface IoConsumer<T> {
        void accept(T value) throws IOException;
    }

    /**
     * Writes {@code result} to {@code explicitFile} (the {@code -o} option), creating its directory if
     * needed. Never overwrites: if the file exists, the suffix {@code -1}, {@code -2}, … is added before
     * the extension ({@code out.json} → {@code out-1.json}; {@code out} → {@code out-1}).
     *
     * @return the file actually written, which callers should report to the user
     */
    public static Path writeTo(TestResult result, Path explicitFile) throws IOException {
        return writeWithoutOverwriting(toJson(result), explicitFile);
    }

    /**
     * Writes {@code content} to {@code file} the way result files are written: creating the directory
     * if needed, atomically, and never over an existing file: if {@code file} exists, the suffix
     * {@code -1}, {@code -2}, … is added before the extension ({@code report.html} → {@code report-1.html}).
     * That rule is for regular files: an existing device or named pipe ({@code /dev/null}, {@code /dev/full},
     * a FIFO) is written as it is. For files made from results, such as reports.
     *
     * @return the file actually written, which callers should report to the user
     */
    public static Path writeWithoutOverwriting(byte[] content, Path file) throws IOException {
        if (Files.exists(file) && !Files.isRegularFile(file) && !Files.isDirectory(file)) {
            // a device or a named pipe (/dev/null, /dev/full, a terminal, a FIFO): nothing there to keep
            try (OutputStream stream = Files.newOutputStream(file, StandardOpenOption.WRITE)) {
                stream.write(content);
            } catch (IOException e) {
                throw new IOException("cannot write " + file + ": " + reason(e), e);
            }
            return file;
        }
        Path fileName = file.getFileName();
        if (fileName == null) {
            throw new IOException("output file " + file + " names a directory, not a file");
        }
        String name = fileName.toString();
        int dot = name.lastIndexOf('.');
        String stem = dot > 0 ? name.substring(0, dot) : name;
        String extension = dot > 0 ? name.substring(dot) : "";
        Path directory = file.toAbsolutePath().getParent();
        Path written = writeNew(content, directory, stem, extension, true);
        return file.resolveSibling(written.getFileName());
    }

    /**
     * Reads a result file written by this benchmark, upstream or one of its forks.
     *
     * @throws ResultFileException when the file is not valid JSON or a field has the wrong type; the
     *     message names the file, the line and column, and the field
     * @throws IOException when the file cannot be read
     */
    public static TestResult read(Path file) throws IOException {
        requireRegularFile(file);
        if (file.getFileName() != null && file.getFileName().toString().endsWith(".hlog")) {
            throw new ResultFileException(
                    file,
                    0,
                    0,
                    "is an HdrHistogram interval log of one metric, not a result;"
                            + " give the result's JSON file"
                            + resultBeside(file)
                                    .map(json -> " (" + json + ")")
                                    .orElse(", which sits beside its .hlog files and starts with the same name"),
                    null);
        }
        TestResult result;
        try (InputStream in = Files.newInputStream(file)) {
            result = Reader.READER.readValue(in);
        } catch (JsonProcessingException e) {
            JsonLocation location = e.getLocation();
            int line = location == null ? 0 : location.getLineNr();
            int column = location == null ? 0 : location.getColumnNr();
            throw new ResultFileException(file, line, column, describe(e), e);
        }
        if (result == null) {
            throw new ResultFileException(file, 1, 1, "holds JSON null, not a result object", null);
        }
        return result;
    }

    /**
     * Refuses an input that exists but is not a regular file (a directory, a named pipe, a device), which
     * reading would fail on or block on for ever.
     *
     * @throws ResultFileException naming the file and what it is instead
     */
    public static void requireRegularFile(Path file) throws ResultFileException {
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            throw new ResultFileException(
                    file, 0, 0, "is " + fileKind(file) + ", not a regular file; give a result file (.json)", null);
        }
    }

    /** What a path that is not a regular file is, in words: a directory, a named pipe (FIFO), a device, a socket. */
    public static String fileKind(Path file) {
        if (Files.isDirectory(file)) {
            return "a directory";
        }
        try {
            int type = ((Integer) Files.getAttribute(file, "unix:mode")) & 0170000;
            return switch (type) {
                case 0010000 -> "a named pipe (FIFO)";
                case 0020000 -> "a character device";
                case 0060000 -> "a block device";
                case 0140000 -> "a socket";
                default -> "a special file";
            };
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return "a special file";
        }
    }

    /** The result JSON an interval log belongs to: the longest {@code NAME.json} beside it whose NAME starts it. */
    private static java.util.Optional<Path> resultBeside(Path hlog) {
        Path directory = hlog.toAbsolutePath().getParent();
        String name = hlog.getFileName().toString();
        try (java.util.stream.Stream<Path> files = Files.list(directory)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".json"))
                    .filter(p -> name.startsWith(p.getFileName().toString().replaceAll("\\.json$", "") + "-"))
                    .max(java.util.Comparator.comparingInt(
                            p -> p.getFileName().toString().length()))
                    .map(p -> hlog.getParent() == null
                            ? p.getFileName()
                            : hlog.getParent().resolve(p.getFileName()));
        } catch (IOException | RuntimeException e) {
            return java.util.Optional.empty();
        }
    }

    private static String describe(JsonProcessingException e) {
        String problem = e.getOriginalMessage();
        if (e instanceof JsonMappingException mapping && !mapping.getPath().isEmpty()) {
            StringBuilder field = new StringBuilder();
            for (JsonMappingException.Reference reference : mapping.getPath()) {
                if (reference.getFieldName() != null) {
                    field.append(field.isEmpty() ? "" : ".").append(reference.getFieldName());
                } else if (reference.getIndex() >= 0) {
                    field.append('[').append(reference.getIndex()).append(']');
                }
            }
            problem = "field " + field + ": " + problem;
        }
        return problem;
    }

    private static byte[] toJson(TestResult result) throws IOException {
        byte[] json = Writer.JSON_WRITER.asBytes(result);
        byte[] withNewline = new byte[json.length + 1];
        System.arraycopy(json, 0, withNewline, 0, json.length);
        withNewline[json.length] = '\n';
        return withNewline;
    }

    /**
     * Writes the content for each candidate name to a temporary file in {@code directory} and publishes it
     * under the first free name of {@code stem + extension}, {@code stem-1 + extension}, …. A file that
     * cannot be written in full (a full disk) is deleted: nothing is left under any of the names.
     *
     * @param contentFor the content to write under a candidate name (asked again when the name was taken
     *     meanwhile)
     * @param hardLinks publish with a hard link (atomic, fails when the name is taken); when false, or
     *     when the file system has no hard links, claim the name with an exclusive create and then move
     *     the complete file over the claimed empty one atomically
     */
    static Path writeNew(
            IoFunction<Path, byte[]> contentFor, Path directory, String stem, String extension, boolean hardLinks)
            throws IOException {
        Files.createDirectories(directory);
        boolean useHardLinks = hardLinks;
        for (int suffix = 0; suffix <= MAX_NAME_SUFFIX; suffix++) {
            Path candidate = directory.resolve(suffix == 0 ? stem + extension : stem + "-" + suffix + extension);
            if (Files.exists(candidate, LinkOption.NOFOLLOW_LINKS)) {
                continue;
            }
            Path temporary = writeTemporary(directory, stem, contentFor.apply(candidate));
            try {
                if (useHardLinks) {
                    try {
                        Files.createLink(candidate, temporary);
                        return candidate;
                    } catch (FileAlreadyExistsException taken) {
                        continue;
                    } catch (UnsupportedOperationException | FileSystemException noHardLinks) {
                        useHardLinks = false;
                    }
                }
                try {
                    Files.createFile(candidate);
                } catch (FileAlreadyExistsException taken) {
                    continue;
                }
                try {
                    Files.move(
                            temporary, candidate, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (IOException moveFailed) {
                    Files.deleteIfExists(candidate);
                    throw moveFailed;
                }
                return candidate;
            } finally {
                Files.deleteIfExists(temporary);
            }
        }
        throw new IOException("no free file name for " + directory.resolve(stem + extension) + ": suffixes -1 to -"
                + MAX_NAME_SUFFIX + " are all taken");
    }

    static Path writeNew(byte[] content, Path directory, String stem, String extension, boolean hardLinks)
            throws IOException {
        return writeNew(candidate -> content, directory, stem, extension, hardLinks);
    }

    /** A function that may fail with an {@link IOException}. */
    @FunctionalInterface
    public interface IoFunction<T, R> {
        R apply(T value) throws IOException;
    }

    /** Writes {@code content} in full to a new hidden temporary file in {@code directory}, synced; deleted on failure. */
    private static Path writeTemporary(Path directory, String stem, byte[] content) throws IOException {
        Path temporary = createTemporaryFile(directory, stem);
        try {
            try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
                ByteBuffer buffer = ByteBuffer.wrap(content);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                channel.force(true);
            }
            return temporary;
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(temporary);
            throw e;
        }
    }

    /**
     * Proves that files can be written in {@code directory} before a run depends on it: creates it (and its
     * parents) when missing, then writes, syncs and deletes a small hidden probe file in it.
     *
     * @throws IOException naming what failed; {@link #reason} makes it one line
     */
    public static void probeWritable(Path directory) throws IOException {
        Files.createDirectories(directory);
        Files.delete(writeTemporary(directory, "write-check", new byte[] {'\n'}));
    }

    /**
     * One line saying why a file operation failed, e.g. {@code No space left on device} or {@code /proc/x:
     * No such file or directory}, without the exception's class name.
     */
    public static String reason(Exception e) {
        if (e instanceof NoSuchFileException missing) {
            return missing.getFile() + ": no such file or directory";
        }
        if (e instanceof AccessDeniedException denied) {
            return denied.getFile() + ": permission denied";
        }
        if (e instanceof FileAlreadyExistsException exists) {
            return exists.getFile() + ": exists and is not a directory";
        }
        if (e instanceof FileSystemException fileSystem && fileSystem.getReason() != null) {
            return (fileSystem.getFile() == null ? "" : fileSystem.getFile() + ": ") + fileSystem.getReason();
        }
        return e.getMessage() != null ? e.getMessage() : e.toString();
    }

    /** Creates an empty hidden file with a random name; unlike a temp file it gets the usual permissions. */
    private static Path createTemporaryFile(Path directory, String stem) throws IOException {
        while (true) {
            Path temporary = directory.resolve("." + stem + "."
                    + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp");
            try {
                return Files.createFile(temporary);
            } catch (FileAlreadyExistsException taken) {
                // another writer drew the same random name; draw again
            }
        }
    }
}
