package io.openmessaging.benchmark.coordinator;

import io.openmessaging.benchmark.config.DurationText;
import io.openmessaging.benchmark.driver.Clock;
import io.openmessaging.benchmark.result.FaultRecord;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Commands run at set times into the measured phase ({@code --fault AT=COMMAND}): a broker killed at 20 s
 * and started again at 30 s, a network partition and its healing. Each runs by {@code /bin/sh -c} on the
 * coordinator's machine, one after the other on a thread of their own, each no earlier than it is due; the
 * result lists each with when it ran and how it ended ({@link FaultRecord}), so that what a run measured
 * can be read beside what was done to the system.
 */
public final class FaultSchedule {

    /** One command of the schedule: due {@code at} after the measured phase started. */
    public record Fault(Duration at, String command) {}

    private static final Logger log = LoggerFactory.getLogger(FaultSchedule.class);
    private static final int OUTPUT_CHARS = 2_000;
    private static final long STOP_GRACE_MILLIS = 2_000;

    private final List<Fault> faults;
    private final Clock clock;
    private final List<FaultRecord> records = new ArrayList<>();
    private Thread thread;
    private long startMonotonicNanos;
    private volatile Process running;
    private volatile boolean stopped;

    /** A schedule of {@code faults} (sorted by when they are due); nothing runs before {@link #start}. */
    public FaultSchedule(List<Fault> faults, Clock clock) {
        this.faults = faults.stream().sorted(Comparator.comparing(Fault::at)).toList();
        this.clock = clock;
        for (Fault fault : this.faults) {
            FaultRecord record = new FaultRecord();
            record.command = fault.command();
            record.plannedSeconds = fault.at().toNanos() / 1e9;
            records.add(record);
        }
    }

