package io.openmessaging.benchmark.worker;

import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.Clock;
import io.openmessaging.benchmark.driver.SendCallback;
import io.openmessaging.benchmark.measure.InFlightLedger;
import io.openmessaging.benchmark.measure.SequenceSet;
import io.openmessaging.benchmark.measure.ThreadRecorders;
import io.openmessaging.benchmark.measure.WorkerStats;
import io.openmessaging.benchmark.schedule.IntendedSendSchedule;
import io.openmessaging.benchmark.schedule.WakeRule;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * Drives a group of producers, each on its own {@link IntendedSendSchedule}: always sends the message
 * whose intended time is earliest, waits for that time (park, then spin), and when late sends at once,
 * in order, without sleeping (catch-up). Measures publish delay here and publish response time and
 * latency in the acknowledgement callback.
 *
 * <p>The thread wakes at most once per {@code minWakeIntervalNanos} (the workload's {@code
 * producerWakeIntervalMicros}): when the next message is due sooner than one interval after the last
 * sleep's deadline, it sleeps until the interval has passed and then sends every message that came due
 * meanwhile, whichever of its producers they belong to. Each
 * wake-up costs the thread tens of microseconds of CPU on a virtual machine (the timer, two context
 * switches), so at rates whose gap between messages is below the interval this bounds the wake-ups per
 * second; each message still carries its own intended time, so the wait shows in publish delay and
 * response time and nothing is hidden. Below that rate every message is sent at its intended time.
 *
 * <p>Stopping ({@link #requestStop}) fixes the stop time: the thread still sends, at once, every message
 * intended before it (usually the few of the last wake interval; after a stall, the whole backlog), then
 * ends. When it cannot (blocked in the client's send), {@link #requestAbandon} makes it end after the send
 * it is in, and the messages it never sent are counted from the schedules ({@link #forEachUnsent}), each
 * with its intended time: a due message is never silently dropped.
 *
 * <p>Threading: {@link #runUntil} runs on one thread (the owner). {@link #requestStop}, {@link
 * #requestAbandon}, {@link #requestRate}, {@link #messagesDue} and {@link #forEachUnsent} may be called from
 * any thread; the owner applies requests between sends.
 */
final class ProducerThread implements Runnable {

    /** Longest single sleep, so that a stop request is seen within this time even at low rates. */
    static final long MAX_SLEEP_NANOS = 10_000_000;
    /** Beyond this many unsent messages of one producer, {@link #forEachUnsent} groups them. */
    static final long MAX_UNSENT_VISITS = 1_000_000;

    private static final VarHandle HANDED_OVER;

    static {
        try {
            HANDED_OVER = MethodHandles.lookup().findVarHandle(Slot.class, "handedOver", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** One producer and its schedule. */
    static final class Slot {
        final int producerId;
        final BenchmarkProducer producer;
        final KeyDistributor keys;
        final IntendedSendSchedule schedule;
        final SendCallback callback;
        /** {@link #callback} behind the owning thread's guard against failures it caused itself. */
        private SendCallback guarded;
        /** Messages whose send call returned (schedule indexes below this one); release-published. */
        @SuppressWarnings("unused") // through HANDED_OVER
        private long handedOver;

        Slot(
                int producerId,
                BenchmarkProducer producer,
                KeyDistributor keys,
                IntendedSendSchedule schedule,
                SendCallback callback) {
            this.producerId = producerId;
            this.producer = producer;
            this.keys = keys;
            this.schedule = schedule;
            this.callback = callback;
        }
    }

    private final Clock clock;
    private final WorkerStats stats;
    /** The recorders of the thread running {@link #runUntil} (looked up once per thread, not per message). */
    private ThreadRecorders ownRecorders;

    private final Slot[] heap;
    /** The slots in a fixed order, for other threads (the owner reorders {@link #heap}). */
    private final Slot[] slots;

    private final byte[][] payloads;
    private final SplittableRandom random;
    private final Consumer<Throwable> onFailure;
    private final long minWakeIntervalNanos;
    /** The deadline of the last sleep ({@link WakeRule}). One interval before the start at first. */
    private long lastWakeDeadlineNanos;

    private volatile boolean stopRequested;
    private volatile boolean abandonRequested;
    /** Messages intended at or before this monotonic time are due; set once by {@link #requestStop}. */
    private volatile long stopAtNanos;

    private volatile double requestedRatePerProducer = Double.NaN;

    /** The thread running {@link #runUntil}. */
    private Thread runner;
    /**
     * Set when the send in progress failed only because the worker abandoned and interrupted this thread:
     * the broker never answered it, so it is neither a send error nor a completion (it would restart the
     * run's stall clock); the message was never sent, and the books write it off as due and not sent.
     */
    private boolean sendCutByAbandon;

    ProducerThread(
            Clock clock,
            WorkerStats stats,
            List<Slot> slots,
            List<byte[]> payloads,
            long seed,
            long minWakeIntervalNanos,
            Consumer<Throwable> onFailure) {
        if (minWakeIntervalNanos < 0) {
            throw new IllegalArgumentException("minimum wake interval must be >= 0 ns, got " + minWakeIntervalNanos);
        }
        this.clock = clock;
        this.minWakeIntervalNanos = minWakeIntervalNanos;
        this.lastWakeDeadlineNanos = clock.monotonicNanos() - minWakeIntervalNanos;
        this.stats = stats;
        this.heap = slots.toArray(new Slot[0]);
        this.slots = heap.clone();
        this.payloads = payloads.toArray(new byte[0][]);
        this.random = new SplittableRandom(seed);
        this.onFailure = onFailure;
        for (int i = heap.length / 2 - 1; i >= 0; i--) {
            siftDown(i);
        }
        for (Slot slot : heap) {
            SendCallback callback = slot.callback;
            slot.guarded = (intendedSendEpochNanos, sentEpochNanos, producerId, sequence, error) -> {
                if (error != null && cutByAbandon()) {
                    sendCutByAbandon = true;
                    return;
                }
                callback.sendCompleted(intendedSendEpochNanos, sentEpochNanos, producerId, sequence, error);
            };
        }
    }

    /**
     * Whether a failure reported now is this thread's own doing: reported on this thread, inside its send
     * call, after the worker abandoned it and interrupted it (a client blocked in its send then fails the
     * send with an interrupt error, as kafka-clients does).
     */
    private boolean cutByAbandon() {
        return abandonRequested
                && Thread.currentThread() == runner
                && Thread.currentThread().isInterrupted();
    }

    /**
     * A send callback that records acknowledgements and errors into {@code stats}, and the sequence number of
     * every acknowledged message into {@code acknowledged}.
     */
    static SendCallback ackRecorder(
            Clock clock, WorkerStats stats, SequenceSet acknowledged, Consumer<Throwable> onSendError) {
        return new AckRecorder(clock, stats, acknowledged, onSendError);
    }

    /**
     * Records acknowledgements and errors; keeps the recorders of the thread that last completed a send
     * (a client's I/O thread, usually always the same one).
     */
    private static final class AckRecorder implements SendCallback {
        private final Clock clock;
        private final WorkerStats stats;
        private final SequenceSet acknowledged;
        private final Consumer<Throwable> onSendError;
        private ThreadRecorders lastRecorders;

        AckRecorder(Clock clock, WorkerStats stats, SequenceSet acknowledged, Consumer<Throwable> onSendError) {
            this.clock = clock;
            this.stats = stats;
            this.acknowledged = acknowledged;
            this.onSendError = onSendError;
        }

        @Override
        public void sendCompleted(
                long intendedSendEpochNanos, long sentEpochNanos, int producerId, long sequence, Throwable error) {
            if (error == null) {
                ThreadRecorders own = stats.recordersOf(lastRecorders);
                if (own != lastRecorders) {
                    lastRecorders = own; // written only when the completing thread changed
                }
                stats.recordAcked(own, intendedSendEpochNanos, sentEpochNanos, clock.epochNanos());
                if (!stats.booksClosed()) {
                    acknowledged.add(sequence); // as the counters: an acknowledgement after the books closed is not one
                }
            } else if (stats.recordSendError(intendedSendEpochNanos, clock.epochNanos())) {
                onSendError.accept(error); // not after the books closed: a send the closing client cancelled
            }
        }
    }

    @Override
    public void run() {
        try {
            runUntil(Long.MAX_VALUE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException | Error e) {
            onFailure.accept(e);
        }
    }

    /**
     * Sends until the next intended send time is at or after {@code stopAtMonotonicNanos} or after the
     * stop time of {@link #requestStop}, or until {@link #requestAbandon}.
     */
    void runUntil(long stopAtMonotonicNanos) throws InterruptedException {
        if (heap.length == 0) {
            return;
        }
        runner = Thread.currentThread();
        while (!abandonRequested) {
            double newRate = requestedRatePerProducer;
            if (!Double.isNaN(newRate)) {
                requestedRatePerProducer = Double.NaN;
                for (Slot slot : heap) {
                    slot.schedule.changeRate(newRate);
                }
            }
            Slot slot = heap[0];
            long intendedNanos = slot.schedule.peekIntendedNanos();
            if (intendedNanos - stopAtMonotonicNanos >= 0 || stoppedBefore(intendedNanos)) {
                return;
            }
            long sentNanos = clock.monotonicNanos();
            if (sentNanos - intendedNanos < 0) {
                // early: sleep until it is due, and at least one wake interval after the last deadline
                long deadlineNanos = WakeRule.deadlineNanos(intendedNanos, lastWakeDeadlineNanos, minWakeIntervalNanos);
                if (deadlineNanos - sentNanos > MAX_SLEEP_NANOS) {
                    clock.sleepUntil(sentNanos + MAX_SLEEP_NANOS); // then look at stop requests again
                    continue;
                }
                sentNanos = clock.sleepUntil(deadlineNanos);
                lastWakeDeadlineNanos = deadlineNanos;
                if (abandonRequested || stoppedBefore(intendedNanos)) {
                    continue; // stopped while asleep: the checks above end the loop
                }
            }
            long sequence = slot.schedule.nextIndex();
            slot.schedule.nextIntendedNanos();
            byte[] payload = payloads.length == 1 ? payloads[0] : payloads[random.nextInt(payloads.length)];
            String key = slot.keys.next();
            long intendedEpochNanos = clock.toEpochNanos(intendedNanos);
            long sentEpochNanos = clock.toEpochNanos(sentNanos);
            slot.producer.sendAsync(
                    key, payload, intendedEpochNanos, sentEpochNanos, slot.producerId, sequence, slot.guarded);
            if (sendCutByAbandon) {
                sendCutByAbandon = false;
                return; // not handed over: the books count it as due and never sent
            }
            HANDED_OVER.setRelease(slot, (long) HANDED_OVER.get(slot) + 1);
            ownRecorders = stats.recordersOf(ownRecorders);
            stats.recordSent(ownRecorders, payload.length, intendedEpochNanos, sentEpochNanos);
            siftDown(0);
        }
    }

    /** Whether a stop was requested before {@code intendedNanos} (so that message is not due). */
    private boolean stoppedBefore(long intendedNanos) {
        return stopRequested && intendedNanos - stopAtNanos > 0;
    }

    /**
     * Stops the schedules now: messages intended up to now are still sent (at once), later ones are not.
     * Idempotent: the first call fixes the stop time.
     */
    synchronized void requestStop() {
        if (!stopRequested) {
            stopAtNanos = clock.monotonicNanos(); // written before the flag that publishes it
            stopRequested = true;
        }
    }

    /** Ends the thread after the send it is in, leaving due messages unsent (counted by {@link #forEachUnsent}). */
    void requestAbandon() {
        requestStop();
        abandonRequested = true;
    }

    /**
     * Messages of this thread's producers intended up to now, or up to the stop time once stopped. Any
     * thread.
     */
    long messagesDue() {
        long at = dueUntilNanos();
        long due = 0;
        for (Slot slot : slots) {
            due += dueIn(slot, at);
        }
        return due;
    }

    /**
     * Messages of {@code slot} intended at or before {@code at}, and never fewer than it handed over: a send
     * that races the stop (the stop reads the clock, this thread reads a later time and sends a message
     * intended in between, then sees the stop) handed over a message that had come due by this thread's
     * clock, so it is due; otherwise it would be sent and never due.
     */
    private static long dueIn(Slot slot, long at) {
        return Math.max(slot.schedule.segment().countBefore(at + 1), (long) HANDED_OVER.getAcquire(slot));
    }

    private long dueUntilNanos() {
        return stopRequested ? stopAtNanos : clock.monotonicNanos();
    }

    /**
     * Calls {@code each} with the intended time (epoch nanos) of every message due (see {@link
     * #messagesDue}) whose send call never returned: one by one up to {@value #MAX_UNSENT_VISITS} messages
     * per producer, in that many groups beyond (each with its latest intended time, so ages are lower
     * bounds). Meant for after {@link #requestStop}, when the thread has ended or been abandoned. Any thread.
     */
    void forEachUnsent(InFlightLedger.Visitor each) {
        long at = dueUntilNanos();
        for (Slot slot : slots) {
            IntendedSendSchedule.Segment segment = slot.schedule.segment();
            long due = dueIn(slot, at);
            long first = Math.max((long) HANDED_OVER.getAcquire(slot), segment.firstIndex());
            long unsent = due - first;
            long groupSize = Math.max(1, (unsent + MAX_UNSENT_VISITS - 1) / MAX_UNSENT_VISITS);
            for (long index = first; index < due; index += groupSize) {
                long last = Math.min(due, index + groupSize) - 1;
                each.messages(clock.toEpochNanos(segment.intendedNanos(last)), last - index + 1);
            }
        }
    }

    /** Continues every producer of this thread at {@code ratePerProducer} msg/s, keeping lateness. */
    void requestRate(double ratePerProducer) {
        requestedRatePerProducer = ratePerProducer;
    }

    private void siftDown(int index) {
        Slot moving = heap[index];
        long key = moving.schedule.peekIntendedNanos();
        int half = heap.length / 2;
        while (index < half) {
            int child = 2 * index + 1;
            int right = child + 1;
            if (right < heap.length
                    && heap[right].schedule.peekIntendedNanos() < heap[child].schedule.peekIntendedNanos()) {
                child = right;
            }
            if (key <= heap[child].schedule.peekIntendedNanos()) {
                break;
            }
            heap[index] = heap[child];
            index = child;
        }
        heap[index] = moving;
    }
}
