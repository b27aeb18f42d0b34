package io.openmessaging.benchmark.report;

import io.openmessaging.benchmark.result.MessageIdentity;
import io.openmessaging.benchmark.result.TestResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The block {@code bin/benchmark} prints when a run ends: complete or why not, the rate reached against
 * the target, what happened to the messages and the percentiles of the four latency metrics
 * (milliseconds). Numbers as in the report.
 */
public final class RunSummary {

    private static final String MISSING = "—";

    private RunSummary() {}

    /**
     * @param target what the measured phase aimed at, e.g. {@code target 5,000 msg/s}
     */
    public static List<String> lines(TestResult result, String target) {
        List<String> lines = new ArrayList<>();
        boolean complete = Boolean.TRUE.equals(result.complete);
        lines.add("=== " + result.workload + " on " + result.driver + ": "
                + (complete ? "complete" : "FAILED: " + result.failureReason));
        double seconds = result.testDurationSeconds == null ? 0 : result.testDurationSeconds;
        if (seconds > 0) {
            double acked = sum(result.sent) / seconds;
            double attempted = sum(result.attempted) / seconds;
            lines.add(String.format(
                    Locale.ROOT,
                    "  rate        %s, acknowledged %s msg/s%s, sent %s msg/s, received %s msg/s%s (measured"
                            + " phase, %s s)",
                    target,
                    Numbers.format(acked),
                    megabytesPerSecond(acked, result.messageSize),
                    Numbers.format(attempted),
                    average(result.consumeRate),
                    megabytesPerSecond(averageOf(result.consumeRate), result.messageSize),
                    Numbers.format(seconds)));
        }
        lines.add(String.format(
                Locale.ROOT,
                "  messages    %s due, %s acknowledged, %s received, %s send errors,"
                        + " %s never sent, %s unacknowledged at the end (whole run)",
                count(result.totalMessagesDue),
                count(result.totalMessagesSent),
                count(result.totalMessagesReceived),
                count(result.totalSendErrors),
                count(result.totalMessagesNotSent),
                count(result.totalMessagesUnackedAtEnd)));
        MessageIdentity identity = result.messageIdentity;
        if (result.countsPartial != null && !result.countsPartial.isEmpty()) {
            lines.add("  PARTIAL     these counts miss what "
                    + result.countsPartial.stream()
                            .map(worker -> "worker " + worker.worker + " did "
                                    + (worker.lastAnswerTime == null
                                            ? "(it never answered a poll)"
                                            : "after its last poll at " + worker.lastAnswerTime + " UTC"))
                            .collect(java.util.stream.Collectors.joining(" and "))
                    + ": acknowledged − received is not loss");
        }
        if (identity != null) {
            lines.add(String.format(
                    Locale.ROOT,
                    "  identity    %s received once, %s duplicates, %s lost, %s received unacknowledged,"
                            + " %s out of order (whole run, %d subscription(s))",
                    count(identity.receivedUnique),
                    count(identity.duplicates),
                    count(identity.lost),
                    count(identity.receivedNotAcknowledged),
                    count(identity.outOfOrder),
                    identity.subscriptions.size()));
        }
        lines.add(String.format(
                Locale.ROOT,
                "  %-30s %10s %10s %10s %10s %10s",
                "latency, ms (measured phase)",
                "avg",
                "p50",
                "p99",
                "p99.9",
                "max"));
        row(
                lines,
                "publish response time",
                result.aggregatedPublishResponseTimeAvg,
                result.aggregatedPublishResponseTime50pct,
                result.aggregatedPublishResponseTime99pct,
                result.aggregatedPublishResponseTime999pct,
                result.aggregatedPublishResponseTimeMax);
        row(
                lines,
                "publish latency (service)",
                result.aggregatedPublishLatencyAvg,
                result.aggregatedPublishLatency50pct,
                result.aggregatedPublishLatency99pct,
                result.aggregatedPublishLatency999pct,
                result.aggregatedPublishLatencyMax);
        row(
                lines,
                "end-to-end response time",
                result.aggregatedEndToEndResponseTimeAvg,
                result.aggregatedEndToEndResponseTime50pct,
                result.aggregatedEndToEndResponseTime99pct,
                result.aggregatedEndToEndResponseTime999pct,
                result.aggregatedEndToEndResponseTimeMax);
        row(
                lines,
                "end-to-end latency",
                result.aggregatedEndToEndLatencyAvg,
                result.aggregatedEndToEndLatency50pct,
                result.aggregatedEndToEndLatency99pct,
                result.aggregatedEndToEndLatency999pct,
                result.aggregatedEndToEndLatencyMax);
        transactions(lines, result.metadata == null ? null : result.metadata.driverCounters);
        return lines;
    }

