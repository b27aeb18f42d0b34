package io.openmessaging.benchmark.study;

import java.util.List;

/**
 * One figure a study published.
 *
 * @param id the figure's id in the study's facts ({@code cf-001})
 * @param experiment the experiment it belongs to
 * @param system the system it is about (for a ratio, the system the ratio favours or describes)
 * @param metric what was measured
 * @param percentile the statistic, or {@code null} for a rate or a ratio of rates
 * @param value the published value; for a range, its upper end as the facts give it
 * @param valueMin the other end of a published range, or {@code null}
 * @param approx whether the text says "about", "~", "almost"
 * @param bound whether the text gives only a bound ("below X"), or {@code null}
 * @param unit the value's unit
 * @param configuration what was set when it was measured, in words
 * @param uncertain whether the figure clashes with other text or its attribution is unclear
 * @param reason why it is uncertain, or {@code null}
 * @param source where in the publication it is
 * @param of for a ratio, the run ({@code EXPERIMENT/SYSTEM}) whose value is divided, else {@code null}
 * @param over for a ratio, the run ({@code EXPERIMENT/SYSTEM}) it is divided by, else {@code null}
 * @param varies for a ratio, the settings it is about ({@code driver.replicationFactor}), which the two runs must
 *     differ in for it to be tested here; empty when the file names none
 */
public record Figure(
        String id,
        String experiment,
        String system,
        Metric metric,
        Percentile percentile,
        double value,
        Double valueMin,
        boolean approx,
        Bound bound,
        Unit unit,
        String configuration,
        boolean uncertain,
        String reason,
        String source,
        String of,
        String over,
        List<String> varies) {

    public Figure {
        varies = List.copyOf(varies);
    }

    /** Whether the figure is one value over another ({@code x} or {@code %}), which needs {@code of} and {@code over}. */
    public boolean isRatio() {
        return metric == Metric.throughputRatio || metric == Metric.latencyRatio;
    }

    /** What a figure measures, named as the result files name their metrics. */
    public enum Metric {
        publishRate,
        publishLatency,
        endToEndLatency,
        /** one throughput over another, as a factor ({@code x}) or a change ({@code %}) */
        throughputRatio,
        /** one latency over another, as a factor ({@code x}) or a change ({@code %}) */
        latencyRatio
    }

    /** The statistic of a latency figure. */
    public enum Percentile {
        AVG("avg"),
        MEAN("mean"),
        P50("p50"),
        P75("p75"),
        P95("p95"),
        P99("p99"),
        P99_9("p99.9"),
        P99_99("p99.99"),
        MAX("max");

        private final String label;

        Percentile(String label) {
            this.label = label;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /** The unit of a figure. */
    public enum Unit {
        MS("ms"),
        MB_PER_S("MB/s"),
        MSG_PER_S("msg/s"),
        FACTOR("x"),
        PERCENT("%");

        private final String label;

        Unit(String label) {
            this.label = label;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /** A figure the text gives only as a bound. */
    public enum Bound {
        /** "below X", "never exceeds X" */
        upper,
        /** "above X", "more than X" */
        lower
    }

    /** The value as a table shows it: {@code 3-5}, {@code ~340}, {@code <11.6}, {@code 605}. */
    public String valueText() {
        String shown = (approx ? "~" : "")
                + (bound == Bound.upper ? "<" : bound == Bound.lower ? ">" : "")
                + (valueMin == null ? plain(value) : plain(valueMin) + " to " + plain(value));
        return shown;
    }

    private static String plain(double number) {
        return number == Math.rint(number) && Math.abs(number) < 1e15
                ? String.valueOf((long) number)
                : java.math.BigDecimal.valueOf(number).stripTrailingZeros().toPlainString();
    }
}
