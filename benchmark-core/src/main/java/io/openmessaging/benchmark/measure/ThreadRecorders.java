package io.openmessaging.benchmark.measure;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.WriterReaderPhaser;

/**
 * Everything one recording thread writes: its latency histograms, its message counters and its {@link
 * InFlightLedger}. Written only by its owning thread ({@link #owner}); {@link #drainInto} and the counter
 * reads may run on any thread at any time.
 *
 * <p>Cheap on a cold cache: a value is not recorded into its histogram at once but appended to the active
 * phase's pending list (the metric in the top byte, the value below), and the list is recorded into the
 * histograms when it is full ({@value #PENDING_VALUES} values) or when the phase is drained. So a message's
 * recording touches this object, one phaser and the pending list's next slot, and the histograms' objects
 * and scattered count slots are touched {@value #PENDING_VALUES} values at a time, in a tight loop whose
 * cache misses overlap, instead of once per message between two sends (where the broker and the client
 * have evicted them). Nothing touched is shared with other threads. One {@link WriterReaderPhaser} guards
 * both phases, so an acknowledgement or a delivery (two values each) enters and leaves it once and its two
 * values land in the same period; a value lands in the period during which it was recorded, exactly as if
 * it had gone into the histogram at once: the drain swaps the phases, waits until the owner has left the
 * old one, and then records the old phase's pending values itself. Counters are plain fields written with
 * opaque stores by the owner and summed by readers, never lower than a previous read. A metric's pair of
 * histograms is created on the thread's first value of that metric. Histograms and pending lists are
 * reused between drains, so recording and draining allocate nothing in steady state.
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

    /** Values a phase holds before it records them into its histograms: 2 KiB per phase. */
    static final int PENDING_VALUES = 256;
    /** A pending entry: the metric's ordinal above this bit, the value (at most one hour in ns, 42 bits) below. */
    private static final int METRIC_SHIFT = 56;

    private static final long VALUE_MASK = (1L << METRIC_SHIFT) - 1;

    private final Thread owner;
    private final WorkerStats stats;
    private final HistogramSpec spec;
    private final WriterReaderPhaser phaser = new WriterReaderPhaser();
    private final Phase first = new Phase();
    private final Phase second = new Phase();
    /** The phase being written: {@link #first} or {@link #second}; the drain swaps them. */
    private volatile Phase active = first;
    /** Bit i set: metric i has its histograms. Written and read by the owner (in {@link #createPair}, locked). */
    private int metricsCreated;

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
        long epoch = phaser.writerCriticalSectionEnter();
        try {
            active.add(PUBLISH_DELAY, delayNanos);
        } finally {
            phaser.writerCriticalSectionExit(epoch);
        }
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

    /** Records two values of one message in one phaser entry, so both land in the same period. */
    private void recordPair(int firstIndex, long firstNanos, int secondIndex, long secondNanos) {
        ensure(firstIndex);
        ensure(secondIndex);
        long epoch = phaser.writerCriticalSectionEnter();
        try {
            Phase phase = active;
            phase.add(firstIndex, firstNanos);
            phase.add(secondIndex, secondNanos);
        } finally {
            phaser.writerCriticalSectionExit(epoch);
        }
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
        long epoch = phaser.writerCriticalSectionEnter();
        try {
            active.histograms[index].recordValueWithCount(valueNanos, count);
        } finally {
            phaser.writerCriticalSectionExit(epoch);
        }
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
     * Makes sure the metric has its pair of histograms before the owner enters the phaser: creating them
     * inside it could wait on {@link #drainInto}'s lock while the drain waits for the owner to leave.
     */
    private void ensure(int index) {
        if ((metricsCreated & (1 << index)) == 0) {
            createPair(index);
        }
    }

    private synchronized void createPair(int index) {
        second.histograms[index] = spec.newHistogram();
        first.histograms[index] = spec.newHistogram();
        metricsCreated |= 1 << index;
    }

    /** Adds everything recorded since the last drain to {@code targets[metric.ordinal()]}. Any thread. */
    synchronized void drainInto(Histogram[] targets) {
        Phase written;
        phaser.readerLock();
        try {
            written = active;
            Phase next = written == first ? second : first;
            next.reset();
            active = next;
            phaser.flipPhase();
        } finally {
            phaser.readerUnlock();
        }
        // the owner has left the written phase (flipPhase waited for it): its pending values are ours now,
        // and it is not written again before the next drain, which this method's lock orders after this one
        written.recordPending();
        for (int i = 0; i < written.histograms.length; i++) {
            if (written.histograms[i] != null) {
                targets[i].add(written.histograms[i]);
            }
        }
    }

    /** One phase: its histograms (one per metric, created on first use) and the values not yet in them. */
    private static final class Phase {
        final Histogram[] histograms = new Histogram[LatencyMetric.count()];
        private final long[] pending = new long[PENDING_VALUES];
        private int pendingCount;

        /** Appends a value of the metric with ordinal {@code index}; records the list when it is full. */
        void add(int index, long valueNanos) {
            pending[pendingCount] = ((long) index << METRIC_SHIFT) | valueNanos;
            if (++pendingCount == PENDING_VALUES) {
                recordPending();
            }
        }

        /** Records the pending values into their histograms and empties the list. */
        void recordPending() {
            for (int i = 0; i < pendingCount; i++) {
                long entry = pending[i];
                histograms[(int) (entry >>> METRIC_SHIFT)].recordValue(entry & VALUE_MASK);
            }
            pendingCount = 0;
        }

        /** Empties the histograms for the next period; the pending list is empty already. */
        void reset() {
            for (Histogram histogram : histograms) {
                if (histogram != null) {
                    histogram.reset();
                }
            }
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
