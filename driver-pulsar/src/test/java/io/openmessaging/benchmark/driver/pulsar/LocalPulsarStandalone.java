package io.openmessaging.benchmark.driver.pulsar;

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
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real Pulsar standalone (broker, bookie and metadata store in one JVM) on 127.0.0.1, for
 * integration tests.
 *
 * <p>Wraps {@code bin/local-broker pulsar start|stop} (see docs/local-brokers.md): every instance gets
 * its own free loopback ports and temporary data directory, so several may run at once. The standalone
 * runs the root pom's {@code pulsar.version}, the same version as the pulsar-client library.
 *
 * <pre>{@code
 * try (LocalPulsarStandalone pulsar = LocalPulsarStandalone.start()) {
 *   PulsarClient client = PulsarClient.builder().serviceUrl(pulsar.serviceUrl()).build();
 *   ...
 * }
 * }</pre>
 *
 * <p>Independent of any test framework; a JVM shutdown hook stops standalones a test forgot to close.
 */
public final class LocalPulsarStandalone implements AutoCloseable {

    /** Readiness bound handed to the script: generous, because CI machines may be small and busy. */
    private static final int READINESS_TIMEOUT_SECONDS = 180;
    /** Extra time the script itself may take around readiness (Maven download on first use). */
    private static final long SCRIPT_TIMEOUT_SECONDS = READINESS_TIMEOUT_SECONDS + 300;

    private static final long STOP_TIMEOUT_SECONDS = 60;
    private static final int EXIT_PORT_IN_USE = 4;
    private static final int START_ATTEMPTS = 3;
    private static final String SCRIPT = "bin/local-broker";

    private final Path repositoryRoot;
    private final Path dataDirectory;
    private final int port;
    private final Properties state;
    private final String startOutput;
    private final Thread shutdownHook;
    private boolean closed;
    /** Set by pause(), cleared by resume(): close() resumes first. */
    private boolean paused;

    private LocalPulsarStandalone(
            Path repositoryRoot, Path dataDirectory, int port, Properties state, String startOutput) {
        this.repositoryRoot = repositoryRoot;
        this.dataDirectory = dataDirectory;
        this.port = port;
        this.state = state;
        this.startOutput = startOutput;
        this.shutdownHook = new Thread(this::stopQuietly, "local-pulsar-" + port + "-shutdown");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /** Starts a standalone on two free loopback ports; returns once a client can produce and consume. */
    public static LocalPulsarStandalone start() {
        Path root = findRepositoryRoot();
        Path dataDirectory;
        try {
            dataDirectory = Files.createTempDirectory("local-pulsar-test-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a data directory for the local Pulsar standalone", e);
        }
        String lastOutput = "";
        for (int attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
            int[] ports = freeLoopbackPorts(2);
            List<String> command = List.of(
                    root.resolve(SCRIPT).toString(),
                    "pulsar",
                    "start",
                    "--port",
                    String.valueOf(ports[0]),
                    "--web-port",
                    String.valueOf(ports[1]),
                    "--data-dir",
                    dataDirectory.toString(),
                    "--timeout",
                    String.valueOf(READINESS_TIMEOUT_SECONDS));
            ScriptResult result = run(root, command, SCRIPT_TIMEOUT_SECONDS);
            lastOutput = result.output;
            if (result.exitCode == 0) {
                Properties state =
                        readProperties(root.resolve("deployment/local/pulsar/work/run/pulsar-" + ports[0] + ".state"));
                return new LocalPulsarStandalone(root, dataDirectory, ports[0], state, result.output);
            }
            if (result.exitCode != EXIT_PORT_IN_USE) {
                deleteRecursively(dataDirectory);
                throw new IllegalStateException("'" + String.join(" ", command) + "' failed with exit code "
                        + result.exitCode + ":\n" + result.output);
            }
            // Another process took one of the ports between the check and the start: pick new ones.
        }
        deleteRecursively(dataDirectory);
        throw new IllegalStateException(
                "no free port pair after " + START_ATTEMPTS + " attempts; last output:\n" + lastOutput);
    }

    /** {@code pulsar://127.0.0.1:<port>}. */
    public String serviceUrl() {
        return state.getProperty("service.url");
    }

    /** {@code http://127.0.0.1:<web port>}, the admin REST API. */
    public String httpUrl() {
        return state.getProperty("http.url");
    }

    /** The standalone's Pulsar version (the root pom's {@code pulsar.version}). */
    public String version() {
        return state.getProperty("version");
    }

    /** The standalone's process id. */
    public long pid() {
        return Long.parseLong(state.getProperty("pid"));
    }

    /** The standalone's log (stdout and stderr), handy in assertion messages. */
    public Path logFile() {
        return Paths.get(state.getProperty("log.file"));
    }

    /** What {@code start} printed (readiness time, listening sockets). */
    public String startOutput() {
        return startOutput;
    }

    /** SIGKILL the standalone, without any shutdown: for tests of client behaviour on broker failure. */
    public void kill() {
        ProcessHandle.of(pid()).ifPresent(process -> {
            process.destroyForcibly();
            try {
                process.onExit().get(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                throw new IllegalStateException("standalone pid " + pid() + " did not exit after SIGKILL", e);
            }
        });
    }

    /**
     * SIGSTOP the standalone: it keeps its sockets open but answers nothing (a stall, like a long GC pause
     * or a frozen VM) until {@link #resume()}. {@link #close()} resumes a paused standalone before
     * stopping it.
     */
    public synchronized void pause() {
        signal("STOP");
        paused = true;
        awaitState(true);
    }

    /** SIGCONT a standalone that {@link #pause()} stopped. */
    public synchronized void resume() {
        signal("CONT");
        paused = false;
        awaitState(false);
    }

    /** Whether the standalone is paused now. */
    public synchronized boolean isPaused() {
        return paused;
    }

    private void resumeQuietly() {
        if (paused && ProcessHandle.of(pid()).map(ProcessHandle::isAlive).orElse(false)) {
            try {
                signal("CONT");
            } catch (RuntimeException e) {
                // stopping goes on; a SIGKILL ends a stopped process too
            }
        }
        paused = false;
    }

    /** Sends {@code SIG<name>} to the standalone's process with kill(1). */
    private void signal(String name) {
        List<String> command = List.of("kill", "-" + name, String.valueOf(pid()));
        try {
            Process process =
                    new ProcessBuilder(command).redirectErrorStream(true).start();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(String.join(" ", command) + " did not finish within 10 s");
            }
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (process.exitValue() != 0) {
                throw new IllegalStateException(
                        String.join(" ", command) + " failed with exit code " + process.exitValue() + ": " + output);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + command, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + command, e);
        }
    }

    /** Waits until /proc shows the process stopped ({@code T}) or, when not {@code stopped}, running again. */
    private void awaitState(boolean stopped) {
        Path stat = Paths.get("/proc/" + pid() + "/stat");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            String text;
            try {
                text = Files.readString(stat);
            } catch (IOException e) {
                throw new IllegalStateException("standalone pid " + pid() + " is gone", e);
            }
            // "pid (comm) S ...": the state is the first field after the last ')'
            char state = text.substring(text.lastIndexOf(')') + 1).strip().charAt(0);
            if ((state == 'T') == stopped) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("standalone pid " + pid() + " is in state " + state + " 10 s after SIG"
                        + (stopped ? "STOP" : "CONT"));
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }
    }

