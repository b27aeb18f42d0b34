package io.openmessaging.benchmark.report;

import io.openmessaging.benchmark.result.LatencyStatistic;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The headline statistics of a {@link Metric}, named as on the command line ({@code p99} in
 * {@code endToEndLatency.p99}) and in CSV column names.
 *
 * <p>For latency metrics each one is the stored {@code aggregated…} field of its {@link LatencyStatistic};
 * for rates it is computed from the per-period list (see {@link Metric}).
 */
public enum Stat {
    AVG("avg", LatencyStatistic.AVG),
    P50("p50", LatencyStatistic.P50),
    P75("p75", LatencyStatistic.P75),
    P95("p95", LatencyStatistic.P95),
    P99("p99", LatencyStatistic.P99),
    P999("p999", LatencyStatistic.P999),
    P9999("p9999", LatencyStatistic.P9999),
    MAX("max", LatencyStatistic.MAX);

    private final String key;
    private final LatencyStatistic latencyStatistic;

    Stat(String key, LatencyStatistic latencyStatistic) {
        this.key = key;
        this.latencyStatistic = latencyStatistic;
    }

    /** The name on the command line and in CSV headers, e.g. {@code p999}. */
    public String key() {
        return key;
    }

    /** The result field statistic this one reads for latency metrics. */
    public LatencyStatistic latencyStatistic() {
        return latencyStatistic;
    }

    /** Label for people, e.g. {@code p99.9}, {@code avg}. */
    public String label() {
        return latencyStatistic.isPercentile() ? "p" + formatPercentile(latencyStatistic.percentile()) : key;
    }

    /** The stat named {@code key} ({@code p99}), if any. */
    public static Optional<Stat> byKey(String key) {
        return Arrays.stream(values()).filter(stat -> stat.key.equals(key)).findFirst();
    }

    /** Every key, in order, for messages. */
    public static List<String> keys() {
        return Arrays.stream(values()).map(Stat::key).toList();
    }

    private static String formatPercentile(double percentile) {
        return percentile == Math.rint(percentile) ? String.valueOf((long) percentile) : String.valueOf(percentile);
    }
}
