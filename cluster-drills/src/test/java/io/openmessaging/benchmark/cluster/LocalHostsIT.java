package io.openmessaging.benchmark.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.openmessaging.benchmark.testing.LocalBrokerScripts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The simulated hosts of {@code bin/local-hosts} (docs/deployment.md#simulated-hosts): two hosts with one
 * disk each come up as machines of their own (ssh, host name, address, systemd as PID 1, their own disk,
 * a writable /proc/sys/vm, the cluster's time source), and {@code down} leaves nothing behind: no
 * container, overlay mount, loop device, namespace or link, the control host's vm.* settings as they were.
 * Root only, and needs the tools the script names; otherwise JUnit reports it skipped with the reason. Builds
 * the cached base image (debootstrap, about 2-4 minutes) when this machine has none.
 */
class LocalHostsIT {
    private static final String SCRIPT = "bin/local-hosts";
    private static final String PREFIX = "ombhost-";
    /** A /24 of its own, so that the test does not depend on the default's being free. */
    private static final String SUBNET = "10.214.201";

    private final Path root = LocalBrokerScripts.repositoryRoot();

    @Test
    void twoHostsComeUpAsMachinesAndDownLeavesNothing() throws Exception {
        assumePrerequisites();
        assertThat(leftovers())
                .as("simulated hosts exist before the test (bin/local-hosts down removes them)")
                .isEmpty();
        Map<String, String> vmBefore = vmSettings();

        long started = System.nanoTime();
        LocalBrokerScripts.Result up =
                script(1500, "up", "--hosts", "2", "--disks", "1", "--disk-size", "1G", "--subnet", SUBNET);
        long upMillis = (System.nanoTime() - started) / 1_000_000;
        try {
            assertThat(up.exitCode()).as(up.output()).isZero();
            Properties state =
                    LocalBrokerScripts.readProperties(root.resolve("deployment/local/hosts/work/hosts.state"));
            for (int i = 1; i <= 2; i++) {
                String host = "host-" + i;
                String disk = state.getProperty(host + ".disks");
                String otherDisk = state.getProperty("host-" + (3 - i) + ".disks");
                assertThat(disk).as(host + "'s disk").matches("/dev/loop[0-9]+");
                assertThat(ssh(host, "hostname")).isEqualTo(host);
                assertThat(ssh(host, "ip -4 -o addr show dev eth0")).contains(" " + SUBNET + "." + (10 + i) + "/24 ");
                assertThat(ssh(host, "cat /proc/1/comm")).as("PID 1 of " + host).isEqualTo("systemd");
                assertThat(ssh(host, "systemctl is-system-running --wait || true"))
                        .as(host + ": systemctl is-system-running; failed units: "
                                + ssh(host, "systemctl --failed --no-legend || true"))
                        .isIn("running", "degraded");
                assertThat(ssh(host, "test -e /run/nologin && echo held || echo open"))
                        .as(host + " holds logins back (/run/nologin): only a failed unit could leave it")
                        .isEqualTo("open");
                // its own disk, as the disks role uses one: formatted, mounted, written, read back
                assertThat(ssh(
                                host,
                                "sudo mkfs.xfs -q -f " + disk + " && sudo mount " + disk + " /mnt && echo " + host
                                        + " | sudo tee /mnt/owner >/dev/null && cat /mnt/owner && sudo umount /mnt"))
                        .isEqualTo(host);
                assertThat(ssh(host, "test -e " + otherDisk + " && echo visible || echo absent"))
                        .as(host + " sees the other host's disk " + otherDisk)
                        .isEqualTo("absent");
            }
            // the bridge joins the hosts, and there is no way off it
            assertThat(ssh("host-1", "timeout 3 bash -c '</dev/tcp/" + SUBNET + ".12/22' && echo open"))
                    .isEqualTo("open");
            assertThat(ssh("host-1", "ip route get 203.0.113.1 2>&1 || true")).contains("unreachable");
            // cut: host-2 answers nothing (no reset either: the connection attempt times out); heal: it answers
            LocalBrokerScripts.Result cut = script(60, "cut", "host-2");
            assertThat(cut.exitCode()).as(cut.output()).isZero();
            assertThat(ssh("host-1", "timeout 3 bash -c '</dev/tcp/" + SUBNET + ".12/22' && echo open || echo silent"))
                    .isEqualTo("silent");
            LocalBrokerScripts.Result heal = script(60, "heal", "host-2");
            assertThat(heal.exitCode()).as(heal.output()).isZero();
            assertThat(ssh("host-1", "timeout 3 bash -c '</dev/tcp/" + SUBNET + ".12/22' && echo open"))
                    .isEqualTo("open");
            // the time source the chrony role expects answers (chronyd -Q measures once, sets nothing)
            assertThat(ssh("host-2", "sudo chronyd -Q -t 20 'server 169.254.169.123 iburst maxsamples 4' 2>&1"))
                    .contains("System clock wrong by");
            // /proc/sys/vm is writable in a host (tuned needs it), and it is the control host's
            String swappiness = vmBefore.get("vm.swappiness");
            String changed = "1".equals(swappiness) ? "2" : "1";
            ssh("host-1", "sudo sysctl -q -w vm.swappiness=" + changed);
            assertThat(Files.readString(Path.of("/proc/sys/vm/swappiness")).trim())
                    .as("vm.swappiness on the control host after host-1 set it")
                    .isEqualTo(changed);
            System.out.printf("bin/local-hosts up: 2 hosts with one disk each in %d ms%n", upMillis);
        } finally {
            started = System.nanoTime();
            LocalBrokerScripts.Result down = script(300, "down");
            System.out.printf("bin/local-hosts down: %d ms%n", (System.nanoTime() - started) / 1_000_000);
            assertThat(down.exitCode()).as(down.output()).isZero();
        }

        assertThat(leftovers()).as("what down left behind").isEmpty();
        assertThat(vmSettings())
                .as("the control host's vm.* settings after down")
                .isEqualTo(vmBefore);
        Path work = root.resolve("deployment/local/hosts/work");
        for (String name : List.of("hosts.state", "hosts", "disks", "ssh", "vm-sysctls.saved")) {
            assertThat(work.resolve(name)).as("the cluster's " + name).doesNotExist();
        }
        LocalBrokerScripts.Result again = script(120, "down");
        assertThat(again.exitCode()).as(again.output()).isZero();
        assertThat(again.output()).contains("no simulated hosts were up");
    }

    /** Aborts the test (reported skipped) when not root or a tool is missing, naming what is. */
    private static void assumePrerequisites() {
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

    private LocalBrokerScripts.Result script(long timeoutSeconds, String... args) {
        List<String> command = new ArrayList<>(List.of(SCRIPT));
        command.addAll(List.of(args));
        return LocalBrokerScripts.run(root, command, timeoutSeconds);
    }

    /** {@code command} on {@code host} through {@code bin/local-hosts ssh}; must succeed; its output trimmed. */
    private String ssh(String host, String command) {
        LocalBrokerScripts.Result result = script(120, "ssh", host, command);
        assertThat(result.exitCode())
                .as("on %s: %s: %s", host, command, result.output())
                .isZero();
        return result.output().trim();
    }

    /**
     * What of the cluster exists now, found without the script: nspawn processes of its machines, overlay
     * mounts and loop devices named after it, its network namespaces and links.
     */
    private static List<String> leftovers() throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> processes = Files.list(Path.of("/proc"))) {
            processes.filter(p -> p.getFileName().toString().matches("[0-9]+")).forEach(p -> {
                String cmdline = readQuietly(p.resolve("cmdline")).replace('\0', ' ');
                if (cmdline.contains("systemd-nspawn") && cmdline.contains("--machine=" + PREFIX)) {
                    found.add("process " + p.getFileName() + ": " + cmdline);
                }
            });
        }
        for (String line : Files.readAllLines(Path.of("/proc/self/mountinfo"))) {
            String[] after = line.split(" - ", 2);
            if (after.length == 2 && after[1].split(" ")[1].startsWith(PREFIX)) {
                found.add("mount " + line);
            }
        }
        try (Stream<Path> blocks = Files.list(Path.of("/sys/block"))) {
            blocks.filter(b -> b.getFileName().toString().startsWith("loop")).forEach(b -> {
                String backing = readQuietly(b.resolve("loop/backing_file"));
                if (backing.contains("/" + PREFIX)) {
                    found.add("loop device " + b.getFileName() + " on " + backing.trim());
                }
            });
        }
        Path netns = Path.of("/run/netns");
        if (Files.isDirectory(netns)) {
            try (Stream<Path> names = Files.list(netns)) {
                names.filter(n -> n.getFileName().toString().startsWith(PREFIX))
                        .forEach(n -> found.add("network namespace " + n.getFileName()));
            }
        }
        try (Stream<Path> links = Files.list(Path.of("/sys/class/net"))) {
            links.filter(l -> l.getFileName().toString().startsWith(PREFIX))
                    .forEach(l -> found.add("link " + l.getFileName()));
        }
        return found;
    }

    /** The control host's writable vm.* settings. */
    private static Map<String, String> vmSettings() throws IOException {
        Map<String, String> settings = new TreeMap<>();
        try (Stream<Path> files = Files.list(Path.of("/proc/sys/vm"))) {
            files.filter(Files::isRegularFile)
                    .filter(Files::isReadable)
                    .filter(Files::isWritable)
                    .forEach(f -> {
                        String value = readQuietly(f);
                        if (!value.isEmpty()) {
                            settings.put("vm." + f.getFileName(), value.trim());
                        }
                    });
        }
        return settings;
    }

    private static String readQuietly(Path file) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (IOException | UncheckedIOException e) {
            return "";
        }
    }
}
