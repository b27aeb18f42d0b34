package io.openmessaging.benchmark.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.openmessaging.benchmark.cli.Benchmark;
import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.testing.LocalBrokerScripts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * {@code bin/local-hosts} for a test: its prerequisites (aborting the test, reported skipped with the reason,
 * when one is missing), its commands, and {@code ssh} to a host.
 */
final class SimulatedHosts {

    static final String SCRIPT = "bin/local-hosts";

    private final Path root = LocalBrokerScripts.repositoryRoot();

    /** Aborts the test (reported skipped) when not root or a tool is missing, naming what is. */
    void assumePrerequisites() {
        assumeTrue(isRoot(), "needs root: containers, overlay mounts, loop devices and namespaces (CI runs as root)");
        for (String[] tool : new String[][] {
            {"ip", "iproute2"},
            {"systemd-nspawn", "systemd-container"},
            {"debootstrap", "debootstrap"},
            {"losetup", "mount"},
            {"ssh", "openssh-client"},
            {"ssh-keygen", "openssh-client"}
        }) {
            assumeTrue(
                    onPath(tool[0]),
                    "needs '" + tool[0] + "' (Debian package " + tool[1] + "; bin/test-setup installs it as root)");
        }
        assumeTrue(Files.exists(Path.of("/dev/loop-control")), "needs loop devices (/dev/loop-control)");
        assumeTrue(
                Files.isExecutable(root.resolve("deployment/.venv/ansible/bin/ansible-playbook")),
                "needs the pinned Ansible in deployment/.venv/ansible (deployment/install-tools.sh; bin/test-setup runs it)");
    }

    private boolean up;

    Path root() {
        return root;
    }

    /**
     * {@code up --layout LAYOUT --subnet SUBNET} (six hosts: three brokers, two workers, one more), then {@code
     * deploy} of this module's package; both must succeed. Returns deploy's output (one line per playbook run).
     */
    String upAndDeploy(String layout, String subnet) throws IOException {
        long started = System.nanoTime();
        LocalBrokerScripts.Result result = run(1800, "up", "--layout", layout, "--subnet", subnet);
        up = true;
        assertThat(result.exitCode()).as(result.output()).isZero();
        System.out.printf("bin/local-hosts up --layout %s: %d s%n", layout, seconds(started));
        started = System.nanoTime();
        result = run(2400, "deploy", "--package", packageFile().toString());
        assertThat(result.exitCode()).as(result.output()).isZero();
        System.out.printf("bin/local-hosts deploy: %d s%n%s%n", seconds(started), result.output());
        return result.output();
    }

    /** {@code down}, when {@link #upAndDeploy} brought hosts up; must succeed. */
    void downIfUp() {
        if (up) {
            up = false;
            LocalBrokerScripts.Result result = run(300, "down");
            assertThat(result.exitCode()).as(result.output()).isZero();
        }
    }

    /** What a benchmark run through the deployed workers printed and wrote. */
    record Run(boolean ended, int exitCode, String output, TestResult result) {}

    /**
     * {@code bin/benchmark} (this JVM's classpath) through the two workers of the layout (host-4 and host-5 of
     * {@code subnet}) with the deployment's worker token, each of {@code faults} given as {@code --fault};
     * killed after {@code timeoutSeconds}.
     */
    Run benchmark(Path dir, String subnet, Path driver, Path workload, List<String> faults, long timeoutSeconds)
            throws IOException, InterruptedException {
        Path result = dir.resolve(workload.getFileName().toString().replace(".yaml", "") + "-result.json");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m",
                "-cp",
                System.getProperty("java.class.path"),
                Benchmark.class.getName(),
                "--workers",
                "http://" + subnet + ".14:8080,http://" + subnet + ".15:8080",
                "--token-file",
                work().resolve("secrets/worker-token").toString(),
                "-d",
                driver.toString(),
                "-o",
                result.toString()));
        for (String fault : faults) {
            command.addAll(List.of("--fault", fault));
        }
        command.add(workload.toString());
        Path log = dir.resolve(workload.getFileName().toString().replace(".yaml", ".log"));
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        boolean ended = process.waitFor(timeoutSeconds, TimeUnit.SECONDS);
        if (!ended) {
            process.destroyForcibly().waitFor();
        }
        String output = Files.readString(log);
        System.out.println(output);
        return new Run(ended, process.exitValue(), output, Files.exists(result) ? ResultFiles.read(result) : null);
    }

    /** {@code bin/local-hosts ssh HOST} as a command line, for a {@code --fault}. */
    String sshCommand(String host) {
        return root.resolve(SCRIPT) + " ssh " + host;
    }

    /** The packaged benchmark this module built (mvn package comes before the integration tests). */
    Path packageFile() throws IOException {
        try (Stream<Path> files = Files.list(root.resolve("distribution/target"))) {
            return files.filter(f -> f.getFileName().toString().matches("messaging-benchmark-.*\\.tar\\.gz"))
                    .findFirst()
                    .orElseThrow(() -> new IllegalStateException("no packaged benchmark in distribution/target"));
        }
    }

    static long seconds(long startedNanos) {
        return TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - startedNanos);
    }

    /** {@code bin/local-hosts ARGS…}, waiting at most {@code timeoutSeconds}. */
    LocalBrokerScripts.Result run(long timeoutSeconds, String... args) {
        List<String> command = new ArrayList<>(List.of(SCRIPT));
        command.addAll(List.of(args));
        return LocalBrokerScripts.run(root, command, timeoutSeconds);
    }

    /** {@code command} on {@code host}; must succeed; its output trimmed. */
    String ssh(String host, String command) {
        LocalBrokerScripts.Result result = run(180, "ssh", host, command);
        assertThat(result.exitCode())
                .as("on %s: %s: %s", host, command, result.output())
                .isZero();
        return result.output().trim();
    }

    /** The state file {@code up} wrote. */
    Properties state() {
        return LocalBrokerScripts.readProperties(root.resolve("deployment/local/hosts/work/hosts.state"));
    }

    Path work() {
        return root.resolve("deployment/local/hosts/work");
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
}
