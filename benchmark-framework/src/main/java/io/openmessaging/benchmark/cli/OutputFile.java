package io.openmessaging.benchmark.cli;

import io.openmessaging.benchmark.measure.LatencyMetric;
import io.openmessaging.benchmark.result.ResultFiles;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * The inputs and the {@code -o} of the commands that read result files ({@code report}, {@code csv}):
 * inputs must be regular files or directories (a named pipe would block the reader for ever), and {@code -o}
 * is standard output for {@code /dev/stdout}, a device or named pipe written as it is ({@code /dev/null},
 * {@code /dev/full}, a FIFO), or a new regular file that never overwrites an existing one.
 *
 * <p>A run's {@code -o} is stricter ({@link #runOutputProblem}): a run writes a result file and an {@code
 * .hlog} file per latency metric beside it, so its {@code -o} must name a file in a directory.
 */
final class OutputFile {

    private static final Set<String> STANDARD_OUTPUT = Set.of("-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1");

    /** Directories of the kernel's files: a run's result and .hlog files never go there. */
    private static final List<Path> SYSTEM_DIRECTORIES = List.of(Path.of("/dev"), Path.of("/proc"), Path.of("/sys"));

    private static final Path SHARED_MEMORY = Path.of("/dev/shm");

    private OutputFile() {}

    /** Why one of {@code inputs} cannot be read as a result, in one line; null when each is a file or directory. */
    static String inputProblem(List<Path> inputs) {
        for (Path input : inputs) {
            if (Files.exists(input) && !Files.isDirectory(input) && !Files.isRegularFile(input)) {
                return input + " is " + ResultFiles.fileKind(input)
                        + ", not a regular file; give result files (.json) or directories of them";
            }
        }
        return null;
    }

    /** Whether {@code output} names this process's standard output. */
    static boolean isStandardOutput(String output) {
        return STANDARD_OUTPUT.contains(output);
    }

    /**
     * Writes {@code content} to {@code output}: to {@code out} for standard output, else as {@link
     * ResultFiles#writeWithoutOverwriting} does.
     *
     * @return what was written to, to tell the user
     */
    static String write(byte[] content, String output, PrintStream out) throws IOException {
        if (isStandardOutput(output)) {
            out.write(content);
            out.flush();
            if (out.checkError()) {
                throw new IOException("cannot write " + output + " (standard output)");
            }
            return "standard output";
        }
        return ResultFiles.writeWithoutOverwriting(content, Path.of(output)).toString();
    }

    /**
     * Why a run cannot write its result to {@code -o output} ({@code file}: where it resolves to), in one
     * line; null when it can. Standard output, a device, named pipe, socket or directory, and any name in
     * {@code /dev}, {@code /proc} or {@code /sys} are refused: the result file and its .hlog files are
     * named after {@code -o} and written beside it (an existing name gets "-1"), which put {@code
     * /dev/stdout-1} and five .hlog files into {@code /dev}.
     */
    static String runOutputProblem(String output, Path file) {
        String why = runOutputKind(output, file);
        return why == null
                ? null
                : "-o " + output + " " + why + ": a run writes a result file and " + LatencyMetric.values().length
                        + " .hlog files beside it; give a file in a directory, e.g. -o results/run.json";
    }

    private static String runOutputKind(String output, Path file) {
        if (isStandardOutput(output)) {
            return "is standard output";
        }
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            return "is " + ResultFiles.fileKind(file) + ", not a regular file";
        }
        Path directory = file.toAbsolutePath().normalize().getParent();
        if (directory == null) {
            return "is the root directory";
        }
        Path system = systemDirectory(directory);
        return system == null ? null : "is in " + system + ", where the kernel's files are";
    }

    /**
     * The one of /dev, /proc and /sys that holds {@code directory} (as given or after links), or null;
     * {@code /dev/shm}, a memory file system for anyone's files, is not one.
     */
    private static Path systemDirectory(Path directory) {
        Path real = directory;
        try {
            real = directory.toRealPath();
        } catch (IOException e) {
            // not there yet: the run creates it, and the name as given is what counts
        }
        if (real.startsWith(SHARED_MEMORY)) {
            return null;
        }
        for (Path system : SYSTEM_DIRECTORIES) {
            if (real.startsWith(system) || directory.startsWith(system)) {
                return system;
            }
        }
        return null;
    }
}
