package io.openmessaging.benchmark.measure;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;

/**
 * Everything one worker measures: message counters and the five latency metrics.
 *
 * <p>Recording methods are called from producer threads, client I/O threads (acks) and consumer
 * delivery threads, concurrently; each thread records into its own {@link ThreadRecorders}, so the hot
 * path has no shared writes besides the striped counters. {@link #cutPeriod} is called from one
 * sampling thread and returns what happened since the previous cut.
 *
 * <p>Latency arguments are nanoseconds. A value above {@link HistogramSpec#HIGHEST_TRACKABLE_NANOS} is
 * clamped and counted; an end-to-end value ≤ 0 (clock skew between hosts) is recorded as 0 and
 * counted, never dropped.
 */
public final class WorkerStats {

    private final HistogramSpec spec;
    private final List<ThreadRecorders> allRecorders = new CopyOnWriteArrayList<>();
    private final ThreadLocal<ThreadRecorders> threadRecorders;

    private final LongAdder messagesSent = new LongAdder();
    private final LongAdder bytesSent = new LongAdder();
    private final LongAdder sendErrors = new LongAdder();
    private final LongAdder messagesAcked = new LongAdder();
    private final LongAdder messagesReceived = new LongAdder();
    private final LongAdder bytesReceived = new LongAdder();
    private final LongAdder unstampedReceived = new LongAdder();
    private final LongAdder endToEndNonPositive = new LongAdder();
    private final LongAdder valuesClamped = new LongAdder();
    private final LongAdder probesReceived = new LongAdder();

    private Counters lastCut = Counters.ZERO;

    public WorkerStats(HistogramSpec spec) {
        this.spec = spec;
        this.threadRecorders =
                ThreadLocal.withInitial(
                        () -> {
                            ThreadRecorders recorders = new ThreadRecorders(spec);
                            allRecorders.add(recorders);
                            return recorders;
                        });
    }

    public HistogramSpec spec() {
        return spec;
    }

    /** A message was handed to the driver; {@code delayNanos} = sent − intended. Producer thread. */
    public void recordSent(int payloadBytes, long delayNanos) {
        messagesSent.increment();
        bytesSent.add(payloadBytes);
        record(threadRecorders.get(), LatencyMetric.PUBLISH_DELAY_LATENCY, delayNanos);
    }

    /** The broker acknowledged a message. Times are epoch nanos of this JVM. Any thread. */
    public void recordAcked(long intendedEpochNanos, long sentEpochNanos, long ackedEpochNanos) {
        messagesAcked.increment();
        ThreadRecorders recorders = threadRecorders.get();
        record(recorders, LatencyMetric.PUBLISH_RESPONSE_TIME, ackedEpochNanos - intendedEpochNanos);
        record(recorders, LatencyMetric.PUBLISH_LATENCY, ackedEpochNanos - sentEpochNanos);
    }

    /** A send failed. Any thread. */
    public void recordSendError() {
        sendErrors.increment();
    }

    /**
     * A measured message arrived. Times are epoch nanos; intended and sent come from the producing
     * host, received from this one. Any thread.
     */
    public void recordReceived(
            int payloadBytes, long intendedEpochNanos, long sentEpochNanos, long receivedEpochNanos) {
        messagesReceived.increment();
        bytesReceived.add(payloadBytes);
        ThreadRecorders recorders = threadRecorders.get();
        recordEndToEnd(recorders, LatencyMetric.END_TO_END_RESPONSE_TIME, receivedEpochNanos - intendedEpochNanos);
        recordEndToEnd(recorders, LatencyMetric.END_TO_END_LATENCY, receivedEpochNanos - sentEpochNanos);
    }

    /** A message without a stamp arrived: counted, no latency. Any thread. */
    public void recordUnstampedReceived(int payloadBytes) {
        messagesReceived.increment();
        bytesReceived.add(payloadBytes);
        unstampedReceived.increment();
    }

    /** A readiness probe arrived; counted apart from measured messages. Any thread. */
    public void recordProbeReceived() {
        probesReceived.increment();
    }

    private void recordEndToEnd(ThreadRecorders recorders, LatencyMetric metric, long valueNanos) {
        if (valueNanos <= 0) {
            endToEndNonPositive.increment();
            valueNanos = 0;
        }
        record(recorders, metric, valueNanos);
    }

    private void record(ThreadRecorders recorders, LatencyMetric metric, long valueNanos) {
        if (valueNanos > HistogramSpec.HIGHEST_TRACKABLE_NANOS) {
            valuesClamped.increment();
            valueNanos = HistogramSpec.HIGHEST_TRACKABLE_NANOS;
        } else if (valueNanos < 0) {
            // publish metrics from one monotonic-based clock cannot be negative; guard anyway
            valueNanos = 0;
        }
        recorders.record(metric, valueNanos);
    }

    /** Running totals since this object was created. Any thread. */
    public Counters totals() {
        return new Counters(
                messagesSent.sum(),
                bytesSent.sum(),
                sendErrors.sum(),
                messagesAcked.sum(),
                messagesReceived.sum(),
                bytesReceived.sum(),
                unstampedReceived.sum(),
                endToEndNonPositive.sum(),
                valuesClamped.sum(),
                probesReceived.sum());
    }

    /**
     * Everything recorded since the previous cut: counter deltas and fresh histograms (owned by the
     * caller). Sampling thread only.
     */
    public synchronized PeriodStats cutPeriod(long startEpochNanos, long endEpochNanos) {
        Histogram[] histograms = new Histogram[LatencyMetric.count()];
        for (int i = 0; i < histograms.length; i++) {
            histograms[i] = spec.newHistogram();
        }
        for (ThreadRecorders recorders : allRecorders) {
            recorders.drainInto(histograms);
        }
        Counters now = totals();
        Counters delta = now.minus(lastCut);
        lastCut = now;
        return new PeriodStats(startEpochNanos, endEpochNanos, delta, now, histograms);
    }
}
