package io.openmessaging.benchmark.report;

import io.openmessaging.benchmark.measure.LatencyMetric;
import io.openmessaging.benchmark.result.TestResult;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * The metrics that reports, CSV files and {@code compare} thresholds speak about, named by their result
 * field prefix ({@code endToEndLatency}), and how each {@link Stat} of them is read from a
 * {@link TestResult}.
 *
 * <p>Latency metrics read the stored {@code aggregated…} fields ({@code aggregatedEndToEndLatency99pct}),
 * never re-computed, so files of upstream and its forks give the numbers they hold. A latency metric
 * whose aggregates are all absent, or all zero with an empty quantile map (nothing was recorded, e.g. no
 * consumers), has no value.
 *
 * <p>Rates are computed from the per-period list ({@code publishRate}: messages per second in each
 * sample period): {@code avg} is the mean of the periods, {@code max} the largest, and {@code pNN} the
 * nearest-rank percentile of the periods (the smallest period rate that at least NN % of periods do not
 * exceed). Non-finite entries are skipped.
 */
public enum Metric {
    PUBLISH_RATE("publishRate", "msg/s", result -> result.publishRate),
    CONSUME_RATE("consumeRate", "msg/s", result -> result.consumeRate),
    PUBLISH_RESPONSE_TIME(LatencyMetric.PUBLISH_RESPONSE_TIME),
    PUBLISH_LATENCY(LatencyMetric.PUBLISH_LATENCY),
    PUBLISH_DELAY_LATENCY(LatencyMetric.PUBLISH_DELAY_LATENCY),
    END_TO_END_RESPONSE_TIME(LatencyMetric.END_TO_END_RESPONSE_TIME),
    END_TO_END_LATENCY(LatencyMetric.END_TO_END_LATENCY);

    private final String key;
    private final String unit;
    private final LatencyMetric latencyMetric;
    private final Function<TestResult, List<? extends Number>> periodRates;
    private final Map<Stat, Field> aggregateFields = new EnumMap<>(Stat.class);
    private final Map<Stat, Field> periodFields = new EnumMap<>(Stat.class);
    private final Field quantilesField;

    Metric(String key, String unit, Function<TestResult, List<? extends Number>> periodRates) {
        this.key = key;
        this.unit = unit;
        this.latencyMetric = null;
        this.periodRates = periodRates;
        this.quantilesField = null;
    }

    Metric(LatencyMetric latencyMetric) {
        this.key = latencyMetric.fieldPrefix();
        this.unit = latencyMetric.unit().symbol();
        this.latencyMetric = latencyMetric;
        this.periodRates = null;
        for (Stat stat : Stat.values()) {
            aggregateFields.put(
                    stat,
                    field(latencyMetric.aggregatedFieldPrefix()
                            + stat.latencyStatistic().fieldSuffix()));
            periodFields.put(
                    stat,
                    field(latencyMetric.fieldPrefix() + stat.latencyStatistic().fieldSuffix()));
        }
        this.quantilesField = field(latencyMetric.quantilesFieldName());
    }

    /** The name on the command line and in CSV headers: the result field prefix, e.g. {@code publishLatency}. */
    public String key() {
        return key;
    }

    /** Unit of every stat of this metric: {@code ms}, {@code µs} or {@code msg/s}. */
    public String unit() {
        return unit;
    }

    /** The latency metric behind this one, if it is a latency. */
    public Optional<LatencyMetric> latencyMetric() {
        return Optional.ofNullable(latencyMetric);
    }

    /** The value of {@code stat} in {@code result}, or empty when the file does not hold it. */
    public OptionalDouble value(TestResult result, Stat stat) {
        return latencyMetric != null ? storedAggregate(result, stat) : rateStatistic(result, stat);
    }

    /**
     * The per-period values of {@code stat}, in this metric's unit, oldest first: for a latency its
     * per-period list ({@code publishLatency99pct}); for a rate the rate list itself, whatever the stat.
     * Empty when the file does not hold it; entries may be {@code null} or not finite in foreign files.
     */
    @SuppressWarnings("unchecked")
    public List<? extends Number> perPeriod(TestResult result, Stat stat) {
        List<? extends Number> values = latencyMetric != null
                ? (List<? extends Number>) read(periodFields.get(stat), result)
                : periodRates.apply(result);
        return values == null ? List.of() : values;
    }

    /**
     * The aggregated quantile curve of a latency metric (percentile → value in this metric's unit), empty
     * for rates and for files without it.
     */
    public Map<Double, ? extends Number> quantiles(TestResult result) {
        Map<Double, ? extends Number> quantiles = latencyMetric == null ? null : quantileMap(result);
        return quantiles == null ? Map.of() : quantiles;
    }

    @SuppressWarnings("unchecked")
    private Map<Double, ? extends Number> quantileMap(TestResult result) {
        return (Map<Double, ? extends Number>) read(quantilesField, result);
    }

    /** Whether {@code result} holds any stat of this metric. */
    public boolean isIn(TestResult result) {
        return Arrays.stream(Stat.values()).anyMatch(stat -> value(result, stat).isPresent());
    }

    /** The metric named {@code key} ({@code endToEndLatency}), if any. */
    public static Optional<Metric> byKey(String key) {
        return Arrays.stream(values()).filter(metric -> metric.key.equals(key)).findFirst();
    }

    /** Every key, in order, for messages. */
    public static List<String> keys() {
        return Arrays.stream(values()).map(Metric::key).toList();
    }

    private OptionalDouble storedAggregate(TestResult result, Stat stat) {
        Number value = (Number) read(aggregateFields.get(stat), result);
        if (value == null || !Double.isFinite(value.doubleValue())) {
            return OptionalDouble.empty();
        }
        Map<?, ?> quantiles = (Map<?, ?>) read(quantilesField, result);
        boolean nothingRecorded = value.doubleValue() == 0.0 && quantiles != null && quantiles.isEmpty();
        return nothingRecorded ? OptionalDouble.empty() : OptionalDouble.of(value.doubleValue());
    }

    private OptionalDouble rateStatistic(TestResult result, Stat stat) {
        List<? extends Number> periods = periodRates.apply(result);
        List<Double> finite = new ArrayList<>();
        if (periods != null) {
            for (Number rate : periods) {
                if (rate != null && Double.isFinite(rate.doubleValue())) {
                    finite.add(rate.doubleValue());
                }
            }
        }
        if (finite.isEmpty()) {
            return OptionalDouble.empty();
        }
        return switch (stat) {
            case AVG -> finite.stream().mapToDouble(Double::doubleValue).average();
            case MAX -> finite.stream().mapToDouble(Double::doubleValue).max();
            default ->
                OptionalDouble.of(nearestRank(finite, stat.latencyStatistic().percentile()));
        };
    }

    /** The smallest value that at least {@code percentile} % of {@code values} do not exceed. */
    static double nearestRank(List<Double> values, double percentile) {
        double[] sorted =
                values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int rank = (int) Math.ceil(percentile / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length, rank) - 1)];
    }

    private static Field field(String name) {
        try {
            return TestResult.class.getField(name);
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException(
                    "TestResult has no public field " + name + ", which the report metrics need", e);
        }
    }

    private static Object read(Field field, TestResult result) {
        try {
            return field.get(result);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot read TestResult." + field.getName(), e);
        }
    }
}
