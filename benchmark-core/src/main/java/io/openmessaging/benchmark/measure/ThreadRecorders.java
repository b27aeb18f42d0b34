package io.openmessaging.benchmark.measure;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.HdrHistogram.Histogram;

/**
 * Everything one recording thread writes: its latency histograms, its message counters and its {@link
 * InFlightLedger}. Written only by its owning thread ({@link #owner}); {@link #drainInto} and the counter
 * reads may run on any thread at any time.
 *
 * <p>Recording takes no lock and no locked instruction: each metric has one <em>running</em> histogram that
 * only grows, written by the owner with plain stores, and a period is the difference between two reads of
 * it. A bucket has one writer and only ever goes up, so a read sees each bucket at some count between the
 * last read's and the true one (the hardware keeps one location's values in order), and the difference of
 * two reads hands every value to exactly one period: a value stored after a read is in the next one. The
 * histogram's own minimum and maximum are not read (the owner writes them after the bucket, so a read can
 * see a bucket without them); each period's are established from its bucket counts ({@link #drainInto}).
 * The two values of an acknowledgement or a delivery are written one after the other, so a cut that falls
 * between them puts them in adjacent periods; the run's totals hold both. Counters are plain fields written
 * with opaque stores by the owner and summed by readers, never lower than a previous read. A metric's
 * histograms are created on the thread's first value of that metric; recording and draining allocate
 * nothing after that.
 */
public final class ThreadRecorders {

    private static final VarHandle MESSAGES_SENT = counter("messagesSent");
    private static final VarHandle BYTES_SENT = counter("bytesSent");
    private static final VarHandle MESSAGES_ACKED = counter("messagesAcked");
    private static final VarHandle MESSAGES_RECEIVED = counter("messagesReceived");
    private static final VarHandle BYTES_RECEIVED = counter("bytesReceived");

    private static final int PUBLISH_RESPONSE = LatencyMetric.PUBLISH_RESPONSE_TIME.ordinal();
    private static final int PUBLISH_LATENCY = LatencyMetric.PUBLISH_LATENCY.ordinal();
    private static final int PUBLISH_DELAY = LatencyMetric.PUBLISH_DELAY_LATENCY.ordinal();
    private static final int END_TO_END_RESPONSE = LatencyMetric.END_TO_END_RESPONSE_TIME.ordinal();
    private static final int END_TO_END_LATENCY = LatencyMetric.END_TO_END_LATENCY.ordinal();

    /**
     * The lowest and the highest value a histogram of the spec holds apart from 0. {@link #drainInto} adds
     * one of each to both sides of a subtraction, which leaves the counts as they were and makes the
     * subtraction establish the period's minimum and maximum from its counts.
     */
    private static final long LOWEST_NONZERO_NANOS = HistogramSpec.LOWEST_DISCERNIBLE_NANOS;

    private static final long HIGHEST_NANOS = HistogramSpec.HIGHEST_TRACKABLE_NANOS;

    private final Thread owner;
    private final WorkerStats stats;
    private final HistogramSpec spec;
    /** Everything the owner recorded, by metric: only grows. Written by the owner alone. */
    private final Histogram[] running = new Histogram[LatencyMetric.count()];
    /** What the drains have taken of {@link #running} so far, plus one of each bound. Drain only. */
    private final Histogram[] taken = new Histogram[LatencyMetric.count()];
    /** The period being cut. Drain only. */
    private Histogram period;

    private volatile InFlightLedger ledger;

    // single writer (the owner), opaque stores; read by any thread with opaque loads
    private long messagesSent;
    private long bytesSent;
    private long messagesAcked;
    private long messagesReceived;
    private long bytesReceived;

    ThreadRecorders(WorkerStats stats, HistogramSpec spec, Thread owner) {
        this.stats = stats;
        this.spec = spec;
        this.owner = owner;
    }

    /** Whether these are the calling thread's recorders in {@code of}. */
    boolean ownedByCallingThread(WorkerStats of) {
        return owner == Thread.currentThread() && stats == of;
    }

    /** A message was handed to the driver. Values already clamped. */
    void sent(int payloadBytes, long intendedEpochNanos, long delayNanos) {
        ensure(PUBLISH_DELAY);
        inFlight(intendedEpochNanos, 1);
        running[PUBLISH_DELAY].recordValue(delayNanos);
        MESSAGES_SENT.setOpaque(this, messagesSent + 1);
        BYTES_SENT.setOpaque(this, bytesSent + payloadBytes);
    }

