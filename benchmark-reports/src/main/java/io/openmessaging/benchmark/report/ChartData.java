package io.openmessaging.benchmark.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.openmessaging.benchmark.measure.LatencyUnit;
import java.util.List;
import java.util.Map;

/**
 * The data the report's charts draw, as the JSON document embedded in the page: per run its label,
 * colour and period length, the per-period rates and backlog, every latency statistic per period and the
 * quantile curves. Every latency is in milliseconds here (publish delay converted from µs); values a
 * file lacks or that are not finite become {@code null}, which the charts leave as gaps.
 */
final class ChartData {

    /** Colours of runs in order (then repeated): distinct on white and for most colour-blind readers. */
    static final List<String> PALETTE = List.of(
            "#2f6fb3", "#e8772e", "#3a9e5a", "#d1495b", "#7c5cbf", "#8c6d4f", "#d46fb0", "#3d4450", "#b5a11f",
            "#1fa6b8", "#1b3a6b", "#a63d1f");

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ChartData() {}

    /** The colour of the run at {@code index}. */
    static String color(int index) {
        return PALETTE.get(index % PALETTE.size());
    }

    static ObjectNode of(List<ReportRun> runs) {
        ObjectNode root = MAPPER.createObjectNode();
        ArrayNode runNodes = root.putArray("runs");
        for (int i = 0; i < runs.size(); i++) {
            runNodes.add(run(runs.get(i), i));
        }
        ArrayNode stats = root.putArray("stats");
        for (Stat stat : Stat.values()) {
            stats.addObject().put("key", stat.key()).put("label", stat.label());
        }
        return root;
    }

    private static ObjectNode run(ReportRun run, int index) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("label", run.label());
        node.put("file", run.file().toString());
        node.put("color", color(index));
        node.put("sampleSeconds", run.sampleRateMillis() / 1000.0);
        node.put("sampleRateAssumed", run.sampleRateAssumed());
        if (run.result().messageSize != null) {
            node.put("messageSize", run.result().messageSize);
        } else {
            node.putNull("messageSize");
        }
        node.set("publishRate", numbers(run.result().publishRate, 1));
        node.set("consumeRate", numbers(run.result().consumeRate, 1));
        node.set("backlog", numbers(run.result().backlog, 1));
        ObjectNode overTime = node.putObject("overTime");
        ObjectNode quantiles = node.putObject("quantiles");
        for (Metric metric : Metric.values()) {
            if (metric.latencyMetric().isEmpty()) {
                continue;
            }
            double toMillis = metric.latencyMetric().get().unit() == LatencyUnit.MICROSECONDS ? 1e-3 : 1.0;
            ObjectNode perStat = overTime.putObject(metric.key());
            for (Stat stat : Stat.values()) {
                perStat.set(stat.key(), numbers(metric.perPeriod(run.result(), stat), toMillis));
            }
            quantiles.set(metric.key(), quantileCurve(metric.quantiles(run.result()), toMillis));
        }
        return node;
    }

    private static ArrayNode numbers(List<? extends Number> values, double factor) {
        ArrayNode array = MAPPER.createArrayNode();
        for (Number value : values) {
            if (value == null || !Double.isFinite(value.doubleValue())) {
                array.addNull();
            } else if (factor == 1.0 && (value instanceof Long || value instanceof Integer)) {
                array.add(value.longValue());
            } else {
                array.add(value.doubleValue() * factor);
            }
        }
        return array;
    }

    /** {@code [[percentile, value], …]} below the 100th percentile (which a log axis cannot place). */
    private static ArrayNode quantileCurve(Map<Double, ? extends Number> quantiles, double factor) {
        ArrayNode curve = MAPPER.createArrayNode();
        quantiles.forEach((percentile, value) -> {
            if (percentile != null && percentile < 100.0 && value != null && Double.isFinite(value.doubleValue())) {
                curve.addArray().add(percentile).add(value.doubleValue() * factor);
            }
        });
        return curve;
    }
}
