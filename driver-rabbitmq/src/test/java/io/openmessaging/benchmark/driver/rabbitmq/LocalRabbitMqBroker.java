package io.openmessaging.benchmark.driver.rabbitmq;

import io.openmessaging.benchmark.testing.BrokerProcess;
import io.openmessaging.benchmark.testing.LocalBrokerScripts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A private RabbitMQ node on 127.0.0.1 for integration tests, started and stopped with {@code
 * bin/local-broker rabbitmq start|stop} (see docs/local-brokers.md): each instance has its own ports
 * (below the ephemeral range) and temporary data directory, so several may run at once.
 *
 * <pre>{@code
 * try (LocalRabbitMqBroker broker = LocalRabbitMqBroker.start()) {
 *   String uri = broker.amqpUri();          // amqp://127.0.0.1:<port>, user guest over loopback
 *   ...
 *   broker.connectionCount();               // rabbitmqctl list_connections, counted
 * }
 * }</pre>
 *
 * <p>Independent of any test framework; a JVM shutdown hook stops nodes a test forgot to close.
 */
public final class LocalRabbitMqBroker implements AutoCloseable {

    /** Readiness bound handed to the script: generous, because CI machines may be small and busy. */
    private static final int READINESS_TIMEOUT_SECONDS = 120;
    /** Extra time around readiness (installing the package on first use takes ~40 s). */
    private static final long SCRIPT_TIMEOUT_SECONDS = READINESS_TIMEOUT_SECONDS + 300;

    private static final long STOP_TIMEOUT_SECONDS = 60;
    private static final long CTL_TIMEOUT_SECONDS = 60;
    private static final int EXIT_PORT_IN_USE = 4;
    private static final int EXIT_BROKER_DIED = 6;
    private static final int START_ATTEMPTS = 3;
    /** Ports are drawn below Linux's ephemeral range (32768-60999), where client sockets cannot take them. */
    private static final int LOWEST_PORT = 20_000;

    private static final int HIGHEST_PORT = 32_000;
    private static final String SCRIPT = "bin/local-broker";

    private final Path repositoryRoot;
    private final int port;
    private Properties state;
    private final Thread shutdownHook;
    private BrokerProcess process;
    /** The data directory start made (deleted by close), once a restart has taken it over; else null. */
    private Path createdDataDir;

    private boolean closed;

    private LocalRabbitMqBroker(Path repositoryRoot, int port, Properties state) {
        this.repositoryRoot = repositoryRoot;
        this.port = port;
        this.state = state;
        this.process = new BrokerProcess(Long.parseLong(state.getProperty("pid")), "node");
        this.shutdownHook = new Thread(this::stopQuietly, "local-rabbitmq-" + port + "-shutdown");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /** Starts a node with the default user guest and vhost /. */
    public static LocalRabbitMqBroker start() {
        return start(Map.of());
    }

    /**
     * Starts a node; {@code options} are extra start options such as {@code --user}, {@code
     * --password}, {@code --vhost} (option name without dashes → value).
     */
    public static LocalRabbitMqBroker start(Map<String, String> options) {
        Path root = LocalBrokerScripts.repositoryRoot();
        String lastOutput = "";
        for (int attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
            int port = freePortPair();
            List<String> command = new ArrayList<>(List.of(
                    root.resolve(SCRIPT).toString(),
                    "rabbitmq",
                    "start",
                    "--port",
                    String.valueOf(port),
                    "--timeout",
                    String.valueOf(READINESS_TIMEOUT_SECONDS)));
            options.forEach((name, value) -> command.addAll(List.of("--" + name, value)));
            LocalBrokerScripts.Result result = LocalBrokerScripts.run(root, command, SCRIPT_TIMEOUT_SECONDS, Map.of());
            lastOutput = result.output();
            if (result.exitCode() == 0) {
                Properties state = LocalBrokerScripts.readProperties(
                        root.resolve("deployment/local/rabbitmq/work/run/rabbitmq-" + port + ".state"));
                return new LocalRabbitMqBroker(root, port, state);
            }
            boolean portTaken = result.exitCode() == EXIT_PORT_IN_USE
                    || (result.exitCode() == EXIT_BROKER_DIED && result.output().contains("eaddrinuse"));
            if (!portTaken) {
                throw new IllegalStateException("'" + String.join(" ", command) + "' failed with exit code "
                        + result.exitCode() + ":\n" + result.output());
            }
            // Another process took a port between the check and the start: draw new ones.
        }
        throw new IllegalStateException(
                "no free port pair after " + START_ATTEMPTS + " attempts; last output:\n" + lastOutput);
    }

    /** {@code amqp://127.0.0.1:<port>}, without credentials or vhost. */
    public String amqpUri() {
        return state.getProperty("amqp.uri");
    }

    public int port() {
        return port;
    }

    /** The broker's version, e.g. 3.10.8. */
    public String version() {
        return state.getProperty("version");
    }

    /** The node's operating-system process id (beam.smp). */
    public long pid() {
        return process.pid();
    }

    /** Resident memory of the node's process in bytes, or -1 when unknown. */
    public long residentSetBytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + pid() + "/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }

    /** Client connections the broker has open now, as {@code rabbitmqctl list_connections} lists them. */
    public int connectionCount() {
        return ctlLines("list_connections", "name").size();
    }

    /** Names of the queues of a vhost, as {@code rabbitmqctl list_queues} lists them. */
    public List<String> queueNames(String vhost) {
        return ctlLines("list_queues", "-p", vhost, "name");
    }

    /**
     * Lowers (or raises) the node's {@code max_message_size} at run time, with {@code rabbitmqctl eval}:
     * channels opened afterwards refuse a publish with a larger body (the broker closes the channel with
     * PRECONDITION_FAILED). Channels already open keep the limit they started with.
     */
    public void setMaxMessageSize(int bytes) {
        ctlLines("eval", "application:set_env(rabbit, max_message_size, " + bytes + ").");
        List<String> now = ctlLines("eval", "application:get_env(rabbit, max_message_size).");
        if (!now.equals(List.of("{ok," + bytes + "}"))) {
            throw new IllegalStateException("max_message_size is " + now + " after setting it to " + bytes);
        }
    }

    /** SIGKILL the node, without any shutdown: for tests of client behaviour on broker failure. */
    public void kill() {
        process.kill();
    }

    /**
     * Starts the node again on its own data and ports after {@link #kill()} (kills it first if it still
     * runs): durable queues and the messages they stored are back, as after a crash of a real node.
     */
    public synchronized void restart() {
        process.kill();
        String dataDir = state.getProperty("data.dir");
        if (createdDataDir == null && Boolean.parseBoolean(state.getProperty("data.dir.created"))) {
            createdDataDir = Path.of(dataDir);
        }
        List<String> command = List.of(
                repositoryRoot.resolve(SCRIPT).toString(),
                "rabbitmq",
                "start",
                "--port",
                String.valueOf(port),
                "--data-dir",
                dataDir,
                "--timeout",
                String.valueOf(READINESS_TIMEOUT_SECONDS));
        LocalBrokerScripts.Result result =
                LocalBrokerScripts.run(repositoryRoot, command, SCRIPT_TIMEOUT_SECONDS, Map.of());
        if (result.exitCode() != 0) {
            throw new IllegalStateException("'" + String.join(" ", command) + "' failed with exit code "
                    + result.exitCode() + ":\n" + result.output());
        }
        state = LocalBrokerScripts.readProperties(
                repositoryRoot.resolve("deployment/local/rabbitmq/work/run/rabbitmq-" + port + ".state"));
        process = new BrokerProcess(Long.parseLong(state.getProperty("pid")), "node");
    }

    /**
     * SIGSTOP the node: it keeps its sockets open but answers nothing (a stall, like a long GC pause
     * or a frozen VM) until {@link #resume()}. {@link #close()} resumes a paused node before
     * stopping it.
     */
    public void pause() {
        process.pause();
    }

    /** SIGCONT a node that {@link #pause()} stopped. */
    public void resume() {
        process.resume();
    }

    /** Whether the node is paused now. */
    public boolean isPaused() {
        return process.isPaused();
    }

    /** Stops the node ({@code rabbitmqctl shutdown}, SIGKILL after a bound) and deletes its data. */
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
        LocalBrokerScripts.Result result = stop();
        deleteCreatedDataDir();
        if (result.exitCode() != 0) {
            ProcessHandle.of(pid()).ifPresent(ProcessHandle::destroyForcibly);
            throw new IllegalStateException("stopping the node on port " + port + " failed with exit code "
                    + result.exitCode() + " (the process was killed):\n" + result.output());
        }
    }

