package io.openmessaging.benchmark.studyrunner;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One run of a project script ({@code bin/local-broker}, {@code bin/local-hosts}) for a study run: standard output
 * and error merged and kept, each line also handed to a listener as it comes, and the script (with every process
 * it started) ended when it outlives its time limit or the waiting thread is interrupted.
 */
final class ScriptRun {

    /** The exit code of a script that did not end within its time limit (as {@code timeout(1)} gives). */
    static final int TIMED_OUT = 124;

    private ScriptRun() {}

    /** What a script printed and its exit code ({@link #TIMED_OUT} when it was ended for its time limit). */
    record Output(int exitCode, String text) {

        /** {@code ": LAST LINE"} of what the script printed, or {@code ""} when it printed nothing. */
        String lastLine() {
            String[] lines = text.strip().split("\n");
            return lines.length == 0 || lines[lines.length - 1].isBlank() ? "" : ": " + lines[lines.length - 1];
        }

        /** The failure of {@code what} (the command as the user would type it): exit code and last line. */
        IOException failure(String what) {
            return new IOException(what + " ended with exit code " + exitCode
                    + (exitCode == TIMED_OUT ? " (timed out)" : "") + lastLine());
        }
    }

    /**
     * Runs {@code command}, giving each line it prints to {@code progress} and the process, once started, to {@code
     * started} (to end it from another thread).
     */
    static Output run(List<String> command, long timeoutSeconds, Consumer<String> progress, Consumer<Process> started)
            throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        started.accept(process);
        StringBuilder text = new StringBuilder();
        Thread reader = new Thread(
                () -> {
                    try (var lines = process.inputReader(StandardCharsets.UTF_8)) {
                        String line;
                        while ((line = lines.readLine()) != null) {
                            synchronized (text) {
                                text.append(line).append('\n');
                            }
                            progress.accept(line);
                        }
                    } catch (IOException e) {
                        // the process ended; what it printed so far is kept
                    }
                },
                "script-" + command.get(0).substring(command.get(0).lastIndexOf('/') + 1));
        reader.setDaemon(true);
        reader.start();
        try {
            boolean ended = process.waitFor(timeoutSeconds, TimeUnit.SECONDS);
            if (!ended) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor();
            }
            reader.join(TimeUnit.SECONDS.toMillis(10));
            synchronized (text) {
                return new Output(ended ? process.exitValue() : TIMED_OUT, text.toString());
            }
        } catch (InterruptedException e) {
            process.descendants().forEach(ProcessHandle::destroy);
            process.destroy();
            throw e;
        }
    }
}
