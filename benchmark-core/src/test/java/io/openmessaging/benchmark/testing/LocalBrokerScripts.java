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
        Path output = null;
        try {
            output = Files.createTempFile("local-broker-", ".out");
            ProcessBuilder builder = new ProcessBuilder(command)
                    .directory(directory.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile())
                    .redirectInput(
                            ProcessBuilder.Redirect.from(Paths.get("/dev/null").toFile()));
            builder.environment().putAll(env);
            Process process = builder.start();
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                process.destroy();
                process.waitFor(10, TimeUnit.SECONDS);
                return new Result(-1, "timed out after " + timeoutSeconds + " s:\n" + Files.readString(output));
            }
            return new Result(process.exitValue(), Files.readString(output));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + command, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + command, e);
        } finally {
            if (output != null) {
                try {
                    Files.deleteIfExists(output);
                } catch (IOException ignored) {
                    // a leftover temporary file is harmless
                }
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
