package io.openmessaging.benchmark.driver.rabbitmq;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * The publisher-confirm window of one producer ({@code maxOutstandingConfirms}): at most {@link #capacity()}
 * sends hold a slot, i.e. are published (or held for a recovering connection) and not yet confirmed; the
 * others wait here, in the producer's order, and take a slot as confirms free one.
 *
 * <p>A slot is taken by {@link #admit} (the send may go at once) or {@link #next} (the longest-waiting send
 * may go now), and given back by {@link #release} when a send that held one completes (ack, nack, failure).
 * The time each waiting send spent here is added up in {@code waitNanos}, and {@code waitedSends} counts them.
 *
 * <p>Threading: {@link #admit}, {@link #next} and {@link #removeWaiting} are called under the producer's
 * publish lock; {@link #release} from any thread without it (confirms arrive on the connection's thread).
 * Only lock holders take slots, so the count of held slots never exceeds the capacity.
 *
 * @param <T> a send
 */
final class ConfirmWindow<T> {

    private final int capacity;
    private final LongSupplier nanoClock;
    private final LongAdder waitedSends;
    private final LongAdder waitNanos;
    private final AtomicInteger held = new AtomicInteger();
    /** Sends waiting for a slot, oldest first. Guarded by the producer's publish lock. */
    private final ArrayDeque<Waiting<T>> waiting = new ArrayDeque<>();
    /** {@code waiting.size()}, readable without the lock. */
    private final AtomicInteger waitingCount = new AtomicInteger();
    /** The most slots held at once. Written under the producer's publish lock. */
    private volatile int peakHeld;

    /**
     * @param capacity the most sends published and not yet confirmed, 1 or more
     * @param nanoClock monotonic nanoseconds ({@code System::nanoTime}), for the wait
     * @param waitedSends counts the sends that waited for a slot (shared driver statistic)
     * @param waitNanos adds up the time they waited (shared driver statistic)
     */
    ConfirmWindow(int capacity, LongSupplier nanoClock, LongAdder waitedSends, LongAdder waitNanos) {
        if (capacity < 1) {
            throw new IllegalArgumentException("a confirm window holds at least 1 send, not " + capacity);
        }
        this.capacity = capacity;
        this.nanoClock = nanoClock;
        this.waitedSends = waitedSends;
        this.waitNanos = waitNanos;
    }

    /**
     * A new send: true when it takes a slot and may be published now; false when it waits (the window is full,
     * or earlier sends wait and it must not overtake them). Caller holds the publish lock.
     */
    boolean admit(T send) {
        if (waiting.isEmpty() && takeSlot()) {
            return true;
        }
        waiting.addLast(new Waiting<>(send, nanoClock.getAsLong()));
        waitingCount.incrementAndGet();
        return false;
    }

    /**
     * The longest-waiting send, with a slot taken for it, or null when none waits or every slot is held.
     * Caller holds the publish lock.
     */
    T next() {
        if (waiting.isEmpty() || !takeSlot()) {
            return null;
        }
        Waiting<T> w = waiting.pollFirst();
        waitingCount.decrementAndGet();
        waitedSends.increment();
        waitNanos.add(Math.max(0, nanoClock.getAsLong() - w.sinceNanos));
        return w.send;
    }

    /**
     * {@code sends} sends that held a slot completed. Any thread.
     *
     * @return whether a send waits that may now take a slot (the caller then has {@link #next} called)
     */
    boolean release(int sends) {
        held.addAndGet(-sends);
        return waitingCount.get() > 0;
    }

    /** Removes every waiting send, oldest first, to be failed. Caller holds the publish lock. */
    List<T> removeWaiting() {
        List<T> removed = new ArrayList<>(waiting.size());
        Waiting<T> w;
        while ((w = waiting.pollFirst()) != null) {
            removed.add(w.send);
        }
        waitingCount.set(0);
        return removed;
    }

    int capacity() {
        return capacity;
    }

    /** Slots held now: sends published (or held for a recovering connection) and not yet completed. */
    int held() {
        return held.get();
    }

    /** The most slots held at once so far; never above {@link #capacity()}. */
    int peakHeld() {
        return peakHeld;
    }

    /** Sends waiting for a slot now. */
    int waiting() {
        return waitingCount.get();
    }

    /** Only lock holders take slots; a concurrent {@link #release} only makes room. */
    private boolean takeSlot() {
        if (held.get() >= capacity) {
            return false;
        }
        int now = held.incrementAndGet();
        if (now > peakHeld) {
            peakHeld = now;
        }
        return true;
    }

    private record Waiting<T>(T send, long sinceNanos) {}
}
