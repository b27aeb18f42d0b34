package io.openmessaging.benchmark.workload;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Reads the files a user hands the benchmark (workloads, driver files, payloads) safely: only regular
 * files (a device such as {@code /dev/zero} or a named pipe would exhaust memory or hang), and only up to
 * a size limit checked before and while reading (a huge file would exhaust memory, and a huge YAML value
 * makes the parser crawl). Every failure is an {@link IOException} whose message names the file and says
 * what is allowed.
 */
public final class InputFiles {

    /** The most a workload or driver file may hold: 1 MiB, a thousand times the largest shipped one. */
    public static final long MAX_CONFIG_BYTES = 1L << 20;

    private InputFiles() {}

    /**
     * The bytes of {@code file}.
     *
     * @param what what the file is, for messages, e.g. "a workload file"
     */
    public static byte[] readBytes(Path file, long maxBytes, String what) throws IOException {
        if (!Files.exists(file)) {
            throw new NoSuchFileException(file.toString(), null, "no such file");
        }
        if (!Files.isRegularFile(file)) {
            throw new IOException(file + " is not a regular file (" + kind(file) + "); " + what + " must be one");
        }
        long size = Files.size(file);
        if (size > maxBytes) {
            throw new IOException(tooLarge(file, size, maxBytes, what));
        }
        try (InputStream in = Files.newInputStream(file)) {
            byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
            if (bytes.length > maxBytes) { // it grew while being read
                throw new IOException(tooLarge(file, bytes.length, maxBytes, what));
            }
            return bytes;
        }
    }

    /** The text of {@code file}, which must be UTF-8. */
    public static String readText(Path file, long maxBytes, String what) throws IOException {
        byte[] bytes = readBytes(file, maxBytes, what);
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new IOException(file + " is not UTF-8 text; " + what + " must be");
        }
    }

    /** What went wrong reading a file, in words, without the exception's class name. */
    public static String problem(IOException e) {
        if (e instanceof java.nio.file.NoSuchFileException missing) {
            return missing.getFile() + ": no such file";
        }
        if (e instanceof java.nio.file.AccessDeniedException denied) {
            return denied.getFile() + ": permission denied";
        }
        if (e instanceof java.nio.file.FileSystemException fs && fs.getReason() != null) {
            return fs.getFile() + ": " + fs.getReason();
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    private static String tooLarge(Path file, long size, long maxBytes, String what) {
        return String.format(
                Locale.ROOT, "%s has %,d bytes, more than the %,d bytes %s may have", file, size, maxBytes, what);
    }

    private static String kind(Path file) {
        if (Files.isDirectory(file)) {
            return "a directory";
        }
        return "a device, a named pipe or a socket";
    }
}
