package io.openmessaging.benchmark.worker.http;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.openmessaging.benchmark.measure.Counters;
import io.openmessaging.benchmark.measure.LatencyMetric;
import io.openmessaging.benchmark.result.BuildIdentity;
import io.openmessaging.benchmark.worker.LocalWorker;
import io.openmessaging.benchmark.worker.StatsSnapshot;
import io.prometheus.metrics.model.registry.Collector;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.Unit;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Prometheus metrics of the worker's current run, through Micrometer: message and byte counters, send
 * errors, the <em>expected</em> send rate (so dashboards compare target and actual, as RabbitMQ PerfTest
 * does), and every latency metric as a Prometheus <em>histogram</em> ({@code omb_latency_seconds}, fixed
 * buckets, see {@link LatencyBuckets}), so that Prometheus can add up the workers before it takes a
 * quantile. Every run meter is tagged with the worker id, workload and driver. Besides, from start to end,
 * the worker process's own JVM (memory, GC, threads, classes), CPU, uptime and file descriptors, tagged with
 * the worker id; its CPU time also as {@code process_cpu_seconds_total}, the name Prometheus' Java client
 * gives it, and {@code omb_build_info} (always 1) with the {@code version} and {@code commit} of the build
 * ({@link BuildIdentity}). When a run ends its meters keep their final values until the next run starts.
 *
 * <p>The histograms are folded from the worker's sampling periods when they are scraped (and once more when
 * the run ends): the worker keeps its last {@code 1000} periods, so scrapes further apart than that many
 * periods would lose some, which is logged. Threading: bind/unbind from request threads, reads from the
 * scrape thread, all under this object's lock.
 */
public final class WorkerMetrics {

    private static final Logger log = LoggerFactory.getLogger(WorkerMetrics.class);
    static final String LATENCY_HISTOGRAM = "omb_latency_seconds";

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final String workerId;
    private final List<Meter> meters = new ArrayList<>();
    private volatile LocalWorker worker;
    /** The last run's final counts, served after it ended until the next run binds. */
    private volatile Counters finalTotals;

    private volatile long finalDuplicates;
    private volatile long finalLost;

    private volatile double expectedRateMsgPerSec;
    /** The run's labels, or null before the first run: no latency histogram is exported then. */
    private Labels runLabels;

    private final Map<LatencyMetric, LatencyBuckets> latency = new EnumMap<>(LatencyMetric.class);
    /** The last sampling period folded into {@link #latency}. */
    private long foldedSeq;

    public WorkerMetrics(String workerId) {
        this(workerId, BuildIdentity.ofThisBuild());
    }

