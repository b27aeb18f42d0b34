package io.openmessaging.benchmark.coordinator;

import io.openmessaging.benchmark.measure.Counters;
import io.openmessaging.benchmark.measure.LatencyMetric;
import io.openmessaging.benchmark.measure.PeriodStats;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * One human-readable line per sampling period: acknowledged and received rates, backlog, failed sends,
 * messages due but not yet handed to the client, and the headline latencies in ms with µs precision.
 * Stateless.
 */
final class ProgressFormatter {

    /** MB as everywhere in this project's output (progress, summary, report, CSV): 10^6 bytes. */
    private static final double MB = 1e6;

    private ProgressFormatter() {}

    /**
     * @param label e.g. "warm-up" or "measured 3/6"
     * @param backlog messages acknowledged but not yet consumed, summed over subscriptions
     */
    static String line(String label, PeriodStats period, long backlog) {
        Counters d = period.delta();
        double seconds = Math.max(period.durationSeconds(), 1e-9);
        // bytes are counted when handed to the client: scale them to the acknowledged messages
        double ackedBytes = d.messagesSent() == 0 ? 0 : (double) d.bytesSent() / d.messagesSent() * d.messagesAcked();
        return String.format(
                Locale.ROOT,
                "%-13s | pub %9.1f msg/s %7.2f MB/s | cons %9.1f msg/s %7.2f MB/s | backlog %8d | err %d"
                        + " | not sent %d | pub resp ms p50 %s p99 %s p99.9 %s (service p99 %s)"
                        + " | e2e resp ms p50 %s p99 %s p99.9 %s",
                label,
                d.messagesAcked() / seconds,
                ackedBytes / seconds / MB,
                d.messagesReceived() / seconds,
                d.bytesReceived() / seconds / MB,
                backlog,
                d.sendErrors(),
                Math.max(0, period.totals().dueNotSent()),
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
