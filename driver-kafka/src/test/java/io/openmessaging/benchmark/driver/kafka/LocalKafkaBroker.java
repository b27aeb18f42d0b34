package io.openmessaging.benchmark.driver.kafka;

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
 * A real single-node Kafka broker (KRaft) in its own JVM on 127.0.0.1, for integration tests.
 *
 * <p>Wraps {@code bin/local-broker kafka start|stop} (see docs/local-brokers.md): every instance gets
 * its own free loopback ports and temporary data directory, so several may run at once. The broker
 * runs the root pom's {@code kafka.version}, the same version as the kafka-clients library.
 *
 * <pre>{@code
 * try (LocalKafkaBroker broker = LocalKafkaBroker.start(false)) {
 *   Properties config = broker.clientSecurityProperties();
 *   config.put("bootstrap.servers", broker.bootstrapServers());
 *   ...
 * }
 * }</pre>
 *
 * <p>Independent of any test framework; a JVM shutdown hook stops brokers a test forgot to close.
 */
public final class LocalKafkaBroker implements AutoCloseable {
    /** Readiness bound handed to the script: generous, because CI machines may be small and busy. */
    private static final int READINESS_TIMEOUT_SECONDS = 120;
    /** Extra time the script itself may take around readiness (Maven download on first use, format). */
    private static final long SCRIPT_TIMEOUT_SECONDS = READINESS_TIMEOUT_SECONDS + 180;

    private static final long STOP_TIMEOUT_SECONDS = 60;
    private static final int EXIT_PORT_IN_USE = 4;
    private static final int START_ATTEMPTS = 3;
    private static final String SCRIPT = "bin/local-broker";

    private final Path repositoryRoot;
    private final Path dataDirectory;
    private final int port;
    private final Properties state;
    private final Properties clientSecurityProperties;
    private final Thread shutdownHook;
    private boolean closed;
    /** Set by pause(), cleared by resume(): close() resumes first. */
    private boolean paused;