    WorkerMetrics(String workerId, BuildIdentity build) {
        this.workerId = workerId;
        // the worker process itself, from start to end, also between runs: is the load generator the bottleneck?
        Tags worker = Tags.of("worker", workerId);
        new JvmMemoryMetrics(worker).bindTo(registry);
        new JvmGcMetrics(worker).bindTo(registry);
        new JvmThreadMetrics(worker).bindTo(registry);
        new ClassLoaderMetrics(worker).bindTo(registry);
        new ProcessorMetrics(worker).bindTo(registry);
        new UptimeMetrics(worker).bindTo(registry);
        new FileDescriptorMetrics(worker).bindTo(registry);
        Gauge.builder("omb.build.info", () -> 1)
                .description("Always 1: the version and git commit this worker was built from")
                .tags(worker.and("version", build.version(), "commit", build.commit()))
                .register(registry);
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean hotSpot && hotSpot.getProcessCpuTime() >= 0) {
            // Micrometer's ProcessorMetrics exports a usage ratio; a counter of CPU seconds is what rate() wants
            FunctionCounter.builder("process.cpu", hotSpot, bean -> bean.getProcessCpuTime() / 1e9)
                    .description("Total user and system CPU time spent in seconds")
                    .baseUnit("seconds")
                    .tags(worker)
                    .register(registry);
        }
        registry.getPrometheusRegistry().register(new Collector() {
            @Override
            public MetricSnapshot collect() {
                return latencyHistograms();
            }

            @Override
            public String getPrometheusName() {
                return LATENCY_HISTOGRAM;
            }
        });
    }

    /**
     * The Prometheus text exposition of every metric. Holds the same lock as {@link #bind} and {@link
     * #unbind}, so a scrape never sees a run's meters half registered or half removed.
     */
    public synchronized String scrape() {
        return registry.scrape();
    }

    synchronized void bind(LocalWorker running, String workload, String driver, double expectedRate) {
        unbind();
        worker = running;
        expectedRateMsgPerSec = expectedRate;
        Tags tags = Tags.of(
                "worker",
                workerId,
                "workload",
                workload == null ? "" : workload,
                "driver",
                driver == null ? "" : driver);
        counter("omb_messages_sent", null, "Messages handed to the driver", tags, Counters::messagesSent);
        counter("omb_sent", "bytes", "Payload bytes handed to the driver", tags, Counters::bytesSent);
        counter("omb_send_errors", null, "Sends that completed with an error", tags, Counters::sendErrors);
        counter("omb_messages_acked", null, "Sends the broker acknowledged", tags, Counters::messagesAcked);
        counter("omb_messages_received", null, "Messages delivered to consumers", tags, Counters::messagesReceived);
        counter("omb_received", "bytes", "Payload bytes delivered to consumers", tags, Counters::bytesReceived);
        workerCounter(
                "omb_messages_duplicate",
                "Deliveries of a message this worker's consumers of the same subscription had received before",
                tags,
                LocalWorker::duplicatesReceived,
                m -> m.finalDuplicates);
        workerCounter(
                "omb_messages_lost",
                "Acknowledged messages of this worker's producers its consumers never received for a subscription of"
                        + " their topic, counted after the drain (this worker's view; the result has the run's)",
                tags,
                LocalWorker::lostInOwnView,
                m -> m.finalLost);
        meters.add(Gauge.builder("omb_expected_send_rate", this, m -> m.expectedRateMsgPerSec)
                .description("Messages per second this worker's producers are scheduled to send")
                .baseUnit("messages_per_second")
                .tags(tags)
                .register(registry));
        runLabels = Labels.of(
                "worker",
                workerId,
                "workload",
                workload == null ? "" : workload,
                "driver",
                driver == null ? "" : driver);
        for (LatencyMetric metric : LatencyMetric.values()) {
            latency.put(metric, new LatencyBuckets());
        }
        foldedSeq = 0;
    }

    /** Called by the scrape, under this object's lock (see {@link #scrape}). */
    private MetricSnapshot latencyHistograms() {
        foldNewPeriods();
        HistogramSnapshot.Builder histograms = HistogramSnapshot.builder()
                .name(LATENCY_HISTOGRAM)
                .unit(Unit.SECONDS)
                .help("Latency of every message of the run so far, by metric (publishResponseTime: intended send to"
                        + " ack; publishLatency: send to ack; publishDelayLatency: intended to actual send;"
                        + " endToEndResponseTime: intended send to receipt; endToEndLatency: send to receipt)");
        if (runLabels != null) {
            latency.forEach(
                    (metric, buckets) -> histograms.dataPoint(HistogramSnapshot.HistogramDataPointSnapshot.builder()
                            .labels(runLabels.add("metric", metric.fieldPrefix()))
                            .classicHistogramBuckets(buckets.buckets())
                            .sum(buckets.sumSeconds())
                            .build()));
        }
        return histograms.build();
    }

    /** Adds the periods the worker cut since the last fold to the histograms. */
    private void foldNewPeriods() {
        LocalWorker current = worker;
        if (current == null) {
            return;
        }
        for (StatsSnapshot period : current.statsAfter(foldedSeq)) {
            if (period.seq() > foldedSeq + 1) {
                log.warn(
                        "Prometheus histograms miss sampling periods {} to {}: the worker keeps only its latest"
                                + " periods and /metrics was not scraped for that long",
                        foldedSeq + 1,
                        period.seq() - 1);
            }
            for (LatencyMetric metric : LatencyMetric.values()) {
                latency.get(metric).add(period.stats().histogram(metric));
            }
            foldedSeq = period.seq();
        }
    }

    private void counter(
            String name, String baseUnit, String description, Tags tags, ToDoubleFunction<Counters> value) {
        meters.add(FunctionCounter.builder(name, this, m -> {
                    LocalWorker current = m.worker;
                    Counters totals = current != null ? current.totals() : m.finalTotals;
                    return totals == null ? 0 : value.applyAsDouble(totals);
                })
                .description(description)
                .baseUnit(baseUnit)
                .tags(tags)
                .register(registry));
    }

    private void workerCounter(
            String name,
            String description,
            Tags tags,
            ToLongFunction<LocalWorker> value,
            ToLongFunction<WorkerMetrics> finalValue) {
        meters.add(FunctionCounter.builder(name, this, m -> {
                    LocalWorker current = m.worker;
                    return current != null ? value.applyAsLong(current) : finalValue.applyAsLong(m);
                })
                .description(description)
                .tags(tags)
                .register(registry));
    }

    void expectedRate(double rate) {
        expectedRateMsgPerSec = rate;
    }

    /**
     * The run ended: its meters stay, frozen at the run's final counts and latencies, until the next run
     * binds (a scrape right after a run still sees how it ended); the expected rate drops to 0.
     */
    synchronized void runEnded() {
        LocalWorker ended = worker;
        if (ended != null) {
            foldNewPeriods();
            finalTotals = ended.totals();
            finalDuplicates = ended.duplicatesReceived();
            finalLost = ended.lostInOwnView();
        }
        worker = null;
        expectedRateMsgPerSec = 0;
    }

    /** Removes the run's meters (before the next run registers its own). */
    synchronized void unbind() {
        meters.forEach(registry::remove);
        meters.clear();
        worker = null;
        finalTotals = null;
        finalDuplicates = 0;
        finalLost = 0;
        expectedRateMsgPerSec = 0;
        runLabels = null;
        latency.clear();
    }
}
