package io.openmessaging.benchmark.driver.pulsar;

import io.openmessaging.benchmark.testing.BrokerProcess;
import io.openmessaging.benchmark.testing.LocalBrokerScripts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Properties;

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
    private volatile Properties state;
    private final String startOutput;
    private final Thread shutdownHook;
    private volatile BrokerProcess process;
    private boolean closed;

    private LocalPulsarStandalone(
            Path repositoryRoot, Path dataDirectory, int port, Properties state, String startOutput) {
        this.repositoryRoot = repositoryRoot;
        this.dataDirectory = dataDirectory;
        this.port = port;
        this.state = state;
        this.process = new BrokerProcess(Long.parseLong(state.getProperty("pid")), "standalone");
        this.startOutput = startOutput;
        this.shutdownHook = new Thread(this::stopQuietly, "local-pulsar-" + port + "-shutdown");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /** Starts a standalone on two free loopback ports; returns once a client can produce and consume. */
    public static LocalPulsarStandalone start() {
        Path root = LocalBrokerScripts.repositoryRoot();
        Path dataDirectory;
        try {
            dataDirectory = Files.createTempDirectory("local-pulsar-test-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a data directory for the local Pulsar standalone", e);
        }
        String lastOutput = "";
        for (int attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
            int[] ports = LocalBrokerScripts.freeLoopbackPorts(2);
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
            LocalBrokerScripts.Result result = LocalBrokerScripts.run(root, command, SCRIPT_TIMEOUT_SECONDS);
            lastOutput = result.output();
            if (result.exitCode() == 0) {
                Properties state = LocalBrokerScripts.readProperties(
                        root.resolve("deployment/local/pulsar/work/run/pulsar-" + ports[0] + ".state"));
                return new LocalPulsarStandalone(root, dataDirectory, ports[0], state, result.output());
            }
            if (result.exitCode() != EXIT_PORT_IN_USE) {
                LocalBrokerScripts.deleteRecursively(dataDirectory);
                throw new IllegalStateException("'" + String.join(" ", command) + "' failed with exit code "
                        + result.exitCode() + ":\n" + result.output());
            }
            // Another process took one of the ports between the check and the start: pick new ones.
        }
        LocalBrokerScripts.deleteRecursively(dataDirectory);
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
        return process.pid();
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
        process.kill();
    }

    /**
     * Starts the standalone again, after {@link #kill()}, on the same ports and its own data (what a broker
     * restarted after a crash has): returns once a client can produce and consume again.
     */
    public synchronized void restart() {
        List<String> command = List.of(
                repositoryRoot.resolve(SCRIPT).toString(),
                "pulsar",
                "start",
                "--port",
                String.valueOf(port),
                "--web-port",
                String.valueOf(URI.create(httpUrl()).getPort()),
                "--data-dir",
                dataDirectory.toString(),
                "--timeout",
                String.valueOf(READINESS_TIMEOUT_SECONDS));
        LocalBrokerScripts.Result result = LocalBrokerScripts.run(repositoryRoot, command, SCRIPT_TIMEOUT_SECONDS);
        if (result.exitCode() != 0) {
            throw new IllegalStateException("'" + String.join(" ", command) + "' failed with exit code "
                    + result.exitCode() + ":\n" + result.output());
        }
        state = LocalBrokerScripts.readProperties(
                repositoryRoot.resolve("deployment/local/pulsar/work/run/pulsar-" + port + ".state"));
        process = new BrokerProcess(Long.parseLong(state.getProperty("pid")), "standalone");
    }

    /**
     * SIGSTOP the standalone: it keeps its sockets open but answers nothing (a stall, like a long GC pause
     * or a frozen VM) until {@link #resume()}. {@link #close()} resumes a paused standalone before
     * stopping it.
     */
    public void pause() {
        process.pause();
    }

    /** SIGCONT a standalone that {@link #pause()} stopped. */
    public void resume() {
        process.resume();
    }

    /** Whether the standalone is paused now. */
    public boolean isPaused() {
        return process.isPaused();
    }

    /** Stops the standalone (SIGTERM, SIGKILL after a bound) and deletes its data directory. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        process.resumeQuietly();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shutdownInProgress) {
            // The hook itself is running or about to: nothing to remove.
        }
        LocalBrokerScripts.Result result = LocalBrokerScripts.run(repositoryRoot, stopCommand(), STOP_TIMEOUT_SECONDS);
        if (result.exitCode() != 0) {
            ProcessHandle.of(pid()).ifPresent(ProcessHandle::destroyForcibly);
            LocalBrokerScripts.deleteRecursively(dataDirectory);
            throw new IllegalStateException("stopping the standalone on port " + port + " failed with exit code "
                    + result.exitCode() + " (the process was killed):\n" + result.output());
        }
        LocalBrokerScripts.deleteRecursively(dataDirectory);
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
        process.resumeQuietly();
        LocalBrokerScripts.run(repositoryRoot, stopCommand(), STOP_TIMEOUT_SECONDS);
        LocalBrokerScripts.deleteRecursively(dataDirectory);
    }
}
