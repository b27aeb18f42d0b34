package io.openmessaging.benchmark.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.openmessaging.benchmark.testing.LocalBrokerScripts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
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

    Path root() {
        return root;
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
