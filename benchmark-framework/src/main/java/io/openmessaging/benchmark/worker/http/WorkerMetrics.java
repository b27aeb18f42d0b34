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
import io.openmessaging.benchmark.worker.LocalWorker;
import io.openmessaging.benchmark.worker.StatsSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * Prometheus metrics of the worker's current run, through Micrometer: message and byte counters, send
 * errors, the <em>expected</em> send rate (so dashboards compare target and actual, as RabbitMQ PerfTest
 * does), and the latest sampling period's latency percentiles per metric, in seconds. Every meter is
 * tagged with the worker id, workload and driver. Besides, from start to end, the worker process's own
 * JVM (memory, GC, threads, classes), CPU, uptime and file descriptors, tagged with the worker id. When a
 * run ends its meters keep its final values until the next run starts. Threading: bind/unbind from request threads, reads
 * from the scrape thread.
 */
public final class WorkerMetrics {

    private static final double[] QUANTILES = {0.5, 0.99, 0.999};

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final String workerId;
    private final List<Meter> meters = new ArrayList<>();
    private volatile LocalWorker worker;
    /** The last run's final counts and period, served after it ended until the next run binds. */
    private volatile Counters finalTotals;
    private volatile StatsSnapshot finalLatest;
    private volatile double expectedRateMsgPerSec;

    public WorkerMetrics(String workerId) {
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
        Tags tags = Tags.of("worker", workerId, "workload", workload == null ? "" : workload,
                "driver", driver == null ? "" : driver);
        counter("omb_messages_sent", "Messages handed to the driver", tags, Counters::messagesSent);
        counter("omb_bytes_sent", "Payload bytes handed to the driver", tags, Counters::bytesSent);
        counter("omb_send_errors", "Sends that completed with an error", tags, Counters::sendErrors);
        counter("omb_messages_acked", "Sends the broker acknowledged", tags, Counters::messagesAcked);
        counter("omb_messages_received", "Messages delivered to consumers", tags, Counters::messagesReceived);
        counter("omb_bytes_received", "Payload bytes delivered to consumers", tags, Counters::bytesReceived);
        meters.add(Gauge.builder("omb_expected_send_rate", this, m -> m.expectedRateMsgPerSec)
                .description("Messages per second this worker's producers are scheduled to send")
                .baseUnit("messages_per_second").tags(tags).register(registry));
        for (LatencyMetric metric : LatencyMetric.values()) {
            for (double quantile : QUANTILES) {
                meters.add(Gauge.builder("omb_latency_seconds", this, m -> m.latestSeconds(metric, quantile))
                        .description("Latency percentile of the latest sampling period, in seconds")
                        .tags(tags.and("metric", metric.fieldPrefix(), "quantile", Double.toString(quantile)))
                        .register(registry));
            }
        }
    }

    private void counter(String name, String description, Tags tags, ToDoubleFunction<Counters> value) {
        meters.add(FunctionCounter.builder(name, this, m -> {
            LocalWorker current = m.worker;
            Counters totals = current != null ? current.totals() : m.finalTotals;
            return totals == null ? 0 : value.applyAsDouble(totals);
        }).description(description).tags(tags).register(registry));
    }

    private double latestSeconds(LatencyMetric metric, double quantile) {
        LocalWorker current = worker;
        StatsSnapshot latest = current == null ? finalLatest : current.latestSnapshot();
        if (latest == null || latest.stats().histogram(metric).getTotalCount() == 0) {
            return Double.NaN;
        }
        return latest.stats().histogram(metric).getValueAtPercentile(quantile * 100) / 1e9;
    }

    void expectedRate(double rate) {
        expectedRateMsgPerSec = rate;
    }

    /**
     * The run ended: its meters stay, frozen at the run's final counts and last period, until the next run
     * binds (a scrape right after a run still sees how it ended); the expected rate drops to 0.
     */
    synchronized void runEnded() {
        LocalWorker ended = worker;
        if (ended != null) {
            finalTotals = ended.totals();
            finalLatest = ended.latestSnapshot();
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
        finalLatest = null;
        expectedRateMsgPerSec = 0;
    }
}