    /**
     * {@code AT=COMMAND}: a duration into the measured phase ({@code 20s}, {@code 1m30s}, {@code 0}), then the
     * command.
     *
     * @throws IllegalArgumentException what is wrong, naming what is allowed
     */
    public static Fault parse(String text) {
        int equals = text.indexOf('=');
        if (equals <= 0 || text.substring(equals + 1).isBlank()) {
            throw new IllegalArgumentException("--fault takes AT=COMMAND, e.g. --fault '20s=ssh host-1 sudo systemctl"
                    + " kill -s KILL kafka' (AT: when, into the measured phase), got '" + text + "'");
        }
        Duration at;
        try {
            at = DurationText.parse(text.substring(0, equals).strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--fault " + text + ": " + e.getMessage(), e);
        }
        return new Fault(at, text.substring(equals + 1).strip());
    }

    public boolean isEmpty() {
        return faults.isEmpty();
    }

    /** Starts the schedule's clock: the measured phase has begun. Runs nothing when the schedule is empty. */
    public synchronized void start() {
        if (faults.isEmpty() || thread != null) {
            return;
        }
        startMonotonicNanos = clock.monotonicNanos();
        thread = new Thread(this::runAll, "fault-schedule");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Ends the schedule (the run is over): a command still running is stopped (SIGTERM, then SIGKILL after 2
     * s), those not yet due are recorded as not run.
     *
     * @return every command with how it ran, or {@code null} for an empty schedule
     */
    public List<FaultRecord> stop() throws InterruptedException {
        if (faults.isEmpty()) {
            return null;
        }
        stopped = true;
        Thread started;
        synchronized (this) {
            started = thread;
        }
        if (started != null) {
            started.interrupt(); // a wait for the next command's time
            Process process = running;
            if (process != null) {
                // the shell's children too: they hold its output open
                List<ProcessHandle> tree = process.descendants().toList();
                tree.forEach(ProcessHandle::destroy);
                process.destroy();
                if (!process.waitFor(STOP_GRACE_MILLIS, TimeUnit.MILLISECONDS)) {
                    tree.forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly();
                }
            }
            started.join(STOP_GRACE_MILLIS);
        }
        synchronized (records) {
            for (FaultRecord record : records) {
                if (record.outcome == null && record.startSeconds != null) {
                    record.outcome = "stopped: still running when the run ended";
                } else if (record.outcome == null) {
                    record.outcome = started == null
                            ? "not run: the measured phase never began"
                            : "not run: the run ended before it was due";
                }
            }
            return records.stream().map(FaultSchedule::copy).toList();
        }
    }

    private static FaultRecord copy(FaultRecord record) {
        FaultRecord copy = new FaultRecord();
        copy.command = record.command;
        copy.plannedSeconds = record.plannedSeconds;
        copy.startSeconds = record.startSeconds;
        copy.startedAt = record.startedAt;
        copy.durationSeconds = record.durationSeconds;
        copy.exitCode = record.exitCode;
        copy.outcome = record.outcome;
        copy.output = record.output;
        return copy;
    }

    private void runAll() {
        for (int i = 0; i < faults.size() && !stopped; i++) {
            Fault fault = faults.get(i);
            long dueNanos = startMonotonicNanos + fault.at().toNanos();
            try {
                long waitNanos;
                while (!stopped && (waitNanos = dueNanos - clock.monotonicNanos()) > 0) {
                    TimeUnit.NANOSECONDS.sleep(Math.min(waitNanos, TimeUnit.MILLISECONDS.toNanos(100)));
                }
            } catch (InterruptedException e) {
                return;
            }
            if (!stopped) {
                run(fault, records.get(i));
            }
        }
    }

    private void run(Fault fault, FaultRecord record) {
        long startNanos = clock.monotonicNanos();
        synchronized (records) {
            record.startSeconds = (startNanos - startMonotonicNanos) / 1e9;
            record.startedAt =
                    Instant.ofEpochMilli(clock.epochNanos() / 1_000_000).toString();
        }
        log.info("Fault schedule, {}s into the measured phase: {}", fmt(record.startSeconds), fault.command());
        Process process;
        try {
            process = new ProcessBuilder("/bin/sh", "-c", fault.command())
                    .redirectErrorStream(true)
                    .start();
        } catch (IOException e) {
            synchronized (records) {
                record.outcome = "not run: " + e.getMessage();
            }
            log.warn("Fault schedule: could not start '{}': {}", fault.command(), e.getMessage());
            return;
        }
        running = process;
        closeInput(process);
        String output = readTail(process.getInputStream()); // until it ends, or stop() ends it
        Integer exitCode = null;
        String outcome;
        try {
            process.waitFor();
            if (stopped) {
                outcome = "stopped: still running when the run ended";
            } else {
                exitCode = process.exitValue();
                outcome = "exited";
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            outcome = "stopped: still running when the run ended";
        }
        running = null;
        synchronized (records) {
            record.durationSeconds = (clock.monotonicNanos() - startNanos) / 1e9;
            record.exitCode = exitCode;
            record.outcome = outcome;
            record.output = output;
        }
        if (exitCode != null && exitCode != 0) {
            log.warn("Fault schedule: '{}' exited with {}: {}", fault.command(), exitCode, output.strip());
        }
    }

    private static void closeInput(Process process) {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // the command does not read its input
        }
    }

    /** The command's output until it ends (or the stream closes), its last {@value #OUTPUT_CHARS} characters. */
    private String readTail(InputStream output) {
        StringBuilder tail = new StringBuilder();
        byte[] buffer = new byte[4096];
        try {
            int read;
            while ((read = output.read(buffer)) >= 0) {
                tail.append(new String(buffer, 0, read, StandardCharsets.UTF_8));
                if (tail.length() > 2 * OUTPUT_CHARS) {
                    tail.delete(0, tail.length() - OUTPUT_CHARS);
                }
            }
        } catch (IOException e) {
            // the process was stopped
        }
        return tail.length() > OUTPUT_CHARS ? tail.substring(tail.length() - OUTPUT_CHARS) : tail.toString();
    }

    private static String fmt(double seconds) {
        return String.format(java.util.Locale.ROOT, "%.1f", seconds);
    }
}
