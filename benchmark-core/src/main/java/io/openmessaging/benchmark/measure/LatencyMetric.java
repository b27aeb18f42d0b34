package io.openmessaging.benchmark.measure;

/**
 * The five latency metrics of a run. Each carries the prefix of its result ({@code TestResult}) fields, the
 * unit those fields are written in, and the stem of its HdrHistogram interval log file.
 *
 * <p>The timestamps per message are {@code intended} (the schedule), {@code sent} (just before the
 * driver's send call), {@code acked} (the send completed) and {@code received} (the consumer callback).
 * The response times start at {@code intended} and so include any time the producer fell behind its
 * schedule (corrected for coordinated omission); the latencies start at {@code sent}, as upstream's do.
 */
public enum LatencyMetric {
    /** {@code acked − intended}: what a producer at the workload rate experiences; the headline. */
    PUBLISH_RESPONSE_TIME("publishResponseTime", LatencyUnit.MILLISECONDS, "publish-response-time"),
    /** {@code acked − sent}: upstream's publish latency (service time). */
    PUBLISH_LATENCY("publishLatency", LatencyUnit.MILLISECONDS, "publish-latency"),
    /** {@code sent − intended}: how late the generator sent (client back-pressure); upstream's unit µs. */
    PUBLISH_DELAY_LATENCY("publishDelayLatency", LatencyUnit.MICROSECONDS, "publish-delay-latency"),
    /** {@code received − intended} (epoch clocks of two hosts): end-to-end, corrected; the headline. */
    END_TO_END_RESPONSE_TIME("endToEndResponseTime", LatencyUnit.MILLISECONDS, "end-to-end-response-time"),
    /** {@code received − sent} (epoch clocks of two hosts): upstream's end-to-end latency. */
    END_TO_END_LATENCY("endToEndLatency", LatencyUnit.MILLISECONDS, "end-to-end-latency");

    private final String fieldPrefix;
    private final LatencyUnit unit;
    private final String hlogFileStem;

    LatencyMetric(String fieldPrefix, LatencyUnit unit, String hlogFileStem) {
        this.fieldPrefix = fieldPrefix;
        this.unit = unit;
        this.hlogFileStem = hlogFileStem;
    }

    /** Prefix of the per-period fields, e.g. {@code publishLatency} for {@code publishLatency99pct}. */
    public String fieldPrefix() {
        return fieldPrefix;
    }

    /** Prefix of the aggregated fields, e.g. {@code aggregatedPublishLatency}. */
    public String aggregatedFieldPrefix() {
        return "aggregated" + Character.toUpperCase(fieldPrefix.charAt(0)) + fieldPrefix.substring(1);
    }

    /** Name of the aggregated quantile map field, e.g. {@code aggregatedPublishLatencyQuantiles}. */
    public String quantilesFieldName() {
        return aggregatedFieldPrefix() + "Quantiles";
    }

    /** The unit the result fields of this metric are written in. */
    public LatencyUnit unit() {
        return unit;
    }

    /** File-name stem of this metric's interval log, e.g. {@code publish-latency}. */
    public String hlogFileStem() {
        return hlogFileStem;
    }

    /**
     * The interval log file name for this metric of the run whose result file base name (without
     * {@code .json}) is {@code resultBaseName}: {@code <resultBaseName>-<stem>.hlog}.
     */
    public String hlogFileName(String resultBaseName) {
        return resultBaseName + "-" + hlogFileStem + ".hlog";
    }

    private static final LatencyMetric[] VALUES = values();

    static int count() {
        return VALUES.length;
    }
}
