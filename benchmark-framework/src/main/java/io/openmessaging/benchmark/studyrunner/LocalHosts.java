package io.openmessaging.benchmark.studyrunner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The three-broker clusters of {@code study run --local-hosts}, one system at a time, through the project's
 * {@code bin/local-hosts}: {@code up --layout SYSTEM} (three broker hosts, two worker hosts and one more, each a
 * {@code systemd-nspawn} container of this machine), {@code deploy} (the Ansible playbook, unchanged) and {@code
 * down}; and the driver settings that point a driver file at the deployed cluster, read from the driver file the
 * playbook rendered on the first worker host ({@code /etc/benchmark/drivers/…}), so that no address is assumed
 * here.
 */
public final class LocalHosts {

    /** The driver file the playbook renders for each system it deploys, whose broker addresses a run takes. */
    static final Map<String, String> DEPLOYED_DRIVER_FILES = Map.of(
            "kafka", "kafka-latency.yaml",
            "pulsar", "pulsar.yaml",
            "rabbitmq", "rabbitmq-quorum.yaml");

    /** Where the playbook's worker role writes the driver files on a worker host. */
    static final String DRIVERS_DIRECTORY = "/etc/benchmark/drivers/";

    /** {@code bin/local-hosts status}: no simulated hosts at all. */
    private static final int STATUS_NONE = 3;

    private static final long UP_TIMEOUT_SECONDS = 1800;
    private static final long DEPLOY_TIMEOUT_SECONDS = 2400;
    private static final long DOWN_TIMEOUT_SECONDS = 300;
    private static final long QUERY_TIMEOUT_SECONDS = 180;

    private static final Map<String, Pattern> VERSIONS = Map.of(
            "kafka", Pattern.compile("artifact kafka_[0-9.]+-(\\S+?)\\.tgz"),
            "pulsar", Pattern.compile("artifact apache-pulsar-(\\S+?)-bin\\.tar\\.gz"),
            "rabbitmq", Pattern.compile("rabbitmq_version=(\\S+)"));

    private final Path script;
    private Process step;
    private boolean aborted;

    /** The simulated hosts of {@code script} (a project's {@code bin/local-hosts}, or a stand-in in tests). */
    public LocalHosts(Path script) {
        this.script = script;
    }

    /** The simulated hosts of the project in {@code projectDirectory} ({@code bin/local-hosts}). */
    public static LocalHosts of(Path projectDirectory) {
        return new LocalHosts(projectDirectory.resolve("bin/local-hosts"));
    }

    public Path script() {
        return script;
    }

    /** Whether {@code bin/local-hosts} has a layout of {@code system} that {@code deploy} deploys. */
    public static boolean deploys(String system) {
        return DEPLOYED_DRIVER_FILES.containsKey(system);
    }

    /** Where the playbook renders {@code system}'s driver file on a worker host, whose addresses a run takes. */
    public static String deployedDriverFile(String system) {
        return DRIVERS_DIRECTORY + DEPLOYED_DRIVER_FILES.get(system);
    }

