package io.openmessaging.benchmark.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import org.HdrHistogram.Histogram;

/**
 * Everything one worker measures: message counters and the five latency metrics.
 *
 * <p>Recording methods are called from producer threads, client I/O threads (acks) and consumer
 * delivery threads, concurrently; each thread records into its own {@link ThreadRecorders} (histograms,
 * the per-message counters, the in-flight ledger), so the hot path writes nothing shared. A caller that
 * records often keeps its thread's recorders ({@link #recordersOf}) and passes them in, which spares a
 * thread-local lookup per message. {@link #cutPeriod} is called from one sampling thread and returns
 * what happened since the previous cut.
 *
 * <p>Latency arguments are nanoseconds. A value above {@link HistogramSpec#HIGHEST_TRACKABLE_NANOS} is
 * clamped and counted; an end-to-end value ≤ 0 (clock skew between hosts) is recorded as 0 and
 * counted, never dropped.
 *
 * <p>Every message that came due is accounted for in the publish and end-to-end response times: when it is
 * acknowledged, when its send fails (failure − intended), and, for what is left when the run ends, when
 * {@link #closeBooks} writes off the messages never handed to the driver and those still in flight, each
 * with its age. After that nothing more is recorded: a late acknowledgement cannot count twice.
 */
public final class WorkerStats {

    private final HistogramSpec spec;
    private final List<ThreadRecorders> allRecorders = new CopyOnWriteArrayList<>();
    private final ThreadLocal<ThreadRecorders> threadRecorders;

    private final LongAdder sendErrors = new LongAdder();
    private final LongAdder unstampedReceived = new LongAdder();
    private final LongAdder endToEndNonPositive = new LongAdder();
    private final LongAdder valuesClamped = new LongAdder();
    private final LongAdder probesReceived = new LongAdder();
    private final LongAdder duplicatesReceived = new LongAdder();
    private final LongAdder messagesNotSent = new LongAdder();
    private final LongAdder messagesUnackedAtEnd = new LongAdder();
    private final LongAdder sendsEndedAfterBooksClosed = new LongAdder();
    private volatile LongSupplier messagesDue = () -> 0;
    private volatile int endToEndCopies = 1;
    private volatile boolean booksClosed;

    private Counters lastCut = Counters.ZERO;

    public WorkerStats(HistogramSpec spec) {
        this.spec = spec;
        this.threadRecorders = ThreadLocal.withInitial(() -> {
            ThreadRecorders recorders = new ThreadRecorders(this, spec, Thread.currentThread());
            allRecorders.add(recorders);
            return recorders;
        });
    }

    public HistogramSpec spec() {
        return spec;
    }

    /**
     * Where the count of due messages comes from (the producers' schedules; see {@link
     * Counters#messagesDue}). Set before the load starts.
     */
    public void messagesDue(LongSupplier dueMessages) {
        this.messagesDue = dueMessages;
    }

    /**
     * How many end-to-end values a message that never arrives stands for: the subscriptions that would
     * each have received it (0 when nothing consumes). Set before the load starts.
     */
    public void endToEndCopies(int copies) {
        this.endToEndCopies = copies;
    }

    /**
     * The calling thread's recorders in this object: {@code cached} when it is those (the usual case for a
     * callback object that keeps the last answer in a field), else looked up. Pass the result only to this
     * object's recording methods, and only on the calling thread.
     */
    public ThreadRecorders recordersOf(ThreadRecorders cached) {
        return cached != null && cached.ownedByCallingThread(this) ? cached : threadRecorders.get();
    }

    /**
     * A message was handed to the driver. Times are epoch nanos of this JVM; sent − intended is the
     * publish delay. Producer thread.
     */
    public void recordSent(int payloadBytes, long intendedEpochNanos, long sentEpochNanos) {
        recordSent(threadRecorders.get(), payloadBytes, intendedEpochNanos, sentEpochNanos);
    }

    /** {@link #recordSent(int, long, long)} into the calling thread's {@code own} recorders. */
    public void recordSent(ThreadRecorders own, int payloadBytes, long intendedEpochNanos, long sentEpochNanos) {
        if (booksClosed) {
            return;
        }
        own.sent(payloadBytes, intendedEpochNanos, clamp(sentEpochNanos - intendedEpochNanos, 1));
    }

