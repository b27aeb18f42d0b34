package io.openmessaging.benchmark.coordinator;

import io.openmessaging.benchmark.measure.Counters;
import io.openmessaging.benchmark.measure.LatencyMetric;
import io.openmessaging.benchmark.measure.PeriodStats;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * One human-readable line per sampling period: rates, backlog, and the headline latencies in ms with
 * µs precision. Stateless.
 */
final class ProgressFormatter {

    private static final double MIB = 1024.0 * 1024.0;

    private ProgressFormatter() {}

    /**
     * @param label e.g. "warm-up" or "measured 3/6"
     * @param backlog messages produced but not yet consumed, summed over subscriptions
     */
    static String line(String label, PeriodStats period, long backlog) {
        Counters d = period.delta();
        double seconds = Math.max(period.durationSeconds(), 1e-9);
        return String.format(
                Locale.ROOT,
                "%-13s | pub %9.1f msg/s %7.2f MB/s | cons %9.1f msg/s %7.2f MB/s | backlog %8d | err %d"
                        + " | pub resp ms p50 %s p99 %s p99.9 %s (service p99 %s) | e2e resp ms p50 %s p99 %s p99.9 %s",
                label,
                d.messagesSent() / seconds,
                d.bytesSent() / seconds / MIB,
                d.messagesReceived() / seconds,
                d.bytesReceived() / seconds / MIB,
                backlog,
                d.sendErrors(),
                ms(period, LatencyMetric.PUBLISH_RESPONSE_TIME, 50),
                ms(period, LatencyMetric.PUBLISH_RESPONSE_TIME, 99),
                ms(period, LatencyMetric.PUBLISH_RESPONSE_TIME, 99.9),
                ms(period, LatencyMetric.PUBLISH_LATENCY, 99),
                ms(period, LatencyMetric.END_TO_END_RESPONSE_TIME, 50),
                ms(period, LatencyMetric.END_TO_END_RESPONSE_TIME, 99),
                ms(period, LatencyMetric.END_TO_END_RESPONSE_TIME, 99.9));
    }

    private static String ms(PeriodStats period, LatencyMetric metric, double percentile) {
        Histogram histogram = period.histogram(metric);
        if (histogram.getTotalCount() == 0) {
            return "-";
        }
        return String.format(Locale.ROOT, "%.3f", histogram.getValueAtPercentile(percentile) / 1e6);
    }
}