    /**
     * With a transactional driver ({@code <id>.transactionsCommitted} among the driver counters): the
     * committed and aborted counts and the commit latency read from the bucket counters {@code
     * <id>.transactionCommitMs.le.<ms>} (whole run, every worker): each quantile as the bucket bound it is under.
     */
    private static void transactions(List<String> lines, Map<String, Long> counters) {
        if (counters == null) {
            return;
        }
        counters.forEach((key, committed) -> {
            if (!key.endsWith(".transactionsCommitted")) {
                return;
            }
            String prefix = key.substring(0, key.length() - "transactionsCommitted".length());
            TreeMap<Long, Long> buckets = new TreeMap<>();
            counters.forEach((k, count) -> {
                if (k.startsWith(prefix + "transactionCommitMs.le.")) {
                    String bound = k.substring((prefix + "transactionCommitMs.le.").length());
                    buckets.put(bound.equals("inf") ? Long.MAX_VALUE : Long.parseLong(bound), count);
                }
            });
            lines.add(String.format(
                    Locale.ROOT,
                    "  transactions %s committed, %s aborted; commit latency, ms"
                            + " (whole run): p50 %s, p99 %s, max %s",
                    count(committed),
                    count(counters.getOrDefault(prefix + "transactionsAborted", 0L)),
                    bucketBound(buckets, 0.5),
                    bucketBound(buckets, 0.99),
                    bucketBound(buckets, 1.0)));
        });
    }

    private static String bucketBound(TreeMap<Long, Long> buckets, double quantile) {
        long total = buckets.values().stream().mapToLong(Long::longValue).sum();
        if (total == 0) {
            return MISSING;
        }
        long rank = (long) Math.ceil(quantile * total);
        long seen = 0;
        for (Map.Entry<Long, Long> bucket : buckets.entrySet()) {
            seen += bucket.getValue();
            if (seen >= rank) {
                return bucket.getKey() == Long.MAX_VALUE ? "> 60,000" : "≤ " + Numbers.format(bucket.getKey());
            }
        }
        return MISSING;
    }

    private static void row(
            List<String> lines, String name, Double avg, Double p50, Double p99, Double p999, Double max) {
        lines.add(String.format(
                Locale.ROOT,
                "  %-30s %10s %10s %10s %10s %10s",
                name,
                value(avg),
                value(p50),
                value(p99),
                value(p999),
                value(max)));
    }

    /** " (N MB/s)" for a rate of messages of {@code messageSize} bytes, MB being 10^6 bytes; "" without a size. */
    private static String megabytesPerSecond(Double msgPerSec, Integer messageSize) {
        if (msgPerSec == null || messageSize == null || messageSize <= 0) {
            return "";
        }
        return " (" + Numbers.format(msgPerSec * messageSize / 1e6) + " MB/s)";
    }

    private static Double averageOf(List<Double> rates) {
        return rates == null || rates.isEmpty()
                ? null
                : rates.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    }

    private static String average(List<Double> rates) {
        Double average = averageOf(rates);
        return average == null ? MISSING : Numbers.format(average);
    }

    private static String value(Double millis) {
        return millis == null ? MISSING : Numbers.format(millis);
    }

    private static String count(Long count) {
        return count == null ? MISSING : String.format(Locale.ROOT, "%,d", count);
    }

    private static double sum(List<Long> counts) {
        return counts == null ? 0 : counts.stream().mapToLong(Long::longValue).sum();
    }
}
