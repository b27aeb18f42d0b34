package io.openmessaging.benchmark.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The faults a test can inflict on a local broker's process: SIGKILL, and SIGSTOP / SIGCONT (a broker that
 * keeps its sockets open but answers nothing, like a long GC pause or a frozen VM). Remembers whether it
 * paused the process so that the broker's close can resume it first.
 */
public final class BrokerProcess {

    private static final long SIGNAL_TIMEOUT_SECONDS = 10;

    private final long pid;
    private final String what;
    private boolean paused;

    /** @param what how messages name the process, e.g. "broker" or "node" */
    public BrokerProcess(long pid, String what) {
        this.pid = pid;
        this.what = what;
    }

    public long pid() {
        return pid;
    }

    /** SIGKILL, without any shutdown; waits until the process is gone. */
    public void kill() {
        ProcessHandle.of(pid).ifPresent(process -> {
            process.destroyForcibly();
            try {
                process.onExit().get(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                throw new IllegalStateException(what + " pid " + pid + " did not exit after SIGKILL", e);
            }
        });
    }

    /** SIGSTOP; returns once /proc shows the process stopped. */
    public synchronized void pause() {
        signal("STOP");
        paused = true;
        awaitState(true);
    }

    /** SIGCONT a process that {@link #pause()} stopped; returns once it runs again. */
    public synchronized void resume() {
        signal("CONT");
        paused = false;
        awaitState(false);
    }

    public synchronized boolean isPaused() {
        return paused;
    }

    /** Resumes a paused process that is still alive, ignoring failures: for closing, which stops it anyway. */
    public synchronized void resumeQuietly() {
        if (paused && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            try {
                signal("CONT");
            } catch (RuntimeException e) {
                // stopping goes on; a SIGKILL ends a stopped process too
            }
        }
        paused = false;
    }

    /** Sends {@code SIG<name>} with kill(1). */
    private void signal(String name) {
        List<String> command = List.of("kill", "-" + name, String.valueOf(pid));
        try {
            Process process =
                    new ProcessBuilder(command).redirectErrorStream(true).start();
            if (!process.waitFor(SIGNAL_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(
                        String.join(" ", command) + " did not finish within " + SIGNAL_TIMEOUT_SECONDS + " s");
            }
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (process.exitValue() != 0) {
                throw new IllegalStateException(
                        String.join(" ", command) + " failed with exit code " + process.exitValue() + ": " + output);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + command, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + command, e);
        }
    }

    /** Waits until /proc shows the process stopped ({@code T}) or, when not {@code stopped}, running again. */
    private void awaitState(boolean stopped) {
        Path stat = Paths.get("/proc/" + pid + "/stat");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(SIGNAL_TIMEOUT_SECONDS);
        while (true) {
            String text;
            try {
                text = Files.readString(stat);
            } catch (IOException e) {
                throw new IllegalStateException(what + " pid " + pid + " is gone", e);
            }
            // "pid (comm) S ...": the state is the first field after the last ')'
            char state = text.substring(text.lastIndexOf(')') + 1).strip().charAt(0);
            if ((state == 'T') == stopped) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(what + " pid " + pid + " is in state " + state + " "
                        + SIGNAL_TIMEOUT_SECONDS + " s after SIG" + (stopped ? "STOP" : "CONT"));
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }
    }
}
