package io.openmessaging.benchmark.report;

import io.openmessaging.benchmark.abtest.AbVerdictsFiles;
import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.sweep.SweepSummaryFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * One result file as reports show it: the file, a label unique within the report, and its content.
 *
 * @param file the result file as given (or found in a directory given) on the command line
 * @param label short name for legends and tables: {@code <driver> · <workload>}, or, when two runs of a
 *     report would share that and they are this tool's, what differs between them before it ({@code
 *     producerRate=20000 · Kafka · w}, {@code target 20,000 msg/s · Kafka · w}), else {@code <driver> · <end of
 *     the file path>} (as much of the path as makes it unique)
 * @param result the file's content
 */
public record ReportRun(Path file, String label, TestResult result) {

    /**
     * Period length assumed for files without {@code sampleRateMillis} (upstream writes none; its
     * default period is 10 s).
     */
    public static final int UPSTREAM_SAMPLE_RATE_MILLIS = 10_000;

    /** Length of one sample period: the file's {@code sampleRateMillis}, or {@link #UPSTREAM_SAMPLE_RATE_MILLIS}. */
    public int sampleRateMillis() {
        return sampleRateAssumed() ? UPSTREAM_SAMPLE_RATE_MILLIS : result.sampleRateMillis;
    }

    /** Whether the file has no usable {@code sampleRateMillis}, so {@link #sampleRateMillis()} is assumed. */
    public boolean sampleRateAssumed() {
        return result.sampleRateMillis == null || result.sampleRateMillis <= 0;
    }

    /** The driver name, or {@code ?} when the file has none. */
    public String driver() {
        return Objects.requireNonNullElse(result.driver, "?");
    }

    /** The workload name, or {@code ?} when the file has none. */
    public String workload() {
        return Objects.requireNonNullElse(result.workload, "?");
    }

