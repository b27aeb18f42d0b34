package io.openmessaging.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tool's package rules (docs/architecture.md), read from the main sources of its three modules: every reference
 * from one package to another (an import or a qualified name) is an arrow; the arrows form no cycle, and none
 * runs where the architecture says it must never run. Packages are the folders under {@code
 * io/openmessaging/benchmark}, with {@code worker.http} apart from {@code worker}.
 */
class ArchitectureRulesTest {

    private static final String SOURCES = "src/main/java/io/openmessaging/benchmark";

    /** The modules of the tool (docs/architecture.md) and the packages each holds; Maven keeps their order. */
    static final Map<String, Set<String>> MODULES = new LinkedHashMap<>();

    static {
        MODULES.put(
                "benchmark-core",
                Set.of(
                        "measure",
                        "schedule",
                        "workload",
                        "result",
                        "drivers",
                        "worker",
                        "worker.http",
                        "coordinator",
                        "study",
                        "logging"));
        MODULES.put("benchmark-reports", Set.of("report", "compare", "sweep", "regression", "abtest", "studyrun"));
        MODULES.put("benchmark-framework", Set.of("cli", "studyrunner"));
    }

    private static final Pattern REFERENCE =
            Pattern.compile("io\\.openmessaging\\.benchmark\\.([a-z]+(?:\\.http)?)\\.");

    private static final Set<String> REPORTS = Set.of("report", "compare", "sweep", "regression", "abtest", "studyrun");
    private static final Set<String> RUNNERS = Set.of("coordinator", "worker", "worker.http", "cli", "studyrunner");

    /** Forbidden arrows: from a package to the packages it must never use, with why. */
    static Map<String, Rule> rules() {
        Map<String, Rule> rules = new LinkedHashMap<>();
        Set<String> above = new TreeSet<>(RUNNERS);
        above.addAll(REPORTS);
        rules.put("measure", new Rule(above, "measure is a leaf: it records, it does not run or report"));
        rules.put("schedule", new Rule(above, "schedule is a leaf: it computes when to send"));
        rules.put(
                "workload",
                new Rule(
                        union(above, Set.of("drivers")),
                        "a workload file knows no worker, coordinator or installed driver"));
        rules.put("result", new Rule(above, "result is data"));
        rules.put(
                "study",
                new Rule(
                        union(above, Set.of("drivers", "workload", "result", "measure", "schedule")),
                        "a study describes what was published: it reads its own file and runs nothing"));
        rules.put("loopback", new Rule(union(above, Set.of("drivers", "workload")), "loopback is just a driver"));
        rules.put("drivers", new Rule(above, "the installed drivers are found before anything runs"));
        rules.put(
                "worker",
                new Rule(
                        union(REPORTS, Set.of("coordinator", "cli", "worker.http", "loopback")),
                        "a worker obeys; it does not know who commands it, how it is reached, or which driver it gets"));
        rules.put(
                "worker.http",
                new Rule(
                        union(REPORTS, Set.of("coordinator", "cli", "loopback")),
                        "the worker's HTTP face serves a worker; it does not know who commands it"));
        rules.put(
                "coordinator",
                new Rule(
                        union(REPORTS, Set.of("cli", "loopback")),
                        "the coordinator runs workloads; reports read files, drivers come by ServiceLoader"));
        for (String report : REPORTS) {
            rules.put(report, new Rule(union(RUNNERS, Set.of("loopback")), "reports read files, not runs"));
        }
        rules.put("cli", new Rule(Set.of("loopback"), "drivers come by ServiceLoader"));
        rules.put(
                "studyrunner",
                new Rule(
                        Set.of("cli", "loopback"),
                        "the study run's planning serves the command line; drivers come by ServiceLoader"));
        return rules;
    }

    @Test
    void theFrameworksPackagesFollowTheRulesAndFormNoCycle() throws IOException {
        Map<String, Map<String, String>> arrows = new TreeMap<>();
        for (String module : MODULES.keySet()) {
            arrows.putAll(arrows(Path.of("..", module, SOURCES)));
        }

        assertThat(arrows).containsKeys("measure", "workload", "worker", "worker.http", "coordinator", "cli");
        assertThat(violations(arrows, rules())).isEmpty();
        assertThat(cycles(arrows)).isEmpty();
    }

