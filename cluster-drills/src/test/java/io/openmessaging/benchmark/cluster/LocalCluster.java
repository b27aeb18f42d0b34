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
 * partitions, delay and loss. Needs root and the tools of the script; without them {@link #shared()}
 * aborts the test with the reason (JUnit reports it skipped, never passed).
 */
final class LocalCluster {
    static final String COORDINATOR = "omblc-coordinator";
    static final String BROKER = "omblc-broker";
    /** The broker's own listener inside its namespace (toxiproxy on its address:9092 fronts it). */
    static final String BROKER_LISTENER = "127.0.0.1:19092";

    private static final String SCRIPT = "bin/local-cluster";
    private static LocalCluster shared;

    private final Path root;
    private final Properties state;

    private LocalCluster(Path root, Properties state) {
        this.root = root;
        this.state = state;
    }

    /** The running cluster, started on first use; skips the calling test when this machine cannot run it. */
    static synchronized LocalCluster shared() {
        Path root = LocalBrokerScripts.repositoryRoot();
        assumePrerequisites(root);
        if (shared == null) {
            assertThat(root.resolve("benchmark-framework/target/lib"))
                    .as("bin/benchmark runs the built project: build it first (mvn -DskipTests package)")
                    .isDirectory();
            LocalBrokerScripts.Result started =
                    LocalBrokerScripts.run(root, List.of(SCRIPT, "start", "--workers", "2"), 300);
            assertThat(started.exitCode()).as(started.output()).isZero();
            shared = new LocalCluster(
                    root,
                    LocalBrokerScripts.readProperties(root.resolve("deployment/local/cluster/work/cluster.state")));
            Runtime.getRuntime()
                    .addShutdownHook(new Thread(
                            () -> LocalBrokerScripts.run(root, List.of(SCRIPT, "stop"), 120), "local-cluster-stop"));
        }
        return shared;
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
        LocalBrokerScripts.Result result = LocalBrokerScripts.run(root, command, 60);
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
                        COORDINATOR,
                        "curl",
                        "-s",
                        "-m",
                        "5",
                        "-H",
                        "Authorization: Bearer " + token,
                        workerUrl(i) + "/v1/health")
                .output();
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
                COORDINATOR,
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
                BROKER,
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
        LocalBrokerScripts.Result status = exec(60, SCRIPT, "status");
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
