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
 * <p>Cheap on a cold cache: a message's recording touches this object, one phaser, the active histograms
 * and their count slots, and nothing shared with other threads. One {@link WriterReaderPhaser} guards all
 * of the thread's histograms, so an acknowledgement or a delivery (two values each) enters and leaves it
 * once; the drain swaps the active and inactive histograms of every metric together. Counters are plain
 * fields written with opaque stores by the owner and summed by readers, never lower than a previous read.
 * A metric's pair of histograms is created on the thread's first value of that metric. Interval histograms
 * are reused between drains, so recording and draining allocate nothing in steady state.
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

    /** Rounds of {@link #profileBothPhases}: past the JIT's profiling thresholds (a few thousand calls). */
    private static final int PHASE_PROFILE_ROUNDS = 20_000;

    static {
        profileBothPhases();
    }

    private final Thread owner;
    private final WorkerStats stats;
    private final HistogramSpec spec;
    private final WriterReaderPhaser phaser = new WriterReaderPhaser();
    private final Histogram[] first = new Histogram[LatencyMetric.count()];
    private final Histogram[] second = new Histogram[LatencyMetric.count()];
    /** The histograms being written: {@link #first} or {@link #second}; the drain swaps them. */
    private volatile Histogram[] active = first;

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
            active[PUBLISH_DELAY].recordValue(delayNanos);
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
            Histogram[] histograms = active;
            histograms[firstIndex].recordValue(firstNanos);
            histograms[secondIndex].recordValue(secondNanos);
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
            active[index].recordValueWithCount(valueNanos, count);
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
        if (first[index] == null) {
            createPair(index);
        }
    }

    private synchronized void createPair(int index) {
        second[index] = spec.newHistogram();
        first[index] = spec.newHistogram();
    }

    /** Adds everything recorded since the last drain to {@code targets[metric.ordinal()]}. Any thread. */
    synchronized void drainInto(Histogram[] targets) {
        Histogram[] written;
        phaser.readerLock();
        try {
            written = active;
            Histogram[] next = written == first ? second : first;
            for (Histogram histogram : next) {
                if (histogram != null) {
                    histogram.reset();
                }
            }
            active = next;
            phaser.flipPhase();
        } finally {
            phaser.readerUnlock();
        }
        for (int i = 0; i < written.length; i++) {
            if (written[i] != null) {
                targets[i].add(written[i]);
            }
        }
    }

    /**
     * Runs a throwaway phaser through both of its phases, so that the JIT's profile of {@link
     * WriterReaderPhaser#writerCriticalSectionExit} has seen both sides of its one branch (the phase's
     * parity) before any hot loop inlines it. Without it the load runs ten seconds in the even phase, the
     * producer, the client's I/O thread and the consumer are compiled with the odd side cut off, and the
     * first drain sends each of them back to the interpreter to be compiled again (8 deoptimizations per
     * run, docs/performance.md). Takes a few tens of milliseconds, once per JVM.
     */
    private static void profileBothPhases() {
        WriterReaderPhaser throwaway = new WriterReaderPhaser();
        for (int round = 0; round < PHASE_PROFILE_ROUNDS; round++) {
            throwaway.writerCriticalSectionExit(throwaway.writerCriticalSectionEnter());
            throwaway.readerLock();
            try {
                throwaway.flipPhase();
            } finally {
                throwaway.readerUnlock();
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
