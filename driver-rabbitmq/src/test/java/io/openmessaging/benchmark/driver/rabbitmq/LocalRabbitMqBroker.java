package io.openmessaging.benchmark.driver.rabbitmq;

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
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

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
    private final Properties state;
    private final Thread shutdownHook;
    private boolean closed;
    /** Set by pause(), cleared by resume(): close() resumes first. */
    private boolean paused;

    private LocalRabbitMqBroker(Path repositoryRoot, int port, Properties state) {
        this.repositoryRoot = repositoryRoot;
        this.port = port;
        this.state = state;
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
        Path root = findRepositoryRoot();
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
            ScriptResult result = run(root, command, SCRIPT_TIMEOUT_SECONDS, Map.of());
            lastOutput = result.output;
            if (result.exitCode == 0) {
                Properties state =
                        readProperties(root.resolve("deployment/local/rabbitmq/work/run/rabbitmq-" + port + ".state"));
                return new LocalRabbitMqBroker(root, port, state);
            }
            boolean portTaken = result.exitCode == EXIT_PORT_IN_USE
                    || (result.exitCode == EXIT_BROKER_DIED && result.output.contains("eaddrinuse"));
            if (!portTaken) {
                throw new IllegalStateException("'" + String.join(" ", command) + "' failed with exit code "
                        + result.exitCode + ":\n" + result.output);
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
        return Long.parseLong(state.getProperty("pid"));
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
        ProcessHandle.of(pid()).ifPresent(process -> {
            process.destroyForcibly();
            try {
                process.onExit().get(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                throw new IllegalStateException("node pid " + pid() + " did not exit after SIGKILL", e);
            }
        });
    }

    /**
     * SIGSTOP the node: it keeps its sockets open but answers nothing (a stall, like a long GC pause
     * or a frozen VM) until {@link #resume()}. {@link #close()} resumes a paused node before
     * stopping it.
     */
    public synchronized void pause() {
        signal("STOP");
        paused = true;
        awaitState(true);
    }

    /** SIGCONT a node that {@link #pause()} stopped. */
    public synchronized void resume() {
        signal("CONT");
        paused = false;
        awaitState(false);
    }

    /** Whether the node is paused now. */
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

    /** Sends {@code SIG<name>} to the node's process with kill(1). */
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
                throw new IllegalStateException("node pid " + pid() + " is gone", e);
            }
            // "pid (comm) S ...": the state is the first field after the last ')'
            char state = text.substring(text.lastIndexOf(')') + 1).strip().charAt(0);
            if ((state == 'T') == stopped) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("node pid " + pid() + " is in state " + state + " 10 s after SIG"
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

    /** Stops the node ({@code rabbitmqctl shutdown}, SIGKILL after a bound) and deletes its data. */
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
        ScriptResult result = stop();
        if (result.exitCode != 0) {
            ProcessHandle.of(pid()).ifPresent(ProcessHandle::destroyForcibly);
            throw new IllegalStateException("stopping the node on port " + port + " failed with exit code "
                    + result.exitCode + " (the process was killed):\n" + result.output);
        }
    }

    @Override
    public String toString() {
        return "LocalRabbitMqBroker{" + amqpUri() + ", version " + version() + ", pid " + pid() + "}";
    }

    private synchronized void stopQuietly() {
        if (!closed) {
            closed = true;
            resumeQuietly();
            stop();
        }
    }

    private ScriptResult stop() {
        return run(
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
        ScriptResult result = run(
                repositoryRoot,
                command,
                CTL_TIMEOUT_SECONDS,
                Map.of("HOME", dataDir, "RABBITMQ_CONF_ENV_FILE", dataDir + "/rabbitmq-env.conf"));
        if (result.exitCode != 0) {
            throw new IllegalStateException(
                    String.join(" ", command) + " failed with exit code " + result.exitCode + ":\n" + result.output);
        }
        List<String> lines = new ArrayList<>();
        for (String line : result.output.split("\n")) {
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

    /** A port P such that P and P + 1 (AMQP and Erlang distribution) were both free a moment ago. */
    private static int freePortPair() {
        for (int attempt = 0; attempt < 100; attempt++) {
            int port = ThreadLocalRandom.current().nextInt(LOWEST_PORT, HIGHEST_PORT);
            if (isFree(port) && isFree(port + 1)) {
                return port;
            }
        }
        throw new IllegalStateException(
                "no two adjacent free loopback ports found between " + LOWEST_PORT + " and " + HIGHEST_PORT);
    }

    private static boolean isFree(int port) {
        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            socket.setReuseAddress(true);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private record ScriptResult(int exitCode, String output) {}

    private static ScriptResult run(
            Path directory, List<String> command, long timeoutSeconds, Map<String, String> environment) {
        Path output = null;
        try {
            output = Files.createTempFile("local-broker-", ".out");
            ProcessBuilder builder = new ProcessBuilder(command)
                    .directory(directory.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile())
                    .redirectInput(
                            ProcessBuilder.Redirect.from(Paths.get("/dev/null").toFile()));
            builder.environment().putAll(environment);
            Process process = builder.start();
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
}
