package io.openmessaging.benchmark.coordinator;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Every default of the coordinator and command line, in one place. */
public final class Defaults {

    /** Result directory, relative to the current directory. */
    public static final String OUTPUT_DIR = "results";

    /**
     * Where a result goes when it cannot be written where asked (a full disk, a directory that went away),
     * tried in order: the system's temporary directory ({@code java.io.tmpdir}), then the user's home.
     */
    public static List<Path> fallbackOutputDirs() {
        return List.of(Path.of(System.getProperty("java.io.tmpdir")), Path.of(System.getProperty("user.home")));
    }

    /** Bound on the readiness probe (every topic/subscription pair must receive a probe). */
    public static final Duration READINESS_TIMEOUT = Duration.ofSeconds(60);

    /** How often readiness probes are re-sent while waiting (a consumer may join late). */
    public static final Duration PROBE_RESEND_INTERVAL = Duration.ofSeconds(5);

    /** Bound on waiting for in-flight messages after the load stopped. */
    public static final Duration DRAIN_TIMEOUT = Duration.ofSeconds(60);

    /** A run whose sends neither complete nor fail for this long is stopped as failed. */
    public static final Duration STALL_TIMEOUT = Duration.ofSeconds(30);

    /** A worker that does not answer status polls for this long has failed (the run stops everywhere). */
    public static final Duration WORKER_UNREACHABLE_TIMEOUT = Duration.ofSeconds(10);

    /**
     * A worker's lease on a run when none is given: three lease renewals (one a second) plus the stall
     * limit, so that a coordinator busy for as long as a run may stall keeps its workers.
     */
    public static Duration workerLease(Duration stallTimeout) {
        return Duration.ofSeconds(3).plus(stallTimeout);
    }

    /**
     * While producers keep running, the backlog counts as drained once it is at most what every
     * subscription receives in this time at the workload rate (upstream: a fixed 1000 messages, which is
     * this window at 10,000 msg/s). See docs/backlog.md.
     */
    public static final Duration BACKLOG_CAUGHT_UP_WINDOW = Duration.ofMillis(100);

    /** A backlog build may take this many times its duration at the workload rate. */
    public static final int BACKLOG_BUILD_TIMEOUT_FACTOR = 3;

    /** A backlog drain may take this many times the build's duration (consumers ≥ 10 % faster than producers). */
    public static final int BACKLOG_DRAIN_TIMEOUT_FACTOR = 10;

    /** Neither backlog phase times out sooner than this. */
    public static final Duration BACKLOG_MIN_PHASE_TIMEOUT = Duration.ofSeconds(60);

    /** How often a progress line is printed while a backlog builds or drains. */
    public static final Duration BACKLOG_PROGRESS_INTERVAL = Duration.ofSeconds(5);

    /** A worker clock offset error bound above this gets a warning (end-to-end across hosts). */
    public static final Duration CLOCK_OFFSET_BOUND_WARNING = Duration.ofMillis(1);

    /** A worker clock offset above this gets a warning. */
    public static final Duration CLOCK_OFFSET_WARNING = Duration.ofMillis(5);

    /** HdrHistogram significant digits (3 = 0.1 % precision). */
    public static final int LATENCY_SIGNIFICANT_DIGITS = 3;

    private Defaults() {}
}