    private LocalKafkaBroker(
            Path repositoryRoot, Path dataDirectory, int port, Properties state, Properties clientSecurityProperties) {
        this.repositoryRoot = repositoryRoot;
        this.dataDirectory = dataDirectory;
        this.port = port;
        this.state = state;
        this.clientSecurityProperties = clientSecurityProperties;
        this.shutdownHook = new Thread(this::stopQuietly, "local-kafka-broker-" + port + "-shutdown");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /** Starts a broker with a PLAINTEXT listener, or with SASL_SSL (SCRAM-SHA-512) when asked. */
    public static LocalKafkaBroker start(boolean saslSsl) {
        return start(saslSsl, Map.of());
    }

    /**
     * Starts a broker as {@link #start(boolean)} does, with extra {@code server.properties} entries
     * (for example {@code auto.create.topics.enable=false}).
     */
    public static LocalKafkaBroker start(boolean saslSsl, Map<String, String> serverConfig) {
        Path root = findRepositoryRoot();
        Path dataDirectory;
        try {
            dataDirectory = Files.createTempDirectory("local-kafka-test-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a data directory for the local Kafka broker", e);
        }
        String lastOutput = "";
        for (int attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
            int[] ports = freeLoopbackPorts(2);
            List<String> command = new ArrayList<>(List.of(
                    root.resolve(SCRIPT).toString(),
                    "kafka",
                    "start",
                    "--port",
                    String.valueOf(ports[0]),
                    "--controller-port",
                    String.valueOf(ports[1]),
                    "--data-dir",
                    dataDirectory.toString(),
                    "--timeout",
                    String.valueOf(READINESS_TIMEOUT_SECONDS)));
            if (saslSsl) {
                command.add("--sasl-ssl");
            }
            serverConfig.forEach((key, value) -> command.addAll(List.of("--config", key + "=" + value)));
            ScriptResult result = run(root, command, SCRIPT_TIMEOUT_SECONDS);
            lastOutput = result.output;
            if (result.exitCode == 0) {
                Properties state =
                        readProperties(root.resolve("deployment/local/kafka/work/run/kafka-" + ports[0] + ".state"));
                Properties security = new Properties();
                String clientProperties = state.getProperty("client.properties");
                if (clientProperties != null) {
                    security.putAll(readProperties(Paths.get(clientProperties)));
                }
                return new LocalKafkaBroker(root, dataDirectory, ports[0], state, security);
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

    /** {@code host:port} of the client listener. */
    public String bootstrapServers() {
        return state.getProperty("bootstrap.servers");
    }

    /**
     * Client settings needed on top of {@code bootstrap.servers}: empty for PLAINTEXT; for SASL_SSL the
     * protocol, SCRAM-SHA-512 login of the user {@code bench} and the PKCS12 truststore with the
     * broker's self-signed certificate. A fresh copy on every call.
     */
    public Properties clientSecurityProperties() {
        Properties copy = new Properties();
        copy.putAll(clientSecurityProperties);
        return copy;
    }

    /** The broker's Kafka version (the root pom's {@code kafka.version}). */
    public String version() {
        return state.getProperty("version");
    }

    /** The broker's process id. */
    public long pid() {
        return Long.parseLong(state.getProperty("pid"));
    }

    /** The broker's log (stdout and stderr), handy in assertion messages. */
    public Path logFile() {
        return Paths.get(state.getProperty("log.file"));
    }

    /** SIGKILL the broker, without any shutdown: for tests of client behaviour on broker failure. */
    public void kill() {
        ProcessHandle.of(pid()).ifPresent(process -> {
            process.destroyForcibly();
            try {
                process.onExit().get(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                throw new IllegalStateException("broker pid " + pid() + " did not exit after SIGKILL", e);
            }
        });
    }

    /**
     * SIGSTOP the broker: it keeps its sockets open but answers nothing (a stall, like a long GC pause
     * or a frozen VM) until {@link #resume()}. {@link #close()} resumes a paused broker before
     * stopping it.
     */
    public synchronized void pause() {
        signal("STOP");
        paused = true;
        awaitState(true);
    }

    /** SIGCONT a broker that {@link #pause()} stopped. */
    public synchronized void resume() {
        signal("CONT");
        paused = false;
        awaitState(false);
    }

    /** Whether the broker is paused now. */
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

    /** Sends {@code SIG<name>} to the broker's process with kill(1). */
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
                throw new IllegalStateException("broker pid " + pid() + " is gone", e);
            }
            // "pid (comm) S ...": the state is the first field after the last ')'
            char state = text.substring(text.lastIndexOf(')') + 1).strip().charAt(0);
            if ((state == 'T') == stopped) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("broker pid " + pid() + " is in state " + state + " 10 s after SIG"
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

    /** Stops the broker (SIGTERM, SIGKILL after a bound) and deletes its data directory. */
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
        ScriptResult result = run(
                repositoryRoot,
                List.of(repositoryRoot.resolve(SCRIPT).toString(), "kafka", "stop", "--port", String.valueOf(port)),
                STOP_TIMEOUT_SECONDS);
        if (result.exitCode != 0) {
            ProcessHandle.of(pid()).ifPresent(ProcessHandle::destroyForcibly);
            deleteRecursively(dataDirectory);
            throw new IllegalStateException("stopping the broker on port " + port + " failed with exit code "
                    + result.exitCode + " (the process was killed):\n" + result.output);
        }
        deleteRecursively(dataDirectory);
    }

    @Override
    public String toString() {
        return "LocalKafkaBroker{" + bootstrapServers() + ", version " + version() + ", pid " + pid() + "}";
    }

    private synchronized void stopQuietly() {
        if (closed) {
            return;
        }
        closed = true;
        resumeQuietly();
        run(
                repositoryRoot,
                List.of(repositoryRoot.resolve(SCRIPT).toString(), "kafka", "stop", "--port", String.valueOf(port)),
                STOP_TIMEOUT_SECONDS);
        deleteRecursively(dataDirectory);
    }

    static Path findRepositoryRoot() {
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
