package io.openmessaging.benchmark.loopback;

import io.openmessaging.benchmark.driver.Clock;
import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.driver.SendCallback;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one daemon thread of a loopback driver in {@link TimingMode#SCHEDULER}: completes each pending
 * acknowledgement and delivery at its due time on the driver's {@link Clock}, earliest first and, at
 * equal times, in the order the messages were sent.
 *
 * <p>Waiting: the thread parks until the head of the queue is due and is unparked when a sender queues
 * an earlier message; it never polls. A callback therefore runs at its due time plus the wake-up latency
 * of a parked thread (tens of microseconds on Linux): a configured delay is a minimum. With a {@code
 * ManualClock} (the tests' clock) the thread re-reads the clock after the real-time equivalent of the wait; use
 * {@code synchronousDelays} there.
 *
 * <p>Ordering with inline completions: a sender completes a callback inline only when nothing of the
 * same kind is pending here ({@link #pendingAcks()}, {@link #pendingDeliveries()}); the counts drop only
 * after the callbacks ran, so an inline callback never overtakes a queued one.
 */
final class LoopbackScheduler {

    private static final Logger log = LoggerFactory.getLogger(LoopbackScheduler.class);
    private static final long CLOSE_WAIT_SECONDS = 10;

    private final Clock clock;
    private final LoopbackDriver driver;
    private final Thread thread;
    private final PriorityQueue<PendingMessage> queue = new PriorityQueue<>(
            Comparator.comparingLong((PendingMessage m) -> m.dueNanos).thenComparingLong(m -> m.sequence));
    private final AtomicLong pendingAcks = new AtomicLong();
    private final AtomicLong pendingDeliveries = new AtomicLong();

    /** Guarded by {@code queue}. */
    private long nextSequence;
    /** Guarded by {@code queue}. */
    private boolean closed;

    LoopbackScheduler(Clock clock, LoopbackDriver driver) {
        this.clock = clock;
        this.driver = driver;
        this.thread = new Thread(this::run, "loopback-scheduler");
        this.thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    boolean isRunning() {
        return thread.isAlive();
    }

    long pendingAcks() {
        return pendingAcks.get();
    }

    long pendingDeliveries() {
        return pendingDeliveries.get();
    }

    /**
     * Queues a new message. When the scheduler is closed, fails its acknowledgement at once (on the
     * calling thread) and drops its deliveries.
     */
    void schedule(PendingMessage message) {
        if (message.ackCallback != null) {
            pendingAcks.incrementAndGet();
        }
        if (message.subscriptions != null) {
            pendingDeliveries.incrementAndGet();
        }
        if (!enqueue(message, true)) {
            failAck(message);
            forget(message);
        }
    }

    /**
     * Stops the thread, then fails every acknowledgement still pending, through its callback, and drops
     * pending deliveries. Idempotent. When the calling thread is interrupted while waiting for the
     * scheduler thread, it stops waiting, still fails what is pending, and keeps its interrupt status.
     */
    void close() {
        synchronized (queue) {
            if (closed) {
                return;
            }
            closed = true;
        }
        LockSupport.unpark(thread);
        try {
            thread.join(TimeUnit.SECONDS.toMillis(CLOSE_WAIT_SECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (thread.isAlive()) {
            log.warn(
                    "The loopback scheduler thread did not stop (waited up to {} s): a callback may be"
                            + " blocking it; failing the pending acknowledgements anyway",
                    CLOSE_WAIT_SECONDS);
        }
        List<PendingMessage> leftover;
        synchronized (queue) {
            leftover = new ArrayList<>(queue);
            queue.clear();
        }
        for (PendingMessage message : leftover) {
            failAck(message);
            forget(message);
        }
    }

    /**
     * Adds {@code message} to the queue unless the scheduler is closed. A new message gets the next
     * sequence number; a message queued again for its second part keeps its number, so at equal due
     * times the message sent first still goes first.
     */
    private boolean enqueue(PendingMessage message, boolean isNew) {
        boolean newHead;
        synchronized (queue) {
            if (closed) {
                return false;
            }
            if (isNew) {
                message.sequence = nextSequence++;
            }
            queue.add(message);
            newHead = queue.peek() == message;
        }
        if (newHead) {
            LockSupport.unpark(thread);
        }
        return true;
    }

    /**
     * Takes one due message at a time, so that a message queued again for its second part competes
     * with everything else in due-time order.
     */
    private void run() {
        long nowNanos = Long.MIN_VALUE;
        while (true) {
            PendingMessage next = null;
            long parkNanos = -1;
            synchronized (queue) {
                if (closed) {
                    return;
                }
                PendingMessage head = queue.peek();
                if (head != null) {
                    if (head.dueNanos > nowNanos) {
                        nowNanos = clock.monotonicNanos();
                    }
                    if (head.dueNanos <= nowNanos) {
                        next = queue.poll();
                    } else {
                        parkNanos = head.dueNanos - nowNanos;
                    }
                }
            }
            if (next != null) {
                complete(next);
            } else if (parkNanos < 0) {
                LockSupport.park(this);
            } else {
                LockSupport.parkNanos(this, parkNanos);
            }
        }
    }

    /**
     * Runs the part of {@code message} it was queued for (both when they are due at the same time) and
     * queues it again for the other part, even when that one is due by now too: a scheduler running
     * late must still complete callbacks in due-time order, or a later message's delivery could
     * overtake an earlier one's.
     */
    private void complete(PendingMessage message) {
        try {
            long queuedForNanos = message.dueNanos;
            SendCallback ackCallback = message.ackCallback;
            if (ackCallback != null && message.ackDueNanos <= queuedForNanos) {
                message.ackCallback = null;
                try {
                    driver.acknowledge(ackCallback, message.stamp, null);
                } finally {
                    pendingAcks.decrementAndGet();
                }
            }
            LoopbackSubscription[] subscriptions = message.subscriptions;
            if (subscriptions != null && message.deliveryDueNanos <= queuedForNanos) {
                message.subscriptions = null;
                try {
                    for (LoopbackSubscription subscription : subscriptions) {
                        subscription.deliver(message.partition, message.stamp, message.payloadSizeBytes);
                    }
                } finally {
                    pendingDeliveries.decrementAndGet();
                }
            }
            if (!message.isDone()) {
                message.updateDue();
                if (!enqueue(message, false)) {
                    failAck(message);
                    forget(message);
                }
            }
        } catch (RuntimeException | Error e) {
            log.error("The loopback scheduler failed on a message; it goes on with the next", e);
        }
    }

    private void failAck(PendingMessage message) {
        SendCallback ackCallback = message.ackCallback;
        if (ackCallback != null) {
            message.ackCallback = null;
            try {
                driver.acknowledge(
                        ackCallback,
                        message.stamp,
                        new DriverException("the loopback driver was closed before this message was acknowledged"));
            } finally {
                pendingAcks.decrementAndGet();
            }
        }
    }

    /** Takes what is left of {@code message} out of the pending counts, dropping its deliveries. */
    private void forget(PendingMessage message) {
        if (message.ackCallback != null) {
            message.ackCallback = null;
            pendingAcks.decrementAndGet();
        }
        if (message.subscriptions != null) {
            message.subscriptions = null;
            pendingDeliveries.decrementAndGet();
        }
    }
}
