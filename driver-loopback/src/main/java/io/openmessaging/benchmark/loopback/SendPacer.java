package io.openmessaging.benchmark.loopback;

import io.openmessaging.benchmark.driver.Clock;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The throughput cap of one loopback driver ({@code maxSendRateMsgPerSec}): every send takes the next
 * free slot of a shared timeline with one slot per {@code 1e9 / cap} ns, and the sending thread waits for
 * its slot. A send after an idle spell gets a slot at once; no burst is saved up. Thread-safe.
 */
final class SendPacer {

    private final Clock clock;
    private final double intervalNanos;
    /** Number of the next free slot; slot n starts n intervals after {@link #originNanos}. */
    private final AtomicLong nextSlot = new AtomicLong();

    private final long originNanos;

    SendPacer(Clock clock, long maxSendRateMsgPerSec) {
        this.clock = clock;
        this.intervalNanos = 1e9 / maxSendRateMsgPerSec;
        this.originNanos = clock.monotonicNanos();
    }

    /** Waits for this send's slot. */
    void awaitSlot() throws InterruptedException {
        long nowNanos = clock.monotonicNanos();
        long nowSlot = (long) Math.ceil((nowNanos - originNanos) / intervalNanos);
        long slot = nextSlot.getAndUpdate(next -> Math.max(next, nowSlot) + 1);
        long mySlot = Math.max(slot, nowSlot);
        long dueNanos = originNanos + (long) (mySlot * intervalNanos);
        if (dueNanos > nowNanos) {
            clock.sleepUntil(dueNanos);
        }
    }
}
