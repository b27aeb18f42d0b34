package io.openmessaging.benchmark.measure;

/**
 * The unit a latency metric is written in. Histograms always hold nanoseconds; the unit only applies
 * when values are written into a result ({@code TestResult}), so the JSON keeps upstream's units.
 */
public enum LatencyUnit {
    /**
     * Milliseconds as a {@link Double}: {@code nanos / 1e6}, never rounded to whole milliseconds (250 µs
     * is written as 0.25).
     */
    MILLISECONDS("ms"),
    /**
     * Microseconds, upstream's unit for publish delay: a {@link Long} rounded to the nearest microsecond,
     * except averages, which are {@code double}.
     */
    MICROSECONDS("µs");

    private final String symbol;

    LatencyUnit(String symbol) {
        this.symbol = symbol;
    }

    /** The unit's symbol as used in logs and documentation: {@code ms} or {@code µs}. */
    public String symbol() {
        return symbol;
    }

    /**
     * Converts a recorded value (minimum, percentile, maximum or quantile) from nanoseconds to the number
     * written in this unit: a {@link Double} in milliseconds or a {@link Long} in microseconds.
     */
    public Number valueFromNanos(long nanos) {
        return switch (this) {
            case MILLISECONDS -> nanos / 1e6;
            case MICROSECONDS -> Math.round(nanos / 1e3);
        };
    }

    /** Converts an average from nanoseconds to this unit; averages are {@code double} in every unit. */
    public double meanFromNanos(double meanNanos) {
        return switch (this) {
            case MILLISECONDS -> meanNanos / 1e6;
            case MICROSECONDS -> meanNanos / 1e3;
        };
    }
}
