package io.openmessaging.benchmark.result;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.openmessaging.benchmark.measure.LatencyMetric;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * The result of one benchmark run (one workload × one driver), as written to
 * {@code <workload>-<driver>-<yyyy-MM-dd-HH-mm-ss>.json}.
 *
 * <p>A superset of upstream OpenMessaging Benchmark's {@code TestResult}: every upstream field keeps its
 * name, type and unit, so upstream chart scripts and tools read our files, and {@link ResultFiles#read}
 * reads upstream's and the forks' files (fields they lack stay {@code null} or empty). Public fields,
 * as upstream, so adding one is one line here, one name in {@link JsonPropertyOrder} and one row in
 * {@code docs/results.md}; the JSON field order is the order of that annotation.
 *
 * <p>Units: publish latency, response times and end-to-end metrics in <b>milliseconds</b>
 * ({@code double}, sub-millisecond digits kept); publish delay in <b>microseconds</b>; rates in
 * messages per second; sizes in bytes; durations in seconds unless the name says otherwise. Per-period
 * lists have one element per sample period ({@link #sampleRateMillis}) of the measured phase, in order.
 *
 * <p>Origin of each field (UP = upstream, RP = Redpanda fork, ours) is given in {@code docs/results.md}.
 * Not thread-safe: filled by one thread, then written.
 */
@JsonPropertyOrder({
    "schemaVersion",
    "workload",
    "driver",
    "version",
    "complete",
    "failureReason",
    "messageSize",
    "topics",
    "partitions",
    "producersPerTopic",
    "consumersPerTopic",
    "subscriptionsPerTopic",
    "runMode",
    "targetRate",
    "beginTime",
    "endTime",
    "sampleRateMillis",
    "warmupDurationSeconds",
    "testDurationSeconds",
    "publishRate",
    "publishErrorRate",
    "consumeRate",
    "backlog",
    "sent",
    "consumed",
    "publishFailed",
    "consumeFailed",
    "attempted",
    "dueNotSent",
    "totalMessagesSent",
    "totalMessagesAttempted",
    "totalMessagesDue",
    "totalMessagesNotSent",
    "totalMessagesUnackedAtEnd",
    "totalMessagesReceived",
    "totalSendErrors",
    "totalBytesSent",
    "totalBytesReceived",
    "endToEndNegativeCount",
    "latencyValuesClampedCount",
    "unstampedMessagesReceived",
    "messageIdentity",
    "countsPartial",
    "backlogPhases",
    "publishResponseTimeMin",
    "publishResponseTimeAvg",
    "publishResponseTime50pct",
    "publishResponseTime75pct",
    "publishResponseTime95pct",
    "publishResponseTime99pct",
    "publishResponseTime999pct",
    "publishResponseTime9999pct",
    "publishResponseTimeMax",
    "aggregatedPublishResponseTimeMin",
    "aggregatedPublishResponseTimeAvg",
    "aggregatedPublishResponseTime50pct",
    "aggregatedPublishResponseTime75pct",
    "aggregatedPublishResponseTime95pct",
    "aggregatedPublishResponseTime99pct",
    "aggregatedPublishResponseTime999pct",
    "aggregatedPublishResponseTime9999pct",
    "aggregatedPublishResponseTimeMax",
    "aggregatedPublishResponseTimeQuantiles",
    "publishLatencyMin",
    "publishLatencyAvg",
    "publishLatency50pct",
    "publishLatency75pct",
    "publishLatency95pct",
    "publishLatency99pct",
    "publishLatency999pct",
    "publishLatency9999pct",
    "publishLatencyMax",
    "aggregatedPublishLatencyMin",
    "aggregatedPublishLatencyAvg",
    "aggregatedPublishLatency50pct",
    "aggregatedPublishLatency75pct",
    "aggregatedPublishLatency95pct",
    "aggregatedPublishLatency99pct",
    "aggregatedPublishLatency999pct",
    "aggregatedPublishLatency9999pct",
    "aggregatedPublishLatencyMax",
    "aggregatedPublishLatencyQuantiles",
    "publishDelayLatencyMin",
    "publishDelayLatencyAvg",
    "publishDelayLatency50pct",
    "publishDelayLatency75pct",
    "publishDelayLatency95pct",
    "publishDelayLatency99pct",
    "publishDelayLatency999pct",
    "publishDelayLatency9999pct",
    "publishDelayLatencyMax",
    "aggregatedPublishDelayLatencyMin",
    "aggregatedPublishDelayLatencyAvg",
    "aggregatedPublishDelayLatency50pct",
    "aggregatedPublishDelayLatency75pct",
    "aggregatedPublishDelayLatency95pct",
    "aggregatedPublishDelayLatency99pct",
    "aggregatedPublishDelayLatency999pct",
    "aggregatedPublishDelayLatency9999pct",
    "aggregatedPublishDelayLatencyMax",
    "aggregatedPublishDelayLatencyQuantiles",
    "endToEndResponseTimeMin",
    "endToEndResponseTimeAvg",
    "endToEndResponseTime50pct",
    "endToEndResponseTime75pct",
    "endToEndResponseTime95pct",
    "endToEndResponseTime99pct",
    "endToEndResponseTime999pct",
    "endToEndResponseTime9999pct",
    "endToEndResponseTimeMax",
    "aggregatedEndToEndResponseTimeMin",
    "aggregatedEndToEndResponseTimeAvg",
    "aggregatedEndToEndResponseTime50pct",
    "aggregatedEndToEndResponseTime75pct",
    "aggregatedEndToEndResponseTime95pct",
    "aggregatedEndToEndResponseTime99pct",
    "aggregatedEndToEndResponseTime999pct",
    "aggregatedEndToEndResponseTime9999pct",
    "aggregatedEndToEndResponseTimeMax",
    "aggregatedEndToEndResponseTimeQuantiles",
    "endToEndLatencyMin",
    "endToEndLatencyAvg",
    "endToEndLatency50pct",
    "endToEndLatency75pct",
    "endToEndLatency95pct",
    "endToEndLatency99pct",
    "endToEndLatency999pct",
    "endToEndLatency9999pct",
    "endToEndLatencyMax",
    "aggregatedEndToEndLatencyMin",
    "aggregatedEndToEndLatencyAvg",
    "aggregatedEndToEndLatency50pct",
    "aggregatedEndToEndLatency75pct",
    "aggregatedEndToEndLatency95pct",
    "aggregatedEndToEndLatency99pct",
    "aggregatedEndToEndLatency999pct",
    "aggregatedEndToEndLatency9999pct",
    "aggregatedEndToEndLatencyMax",
    "aggregatedEndToEndLatencyQuantiles",
    "rateStep",
    "rateSteps",
    "rateSearch",
    "faults",
    "hlogFiles",
    "metadata"
})
public class TestResult {

    /** The {@link #schemaVersion} this code writes. */
    public static final int SCHEMA_VERSION = 1;

    /**
     * Version of this document's layout, {@value #SCHEMA_VERSION} for files this code writes;
     * {@code null} in files written by upstream or its forks. Ours.
     */
    public Integer schemaVersion;

    // ---- what ran (UP, except version) ----

    /** The workload's {@code name} (UP). */
    public String workload;

    /** The driver configuration's {@code name} (UP). */
    public String driver;

    /** Version of the system under test as given on the command line (RP, {@code -v}). */
    public String version;

    /**
     * Whether the run finished its measured phase normally. {@code false} for partial results written
     * after a failure, Ctrl-C or a worker failure; {@code null} in files of upstream and its forks. Ours.
     */
    public Boolean complete;

    /** Why the run did not complete, for a person to act on; {@code null} when it completed. Ours. */
    public String failureReason;

    /** Message payload size in bytes (UP). */
    public Integer messageSize;

    /** Number of topics (UP). */
    public Integer topics;

    /** Partitions per topic (UP). */
    public Integer partitions;

    /** Producers per topic (UP). */
    public Integer producersPerTopic;

    /** Consumers per subscription: holds the workload's {@code consumerPerSubscription}, as upstream (UP). */
    public Integer consumersPerTopic;

    /** The workload's {@code subscriptionsPerTopic}; {@code null} in files of upstream and its forks. Ours. */
    public Integer subscriptionsPerTopic;

    /**
     * What the run measured (docs/backlog.md): {@code "produce-consume"}, {@code "producer-only"} (no
     * consumers: end-to-end fields stay empty), {@code "backlog"} (build and drain with producers running)
     * or {@code "consumer-only"} (the measured phase is the consumers draining a backlog, producers
     * stopped). {@code null} in files of upstream and its forks. Ours.
     */
    public String runMode;

    /**
     * The rate the measured phase aimed at, all producers together, msg/s: the workload's {@code producerRate}
     * after {@code --set}; with {@code producerRate: 0}, the rate the max-rate search found (the measured phase
     * runs at it; {@code null} when the search failed); {@code null} with a rate plan, whose steps' targets
     * are in {@link #rateSteps}. {@code null} in files of upstream and its forks. Ours.
     */
    public Double targetRate;

    // ---- when (RP, except the actual durations) ----

    /**
     * Start of the run in UTC, formatted {@code yyyy-MM-dd-HH-mm-ss} like the file name (RP's format; RP
     * writes the local time zone). {@link RunMetadata#beginTimeEpochMillis} is unambiguous.
     */
    public String beginTime;

    /** End of the run in UTC, formatted as {@link #beginTime} (RP). */
    public String endTime;

    /** Length of one sample period in milliseconds: the spacing of every per-period list (RP). */
    public Integer sampleRateMillis;

    /** Actual length of the warm-up phase in seconds. Ours. */
    public Double warmupDurationSeconds;

    /** Actual length of the measured phase in seconds. Ours. */
    public Double testDurationSeconds;

    // ---- throughput, one element per sample period ----

    /** Messages acknowledged per second, summed over all producers (UP). */
    public List<Double> publishRate = new ArrayList<>();

    /** Failed sends per second (UP; the Redpanda fork lacks it). */
    public List<Double> publishErrorRate = new ArrayList<>();

    /** Messages received per second, summed over all consumers of all subscriptions (UP). */
    public List<Double> consumeRate = new ArrayList<>();

    /**
     * Messages sent but not yet received at the end of the period, counted once per subscription:
     * {@code subscriptions × sent − received} (UP). Upstream clamps it at 0; files of the Confluent and
     * Redpanda forks can hold negative values.
     */
    public List<Long> backlog = new ArrayList<>();

    /** Messages acknowledged in the period (RP). */
    public List<Long> sent = new ArrayList<>();

    /** Messages received in the period (RP). */
    public List<Long> consumed = new ArrayList<>();

    /** Sends that failed in the period (RP). */
    public List<Long> publishFailed = new ArrayList<>();

    /** Consumer-side failures in the period (RP). */
    public List<Long> consumeFailed = new ArrayList<>();

    /** Messages handed to the client in the period, acknowledged or not (send attempts). Ours. */
    public List<Long> attempted = new ArrayList<>();

    /**
     * Messages due by their intended time but not yet handed to the client at the end of the period (a
     * producer behind its schedule or blocked in the client's send). Ours.
     */
    public List<Long> dueNotSent = new ArrayList<>();

    // ---- totals over the measured phase (ours) ----

    /** Messages acknowledged. */
    public Long totalMessagesSent;

    /** Messages handed to the client (send attempts). */
    public Long totalMessagesAttempted;

    /**
     * Messages whose intended send time passed before the load stopped: each of them ends acknowledged,
     * failed ({@link #totalSendErrors}), never sent ({@link #totalMessagesNotSent}) or unacknowledged at the
     * end ({@link #totalMessagesUnackedAtEnd}), and is in the response times either way.
     */
    public Long totalMessagesDue;

    /** Due messages never handed to the client, recorded in the response times with their age at the end. */
    public Long totalMessagesNotSent;

    /**
     * Messages handed to the client and neither acknowledged nor failed when the run ended, recorded in the
     * response times with their age then.
     */
    public Long totalMessagesUnackedAtEnd;

    /** Messages received, over all subscriptions. */
    public Long totalMessagesReceived;

    /** Sends that failed. */
    public Long totalSendErrors;

    /** Payload bytes handed to the client. */
    public Long totalBytesSent;

    /** Payload bytes received, over all subscriptions. */
    public Long totalBytesReceived;

    /**
     * End-to-end values ≤ 0 (receiver clock behind the sender's): recorded as 0, never dropped, and
     * counted here; compare with {@link RunMetadata#clockOffsets}.
     */
    public Long endToEndNegativeCount;

    /** Latency values above the histograms' range (1 hour) that were recorded as the maximum. */
    public Long latencyValuesClampedCount;

    /** Messages received without our stamp (e.g. from another producer), so without end-to-end values. */
    public Long unstampedMessagesReceived;

    /**
     * Every message by identity: received once, duplicated, lost, received without acknowledgement, out of
     * order; {@code null} when the run ended before its books closed, or in a file of an older version. Ours.
     */
    public MessageIdentity messageIdentity;

    /**
     * The workers whose last poll of their counters is missing (cut off, killed, not answering): the totals
     * above lack what they did after their last answer, so acknowledged − received is not loss. {@code null}
     * when every worker answered the last poll. Ours.
     */
    public List<LeftOutWorker> countsPartial;

    /** The backlog build and drain, for {@code "backlog"} and {@code "consumer-only"} runs; else {@code null}. Ours. */
    public BacklogSummary backlogPhases;

    // ---- publishResponseTime ----
    /**
     * Publish response time, {@code acked − intended}, in <b>milliseconds</b> ({@code double}, sub-millisecond
     * digits kept): what a producer at the workload rate experiences, corrected for coordinated omission.
     * The headline publish metric; ours.
     *
     * <p>One element per sample period: {@code Min, Avg, 50pct, 75pct, 95pct, 99pct, 999pct, 9999pct, Max}.
     */
    public List<Double> publishResponseTimeMin = new ArrayList<>();

    public List<Double> publishResponseTimeAvg = new ArrayList<>();
    public List<Double> publishResponseTime50pct = new ArrayList<>();
    public List<Double> publishResponseTime75pct = new ArrayList<>();
    public List<Double> publishResponseTime95pct = new ArrayList<>();
    public List<Double> publishResponseTime99pct = new ArrayList<>();
    public List<Double> publishResponseTime999pct = new ArrayList<>();
    public List<Double> publishResponseTime9999pct = new ArrayList<>();
    public List<Double> publishResponseTimeMax = new ArrayList<>();

    /**
     * Publish response time over the whole measured phase, same unit as the lists above; {@code null} when the
     * file does not hold it.
     */
    public Double aggregatedPublishResponseTimeMin;

    public Double aggregatedPublishResponseTimeAvg;
    public Double aggregatedPublishResponseTime50pct;
    public Double aggregatedPublishResponseTime75pct;
    public Double aggregatedPublishResponseTime95pct;
    public Double aggregatedPublishResponseTime99pct;
    public Double aggregatedPublishResponseTime999pct;
    public Double aggregatedPublishResponseTime9999pct;
    public Double aggregatedPublishResponseTimeMax;

    /** Quantile curve over the whole measured phase: percentile (0–100] → value in milliseconds. */
    public TreeMap<Double, Double> aggregatedPublishResponseTimeQuantiles = new TreeMap<>();

    // ---- publishLatency ----
    /**
     * Publish latency, {@code acked − sent}, in <b>milliseconds</b> ({@code double}): upstream's metric and
     * meaning (service time; not corrected for coordinated omission). {@code Min} lists come from the
     * Redpanda fork; aggregated {@code Min} is ours.
     *
     * <p>One element per sample period: {@code Min, Avg, 50pct, 75pct, 95pct, 99pct, 999pct, 9999pct, Max}.
     */
    public List<Double> publishLatencyMin = new ArrayList<>();

    public List<Double> publishLatencyAvg = new ArrayList<>();
    public List<Double> publishLatency50pct = new ArrayList<>();
    public List<Double> publishLatency75pct = new ArrayList<>();
    public List<Double> publishLatency95pct = new ArrayList<>();
    public List<Double> publishLatency99pct = new ArrayList<>();
    public List<Double> publishLatency999pct = new ArrayList<>();
    public List<Double> publishLatency9999pct = new ArrayList<>();
    public List<Double> publishLatencyMax = new ArrayList<>();

    /**
     * Publish latency over the whole measured phase, same unit as the lists above; {@code null} when the
     * file does not hold it.
     */
    public Double aggregatedPublishLatencyMin;

    public Double aggregatedPublishLatencyAvg;
    public Double aggregatedPublishLatency50pct;
    public Double aggregatedPublishLatency75pct;
    public Double aggregatedPublishLatency95pct;
    public Double aggregatedPublishLatency99pct;
    public Double aggregatedPublishLatency999pct;
    public Double aggregatedPublishLatency9999pct;
    public Double aggregatedPublishLatencyMax;

    /** Quantile curve over the whole measured phase: percentile (0–100] → value in milliseconds. */
    public TreeMap<Double, Double> aggregatedPublishLatencyQuantiles = new TreeMap<>();

    // ---- publishDelayLatency ----
    /**
     * Publish delay, {@code sent − intended}, in <b>microseconds</b>, upstream's unit: averages are
     * {@code double}, every other statistic a {@code long}. How late the generator sent (client
     * back-pressure, a slow producer thread). {@code Min} fields are ours.
     *
     * <p>One element per sample period: {@code Min, Avg, 50pct, 75pct, 95pct, 99pct, 999pct, 9999pct, Max}.
     */
    public List<Long> publishDelayLatencyMin = new ArrayList<>();

    public List<Double> publishDelayLatencyAvg = new ArrayList<>();
    public List<Long> publishDelayLatency50pct = new ArrayList<>();
    public List<Long> publishDelayLatency75pct = new ArrayList<>();
    public List<Long> publishDelayLatency95pct = new ArrayList<>();
    public List<Long> publishDelayLatency99pct = new ArrayList<>();
    public List<Long> publishDelayLatency999pct = new ArrayList<>();
    public List<Long> publishDelayLatency9999pct = new ArrayList<>();
    public List<Long> publishDelayLatencyMax = new ArrayList<>();

    /**
     * Publish delay over the whole measured phase, same unit as the lists above; {@code null} when the
     * file does not hold it.
     */
    public Long aggregatedPublishDelayLatencyMin;

    public Double aggregatedPublishDelayLatencyAvg;
    public Long aggregatedPublishDelayLatency50pct;
    public Long aggregatedPublishDelayLatency75pct;
    public Long aggregatedPublishDelayLatency95pct;
    public Long aggregatedPublishDelayLatency99pct;
    public Long aggregatedPublishDelayLatency999pct;
    public Long aggregatedPublishDelayLatency9999pct;
    public Long aggregatedPublishDelayLatencyMax;

    /** Quantile curve over the whole measured phase: percentile (0–100] → value in microseconds. */
    public TreeMap<Double, Long> aggregatedPublishDelayLatencyQuantiles = new TreeMap<>();

    // ---- endToEndResponseTime ----
    /**
     * End-to-end response time, {@code received − intended} (epoch clocks of producer and consumer host),
     * in <b>milliseconds</b> ({@code double}). Corrected for coordinated omission; the headline
     * end-to-end metric; ours. Values ≤ 0 are recorded as 0 and counted in {@link #endToEndNegativeCount}.
     *
     * <p>One element per sample period: {@code Min, Avg, 50pct, 75pct, 95pct, 99pct, 999pct, 9999pct, Max}.
     */
    public List<Double> endToEndResponseTimeMin = new ArrayList<>();

    public List<Double> endToEndResponseTimeAvg = new ArrayList<>();
    public List<Double> endToEndResponseTime50pct = new ArrayList<>();
    public List<Double> endToEndResponseTime75pct = new ArrayList<>();
    public List<Double> endToEndResponseTime95pct = new ArrayList<>();
    public List<Double> endToEndResponseTime99pct = new ArrayList<>();
    public List<Double> endToEndResponseTime999pct = new ArrayList<>();
    public List<Double> endToEndResponseTime9999pct = new ArrayList<>();
    public List<Double> endToEndResponseTimeMax = new ArrayList<>();

    /**
     * End-to-end response time over the whole measured phase, same unit as the lists above; {@code null} when the
     * file does not hold it.
     */
    public Double aggregatedEndToEndResponseTimeMin;

    public Double aggregatedEndToEndResponseTimeAvg;
    public Double aggregatedEndToEndResponseTime50pct;
    public Double aggregatedEndToEndResponseTime75pct;
    public Double aggregatedEndToEndResponseTime95pct;
    public Double aggregatedEndToEndResponseTime99pct;
    public Double aggregatedEndToEndResponseTime999pct;
    public Double aggregatedEndToEndResponseTime9999pct;
    public Double aggregatedEndToEndResponseTimeMax;

    /** Quantile curve over the whole measured phase: percentile (0–100] → value in milliseconds. */
    public TreeMap<Double, Double> aggregatedEndToEndResponseTimeQuantiles = new TreeMap<>();

    // ---- endToEndLatency ----
    /**
     * End-to-end latency, {@code received − sent} (epoch clocks of producer and consumer host), in
     * <b>milliseconds</b> ({@code double}): upstream's meaning, now with sub-millisecond resolution from
     * our nanosecond stamp. {@code Min} lists come from the Redpanda fork; aggregated {@code Min} is ours.
     *
     * <p>One element per sample period: {@code Min, Avg, 50pct, 75pct, 95pct, 99pct, 999pct, 9999pct, Max}.
     */
    public List<Double> endToEndLatencyMin = new ArrayList<>();

    public List<Double> endToEndLatencyAvg = new ArrayList<>();
    public List<Double> endToEndLatency50pct = new ArrayList<>();
    public List<Double> endToEndLatency75pct = new ArrayList<>();
    public List<Double> endToEndLatency95pct = new ArrayList<>();
    public List<Double> endToEndLatency99pct = new ArrayList<>();
    public List<Double> endToEndLatency999pct = new ArrayList<>();
    public List<Double> endToEndLatency9999pct = new ArrayList<>();
    public List<Double> endToEndLatencyMax = new ArrayList<>();

    /**
     * End-to-end latency over the whole measured phase, same unit as the lists above; {@code null} when the
     * file does not hold it.
     */
    public Double aggregatedEndToEndLatencyMin;

    public Double aggregatedEndToEndLatencyAvg;
    public Double aggregatedEndToEndLatency50pct;
    public Double aggregatedEndToEndLatency75pct;
    public Double aggregatedEndToEndLatency95pct;
    public Double aggregatedEndToEndLatency99pct;
    public Double aggregatedEndToEndLatency999pct;
    public Double aggregatedEndToEndLatency9999pct;
    public Double aggregatedEndToEndLatencyMax;

    /** Quantile curve over the whole measured phase: percentile (0–100] → value in milliseconds. */
    public TreeMap<Double, Double> aggregatedEndToEndLatencyQuantiles = new TreeMap<>();

    // ---- rate plans and the max-rate search (ours) ----

    /**
     * With a rate plan: per measured period, the step (1, 2, …, a row of {@link #rateSteps}) it belongs to,
     * by the period's midpoint. Empty without a plan.
     */
    public List<Integer> rateStep = new ArrayList<>();

    /** With a rate plan: the step table, one row per step in order; {@code null} without a plan. */
    public List<RatePlanStep> rateSteps;

    /** With {@code producerRate: 0}: the search that chose the rate; {@code null} otherwise. */
    public RateSearchSummary rateSearch;

    /**
     * With {@code --fault}: each command of the fault schedule, in the order they were due, and how it ran;
     * {@code null} without a schedule.
     */
    public List<FaultRecord> faults;

    // ---- files and provenance (ours) ----

    /**
     * The HdrHistogram interval log of each latency metric: {@link LatencyMetric#fieldPrefix()} (e.g.
     * {@code publishLatency}) → file name relative to this result file. Values in the logs are
     * nanoseconds.
     */
    public TreeMap<String, String> hlogFiles = new TreeMap<>();

    /** Where, what and with which versions the run ran. */
    public RunMetadata metadata;
}