    /** A message was acknowledged. Values already clamped. */
    void acked(long intendedEpochNanos, long responseNanos, long latencyNanos) {
        inFlight(intendedEpochNanos, -1);
        recordPair(PUBLISH_RESPONSE, responseNanos, PUBLISH_LATENCY, latencyNanos);
        MESSAGES_ACKED.setOpaque(this, messagesAcked + 1);
    }

    /** A measured message arrived. Values already clamped and made non-negative. */
    void received(int payloadBytes, long responseNanos, long latencyNanos) {
        recordPair(END_TO_END_RESPONSE, responseNanos, END_TO_END_LATENCY, latencyNanos);
        countReceived(payloadBytes);
    }

    /** Records the two values of one message. */
    private void recordPair(int firstIndex, long firstNanos, int secondIndex, long secondNanos) {
        ensure(firstIndex);
        ensure(secondIndex);
        running[firstIndex].recordValue(firstNanos);
        running[secondIndex].recordValue(secondNanos);
    }

    /** A message without a stamp arrived: counted only. */
    void countReceived(int payloadBytes) {
        MESSAGES_RECEIVED.setOpaque(this, messagesReceived + 1);
        BYTES_RECEIVED.setOpaque(this, bytesReceived + payloadBytes);
    }

    /** Records {@code valueNanos}, already clamped to the spec's range, {@code count} times. */
    void record(LatencyMetric metric, long valueNanos, long count) {
        int index = metric.ordinal();
        ensure(index);
        running[index].recordValueWithCount(valueNanos, count);
    }

    /** Adds {@code delta} to this thread's {@link InFlightLedger} (created on first use). */
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

    long messagesSent() {
        return (long) MESSAGES_SENT.getOpaque(this);
    }

    long bytesSent() {
        return (long) BYTES_SENT.getOpaque(this);
    }

    long messagesAcked() {
        return (long) MESSAGES_ACKED.getOpaque(this);
    }

    long messagesReceived() {
        return (long) MESSAGES_RECEIVED.getOpaque(this);
    }

    long bytesReceived() {
        return (long) BYTES_RECEIVED.getOpaque(this);
    }

    /**
     * Makes sure the metric has its histograms. They are created under this object's lock, which {@link
     * #drainInto} holds too, so the drain sees them whole.
     */
    private void ensure(int index) {
        if (running[index] == null) {
            create(index);
        }
    }

    private synchronized void create(int index) {
        Histogram bounds = spec.newHistogram();
        bounds.recordValue(LOWEST_NONZERO_NANOS);
        bounds.recordValue(HIGHEST_NANOS);
        taken[index] = bounds;
        running[index] = spec.newHistogram();
    }

    /**
     * Adds everything recorded since the last drain to {@code targets[metric.ordinal()]}. Any thread, one
     * at a time.
     *
     * <p>For each metric: the period is a read of the running histogram minus what earlier drains took.
     * Both sides hold one extra value at the lowest and one at the highest nonzero value, so the read's
     * minimum and maximum (which may lag its counts) are those bounds, and the subtraction, finding no
     * count left at a bound, establishes the period's minimum, maximum and total from its counts; where a
     * count is left at a bound, that bound is the period's true extreme. {@link Histogram#subtract} refuses
     * a bucket lower than before, so a read that went backwards would fail loudly, not count twice.
     */
    synchronized void drainInto(Histogram[] targets) {
        for (int i = 0; i < running.length; i++) {
            Histogram source = running[i];
            if (source == null) {
                continue;
            }
            Histogram cut = period;
            if (cut == null) {
                cut = spec.newHistogram();
                period = cut;
            }
            cut.reset();
            cut.add(source);
            cut.recordValue(LOWEST_NONZERO_NANOS);
            cut.recordValue(HIGHEST_NANOS);
            cut.subtract(taken[i]);
            taken[i].add(cut);
            targets[i].add(cut);
        }
    }

    private static VarHandle counter(String field) {
        try {
            return MethodHandles.lookup().findVarHandle(ThreadRecorders.class, field, long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
