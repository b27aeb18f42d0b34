package io.openmessaging.benchmark.testing;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * What the drivers' local test brokers (Kafka, Pulsar, RabbitMQ) share around {@code bin/local-broker}:
 * finding the repository, free loopback ports, running the script with a bound, reading its state files,
 * deleting a data directory. Each broker class keeps only what its system needs.
 */
public final class LocalBrokerScripts {

    /** The script every local test broker is started and stopped with (docs/local-brokers.md). */
    public static final String SCRIPT = "bin/local-broker";

    private LocalBrokerScripts() {}

    /** What a script run printed (stdout and stderr together) and its exit code; -1 when it timed out. */
    public record Result(int exitCode, String output) {}

    /**
     * What a command run printed on stdout and on stderr, apart, and its exit code; -1 when it timed out
     * (then stderr starts with {@code timed out after}).
     */
    public record Streams(int exitCode, String stdout, String stderr) {}

    /** The repository root: the nearest directory above the working directory that holds {@link #SCRIPT}. */
    public static Path repositoryRoot() {
        Path start = Paths.get("").toAbsolutePath();
        for (Path candidate = start; candidate != null; candidate = candidate.getParent()) {
            if (Files.isExecutable(candidate.resolve(SCRIPT))) {
                return candidate;
            }
        }
        throw new IllegalStateException("no " + SCRIPT + " in " + start + " or any parent directory;"
                + " run the tests from inside the repository");
    }

    /** {@code count} different loopback ports that were free a moment ago (held open together). */
    public static int[] freeLoopbackPorts(int count) {
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            int[] ports = new int[count];
            for (int i = 0; i < count; i++) {
                ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                sockets.add(socket);
                ports[i] = socket.getLocalPort();
            }
            return ports;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot find free loopback ports", e);
        } finally {
            for (ServerSocket socket : sockets) {
                try {
                    socket.close();
                } catch (IOException ignored) {
                    // closing a listening socket that was never used
                }
            }
        }
    }

    /** Whether {@code port} on the loopback address could be bound a moment ago. */
    public static boolean isFreeLoopbackPort(int port) {
        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            socket.setReuseAddress(true);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Runs {@code command} in {@code directory} with stdin from /dev/null; waits at most {@code timeoutSeconds}. */
    public static Result run(Path directory, List<String> command, long timeoutSeconds) {
        return run(directory, command, timeoutSeconds, Map.of());
    }

    /** {@link #run(Path, List, long)} with extra environment variables. */
    public static Result run(Path directory, List<String> command, long timeoutSeconds, Map<String, String> env) {
        Streams streams = run(directory, command, timeoutSeconds, env, true);
        return new Result(streams.exitCode(), streams.stderr() + streams.stdout());
    }

    /**
     * Runs {@code command} in {@code directory} with stdin from /dev/null and stdout and stderr into files
     * of their own, so that neither can fill a pipe while this waits; after {@code timeoutSeconds} the
     * process is destroyed.
     */
    public static Streams runApart(Path directory, List<String> command, long timeoutSeconds) {
        return run(directory, command, timeoutSeconds, Map.of(), false);
    }

    private static Streams run(
            Path directory, List<String> command, long timeoutSeconds, Map<String, String> env, boolean merged) {
        Path stdout = null;
        Path stderr = null;
        try {
            stdout = Files.createTempFile("local-broker-", ".out");
            stderr = Files.createTempFile("local-broker-", ".err");
            ProcessBuilder builder = new ProcessBuilder(command)
                    .directory(directory.toFile())
                    .redirectOutput(stdout.toFile())
                    .redirectInput(
                            ProcessBuilder.Redirect.from(Paths.get("/dev/null").toFile()));
            if (merged) {
                builder.redirectErrorStream(true);
            } else {
                builder.redirectError(stderr.toFile());
            }
            builder.environment().putAll(env);
            Process process = builder.start();
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                process.destroy();
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
                return new Streams(
                        -1,
                        Files.readString(stdout),
                        "timed out after " + timeoutSeconds + " s:\n" + Files.readString(stderr));
            }
            return new Streams(process.exitValue(), Files.readString(stdout), Files.readString(stderr));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + command, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + command, e);
        } finally {
            deleteQuietly(stdout);
            deleteQuietly(stderr);
        }
    }

    private static void deleteQuietly(Path file) {
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // a leftover temporary file is harmless
            }
        }
    }

    /** A {@code .properties} file (the script's state and client files), read as UTF-8. */
    public static Properties readProperties(Path file) {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return properties;
    }

    /** Deletes {@code directory} and everything in it; nothing when it does not exist. */
    public static void deleteRecursively(Path directory) {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.deleteIfExists(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            throw new IllegalStateException("cannot delete " + directory, e);
        }
    }
}