    /**
     * Reads result files and directories of result files, in the order given. A directory stands for
     * every {@code *.json} file below it (recursively, sorted by path, hidden files, sweep summaries and A/B
     * comparisons skipped).
     *
     * @throws IOException naming the path when one does not exist, a directory holds no result file, or a
     *     file cannot be read or parsed ({@link io.openmessaging.benchmark.result.ResultFileException})
     */
    public static List<ReportRun> load(List<Path> paths) throws IOException {
        List<Path> files = new ArrayList<>();
        for (Path path : paths) {
            files.addAll(resultFiles(path));
        }
        List<TestResult> results = new ArrayList<>();
        for (Path file : files) {
            results.add(ResultFiles.read(file));
        }
        List<String> labels = labels(files, results);
        List<ReportRun> runs = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            runs.add(new ReportRun(files.get(i), labels.get(i), results.get(i)));
        }
        return runs;
    }

    private static List<Path> resultFiles(Path path) throws IOException {
        if (!Files.exists(path)) {
            throw new IOException(path + ": no such file or directory");
        }
        if (!Files.isDirectory(path)) {
            ResultFiles.requireRegularFile(path);
            return List.of(path);
        }
        List<Path> found;
        try (Stream<Path> walk = Files.walk(path)) {
            found = walk.filter(Files::isRegularFile)
                    .filter(file -> file.getFileName().toString().endsWith(".json"))
                    .filter(file -> !file.getFileName().toString().startsWith("."))
                    .filter(file -> !SweepSummaryFiles.isSweepSummary(file))
                    .filter(file -> !AbVerdictsFiles.isAbVerdicts(file))
                    .sorted()
                    .toList();
        }
        if (found.isEmpty()) {
            throw new IOException(path + ": directory holds no result file (*.json)");
        }
        return found;
    }

    /**
     * {@code driver · workload} when that tells every run apart; otherwise {@code driver · } the shortest
     * end of each file's path (without {@code .json}) that makes every label unique, e.g.
     * {@code Kafka · default-sync-200k}: the names people gave their files. Runs of this tool are first told
     * apart by what differs between them ({@link #byWhatDiffers}). The same file given twice gets {@code
     * (2)}, {@code (3)}, ….
     */
    static List<String> labels(List<Path> files, List<TestResult> results) {
        List<String> labels = new ArrayList<>();
        for (TestResult result : results) {
            labels.add(name(result.driver) + " · " + name(result.workload));
        }
        if (new HashSet<>(labels).size() == labels.size()) {
            return labels;
        }
        List<String> byDifference = byWhatDiffers(labels, results);
        if (byDifference != null) {
            return byDifference;
        }
        int longestPath = files.stream()
                .mapToInt(file -> file.toAbsolutePath().normalize().getNameCount())
                .max()
                .orElse(1);
        for (int depth = 1; depth <= longestPath; depth++) {
            labels.clear();
            for (int i = 0; i < files.size(); i++) {
                Path file = files.get(i).toAbsolutePath().normalize();
                int take = Math.min(depth, file.getNameCount());
                String end = stripJson(file.subpath(file.getNameCount() - take, file.getNameCount())
                        .toString());
                labels.add(name(results.get(i).driver) + " · " + end);
            }
            if (new HashSet<>(labels).size() == labels.size()) {
                return labels;
            }
        }
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < labels.size(); i++) {
            int occurrence = seen.merge(labels.get(i), 1, Integer::sum);
            if (occurrence > 1) {
                labels.set(i, labels.get(i) + " (" + occurrence + ")");
            }
        }
        return labels;
    }

    /**
     * What can tell runs of one driver and workload apart, in the order tried: the {@code --set} assignments,
     * the target rate, the driver file, the system version, the start time.
     */
    private static final List<java.util.function.Function<TestResult, String>> DIFFERENCES = List.of(
            result -> {
                List<String> set = assignments(result.metadata.commandLine);
                return set.isEmpty() ? "no --set" : String.join(" ", set);
            },
            result ->
                    result.targetRate == null ? "no target" : "target " + Numbers.format(result.targetRate) + " msg/s",
            result -> result.metadata.driverFile == null
                    ? "?"
                    : Path.of(result.metadata.driverFile).getFileName().toString(),
            result -> "version " + name(result.version),
            result -> "began " + name(result.beginTime));

    /**
     * Runs of this tool that share {@code driver · workload} labelled by what differs between them, before
     * it ({@code producerRate=20000 · Kafka · w}): a label cut at the table's width then still shows it.
     * Null when a group holds a file of another tool (no command line) or nothing above tells its runs
     * apart: the file paths then do.
     */
    private static List<String> byWhatDiffers(List<String> labels, List<TestResult> results) {
        List<String> relabelled = new ArrayList<>(labels);
        Map<String, List<Integer>> groups = new HashMap<>();
        for (int i = 0; i < labels.size(); i++) {
            groups.computeIfAbsent(labels.get(i), label -> new ArrayList<>()).add(i);
        }
        for (List<Integer> group : groups.values()) {
            if (group.size() < 2) {
                continue;
            }
            if (group.stream()
                    .anyMatch(i -> results.get(i).metadata == null || results.get(i).metadata.commandLine == null)) {
                return null;
            }
            List<java.util.function.Function<TestResult, String>> chosen = new ArrayList<>();
            List<String> prefixes = null;
            for (java.util.function.Function<TestResult, String> difference : DIFFERENCES) {
                if (group.stream()
                                .map(i -> difference.apply(results.get(i)))
                                .distinct()
                                .count()
                        < 2) {
                    continue;
                }
                chosen.add(difference);
                prefixes = group.stream()
                        .map(i -> String.join(
                                " · ",
                                chosen.stream()
                                        .map(d -> d.apply(results.get(i)))
                                        .toList()))
                        .toList();
                if (new HashSet<>(prefixes).size() == group.size()) {
                    break;
                }
            }
            if (prefixes == null || new HashSet<>(prefixes).size() < group.size()) {
                return null;
            }
            for (int g = 0; g < group.size(); g++) {
                relabelled.set(group.get(g), prefixes.get(g) + " · " + labels.get(group.get(g)));
            }
        }
        return relabelled;
    }

    /** The {@code --set} assignments of a recorded command line, as typed. */
    private static List<String> assignments(List<String> commandLine) {
        List<String> assignments = new ArrayList<>();
        for (int i = 0; i < commandLine.size(); i++) {
            if (commandLine.get(i).equals("--set") && i + 1 < commandLine.size()) {
                assignments.add(commandLine.get(++i));
            } else if (commandLine.get(i).startsWith("--set=")) {
                assignments.add(commandLine.get(i).substring("--set=".length()));
            }
        }
        return assignments;
    }

    private static String name(String value) {
        return value == null || value.isBlank() ? "?" : value;
    }

    private static String stripJson(String path) {
        return path.endsWith(".json") ? path.substring(0, path.length() - ".json".length()) : path;
    }
}
