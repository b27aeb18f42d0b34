package io.openmessaging.benchmark.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The payload files of upstream OpenMessaging Benchmark and its forks, as recorded in the core's test
 * resource {@code upstream-payloads.txt} (where they were read from is written at its top), and the
 * repository root whose {@code payload/} folder ships this project's files under the same names.
 */
public final class UpstreamPayloads {

    /** One upstream payload file: its path as workload files write it, its size, whether a workload names it. */
    public record Entry(String path, int bytes, boolean namedByAWorkload) {}

    private UpstreamPayloads() {}

    /** Every entry of the resource, in its order. */
    public static List<Entry> all() {
        Path resource = CoreFixtures.path("upstream-payloads.txt");
        try {
            return Files.readAllLines(resource).stream()
                    .map(String::strip)
                    .filter(line -> !line.isEmpty() && !line.startsWith("#"))
                    .map(line -> entry(resource, line))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The entries some upstream workload file names in its {@code payloadFile}. */
    public static List<Entry> namedByWorkloads() {
        return all().stream().filter(Entry::namedByAWorkload).toList();
    }

    /** The repository's root: the parent of the module directory every module's tests run in. */
    public static Path repositoryRoot() {
        return Path.of("..").toAbsolutePath().normalize();
    }

    private static Entry entry(Path resource, String line) {
        String[] fields = line.split("\\s+");
        if (fields.length != 3 || !fields[1].matches("[0-9]+") || !fields[2].matches("yes|no")) {
            throw new IllegalStateException(resource + ": '" + line
                    + "' is not 'path bytes yes|no' (path, size in bytes, named by a workload)");
        }
        return new Entry(fields[0], Integer.parseInt(fields[1]), fields[2].equals("yes"));
    }
}
