package io.openmessaging.benchmark.result;

/**
 * The summary statistics stored for every latency metric, each once per period (a list) and once for
 * the whole measured phase (an {@code aggregated…} scalar).
 *
 * <p>The field name of a statistic is the metric's prefix followed by {@link #fieldSuffix()}, for
 * example {@code publishLatency} + {@code 999pct} = {@code publishLatency999pct}, upstream's naming.
 */
public enum LatencyStatistic {
    MIN("Min", Double.NaN),
    AVG("Avg", Double.NaN),
    P50("50pct", 50.0),
    P75("75pct", 75.0),
    P95("95pct", 95.0),
    P99("99pct", 99.0),
    P999("999pct", 99.9),
    P9999("9999pct", 99.99),
    MAX("Max", Double.NaN);

    private final String fieldSuffix;
    private final double percentile;

    LatencyStatistic(String fieldSuffix, double percentile) {
        this.fieldSuffix = fieldSuffix;
        this.percentile = percentile;
    }

    /** The part of the result field name after the metric prefix, e.g. {@code 99pct}. */
    public String fieldSuffix() {
        return fieldSuffix;
    }

    /** Whether this statistic is a percentile (then {@link #percentile()} is meaningful). */
    public boolean isPercentile() {
        return !Double.isNaN(percentile);
    }

    /**
     * The percentile in percent (e.g. 99.9 for {@link #P999}).
     *
     * @throws IllegalStateException for {@link #MIN}, {@link #AVG} and {@link #MAX}
     */
    public double percentile() {
        if (!isPercentile()) {
            throw new IllegalStateException(name() + " is not a percentile");
        }
        return percentile;
    }
}