    /** Whether this process runs as root (uid 0), as {@code bin/local-hosts} needs. */
    public static boolean runningAsRoot() {
        try (Stream<String> lines = Files.lines(Path.of("/proc/self/status"))) {
            return lines.filter(line -> line.startsWith("Uid:"))
                    .map(line -> line.split("\\s+")[1])
                    .anyMatch("0"::equals);
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * A cluster deployed on the simulated hosts.
     *
     * @param system the system deployed
     * @param brokers the number of broker hosts
     * @param version the broker's version the deployment installed, or {@code null} when it did not say
     * @param driverSettings the {@code driver.…} settings that point a driver file of {@code system} at it
     * @param workerHost the host whose rendered driver file they were read from
     * @param upSeconds how long {@code up} took
     * @param deploySeconds how long {@code deploy} took
     */
    public record Cluster(
            String system,
            int brokers,
            String version,
            List<String> driverSettings,
            String workerHost,
            long upSeconds,
            long deploySeconds) {

        public Cluster {
            driverSettings = List.copyOf(driverSettings);
        }
    }

    /**
     * Whether any simulated host, or anything left of one, is there ({@code bin/local-hosts status}).
     *
     * @throws IOException when the script cannot tell
     */
    public boolean anyUp() throws IOException, InterruptedException {
        ScriptRun.Output status = run(QUERY_TIMEOUT_SECONDS, line -> {}, "status");
        if (status.exitCode() == STATUS_NONE) {
            return false;
        }
        if (status.exitCode() == 0) {
            return true;
        }
        throw status.failure("bin/local-hosts status");
    }

    /**
     * Brings up the layout of {@code system}, deploys it and reads how to reach it; every line the script prints
     * goes to {@code progress}. When a step fails the hosts are taken down again before the exception.
     *
     * @throws IOException naming the step that failed, its exit code and its last line, and whether the hosts
     *     are down again
     */
    public Cluster deploy(String system, Consumer<String> progress) throws IOException, InterruptedException {
        if (!deploys(system)) {
            throw new IllegalArgumentException("bin/local-hosts deploys kafka, pulsar and rabbitmq, not " + system);
        }
        try {
            long started = System.nanoTime();
            ScriptRun.Output up = run(UP_TIMEOUT_SECONDS, progress, "up", "--layout", system);
            if (up.exitCode() != 0) {
                throw up.failure("bin/local-hosts up --layout " + system);
            }
            long upSeconds = secondsSince(started);
            started = System.nanoTime();
            ScriptRun.Output deploy = run(DEPLOY_TIMEOUT_SECONDS, progress, "deploy");
            if (deploy.exitCode() != 0) {
                throw deploy.failure("bin/local-hosts deploy");
            }
            long deploySeconds = secondsSince(started);
            ScriptRun.Output inventory = run(QUERY_TIMEOUT_SECONDS, line -> {}, "inventory");
            if (inventory.exitCode() != 0) {
                throw inventory.failure("bin/local-hosts inventory");
            }
            Inventory hosts = inventoryOf(inventory.text(), system);
            String file = deployedDriverFile(system);
            ScriptRun.Output driver =
                    run(QUERY_TIMEOUT_SECONDS, line -> {}, "ssh", hosts.firstWorker(), "sudo", "cat", file);
            if (driver.exitCode() != 0) {
                throw driver.failure("bin/local-hosts ssh " + hosts.firstWorker() + " sudo cat " + file);
            }
            List<String> settings = driverSettings(system, driver.text(), hosts.firstWorker() + ":" + file);
            return new Cluster(
                    system,
                    hosts.brokers(),
                    versionIn(system, deploy.text()),
                    settings,
                    hosts.firstWorker(),
                    upSeconds,
                    deploySeconds);
        } catch (IOException | RuntimeException e) {
            String problem = down();
            throw new IOException(
                    e.getMessage() + (problem == null ? "; the hosts are down again" : "; and " + problem), e);
        } catch (InterruptedException e) {
            down();
            throw e;
        }
    }

    /**
     * {@code bin/local-hosts down}: everything of the simulated hosts removed; again changes nothing.
     *
     * @return {@code null} when it succeeded, else what went wrong
     */
    public String down() {
        try {
            ScriptRun.Output down = run(DOWN_TIMEOUT_SECONDS, line -> {}, "down");
            return down.exitCode() == 0
                    ? null
                    : down.failure("bin/local-hosts down").getMessage();
        } catch (IOException e) {
            return "bin/local-hosts down: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted during bin/local-hosts down";
        }
    }

    /**
     * Ends the {@code up} or {@code deploy} running (and every process it started) and keeps any further one from
     * starting, from any thread, e.g. on Ctrl-C; {@link #deploy} then fails and takes the hosts down. {@code down}
     * itself is never ended.
     */
    public synchronized void abort() {
        aborted = true;
        if (step != null) {
            step.descendants().forEach(ProcessHandle::destroy);
            step.destroy();
        }
    }

    /** The broker hosts and the first worker host of the inventory {@code bin/local-hosts inventory} printed. */
    record Inventory(int brokers, String firstWorker) {}

    /** The hosts of group {@code [SYSTEM]} (the brokers) and the first of {@code [worker]}. */
    static Inventory inventoryOf(String inventory, String system) throws IOException {
        int brokers = 0;
        String firstWorker = null;
        String group = null;
        for (String line : inventory.split("\n")) {
            String text = line.strip();
            if (text.isEmpty() || text.startsWith("#")) {
                continue;
            }
            if (text.startsWith("[")) {
                group = text;
            } else if (group != null && group.equals("[" + system + "]")) {
                brokers++;
            } else if (group != null && group.equals("[worker]") && firstWorker == null) {
                firstWorker = text.split("\\s+")[0];
            }
        }
        if (brokers == 0 || firstWorker == null) {
            throw new IOException("bin/local-hosts inventory lists " + brokers + " host(s) in [" + system + "] and "
                    + (firstWorker == null ? "none" : "some") + " in [worker]; expected the brokers and workers of"
                    + " --layout " + system);
        }
        return new Inventory(brokers, firstWorker);
    }

    /**
     * The settings that point a driver file of {@code system} at the cluster the driver file {@code yaml} (as the
     * playbook rendered it, read from {@code source}) reaches: Kafka's {@code bootstrap.servers}, Pulsar's service
     * and HTTP URLs and cluster name, RabbitMQ's URIs (with the user the playbook made).
     *
     * @throws IOException when the file does not say them
     */
    static List<String> driverSettings(String system, String yaml, String source) throws IOException {
        JsonNode root;
        try {
            root = new ObjectMapper(new YAMLFactory()).readTree(yaml);
        } catch (IOException e) {
            throw new IOException(source + " is no YAML: " + e.getMessage());
        }
        if (root == null || !root.isObject()) {
            throw new IOException(source + " is empty or no mapping");
        }
        List<String> settings = new ArrayList<>();
        switch (system) {
            case "kafka" -> {
                Properties common = new Properties();
                common.load(new StringReader(root.path("commonConfig").asText("")));
                String servers = common.getProperty("bootstrap.servers");
                if (servers == null || servers.isBlank()) {
                    throw new IOException(source + " has no bootstrap.servers in commonConfig");
                }
                settings.add("driver.commonConfig.bootstrap.servers=" + servers.strip());
            }
            case "pulsar" -> {
                for (String key : List.of("serviceUrl", "httpUrl", "clusterName")) {
                    String value = root.path("client").path(key).asText("");
                    if (value.isBlank()) {
                        throw new IOException(source + " has no client." + key);
                    }
                    settings.add("driver.client." + key + "=" + value.strip());
                }
            }
            case "rabbitmq" -> {
                List<String> uris = new ArrayList<>();
                root.path("amqpUris").forEach(uri -> uris.add(uri.asText().strip()));
                if (uris.isEmpty()) {
                    throw new IOException(source + " has no amqpUris");
                }
                settings.add("driver.amqpUris=[" + String.join(",", uris) + "]");
            }
            default -> throw new IllegalArgumentException("no deployed driver file of " + system);
        }
        return settings;
    }

    /** The broker version {@code bin/local-hosts deploy} printed for {@code system}'s artifact, else {@code null}. */
    static String versionIn(String system, String deployOutput) {
        Pattern pattern = VERSIONS.get(system);
        if (pattern == null) {
            return null;
        }
        Matcher matcher = pattern.matcher(deployOutput);
        return matcher.find() ? matcher.group(1) : null;
    }

    private ScriptRun.Output run(long timeoutSeconds, Consumer<String> progress, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(script.toString()));
        command.addAll(List.of(args));
        // every command but down ends when aborted: down must run to its end whatever happens
        boolean abortable = !args[0].equals("down");
        synchronized (this) {
            if (abortable && aborted) {
                throw new IOException("bin/local-hosts " + args[0] + " not started: the study run is ending");
            }
        }
        try {
            return ScriptRun.run(command, timeoutSeconds, progress, process -> {
                if (abortable) {
                    synchronized (this) {
                        step = process;
                        if (aborted) { // aborted while it started
                            abort();
                        }
                    }
                }
            });
        } finally {
            if (abortable) {
                synchronized (this) {
                    step = null;
                }
            }
        }
    }

    private static long secondsSince(long startedNanos) {
        return TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - startedNanos);
    }
}