    /** The broker acknowledged a message. Times are epoch nanos of this JVM. Any thread. */
    public void recordAcked(long intendedEpochNanos, long sentEpochNanos, long ackedEpochNanos) {
        recordAcked(threadRecorders.get(), intendedEpochNanos, sentEpochNanos, ackedEpochNanos);
    }

    /** {@link #recordAcked(long, long, long)} into the calling thread's {@code own} recorders. */
    public void recordAcked(ThreadRecorders own, long intendedEpochNanos, long sentEpochNanos, long ackedEpochNanos) {
        if (booksClosed) {
            return;
        }
        own.acked(
                intendedEpochNanos,
                clamp(ackedEpochNanos - intendedEpochNanos, 1),
                clamp(ackedEpochNanos - sentEpochNanos, 1));
    }

    /**
     * A send failed. Its response times, publish and end-to-end, are failed − intended: the producer waited
     * that long for nothing. It has no service time. Any thread.
     *
     * @return whether it was recorded as a send error: not after {@link #closeBooks}, when the failure is the
     *     closing client's cancellation of a send already written off ({@link #sendsEndedAfterBooksClosed})
     */
    public boolean recordSendError(long intendedEpochNanos, long failedEpochNanos) {
        if (booksClosed) {
            sendsEndedAfterBooksClosed.increment();
            return false;
        }
        sendErrors.increment();
        ThreadRecorders recorders = threadRecorders.get();
        recorders.inFlight(intendedEpochNanos, -1);
        recordUndelivered(recorders, failedEpochNanos - intendedEpochNanos, 1);
        return true;
    }

    /** The response times of {@code count} messages that will never arrive, each {@code ageNanos} old. */
    private void recordUndelivered(ThreadRecorders recorders, long ageNanos, long count) {
        long value = clamp(ageNanos, count);
        recorders.record(LatencyMetric.PUBLISH_RESPONSE_TIME, value, count);
        int copies = endToEndCopies;
        if (copies > 0) {
            recorders.record(LatencyMetric.END_TO_END_RESPONSE_TIME, value, count * copies);
        }
    }

    /** Something that knows when the messages never handed to the driver were intended. */
    public interface UnsentMessages {
        /**
         * Calls {@code each} for every due message never handed to the driver, or group of such messages,
         * with the latest intended time in the group.
         */
        void forEach(InFlightLedger.Visitor each);
    }

    /**
     * Sends that failed after {@link #closeBooks} (those the closing of their client cancelled): they were
     * written off with the books, so they are no send errors.
     */
    public long sendsEndedAfterBooksClosed() {
        return sendsEndedAfterBooksClosed.sum();
    }

    /** Whether {@link #closeBooks} ran: nothing is recorded any more. */
    public boolean booksClosed() {
        return booksClosed;
    }

    /**
     * Ends the accounting, once the load has stopped: records every due message never handed to the
     * driver ({@code unsent}) and every message still in flight as written off now, each with its age in
     * the publish and end-to-end response times, and from then on records nothing (late completions would
     * count twice). Idempotent. Returns how many messages were written off. Any thread.
     */
    public synchronized long closeBooks(long nowEpochNanos, UnsentMessages unsent) {
        if (booksClosed) {
            return 0;
        }
        long dueAtClose = messagesDue.getAsLong();
        booksClosed = true;
        messagesDue = () -> dueAtClose;
        ThreadRecorders recorders = threadRecorders.get();
        long[] notSent = new long[1];
        unsent.forEach((latestIntended, count) -> {
            notSent[0] += count;
            recordUndelivered(recorders, nowEpochNanos - latestIntended, count);
        });
        messagesNotSent.add(notSent[0]);
        List<InFlightLedger> ledgers = new ArrayList<>();
        for (ThreadRecorders threadRecorders : allRecorders) {
            InFlightLedger ledger = threadRecorders.ledger();
            if (ledger != null) {
                ledgers.add(ledger);
            }
        }
        long unacked = InFlightLedger.inFlight(
                ledgers,
                nowEpochNanos,
                (latestIntended, count) -> recordUndelivered(recorders, nowEpochNanos - latestIntended, count));
        messagesUnackedAtEnd.add(unacked);
        return notSent[0] + unacked;
    }

