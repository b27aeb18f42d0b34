package io.openmessaging.benchmark.measure;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * The latency recorders of one recording thread: one {@link SingleWriterRecorder} per metric, created
 * on first use. Written only by its owning thread; {@link #drainInto} may be called from the sampling
 * thread at any time (HdrHistogram's recorder phasing makes that safe). Interval histograms are
 * recycled between drains, so sampling allocates nothing in steady state.
 */
final class ThreadRecorders {

    private final HistogramSpec spec;
    private final SingleWriterRecorder[] recorders = new SingleWriterRecorder[LatencyMetric.count()];
    private final Histogram[] recycled = new Histogram[LatencyMetric.count()];
    private volatile InFlightLedger ledger;

    ThreadRecorders(HistogramSpec spec) {
        this.spec = spec;
    }

    /** Records {@code valueNanos}, already clamped to the spec's range. Owning thread only. */
    void record(LatencyMetric metric, long valueNanos) {
        SingleWriterRecorder recorder = recorders[metric.ordinal()];
        if (recorder == null) {
            recorder = newRecorder(metric);
        }
        recorder.recordValue(valueNanos);
    }

    /** Records {@code valueNanos} {@code count} times. Owning thread only. */
    void record(LatencyMetric metric, long valueNanos, long count) {
        SingleWriterRecorder recorder = recorders[metric.ordinal()];
        if (recorder == null) {
            recorder = newRecorder(metric);
        }
        recorder.recordValueWithCount(valueNanos, count);
    }

    private synchronized SingleWriterRecorder newRecorder(LatencyMetric metric) {
        SingleWriterRecorder recorder = new SingleWriterRecorder(
                HistogramSpec.LOWEST_DISCERNIBLE_NANOS,
                HistogramSpec.HIGHEST_TRACKABLE_NANOS,
                spec.significantDigits());
        recorders[metric.ordinal()] = recorder;
        return recorder;
    }

    /** Adds {@code delta} to this thread's {@link InFlightLedger} (created on first use). Owning thread only. */
    void inFlight(long intendedEpochNanos, long delta) {
        InFlightLedger own = ledger;
        if (own == null) {
            own = new InFlightLedger();
            ledger = own;
        }
        own.add(intendedEpochNanos, delta);
    }

    /** This thread's ledger, or {@code null} when it never sent nor completed a message. */
    InFlightLedger ledger() {
        return ledger;
    }

    /** Adds everything recorded since the last drain to {@code targets[metric.ordinal()]}. */
    synchronized void drainInto(Histogram[] targets) {
        for (int i = 0; i < recorders.length; i++) {
            SingleWriterRecorder recorder = recorders[i];
            if (recorder == null) {
                continue;
            }
            Histogram interval = recorder.getIntervalHistogram(recycled[i]);
            targets[i].add(interval);
            recycled[i] = interval;
        }
    }
}
