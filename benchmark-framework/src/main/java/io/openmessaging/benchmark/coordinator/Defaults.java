package io.openmessaging.benchmark.coordinator;

import java.time.Duration;

/** Every default of the coordinator and command line, in one place. */
public final class Defaults {

    /** Result directory, relative to the current directory. */
    public static final String OUTPUT_DIR = "results";

    /** Bound on the readiness probe (every topic/subscription pair must receive a probe). */
    public static final Duration READINESS_TIMEOUT = Duration.ofSeconds(60);

    /** How often readiness probes are re-sent while waiting (a consumer may join late). */
    public static final Duration PROBE_RESEND_INTERVAL = Duration.ofSeconds(5);

    /** Bound on waiting for in-flight messages after the load stopped. */
    public static final Duration DRAIN_TIMEOUT = Duration.ofSeconds(60);

    /** A run whose sends neither complete nor fail for this long is stopped as failed. */
    public static final Duration STALL_TIMEOUT = Duration.ofSeconds(30);

    /** HdrHistogram significant digits (3 = 0.1 % precision). */
    public static final int LATENCY_SIGNIFICANT_DIGITS = 3;

    private Defaults() {}
}