    @Test
    void everyPackageLivesInItsModule() throws IOException {
        for (Map.Entry<String, Set<String>> module : MODULES.entrySet()) {
            assertThat(arrows(Path.of("..", module.getKey(), SOURCES)).keySet())
                    .as("the packages of %s (docs/architecture.md)", module.getKey())
                    .containsExactlyInAnyOrderElementsOf(module.getValue());
        }
    }

    @Test
    void aForbiddenArrowAndACycleAreFoundAndNamed(@TempDir Path tree) throws IOException {
        write(
                tree,
                "workload/Workload.java",
                "package io.openmessaging.benchmark.workload;\n"
                        + "import io.openmessaging.benchmark.worker.LocalWorker;\nclass Workload {}\n");
        write(
                tree,
                "worker/LocalWorker.java",
                "package io.openmessaging.benchmark.worker;\n"
                        + "class LocalWorker { io.openmessaging.benchmark.coordinator.Run run; }\n");
        write(
                tree,
                "coordinator/Run.java",
                "package io.openmessaging.benchmark.coordinator;\n"
                        + "import io.openmessaging.benchmark.workload.Workload;\nclass Run {}\n");

        Map<String, Map<String, String>> arrows = arrows(tree);

        assertThat(violations(arrows, rules()))
                .containsExactly(
                        "worker -> coordinator (worker/LocalWorker.java): a worker obeys; it does not know who commands it, how"
                                + " it is reached, or which driver it gets",
                        "workload -> worker (workload/Workload.java): a workload file knows no worker, coordinator or installed"
                                + " driver");
        assertThat(cycles(arrows)).containsExactly("coordinator -> workload -> worker -> coordinator");
    }

    /** Package → (package it uses → the first file that uses it). */
    static Map<String, Map<String, String>> arrows(Path root) throws IOException {
        Map<String, Map<String, String>> arrows = new TreeMap<>();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root)) {
            files = walk.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        for (Path file : files) {
            String relative = root.relativize(file).toString().replace('\\', '/');
            String pkg = root.relativize(file.getParent())
                    .toString()
                    .replace('/', '.')
                    .replace('\\', '.');
            Map<String, String> uses = arrows.computeIfAbsent(pkg, p -> new TreeMap<>());
            Matcher matcher = REFERENCE.matcher(Files.readString(file));
            while (matcher.find()) {
                String target = matcher.group(1);
                if (target.equals("driver")) {
                    continue; // the driver SPI module, below every package
                }
                if (!target.equals(pkg)) {
                    uses.putIfAbsent(target, relative);
                }
            }
        }
        return arrows;
    }

    static List<String> violations(Map<String, Map<String, String>> arrows, Map<String, Rule> rules) {
        List<String> found = new ArrayList<>();
        arrows.forEach((from, uses) -> {
            Rule rule = rules.get(from);
            uses.forEach((to, file) -> {
                if (rule != null && rule.never().contains(to)) {
                    found.add(from + " -> " + to + " (" + file + "): " + rule.why());
                }
            });
        });
        return found;
    }

    /** Every cycle found by a depth-first walk, each written from its smallest package. */
    static List<String> cycles(Map<String, Map<String, String>> arrows) {
        Set<String> found = new TreeSet<>();
        Map<String, Integer> state = new TreeMap<>();
        for (String start : arrows.keySet()) {
            walk(start, arrows, state, new ArrayList<>(), found);
        }
        return new ArrayList<>(found);
    }

    private static void walk(
            String at,
            Map<String, Map<String, String>> arrows,
            Map<String, Integer> state,
            List<String> path,
            Set<String> found) {
        Integer seen = state.get(at);
        if (seen != null && seen == 1) {
            List<String> loop = new ArrayList<>(path.subList(path.indexOf(at), path.size()));
            int smallest = loop.indexOf(loop.stream().sorted().findFirst().orElseThrow());
            List<String> rotated = new ArrayList<>(loop.subList(smallest, loop.size()));
            rotated.addAll(loop.subList(0, smallest));
            rotated.add(rotated.get(0));
            found.add(String.join(" -> ", rotated));
            return;
        }
        if (seen != null) {
            return;
        }
        state.put(at, 1);
        path.add(at);
        for (String next : arrows.getOrDefault(at, Map.of()).keySet()) {
            walk(next, arrows, state, path, found);
        }
        path.remove(path.size() - 1);
        state.put(at, 2);
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> union = new TreeSet<>(a);
        union.addAll(b);
        return union;
    }

    private static void write(Path root, String relative, String text) throws IOException {
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    record Rule(Set<String> never, String why) {}
}
