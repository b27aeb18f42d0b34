package io.openmessaging.benchmark.abtest;

import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.TestResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The runs of an A/B comparison as {@code bin/regression --compare} lays them out, read back:
 *
 * <pre>
 * DIR/A-&lt;label&gt;/run-01/&lt;result&gt;.json   one directory per run of side A (plus benchmark.log, benchmark.exit)
 * DIR/B-&lt;label&gt;/run-01/&lt;result&gt;.json   the same for side B
 * </pre>
 *
 * <p>Every directory directly below a side's directory is one run, and so is every result file directly in
 * it (results made elsewhere can be copied in). A run is left out, with the reason, when its
 * {@value #EXIT_STATUS_FILE} is not 0, its {@value #NOT_RUN_FILE} exists, it holds no result file or more
 * than one, the file cannot be read, or the result says {@code "complete": false}.
 *
 * @param directory the directory analysed
 * @param labelA side A's label (the directory name after {@code A-})
 * @param runsA side A's runs, sorted by name
 * @param labelB side B's label
 * @param runsB side B's runs, sorted by name
 */
public record AbRunsDirectory(Path directory, String labelA, List<AbRun> runsA, String labelB, List<AbRun> runsB) {

    /** {@code bin/benchmark}'s exit status, written beside its result. */
    public static final String EXIT_STATUS_FILE = "benchmark.exit";
    /** Why a run did not run (its broker did not start). */
    public static final String NOT_RUN_FILE = "not-run.txt";

    /**
     * Reads {@code directory}.
     *
     * @throws IllegalArgumentException naming the directory when it does not exist or does not hold exactly
     *     one {@code A-<label>} and one {@code B-<label>} directory
     * @throws IOException when a directory cannot be listed
     */
    public static AbRunsDirectory read(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            throw new IllegalArgumentException(directory + ": no such directory");
        }
        Path sideA = side(directory, "A-");
        Path sideB = side(directory, "B-");
        return new AbRunsDirectory(
                directory, label(sideA), runs(directory, sideA), label(sideB), runs(directory, sideB));
    }

    /** The directory of side {@code "A-"} or {@code "B-"}: exactly one must exist. */
    private static Path side(Path directory, String prefix) throws IOException {
        List<Path> found;
        try (Stream<Path> list = Files.list(directory)) {
            found = list.filter(Files::isDirectory)
                    .filter(path -> path.getFileName().toString().startsWith(prefix)
                            && path.getFileName().toString().length() > prefix.length())
                    .sorted()
                    .toList();
        }
        if (found.size() != 1) {
            throw new IllegalArgumentException(directory + ": expected one directory " + prefix + "<label> (side "
                    + prefix.charAt(0) + "'s runs, e.g. " + prefix + "3.9.1), found "
                    + (found.isEmpty()
                            ? "none"
                            : found.stream()
                                    .map(path -> path.getFileName().toString())
                                    .toList()));
        }
        return found.get(0);
    }

    private static String label(Path side) {
        return side.getFileName().toString().substring(2);
    }

    private static List<AbRun> runs(Path directory, Path side) throws IOException {
        List<Path> entries;
        try (Stream<Path> list = Files.list(side)) {
            entries = list.filter(path -> !path.getFileName().toString().startsWith("."))
                    .filter(path -> Files.isDirectory(path) || isResultFile(path))
                    .sorted()
                    .toList();
        }
        List<AbRun> runs = new ArrayList<>();
        for (Path entry : entries) {
            runs.add(Files.isDirectory(entry) ? runDirectory(directory, entry) : resultFile(directory, entry));
        }
        return runs;
    }

    private static AbRun runDirectory(Path directory, Path run) throws IOException {
        String name = name(directory, run);
        Path notRun = run.resolve(NOT_RUN_FILE);
        if (Files.isRegularFile(notRun)) {
            return AbRun.excluded(
                    name,
                    "not run: "
                            + Files.readString(notRun, StandardCharsets.UTF_8).strip());
        }
        Path exit = run.resolve(EXIT_STATUS_FILE);
        if (Files.isRegularFile(exit)) {
            String status = Files.readString(exit, StandardCharsets.UTF_8).strip();
            if (!status.equals("0")) {
                return AbRun.excluded(name, "bin/benchmark exited with " + status + " (see its benchmark.log)");
            }
        }
        List<Path> results;
        try (Stream<Path> list = Files.list(run)) {
            results = list.filter(AbRunsDirectory::isResultFile).sorted().toList();
        }
        if (results.size() != 1) {
            return AbRun.excluded(
                    name,
                    results.isEmpty()
                            ? "no result file"
                            : results.size() + " result files; a run's directory holds one");
        }
        return resultFile(directory, results.get(0));
    }

    private static AbRun resultFile(Path directory, Path file) {
        String name = name(directory, file);
        TestResult result;
        try {
            result = ResultFiles.read(file);
        } catch (IOException e) {
            return AbRun.excluded(name, "unreadable: " + e.getMessage());
        }
        if (Boolean.FALSE.equals(result.complete)) {
            return AbRun.excluded(name, "incomplete run: " + result.failureReason);
        }
        return AbRun.used(name, result);
    }

    private static boolean isResultFile(Path path) {
        String name = path.getFileName().toString();
        return Files.isRegularFile(path)
                && name.endsWith(".json")
                && !name.startsWith(".")
                && !name.equals(AbVerdictsFiles.FILE_NAME);
    }

    private static String name(Path directory, Path path) {
        return directory.relativize(path).toString().replace('\\', '/');
    }
}