    @Override
    public String toString() {
        return "LocalRabbitMqBroker{" + amqpUri() + ", version " + version() + ", pid " + pid() + "}";
    }

    private synchronized void stopQuietly() {
        if (!closed) {
            closed = true;
            process.resumeQuietly();
            stop();
            deleteCreatedDataDir();
        }
    }

    /** After a restart the script keeps the data directory it was given: delete the one start made. */
    private void deleteCreatedDataDir() {
        if (createdDataDir == null) {
            return;
        }
        try (var paths = Files.walk(createdDataDir)) {
            paths.sorted(Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // a temporary directory: left for the system to clear
        }
    }

    private LocalBrokerScripts.Result stop() {
        return LocalBrokerScripts.run(
                repositoryRoot,
                List.of(repositoryRoot.resolve(SCRIPT).toString(), "rabbitmq", "stop", "--port", String.valueOf(port)),
                STOP_TIMEOUT_SECONDS,
                Map.of());
    }

    private List<String> ctlLines(String... arguments) {
        List<String> command =
                new ArrayList<>(List.of(state.getProperty("ctl"), "-n", state.getProperty("node"), "-q"));
        command.addAll(List.of(arguments));
        String dataDir = state.getProperty("data.dir");
        LocalBrokerScripts.Result result = LocalBrokerScripts.run(
                repositoryRoot,
                command,
                CTL_TIMEOUT_SECONDS,
                Map.of("HOME", dataDir, "RABBITMQ_CONF_ENV_FILE", dataDir + "/rabbitmq-env.conf"));
        if (result.exitCode() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed with exit code " + result.exitCode()
                    + ":\n" + result.output());
        }
        List<String> lines = new ArrayList<>();
        for (String line : result.output().split("\n")) {
            if (!line.isBlank()) {
                lines.add(line.strip());
            }
        }
        // -q still prints the column header line ("name") on 3.10
        if (!lines.isEmpty() && lines.get(0).equals("name")) {
            lines.remove(0);
        }
        return lines;
    }

    /** A port P such that P and P + 1 (AMQP and Erlang distribution) were both free a moment ago. */
    private static int freePortPair() {
        for (int attempt = 0; attempt < 100; attempt++) {
            int port = ThreadLocalRandom.current().nextInt(LOWEST_PORT, HIGHEST_PORT);
            if (LocalBrokerScripts.isFreeLoopbackPort(port) && LocalBrokerScripts.isFreeLoopbackPort(port + 1)) {
                return port;
            }
        }
        throw new IllegalStateException(
                "no two adjacent free loopback ports found between " + LOWEST_PORT + " and " + HIGHEST_PORT);
    }
}
