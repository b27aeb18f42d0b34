package io.openmessaging.benchmark.cli;

import io.openmessaging.benchmark.worker.http.WorkerServer;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;

/**
 * The worker token of {@code bin/benchmark-worker}, {@code bin/benchmark --workers …} and {@code bin/benchmark
 * stop}: from {@code --token-file}, else from the {@value WorkerServer#TOKEN_ENV} environment variable, else none.
 * A token that cannot be had is refused with the file and the reason (not found, not readable, a directory,
 * empty), never with a bare path.
 */
final class WorkerToken {

    private WorkerToken() {}

    /**
     * The token, or {@code null} when neither a file nor the variable gives one.
     *
     * @param tokenFile the {@code --token-file} value, or {@code null}
     * @throws IOException one line naming the file (or the variable) and what is wrong with it
     */
    static String read(String tokenFile, Map<String, String> environment) throws IOException {
        if (tokenFile == null) {
            String token = environment.get(WorkerServer.TOKEN_ENV);
            if (token != null && token.isBlank()) {
                throw new IOException("the " + WorkerServer.TOKEN_ENV
                        + " environment variable is set but empty; put the token in it, or unset it to run"
                        + " without one");
            }
            return token;
        }
        Path file = Path.of(tokenFile);
        if (Files.isDirectory(file)) {
            throw new IOException(
                    "--token-file " + file + ": is a directory; give the file that holds the token on one line");
        }
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new IOException(problem(file, e), e);
        }
        if (text.isBlank()) {
            throw new IOException("--token-file " + file + ": is empty; put the token on its first line");
        }
        return text.strip();
    }

    /** Why {@code file} could not be read, in words: what {@link Files#readString} failed with. */
    static String problem(Path file, IOException failure) {
        String where = "--token-file " + file + ": ";
        if (failure instanceof NoSuchFileException) {
            return where + "not found (no such file"
                    + (file.isAbsolute() ? "" : " relative to " + Path.of("").toAbsolutePath())
                    + "); write the token to it and chmod 600 it";
        }
        if (failure instanceof AccessDeniedException) {
            return where + "not readable by this user (permission denied); run the command as the file's owner or"
                    + " give it read permission for this user";
        }
        if (failure instanceof CharacterCodingException) {
            return where + "is not UTF-8 text; the token is one line of text";
        }
        return where + "cannot be read ("
                + (failure.getMessage() == null ? failure.getClass().getSimpleName() : failure.getMessage()) + ")";
    }
}
