package io.openmessaging.benchmark.abtest;

import io.openmessaging.benchmark.result.TestResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * The headline figures an A/B comparison gives a verdict on, named as {@code compare} thresholds name
 * them ({@code endToEndResponseTime.p99}), each read from a result's per-period list.
 *
 * <p>A run's value of a figure is the <b>median over its measured periods</b> of the per-period value
 * ({@link #runValue}): for {@code endToEndResponseTime.p99} the median of {@code endToEndResponseTime99pct}.
 * A latency period holding 0 had no message (an empty histogram writes 0) and is skipped; a rate of 0 is a
 * real value and counts. Entries that are missing or not finite (foreign files) are skipped.
 *
 * <p>The result files hold no CPU figures, so there are none here.
 */
public enum AbFigure {
    PUBLISH_RESPONSE_TIME_P50("publishResponseTime", "p50", "ms", Better.LOWER, r -> r.publishResponseTime50pct),
    PUBLISH_RESPONSE_TIME_P99("publishResponseTime", "p99", "ms", Better.LOWER, r -> r.publishResponseTime99pct),
    PUBLISH_RESPONSE_TIME_P999("publishResponseTime", "p999", "ms", Better.LOWER, r -> r.publishResponseTime999pct),
    END_TO_END_RESPONSE_TIME_P50("endToEndResponseTime", "p50", "ms", Better.LOWER, r -> r.endToEndResponseTime50pct),
    END_TO_END_RESPONSE_TIME_P99("endToEndResponseTime", "p99", "ms", Better.LOWER, r -> r.endToEndResponseTime99pct),
    END_TO_END_RESPONSE_TIME_P999(
            "endToEndResponseTime", "p999", "ms", Better.LOWER, r -> r.endToEndResponseTime999pct),
    PUBLISH_LATENCY_P99("publishLatency", "p99", "ms", Better.LOWER, r -> r.publishLatency99pct),
    PUBLISH_RATE("publishRate", "avg", "msg/s", Better.HIGHER, r -> r.publishRate);

    /** Which direction of change is an improvement. */
    public enum Better {
        /** Latencies: lower is faster. */
        LOWER,
        /** Rates: higher is faster. */
        HIGHER;

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private final String metric;
    private final String stat;
    private final String unit;
    private final Better better;
    private final Function<TestResult, List<? extends Number>> perPeriod;

    AbFigure(
            String metric,
            String stat,
            String unit,
            Better better,
            Function<TestResult, List<? extends Number>> perPeriod) {
        this.metric = metric;
        this.stat = stat;
        this.unit = unit;
        this.better = better;
        this.perPeriod = perPeriod;
    }

    /** {@code endToEndResponseTime.p99}: the name in thresholds, tables and the JSON. */
    public String key() {
        return metric + "." + stat;
    }

    /** The result field prefix, e.g. {@code endToEndResponseTime}. */
    public String metric() {
        return metric;
    }

    /** The statistic, as in thresholds: {@code p50}, {@code p99}, {@code p999}, {@code avg}. */
    public String stat() {
        return stat;
    }

    public String unit() {
        return unit;
    }

    public Better better() {
        return better;
    }

    /** Whether 0 in a period means "no value" (latencies) rather than a measured 0 (rates). */
    private boolean zeroMeansEmpty() {
        return better == Better.LOWER;
    }

    /** The usable per-period values of this figure in {@code result}, oldest first. */
    public double[] periodValues(TestResult result) {
        List<? extends Number> values = perPeriod.apply(result);
        List<Double> usable = new ArrayList<>();
        if (values != null) {
            for (Number value : values) {
                if (value != null
                        && Double.isFinite(value.doubleValue())
                        && !(zeroMeansEmpty() && value.doubleValue() == 0.0)) {
                    usable.add(value.doubleValue());
                }
            }
        }
        return usable.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** The run's value: the median of its usable per-period values; empty when it has none. */
    public OptionalDouble runValue(TestResult result) {
        double[] values = periodValues(result);
        return values.length == 0 ? OptionalDouble.empty() : OptionalDouble.of(Quantiles.median(values));
    }

    /** The figure named {@code key}, if any. */
    public static Optional<AbFigure> byKey(String key) {
        return Arrays.stream(values())
                .filter(figure -> figure.key().equals(key))
                .findFirst();
    }

    /** Every key, in order, for messages. */
    public static List<String> keys() {
        return Arrays.stream(values()).map(AbFigure::key).toList();
    }
}
