package io.openmessaging.benchmark.measure;

import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * Range and precision of every latency histogram: values in nanoseconds from 1 ns to {@link
 * #HIGHEST_TRACKABLE_NANOS} (one hour); larger values are clamped to it and counted.
 *
 * @param significantDigits HdrHistogram's {@code numberOfSignificantValueDigits}, 1 to 5 (default 3:
 *     0.1 % value precision)
 */
public record HistogramSpec(int significantDigits) {

    public static final long LOWEST_DISCERNIBLE_NANOS = 1;
    public static final long HIGHEST_TRACKABLE_NANOS = TimeUnit.HOURS.toNanos(1);
    public static final int DEFAULT_SIGNIFICANT_DIGITS = 3;
    public static final HistogramSpec DEFAULT = new HistogramSpec(DEFAULT_SIGNIFICANT_DIGITS);

    public HistogramSpec {
        if (significantDigits < 1 || significantDigits > 5) {
            throw new IllegalArgumentException("latency significant digits must be 1 to 5, got " + significantDigits);
        }
    }

    /** A new, empty histogram of this spec, with counts for the whole range (about 270 KB at 3 digits). */
    public Histogram newHistogram() {
        return new Histogram(LOWEST_DISCERNIBLE_NANOS, HIGHEST_TRACKABLE_NANOS, significantDigits);
    }

    /**
     * A new, empty histogram of this spec that grows with the values it is given: its counts reach only as
     * far as its largest value needs (about 120 KB at 3 digits for values up to 10 ms), and it holds
     * every value of the spec's range. For what is kept a long time, such as a worker's periods. Its
     * percentiles, mean and counts are those of a {@link #newHistogram} given the same values; only its
     * encoding differs (its header states the range it has grown to), so encode a copy made in {@link
     * #newHistogram} where a reader expects the full range.
     */
    public Histogram newGrowingHistogram() {
        Histogram histogram = new Histogram(LOWEST_DISCERNIBLE_NANOS, 2, significantDigits);
        histogram.setAutoResize(true);
        return histogram;
    }
}
