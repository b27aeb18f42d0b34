package io.openmessaging.benchmark.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.testing.LocalBrokerScripts;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The cluster of {@code bin/local-cluster} (docs/distributed.md#a-multi-host-run-on-one-machine): two
 * workers, Kafka and the coordinator each in its own network namespace. Started once for all the drills of
 * a test JVM ({@link #shared()}) and removed by a shutdown hook; {@link #reset()} undoes a drill's
 * partitions, delay and loss. A drill that needs a cluster of another shape gets one of its own beside it
 * ({@link #startOwn}: its own name prefix, address range and state directory), removed by {@link #stop()}.
 * Needs root and the tools of the script; without them {@link #shared()} and {@link #startOwn} abort the
 * test with the reason (JUnit reports it skipped, never passed).
 */
final class LocalCluster {
    /** The name prefix of the shared cluster's namespaces (the script's default). */
    private static final String SHARED_PREFIX = "omblc-";

    static final String BROKER = SHARED_PREFIX + "broker";
    /** The broker's own listener inside its namespace (toxiproxy on its address:9092 fronts it). */
    static final String BROKER_LISTENER = "127.0.0.1:19092";

    private static final String SCRIPT = "bin/local-cluster";
    /** A worker's own listener inside its namespace (toxiproxy on its address:8080 fronts it). */
    private static final int WORKER_LISTENER_PORT = 18080;

    private static LocalCluster shared;

    private final Path root;
    private final String prefix;
    /** The script's environment: the prefix and state directory of a cluster of its own; empty for the shared one. */
    private final Map<String, String> env;

    private Properties state;

    private LocalCluster(Path root, String prefix, Map<String, String> env) {
        this.root = root;
        this.prefix = prefix;
        this.env = env;
    }

    /** The running cluster, started on first use; skips the calling test when this machine cannot run it. */
    static synchronized LocalCluster shared() {
        Path root = LocalBrokerScripts.repositoryRoot();
        assumePrerequisites(root);
        if (shared == null) {
            LocalCluster cluster = new LocalCluster(root, SHARED_PREFIX, Map.of());
            cluster.start(root.resolve("deployment/local/cluster/work"), "--workers", "2");
            shared = cluster;
            Runtime.getRuntime().addShutdownHook(new Thread(cluster::stop, "local-cluster-stop"));
        }
        return shared;
    }

    /**
     * A cluster of the calling drill's own, started now beside the shared one: namespaces named {@code
     * prefix…} (e.g. {@code omblcut-}: "omb", up to 8 letters or digits and a dash, none of another
     * drill's), the address range {@code subnet}.0/24 and its state under {@code cluster-drills/target};
     * {@code options} are {@code bin/local-cluster start}'s. The caller removes it with {@link #stop()}.
     */
    static LocalCluster startOwn(String prefix, String subnet, String... options) {
        Path root = LocalBrokerScripts.repositoryRoot();
        assumePrerequisites(root);
        Path work = root.resolve("cluster-drills/target/local-cluster-" + prefix.replace("-", ""));
        LocalCluster cluster = new LocalCluster(
                root, prefix, Map.of("LOCAL_CLUSTER_PREFIX", prefix, "LOCAL_CLUSTER_WORK", work.toString()));
        List<String> start = new ArrayList<>(List.of("--subnet", subnet));
        start.addAll(List.of(options));
        cluster.start(work, start.toArray(String[]::new));
        return cluster;
    }

    private void start(Path work, String... options) {
        assertThat(root.resolve("benchmark-framework/target/lib"))
                .as("bin/benchmark runs the built project: build it first (mvn -DskipTests package)")
                .isDirectory();
        List<String> command = new ArrayList<>(List.of(SCRIPT, "start"));
        command.addAll(List.of(options));
        LocalBrokerScripts.Result started = LocalBrokerScripts.run(root, command, 300, env);
        assertThat(started.exitCode()).as(started.output()).isZero();
        state = LocalBrokerScripts.readProperties(work.resolve("cluster.state"));
    }

    /** Removes the cluster: its processes, namespaces and state. */
    void stop() {
        LocalBrokerScripts.run(root, List.of(SCRIPT, "stop"), 120, env);
    }

    /** The namespace of {@code node} (coordinator, broker, worker-{@code i}). */
    String namespace(String node) {
        return prefix + node;
    }

    /** Aborts the calling test (reported skipped) when not root or a tool is missing, naming what is. */
    private static void assumePrerequisites(Path root) {
        assumeTrue(
                isRoot(),
                "needs root: network namespaces, veth links and nftables need CAP_NET_ADMIN (CI runs as root)");
        for (String[] tool : new String[][] {{"ip", "iproute2"}, {"nft", "nftables"}, {"curl", "curl"}}) {
            assumeTrue(
                    onPath(tool[0]),
                    "needs '" + tool[0] + "' (Debian package " + tool[1] + "; bin/test-setup installs it as root)");
        }
        assumeTrue(
                Files.isExecutable(root.resolve("deployment/.venv/go/bin/toxiproxy-server"))
                        || onPath("toxiproxy-server"),
                "needs toxiproxy-server (bin/test-setup builds it with Go into deployment/.venv/go/bin)");
    }

    private static boolean isRoot() {
        try (Stream<String> lines = Files.lines(Path.of("/proc/self/status"))) {
            return lines.filter(line -> line.startsWith("Uid:"))
                    .map(line -> line.split("\\s+")[1])
                    .anyMatch("0"::equals);
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean onPath(String command) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(":"))
                .anyMatch(dir -> !dir.isEmpty() && Files.isExecutable(Path.of(dir, command)));
    }

    /** The {@code --workers} list, worker-1 first. */
    String workers() {
        return state.getProperty("workers.list");
    }

    /** worker-{@code i}'s URL (1-based). */
    String workerUrl(int i) {
        return workers().split(",")[i - 1];
    }

    /** Runs {@code bin/local-cluster args...}; the command must succeed. */
    void cluster(String... args) {
        List<String> command = new ArrayList<>(List.of(SCRIPT));
        command.addAll(List.of(args));
        LocalBrokerScripts.Result result = LocalBrokerScripts.run(root, command, 60, env);
        assertThat(result.exitCode()).as("%s: %s", command, result.output()).isZero();
    }

    /** Heals every partition, takes the delay and loss off the broker's link and waits until both workers are idle. */
    void reset() throws InterruptedException {
        cluster("heal", "--all");
        cluster("delay", "broker", "0ms");
        cluster("loss", "broker", "0%");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        for (int i = 1; i <= 2; i++) {
            while (!workerHealth(i).contains("\"state\":\"idle\"")) {
                assertThat(System.nanoTime())
                        .as("worker-%s idle again: %s", i, workerHealth(i))
                        .isLessThan(deadline);
                Thread.sleep(250);
            }
        }
    }

    /** worker-{@code i}'s {@code GET /v1/health}, asked from the coordinator's namespace ("" when unreachable). */
    String workerHealth(int i) {
        String token = readToken();
        return exec(
                        20,
                        "ip",
                        "netns",
                        "exec",
                        namespace("coordinator"),
                        "curl",
                        "-s",
                        "-m",
                        "5",
                        "-H",
                        "Authorization: Bearer " + token,
                        workerUrl(i) + "/v1/health")
                .output();
    }

    /**
     * worker-{@code i}'s {@code GET /v1/health}, asked inside its own namespace (its listener on 127.0.0.1), so
     * that it answers whatever partition the drill made ("" when it does not).
     */
    String workerHealthInside(int i) {
        return exec(
                        20,
                        "ip",
                        "netns",
                        "exec",
                        namespace("worker-" + i),
                        "curl",
                        "-s",
                        "-m",
                        "5",
                        "-H",
                        "Authorization: Bearer " + readToken(),
                        "http://127.0.0.1:" + WORKER_LISTENER_PORT + "/v1/health")
                .output();
    }

    /**
     * Kills every process of the coordinator's namespace with SIGKILL (the coordinator of {@link #benchmark}:
     * no shutdown hook, no stop sent to anyone), as a lost machine or {@code kill -9} would.
     */
    void killCoordinator() {
        LocalBrokerScripts.Result pids = exec(20, "ip", "netns", "pids", namespace("coordinator"));
        assertThat(pids.exitCode()).as(pids.output()).isZero();
        for (String pid : pids.output().trim().split("\\s+")) {
            if (!pid.isEmpty()) {
                ProcessHandle.of(Long.parseLong(pid)).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
    }

    private String readToken() {
        try {
            return Files.readString(Path.of(state.getProperty("token.file"))).trim();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What a coordinator run printed and wrote. */
    record Run(int exitCode, String output, long endedNanos, TestResult result) {}

    /**
     * Runs {@code bin/benchmark} in the coordinator's namespace against both workers with the cluster's
     * driver file; every output line goes to {@code lines} as it is printed (to time a drill).
     */
    Run benchmark(Path dir, Path workload, Consumer<String> lines, String... options) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                "ip",
                "netns",
                "exec",
                namespace("coordinator"),
                root.resolve("bin/benchmark").toString(),
                "--workers",
                workers(),
                "--token-file",
                state.getProperty("token.file"),
                "-d",
                state.getProperty("driver.file"),
                "--output-dir",
                dir.resolve("results").toString()));
        command.addAll(List.of(options));
        command.add(workload.toString());
        Process process = new ProcessBuilder(command)
                .directory(root.toFile())
                .redirectErrorStream(true)
                .start();
        StringBuilder output = new StringBuilder();
        try (BufferedReader reader =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                System.out.println("[coordinator] " + line);
                output.append(line).append('\n');
                lines.accept(line);
            }
        }
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).as(output.toString()).isTrue();
        long endedNanos = System.nanoTime();
        TestResult result = null;
        Path results = dir.resolve("results");
        if (Files.isDirectory(results)) {
            try (Stream<Path> files = Files.list(results)) {
                Path file = files.filter(f -> f.toString().endsWith(".json"))
                        .findFirst()
                        .orElse(null);
                if (file != null) {
                    result = ResultFiles.read(file);
                }
            }
        }
        return new Run(process.exitValue(), output.toString(), endedNanos, result);
    }

    /** The sum of the end offsets of each topic on the broker (its own listener, from its namespace). */
    Map<String, Long> brokerEndOffsets() {
        LocalBrokerScripts.Result result = exec(
                120,
                "ip",
                "netns",
                "exec",
                namespace("broker"),
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx128m",
                "-cp",
                System.getProperty("java.class.path"),
                EndOffsets.class.getName(),
                BROKER_LISTENER);
        assertThat(result.exitCode()).as(result.output()).isZero();
        Map<String, Long> offsets = new HashMap<>();
        for (String line : result.output().split("\n")) {
            String[] parts = line.trim().split(" ");
            if (parts.length == 3 && parts[0].equals("topic")) {
                offsets.put(parts[1], Long.parseLong(parts[2]));
            }
        }
        return offsets;
    }

    /** The TCP segments the kernel retransmitted in {@code namespace} so far (its own counters). */
    long tcpRetransmits(String namespace) {
        LocalBrokerScripts.Result snmp = exec(20, "ip", "netns", "exec", namespace, "cat", "/proc/net/snmp");
        String[] header = null;
        for (String line : snmp.output().split("\n")) {
            if (line.startsWith("Tcp:")) {
                if (header == null) {
                    header = line.split("\\s+");
                } else {
                    String[] values = line.split("\\s+");
                    for (int i = 0; i < header.length; i++) {
                        if (header[i].equals("RetransSegs")) {
                            return Long.parseLong(values[i]);
                        }
                    }
                }
            }
        }
        throw new AssertionError("no Tcp RetransSegs in /proc/net/snmp of " + namespace + ": " + snmp.output());
    }

    /** The loss on a node's link now and the packets its rules dropped since it was set ({@code 0, 0, 0}: none). */
    record Loss(double percentEachWay, long droppedIn, long droppedOut) {}

    /**
     * The loss {@code bin/local-cluster status} reports for {@code node} ({@code broker}, {@code worker-<i>}):
     * its nftables rules count the packets they drop, each way, until the loss is set again.
     */
    Loss loss(String node) {
        LocalBrokerScripts.Result status = LocalBrokerScripts.run(root, List.of(SCRIPT, "status"), 60, env);
        assertThat(status.exitCode()).as(status.output()).isZero();
        Matcher line = Pattern.compile("(?m)^loss\\.now\\." + Pattern.quote(node)
                        + "=([0-9.]+)% each way, dropped ([0-9]+) packets in and ([0-9]+) out$")
                .matcher(status.output());
        if (!line.find()) {
            return new Loss(0, 0, 0);
        }
        return new Loss(
                Double.parseDouble(line.group(1)), Long.parseLong(line.group(2)), Long.parseLong(line.group(3)));
    }

    /**
     * Runs {@code action} once, on its own thread, when the coordinator prints a line starting with
     * {@code prefix} (e.g. {@code "measured 2 "}: mid-run); {@link #firedNanos()} tells when.
     */
    static final class OnLine implements Consumer<String> {
        private final String prefix;
        private final Runnable action;
        private volatile long firedNanos;
        private Thread thread;

        OnLine(String prefix, Runnable action) {
            this.prefix = prefix;
            this.action = action;
        }

        @Override
        public synchronized void accept(String line) {
            if (thread == null && line.startsWith(prefix)) {
                firedNanos = System.nanoTime();
                thread = new Thread(action, "drill");
                thread.start();
            }
        }

        /** When the line came (System.nanoTime()); fails when it never did. Waits for the action to end. */
        synchronized long firedNanos() throws InterruptedException {
            assertThat(thread)
                    .as("the coordinator never printed a line starting with '%s'", prefix)
                    .isNotNull();
            thread.join();
            return firedNanos;
        }
    }

    private LocalBrokerScripts.Result exec(long timeoutSeconds, String... command) {
        return LocalBrokerScripts.run(root, List.of(command), timeoutSeconds);
    }
}
