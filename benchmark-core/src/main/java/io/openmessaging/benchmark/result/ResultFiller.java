package io.openmessaging.benchmark.result;

import io.openmessaging.benchmark.measure.LatencyMetric;
import io.openmessaging.benchmark.measure.LatencyUnit;
import java.lang.reflect.Field;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.AbstractHistogram;

/**
 * Writes latency histograms (values in nanoseconds) into the fields of a {@link TestResult}, in each
 * {@link LatencyMetric}'s unit.
 *
 * <p>The field for a metric and statistic is found by name, {@link LatencyMetric#fieldPrefix()} +
 * {@link LatencyStatistic#fieldSuffix()}, once when this class loads: a missing or mistyped field fails
 * at once, not in the middle of a run. An empty histogram writes zeros (upstream's behaviour), never
 * {@code NaN}.
 */
public final class ResultFiller {

    private static final Map<LatencyMetric, MetricFields> FIELDS = new EnumMap<>(LatencyMetric.class);

    static {
        for (LatencyMetric metric : LatencyMetric.values()) {
            FIELDS.put(metric, MetricFields.resolve(metric));
        }
    }

    private ResultFiller() {}

    /**
     * Appends one sample period of {@code metric} to its per-period lists ({@code publishLatencyMin},
     * {@code publishLatencyAvg}, … {@code publishLatencyMax} for {@link LatencyMetric#PUBLISH_LATENCY}).
     *
     * @param intervalHistogramNanos the values recorded during the period, in nanoseconds
     */
    public static void addPeriod(TestResult result, LatencyMetric metric, AbstractHistogram intervalHistogramNanos) {
        LatencyStats stats = LatencyStats.of(intervalHistogramNanos);
        MetricFields fields = FIELDS.get(metric);
        for (LatencyStatistic statistic : LatencyStatistic.values()) {
            fields.periodList(result, statistic).add(stats.value(statistic, metric.unit()));
        }
    }

    /**
     * Sets the aggregated statistics of {@code metric} ({@code aggregatedPublishLatencyMin} …
     * {@code aggregatedPublishLatencyMax}) and its quantile map, replacing earlier values.
     *
     * @param cumulativeHistogramNanos every value recorded during the measured phase, in nanoseconds
     */
    public static void setAggregate(
            TestResult result, LatencyMetric metric, AbstractHistogram cumulativeHistogramNanos) {
        LatencyStats stats = LatencyStats.of(cumulativeHistogramNanos);
        MetricFields fields = FIELDS.get(metric);
        for (LatencyStatistic statistic : LatencyStatistic.values()) {
            fields.setAggregate(result, statistic, stats.value(statistic, metric.unit()));
        }
        fields.setQuantiles(
                result,
                switch (metric.unit()) {
                    case MILLISECONDS -> LatencyStats.quantilesMillis(cumulativeHistogramNanos);
                    case MICROSECONDS -> LatencyStats.quantilesMicros(cumulativeHistogramNanos);
                });
    }

    /** The reflected {@link TestResult} fields of one metric. */
    private record MetricFields(
            Map<LatencyStatistic, Field> periodLists, Map<LatencyStatistic, Field> aggregates, Field quantiles) {

        static MetricFields resolve(LatencyMetric metric) {
            Map<LatencyStatistic, Field> periodLists = new EnumMap<>(LatencyStatistic.class);
            Map<LatencyStatistic, Field> aggregates = new EnumMap<>(LatencyStatistic.class);
            for (LatencyStatistic statistic : LatencyStatistic.values()) {
                Class<?> valueType = statistic == LatencyStatistic.AVG || metric.unit() == LatencyUnit.MILLISECONDS
                        ? Double.class
                        : Long.class;
                periodLists.put(
                        statistic, field(metric.fieldPrefix() + statistic.fieldSuffix(), List.class, valueType));
                aggregates.put(
                        statistic, field(metric.aggregatedFieldPrefix() + statistic.fieldSuffix(), valueType, null));
            }
            Class<?> quantileType = metric.unit() == LatencyUnit.MILLISECONDS ? Double.class : Long.class;
            return new MetricFields(
                    periodLists, aggregates, field(metric.quantilesFieldName(), Map.class, quantileType));
        }

        /** Finds a public field and checks its type, and for a list or map the type of its values. */
        private static Field field(String name, Class<?> type, Class<?> valueType) {
            Field field;
            try {
                field = TestResult.class.getField(name);
            } catch (NoSuchFieldException e) {
                throw new IllegalStateException(
                        "TestResult has no public field " + name + ", which ResultFiller needs for its latency metrics",
                        e);
            }
            boolean typeMatches = type.isAssignableFrom(field.getType());
            if (typeMatches && valueType != null) {
                Type[] typeArguments = ((ParameterizedType) field.getGenericType()).getActualTypeArguments();
                typeMatches = typeArguments[typeArguments.length - 1].equals(valueType);
            }
            if (!typeMatches) {
                throw new IllegalStateException(
                        "TestResult." + name + " is a " + field.getGenericType().getTypeName()
                                + "; ResultFiller needs a " + type.getSimpleName()
                                + (valueType == null ? "" : " of " + valueType.getSimpleName()));
            }
            return field;
        }

        @SuppressWarnings("unchecked")
        List<Number> periodList(TestResult result, LatencyStatistic statistic) {
            Field field = periodLists.get(statistic);
            try {
                List<Number> list = (List<Number>) field.get(result);
                if (list == null) {
                    list = new ArrayList<>();
                    field.set(result, list);
                }
                return list;
            } catch (IllegalAccessException e) {
                throw new IllegalStateException("cannot access TestResult." + field.getName(), e);
            }
        }

        void setAggregate(TestResult result, LatencyStatistic statistic, Number value) {
            set(result, aggregates.get(statistic), value);
        }

        void setQuantiles(TestResult result, Map<Double, ? extends Number> quantileMap) {
            set(result, quantiles, quantileMap);
        }

        private static void set(TestResult result, Field field, Object value) {
            try {
                field.set(result, value);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException("cannot access TestResult." + field.getName(), e);
            }
        }
    }
}
