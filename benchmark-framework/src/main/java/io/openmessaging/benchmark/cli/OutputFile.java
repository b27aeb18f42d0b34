package io.openmessaging.benchmark.cli;

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
 */
final class OutputFile {

    private static final Set<String> STANDARD_OUTPUT = Set.of("-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1");

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
}