    /** Stops the standalone (SIGTERM, SIGKILL after a bound) and deletes its data directory. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        resumeQuietly();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shutdownInProgress) {
            // The hook itself is running or about to: nothing to remove.
        }
        ScriptResult result = run(repositoryRoot, stopCommand(), STOP_TIMEOUT_SECONDS);
        if (result.exitCode != 0) {
            ProcessHandle.of(pid()).ifPresent(ProcessHandle::destroyForcibly);
            deleteRecursively(dataDirectory);
            throw new IllegalStateException("stopping the standalone on port " + port + " failed with exit code "
                    + result.exitCode + " (the process was killed):\n" + result.output);
        }
        deleteRecursively(dataDirectory);
    }

    @Override
    public String toString() {
        return "LocalPulsarStandalone{" + serviceUrl() + ", " + httpUrl() + ", version " + version() + ", pid " + pid()
                + "}";
    }

    private List<String> stopCommand() {
        return List.of(repositoryRoot.resolve(SCRIPT).toString(), "pulsar", "stop", "--port", String.valueOf(port));
    }

    private synchronized void stopQuietly() {
        if (closed) {
            return;
        }
        closed = true;
        resumeQuietly();
        run(repositoryRoot, stopCommand(), STOP_TIMEOUT_SECONDS);
        deleteRecursively(dataDirectory);
    }

    private static Path findRepositoryRoot() {
        Path start = Paths.get("").toAbsolutePath();
        for (Path candidate = start; candidate != null; candidate = candidate.getParent()) {
            if (Files.isExecutable(candidate.resolve(SCRIPT))) {
                return candidate;
            }
        }
        throw new IllegalStateException("no " + SCRIPT + " in " + start + " or any parent directory;"
                + " run the tests from inside the repository");
    }

    /** Ports that were free a moment ago; held open together so that they differ. */
    private static int[] freeLoopbackPorts(int count) {
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

    private record ScriptResult(int exitCode, String output) {}

    private static ScriptResult run(Path directory, List<String> command, long timeoutSeconds) {
        Path output = null;
        try {
            output = Files.createTempFile("local-broker-", ".out");
            Process process = new ProcessBuilder(command)
                    .directory(directory.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile())
                    .redirectInput(
                            ProcessBuilder.Redirect.from(Paths.get("/dev/null").toFile()))
                    .start();
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                process.destroy();
                process.waitFor(10, TimeUnit.SECONDS);
                return new ScriptResult(-1, "timed out after " + timeoutSeconds + " s:\n" + Files.readString(output));
            }
            return new ScriptResult(process.exitValue(), Files.readString(output));
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

    private static Properties readProperties(Path file) {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return properties;
    }

    private static void deleteRecursively(Path directory) {
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
