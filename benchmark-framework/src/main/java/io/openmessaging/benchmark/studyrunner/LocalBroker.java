package io.openmessaging.benchmark.studyrunner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A fresh single-node broker on 127.0.0.1 for one run of {@code study run --local-brokers}, started and stopped
 * with the project's {@code bin/local-broker SYSTEM start|stop --data-dir DIR}, and the driver settings that
 * point a driver file of that system at it (those of the {@code driver-SYSTEM/SYSTEM-local.yaml} files: the
 * address, and one copy of everything where a cluster keeps three).
 */
public final class LocalBroker implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(LocalBroker.class);

    /** The driver settings per system that point its driver at the broker {@code bin/local-broker} starts. */
    static final Map<String, List<String>> DRIVER_SETTINGS = Map.of(
            "kafka",
            List.of(
                    "driver.commonConfig.bootstrap.servers=127.0.0.1:19092",
                    "driver.replicationFactor=1",
                    "driver.topicConfig.min.insync.replicas=1"),
            "pulsar",
            List.of(
                    "driver.client.serviceUrl=pulsar://127.0.0.1:16650",
                    "driver.client.httpUrl=http://127.0.0.1:18080",
                    "driver.client.clusterName=standalone",
                    "driver.client.persistence.ensembleSize=1",
                    "driver.client.persistence.writeQuorum=1",
                    "driver.client.persistence.ackQuorum=1"),
            "rabbitmq",
            List.of("driver.amqpUris=[amqp://127.0.0.1:17672]"));

    /** Systems that need no broker at all (the in-process loopback driver). */
    static final List<String> BROKERLESS = List.of("loopback");

    private static final Pattern VERSION =
            Pattern.compile("(?m)^(?:Kafka|Pulsar|RabbitMQ) ([0-9][0-9A-Za-z.+-]*) (?:standalone )?ready on");

    private final Path script;
    private final String system;
    private final Path dataDirectory;
    private final String version;
    private boolean stopped;

    private LocalBroker(Path script, String system, Path dataDirectory, String version) {
        this.script = script;
        this.system = system;
        this.dataDirectory = dataDirectory;
        this.version = version;
    }

    /** Whether {@code bin/local-broker} runs {@code system}. */
    public static boolean runs(String system) {
        return DRIVER_SETTINGS.containsKey(system);
    }

    /** The driver settings that point {@code system}'s driver at the broker started here. */
    public static List<String> driverSettings(String system) {
        return DRIVER_SETTINGS.getOrDefault(system, List.of());
    }

    /** Whether {@code system} runs without any broker. */
    public static boolean needsNoBroker(String system) {
        return BROKERLESS.contains(system);
    }

    /**
     * Starts a broker of {@code system} in a new temporary data directory with {@code config} ({@code
     * KEY=VALUE}); the script's output is kept for the error when it fails.
     *
     * @throws IOException when the script fails, saying its exit code and last output line
     */
    public static LocalBroker start(Path projectDirectory, String system, List<String> config)
            throws IOException, InterruptedException {
        Path script = projectDirectory.resolve("bin/local-broker");
        if (!Files.isExecutable(script)) {
            throw new IOException(script + " is not there or not executable; --local-brokers needs it");
        }
        Path dataDirectory = Files.createTempDirectory("study-run-" + system + "-");
        List<String> command =
                new ArrayList<>(List.of(script.toString(), system, "start", "--data-dir", dataDirectory.toString()));
        config.forEach(setting -> {
            command.add("--config");
            command.add(setting);
        });
        ScriptRun.Output output = ScriptRun.run(command, 600, line -> {}, process -> {});
        LocalBroker broker = new LocalBroker(script, system, dataDirectory, versionIn(output.text()));
        if (output.exitCode() != 0) {
            broker.deleteData();
            throw new IOException("bin/local-broker " + system + " start ended with exit code " + output.exitCode()
                    + output.lastLine());
        }
        return broker;
    }

    /** The version the script said it started, else {@code null}. */
    public String version() {
        return version;
    }

    /** Stops the broker and deletes its data directory; again does nothing. */
    @Override
    public synchronized void close() {
        close(null);
    }

    /**
     * Stops the broker, copies its logs (every {@code *.log} file of the data directory and of its {@code log}
     * directory: the broker's own, the start's and the readiness client's) into {@code keepLogsIn} when that is
     * not {@code null}, and deletes the data directory; again does nothing.
     *
     * @return the logs copied
     */
    public synchronized List<Path> close(Path keepLogsIn) {
        if (stopped) {
            return List.of();
        }
        stopped = true;
        try {
            ScriptRun.run(
                    List.of(script.toString(), system, "stop", "--data-dir", dataDirectory.toString(), "--grace", "20"),
                    120,
                    line -> {},
                    process -> {});
        } catch (IOException e) {
            // the data directory still says which broker it was
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        List<Path> kept = keepLogsIn == null ? List.of() : copyLogs(keepLogsIn);
        deleteData();
        return kept;
    }

    private List<Path> copyLogs(Path target) {
        List<Path> logs = new ArrayList<>();
        for (Path directory : List.of(dataDirectory, dataDirectory.resolve("log"))) {
            if (!Files.isDirectory(directory)) {
                continue; // only RabbitMQ has log/
            }
            try (var files = Files.list(directory)) {
                files.filter(file -> file.getFileName().toString().endsWith(".log"))
                        .sorted()
                        .forEach(logs::add);
            } catch (IOException e) {
                log.warn("Could not list the broker's logs in {}: {}", directory, e.toString());
            }
        }
        List<Path> copied = new ArrayList<>();
        if (logs.isEmpty()) {
            return copied;
        }
        try {
            Files.createDirectories(target);
        } catch (IOException e) {
            log.warn("Could not keep the broker's logs in {}: {}", target, e.toString());
            return copied;
        }
        for (Path brokerLog : logs) {
            // log/x.log and x.log both become x.log: the second keeps its directory in its name
            Path copy = target.resolve(brokerLog.getFileName());
            if (Files.exists(copy)) {
                copy = target.resolve(brokerLog.getParent().getFileName() + "-" + brokerLog.getFileName());
            }
            try {
                Files.copy(brokerLog, copy);
                copied.add(copy);
            } catch (IOException e) {
                log.warn("Could not keep the broker's log {}: {}", brokerLog, e.toString()); // keep the others
            }
        }
        return copied;
    }

    private void deleteData() {
        try (var paths = Files.walk(dataDirectory)) {
            paths.sorted(java.util.Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // a temporary directory: left to the system's cleanup
        }
    }

    /** The version in the script's output ({@code Kafka 4.4.0 ready on …}), else {@code null}. */
    static String versionIn(String output) {
        Matcher matcher = VERSION.matcher(output);
        String found = null;
        while (matcher.find()) {
            found = matcher.group(1);
        }
        return found;
    }
}