    /**
     * A measured message arrived. Times are epoch nanos; intended and sent come from the producing
     * host, received from this one. Any thread.
     */
    public void recordReceived(
            int payloadBytes, long intendedEpochNanos, long sentEpochNanos, long receivedEpochNanos) {
        recordReceived(threadRecorders.get(), payloadBytes, intendedEpochNanos, sentEpochNanos, receivedEpochNanos);
    }

    /** {@link #recordReceived(int, long, long, long)} into the calling thread's {@code own} recorders. */
    public void recordReceived(
            ThreadRecorders own,
            int payloadBytes,
            long intendedEpochNanos,
            long sentEpochNanos,
            long receivedEpochNanos) {
        if (booksClosed) {
            return;
        }
        own.received(
                payloadBytes,
                endToEnd(receivedEpochNanos - intendedEpochNanos),
                endToEnd(receivedEpochNanos - sentEpochNanos));
    }

    /** A message without a stamp arrived: counted, no latency. Any thread. */
    public void recordUnstampedReceived(int payloadBytes) {
        threadRecorders.get().countReceived(payloadBytes);
        unstampedReceived.increment();
    }

    /**
     * The message just recorded as received had arrived before (at a consumer of the same subscription on
     * this worker): still a delivery, and counted apart so that it is not taken for a missing one. Any thread.
     */
    public void recordDuplicateReceived() {
        duplicatesReceived.increment();
    }

    /** A readiness probe arrived; counted apart from measured messages. Any thread. */
    public void recordProbeReceived() {
        probesReceived.increment();
    }

    /** An end-to-end value ≤ 0 (clock skew between hosts) is recorded as 0 and counted. */
    private long endToEnd(long valueNanos) {
        if (valueNanos <= 0) {
            endToEndNonPositive.increment();
            return 0;
        }
        return clamp(valueNanos, 1);
    }

    private long clamp(long valueNanos, long count) {
        if (valueNanos > HistogramSpec.HIGHEST_TRACKABLE_NANOS) {
            valuesClamped.add(count);
            return HistogramSpec.HIGHEST_TRACKABLE_NANOS;
        }
        // publish metrics from one monotonic-based clock cannot be negative; guard anyway
        return Math.max(0, valueNanos);
    }

    /** Running totals since this object was created. Any thread. */
    public Counters totals() {
        long messagesSent = 0;
        long bytesSent = 0;
        long messagesAcked = 0;
        long messagesReceived = 0;
        long bytesReceived = 0;
        for (ThreadRecorders recorders : allRecorders) {
            messagesSent += recorders.messagesSent();
            bytesSent += recorders.bytesSent();
            messagesAcked += recorders.messagesAcked();
            messagesReceived += recorders.messagesReceived();
            bytesReceived += recorders.bytesReceived();
        }
        return new Counters(
                messagesSent,
                bytesSent,
                sendErrors.sum(),
                messagesAcked,
                messagesReceived,
                bytesReceived,
                unstampedReceived.sum(),
                endToEndNonPositive.sum(),
                valuesClamped.sum(),
                probesReceived.sum(),
                messagesDue.getAsLong(),
                messagesNotSent.sum(),
                messagesUnackedAtEnd.sum(),
                duplicatesReceived.sum());
    }

    /**
     * Everything recorded since the previous cut: counter deltas and fresh histograms (owned by the
     * caller), each {@linkplain HistogramSpec#newGrowingHistogram as large as its values need}: a worker
     * keeps its periods for minutes. Sampling thread only.
     */
    public synchronized PeriodStats cutPeriod(long startEpochNanos, long endEpochNanos) {
        Histogram[] histograms = new Histogram[LatencyMetric.count()];
        for (int i = 0; i < histograms.length; i++) {
            histograms[i] = spec.newGrowingHistogram();
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
