package io.openmessaging.benchmark.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.openmessaging.benchmark.cli.Benchmark;
import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.TestResult;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A real full file system for the full-disk drills: a 256 KiB tmpfs mounted under a test's directory, filled
 * on demand to a few KiB, and a {@code bin/benchmark} run (through its main, in this JVM) whose result must go
 * to the fallback location. Mounting needs root (as the tests run in CI); without it {@link #mount} skips
 * the test and says why. {@link #close} removes the fallback copies and unmounts.
 */
public final class FullDisk implements AutoCloseable {

    private static final Pattern FALLBACK =
            Pattern.compile("Result NOT written where asked; written to (\\S+) instead");

    private final Path mountPoint;
    private final Path results;
    private final List<Path> fallbackFiles = new ArrayList<>();

    /** A run on the full disk: what it printed, its exit code, and the result it saved in the fallback. */
    public record Run(int exitCode, String printed, String errors, Path saved, TestResult result) {}

    private FullDisk(Path mountPoint) throws IOException {
        this.mountPoint = mountPoint;
        this.results = Files.createDirectory(mountPoint.resolve("results"));
    }

    /** Mounts the small tmpfs at {@code dir/small-disk} (skipping the test without root). */
    public static FullDisk mount(Path dir) throws IOException, InterruptedException {
        Path mountPoint = Files.createDirectory(dir.resolve("small-disk"));
        String failure = command("mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", mountPoint.toString());
        assumeTrue(failure == null, "needs root to mount a tmpfs as a full disk: " + failure);
        return new FullDisk(mountPoint);
    }

    /** The output directory on the small disk. */
    public Path results() {
        return results;
    }

    /**
     * Fills the disk up to 12 KiB: enough for the run's pre-check of the output directory, not for the result.
     */
    public void fill() throws IOException {
        long usableBytes = Files.getFileStore(results).getUsableSpace();
        Files.write(results.resolve("filler"), new byte[(int) (usableBytes - 12 * 1024)]);
    }

    /** Runs {@code bin/benchmark -d DRIVER --output-dir RESULTS WORKLOAD}; the result must be in the fallback. */
    public Run run(Path driver, Path workload) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exitCode = Benchmark.run(
                new String[] {"-d", driver.toString(), "--output-dir", results.toString(), workload.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                false);
        String printed = out.toString(StandardCharsets.UTF_8);
        String errors = err.toString(StandardCharsets.UTF_8);
        Matcher fallback = FALLBACK.matcher(printed);
        assertThat(fallback.find()).as(printed + errors).isTrue();
        Path saved = Path.of(fallback.group(1));
        fallbackFiles.add(saved);
        TestResult result = ResultFiles.read(saved);
        result.hlogFiles.values().forEach(name -> fallbackFiles.add(saved.resolveSibling(name)));
        return new Run(exitCode, printed, errors, saved, result);
    }

    /** The names of the files left on the small disk (to check that no result or temporary file is there). */
    public List<String> fileNamesLeft() throws IOException {
        try (Stream<Path> left = Files.walk(results)) {
            return left.map(path -> path.getFileName().toString()).toList();
        }
    }

    @Override
    public void close() throws IOException, InterruptedException {
        for (Path file : fallbackFiles) {
            Files.deleteIfExists(file);
        }
        command("umount", mountPoint.toString());
    }

    /** Runs a command; null when it succeeded, else what it printed and its exit code. */
    private static String command(String... command) throws IOException, InterruptedException {
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            return e.getMessage();
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        int exitCode = process.waitFor();
        return exitCode == 0 ? null : "'" + String.join(" ", command) + "' exited " + exitCode + ": " + output;
    }
}
