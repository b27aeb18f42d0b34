package io.openmessaging.benchmark.driver.kafka;

import io.openmessaging.benchmark.testing.BrokerProcess;
import io.openmessaging.benchmark.testing.LocalBrokerScripts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * A real single-node Kafka broker (KRaft) in its own JVM on 127.0.0.1, for integration tests.
 *
 * <p>Wraps {@code bin/local-broker kafka start|stop} (see docs/local-brokers.md): every instance gets
 * its own free loopback ports and temporary data directory, so several may run at once. The broker
 * runs the root pom's {@code kafka.version}, the same version as the kafka-clients library, unless
 * {@link #startVersion} names another release.
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
    private final BrokerProcess process;
    private boolean closed;

    private LocalKafkaBroker(
            Path repositoryRoot, Path dataDirectory, int port, Properties state, Properties clientSecurityProperties) {
        this.repositoryRoot = repositoryRoot;
        this.dataDirectory = dataDirectory;
        this.port = port;
        this.state = state;
        this.clientSecurityProperties = clientSecurityProperties;
        this.process = new BrokerProcess(Long.parseLong(state.getProperty("pid")), "broker");
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
        return start(saslSsl, serverConfig, null);
    }

    /**
     * Starts a PLAINTEXT broker of the given Kafka release ({@code bin/local-broker kafka start --version};
     * the first start of a release fetches its jars from Maven Central).
     */
    public static LocalKafkaBroker startVersion(String kafkaVersion) {
        return start(false, Map.of(), kafkaVersion);
    }

    private static LocalKafkaBroker start(boolean saslSsl, Map<String, String> serverConfig, String kafkaVersion) {
        Path root = LocalBrokerScripts.repositoryRoot();
        Path dataDirectory;
        try {
            dataDirectory = Files.createTempDirectory("local-kafka-test-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a data directory for the local Kafka broker", e);
        }
        String lastOutput = "";
        for (int attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
            int[] ports = LocalBrokerScripts.freeLoopbackPorts(2);
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
            if (kafkaVersion != null) {
                command.addAll(List.of("--version", kafkaVersion));
            }
            serverConfig.forEach((key, value) -> command.addAll(List.of("--config", key + "=" + value)));
            LocalBrokerScripts.Result result = LocalBrokerScripts.run(root, command, SCRIPT_TIMEOUT_SECONDS);
            lastOutput = result.output();
            if (result.exitCode() == 0) {
                Properties state = LocalBrokerScripts.readProperties(
                        root.resolve("deployment/local/kafka/work/run/kafka-" + ports[0] + ".state"));
                Properties security = new Properties();
                String clientProperties = state.getProperty("client.properties");
                if (clientProperties != null) {
                    security.putAll(LocalBrokerScripts.readProperties(Paths.get(clientProperties)));
                }
                return new LocalKafkaBroker(root, dataDirectory, ports[0], state, security);
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

    /** The broker's Kafka version (the root pom's {@code kafka.version}, or the one asked for). */
    public String version() {
        return state.getProperty("version");
    }

    /** What {@code bin/local-broker kafka status --port P} prints about this broker. */
    public String status() {
        LocalBrokerScripts.Result result = LocalBrokerScripts.run(
                repositoryRoot,
                List.of(repositoryRoot.resolve(SCRIPT).toString(), "kafka", "status", "--port", String.valueOf(port)),
                STOP_TIMEOUT_SECONDS);
        if (result.exitCode() != 0) {
            throw new IllegalStateException("status of the broker on port " + port + " exited with " + result.exitCode()
                    + ":\n" + result.output());
        }
        return result.output().strip();
    }

    /** The broker's process id. */
    public long pid() {
        return process.pid();
    }

    /** The broker's log (stdout and stderr), handy in assertion messages. */
    public Path logFile() {
        return Paths.get(state.getProperty("log.file"));
    }

    /** The {@code server.properties} the broker was started with. */
    public Path serverProperties() {
        return Paths.get(state.getProperty("server.properties"));
    }

    /** SIGKILL the broker, without any shutdown: for tests of client behaviour on broker failure. */
    public void kill() {
        process.kill();
    }

    /**
     * SIGSTOP the broker: it keeps its sockets open but answers nothing (a stall, like a long GC pause
     * or a frozen VM) until {@link #resume()}. {@link #close()} resumes a paused broker before
     * stopping it.
     */
    public void pause() {
        process.pause();
    }

    /** SIGCONT a broker that {@link #pause()} stopped. */
    public void resume() {
        process.resume();
    }

    /** Whether the broker is paused now. */
    public boolean isPaused() {
        return process.isPaused();
    }

    /** Stops the broker (SIGTERM, SIGKILL after a bound) and deletes its data directory. */
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
        LocalBrokerScripts.Result result = LocalBrokerScripts.run(
                repositoryRoot,
                List.of(repositoryRoot.resolve(SCRIPT).toString(), "kafka", "stop", "--port", String.valueOf(port)),
                STOP_TIMEOUT_SECONDS);
        if (result.exitCode() != 0) {
            ProcessHandle.of(pid()).ifPresent(ProcessHandle::destroyForcibly);
            LocalBrokerScripts.deleteRecursively(dataDirectory);
            throw new IllegalStateException("stopping the broker on port " + port + " failed with exit code "
                    + result.exitCode() + " (the process was killed):\n" + result.output());
        }
        LocalBrokerScripts.deleteRecursively(dataDirectory);
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
        process.resumeQuietly();
        LocalBrokerScripts.run(
                repositoryRoot,
                List.of(repositoryRoot.resolve(SCRIPT).toString(), "kafka", "stop", "--port", String.valueOf(port)),
                STOP_TIMEOUT_SECONDS);
        LocalBrokerScripts.deleteRecursively(dataDirectory);
    }
}
