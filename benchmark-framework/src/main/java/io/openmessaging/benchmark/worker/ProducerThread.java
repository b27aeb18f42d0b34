package io.openmessaging.benchmark.worker;

import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.SendCallback;
import io.openmessaging.benchmark.measure.Clock;
import io.openmessaging.benchmark.measure.WorkerStats;
import io.openmessaging.benchmark.schedule.IntendedSendSchedule;
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
 * <p>Threading: {@link #runUntil} runs on one thread (the owner). {@link #requestStop} and {@link
 * #requestRate} may be called from any thread; the owner applies them between sends.
 */
final class ProducerThread implements Runnable {

    /** One producer and its schedule. */
    static final class Slot {
        final int producerId;
        final BenchmarkProducer producer;
        final KeyDistributor keys;
        final IntendedSendSchedule schedule;
        final SendCallback callback;

        Slot(int producerId, BenchmarkProducer producer, KeyDistributor keys, IntendedSendSchedule schedule,
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
    private final Slot[] heap;
    private final byte[][] payloads;
    private final SplittableRandom random;
    private final Consumer<Throwable> onFailure;
    private final long minWakeIntervalNanos;
    /**
     * The deadline of the last sleep (not the time it actually woke, which is later by the park's overshoot:
     * measuring the interval from there would push every following message late by one more overshoot
     * when the rate is 1 / interval). One interval before the start at first.
     */
    private long lastWakeDeadlineNanos;

    private volatile boolean stopRequested;
    private volatile double requestedRatePerProducer = Double.NaN;

    ProducerThread(Clock clock, WorkerStats stats, List<Slot> slots, List<byte[]> payloads, long seed,
            long minWakeIntervalNanos, Consumer<Throwable> onFailure) {
        if (minWakeIntervalNanos < 0) {
            throw new IllegalArgumentException("minimum wake interval must be >= 0 ns, got " + minWakeIntervalNanos);
        }
        this.clock = clock;
        this.minWakeIntervalNanos = minWakeIntervalNanos;
        this.lastWakeDeadlineNanos = clock.monotonicNanos() - minWakeIntervalNanos;
        this.stats = stats;
        this.heap = slots.toArray(new Slot[0]);
        this.payloads = payloads.toArray(new byte[0][]);
        this.random = new SplittableRandom(seed);
        this.onFailure = onFailure;
        for (int i = heap.length / 2 - 1; i >= 0; i--) {
            siftDown(i);
        }
    }

    /** A send callback that records acknowledgements and errors into {@code stats}. */
    static SendCallback ackRecorder(Clock clock, WorkerStats stats, Consumer<Throwable> onSendError) {
        return (intendedSendEpochNanos, sentEpochNanos, producerId, error) -> {
            if (error == null) {
                stats.recordAcked(intendedSendEpochNanos, sentEpochNanos, clock.epochNanos());
            } else {
                stats.recordSendError();
                onSendError.accept(error);
            }
        };
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
     * Sends until a stop is requested or the next intended send time is at or after {@code
     * stopAtMonotonicNanos}.
     */
    void runUntil(long stopAtMonotonicNanos) throws InterruptedException {
        if (heap.length == 0) {
            return;
        }
        while (!stopRequested) {
            double newRate = requestedRatePerProducer;
            if (!Double.isNaN(newRate)) {
                requestedRatePerProducer = Double.NaN;
                for (Slot slot : heap) {
                    slot.schedule.changeRate(newRate);
                }
            }
            Slot slot = heap[0];
            long intendedNanos = slot.schedule.peekIntendedNanos();
            if (intendedNanos >= stopAtMonotonicNanos) {
                return;
            }
            long sentNanos = clock.monotonicNanos();
            if (sentNanos - intendedNanos < 0) {
                // early: sleep until it is due, and at least one wake interval after the last deadline
                long deadlineNanos = lastWakeDeadlineNanos + minWakeIntervalNanos;
                if (deadlineNanos - intendedNanos < 0) {
                    deadlineNanos = intendedNanos;
                }
                sentNanos = clock.sleepUntil(deadlineNanos);
                lastWakeDeadlineNanos = deadlineNanos;
            }
            if (stopRequested) {
                return;
            }
            slot.schedule.nextIntendedNanos();
            byte[] payload = payloads.length == 1 ? payloads[0] : payloads[random.nextInt(payloads.length)];
            String key = slot.keys.next();
            slot.producer.sendAsync(key, payload, clock.toEpochNanos(intendedNanos), clock.toEpochNanos(sentNanos),
                    slot.producerId, slot.callback);
            stats.recordSent(payload.length, sentNanos - intendedNanos);
            siftDown(0);
        }
    }

    void requestStop() {
        stopRequested = true;
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
