package io.openmessaging.benchmark.measure;

/**
 * The five latencies recorded for every message (DESIGN §3). Every value is recorded in nanoseconds.
 */
public enum LatencyMetric {
    /** acked − intended: what a producer at this rate experiences; coordinated-omission corrected. */
    PUBLISH_RESPONSE_TIME,
    /** acked − sent: upstream's "publish latency" (service time). */
    PUBLISH_LATENCY,
    /** sent − intended: generator lateness or client back-pressure. */
    PUBLISH_DELAY_LATENCY,
    /** received − intended (epoch clocks): coordinated-omission corrected end-to-end. */
    END_TO_END_RESPONSE_TIME,
    /** received − sent (epoch clocks): upstream's end-to-end meaning. */
    END_TO_END_LATENCY;

    private static final LatencyMetric[] VALUES = values();

    /** {@link #values()} without the copy. */
    public static LatencyMetric[] all() {
        return VALUES.clone();
    }

    static int count() {
        return VALUES.length;
    }

    static LatencyMetric of(int ordinal) {
        return VALUES[ordinal];
    }
}
