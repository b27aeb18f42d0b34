package io.openmessaging.benchmark.worker.http;

import io.openmessaging.benchmark.driver.Clock;
import java.util.Locale;

/**
 * The lease of one run (docs/distributed.md#failures): how long the worker keeps the run without hearing from
 * the coordinator that owns it. The lease runs from when the owner <em>sent</em> its last request, as far as
 * the worker can tell, not from when that request arrived or was answered: a request written before a network
 * cut and delivered after it (a TCP retransmission once the link is back, the coordinator long dead) proves
 * only that the coordinator was alive when it wrote it.
 *
 * <p>The owner stamps each request with its own monotonic clock ({@link WorkerServer#SENT_HEADER}). The two
 * clocks have different origins, so the worker keeps the smallest difference arrival − stamp it has seen (the
 * request that travelled fastest), let grow by {@link #DRIFT_PER_MILLION} per million of the time since to
 * allow for the clocks' drift; a request whose difference exceeds that arrived late by the excess, and
 * renews the lease only up to its arrival less that lateness. A request without a stamp counts at its
 * arrival.
 *
 * <p>While the worker is working on a request of the owner (its body read, not yet answered) the lease
 * does not run out, and when the work ends the lease runs from that end less the request's lateness: a
 * driver that takes longer to load than the lease does not end the run it was loaded for. Waiting for a
 * request's body or for a response to drain is not work: the server counts a request only once its body is
 * in, and stops counting it before the response is written.
 *
 * <p>Thread-safe; all times are the worker's {@link Clock#monotonicNanos()} unless named for the owner.
 */
final class RunLease {

    /** Drift allowed between the owner's clock and the worker's: 100 ppm, well above a crystal's. */
    static final long DRIFT_PER_MILLION = 100;

    private final Clock clock;
    private final long leaseNanos;

    /** Where the lease runs from: the latest send time (worker's clock) of a request of the owner. */
    private long renewedAtNanos;
    /** Requests of the owner being worked on now. */
    private int callsInProgress;

    private boolean offsetKnown;
    /** Smallest arrival − stamp seen (plus the drift allowance up to then), and when it was seen. */
    private long bestOffsetNanos;

    private long bestOffsetSeenAtNanos;
    /** The latest arrival of a request of the owner and how late it was, for the line that ends a run. */
    private long lastArrivalNanos;

    private long lastArrivalLatenessNanos;

    /** A lease of {@code leaseNanos} that starts now, as if the owner had just sent a request. */
    RunLease(Clock clock, long leaseNanos) {
        this.clock = clock;
        this.leaseNanos = leaseNanos;
        this.renewedAtNanos = clock.monotonicNanos();
        this.lastArrivalNanos = renewedAtNanos;
    }

    long leaseNanos() {
        return leaseNanos;
    }

    /** One request of the owner the worker works on; {@link #ended} when it is answered. */
    final class Call {
        private final long latenessNanos;
        private boolean ended;

        private Call(long latenessNanos) {
            this.latenessNanos = latenessNanos;
        }

        /** How long after it was sent the request arrived, beyond the fastest request of this run. */
        long latenessNanos() {
            return latenessNanos;
        }

        /** The work on this request is done (its answer is on its way); idempotent. */
        void ended() {
            callEnded(this);
        }
    }

    /**
     * A request of the owner has arrived whole (headers and body) and the worker starts working on it.
     *
     * @param ownerSentNanos the owner's monotonic clock when it sent the request, or {@code null} when the
     *     request carries no stamp
     */
    synchronized Call started(Long ownerSentNanos) {
        long nowNanos = clock.monotonicNanos();
        long latenessNanos = ownerSentNanos == null ? 0 : latenessOf(nowNanos, nowNanos - ownerSentNanos);
        renewedAtNanos = Math.max(renewedAtNanos, nowNanos - latenessNanos);
        lastArrivalNanos = nowNanos;
        lastArrivalLatenessNanos = latenessNanos;
        callsInProgress++;
        return new Call(latenessNanos);
    }

    /** How late a request with this arrival − stamp difference is; keeps the difference when it is the best. */
    private long latenessOf(long nowNanos, long offsetNanos) {
        if (offsetKnown) {
            long allowedNanos = bestOffsetNanos + (nowNanos - bestOffsetSeenAtNanos) / 1_000_000 * DRIFT_PER_MILLION;
            if (offsetNanos > allowedNanos) {
                return offsetNanos - allowedNanos;
            }
        }
        offsetKnown = true;
        bestOffsetNanos = offsetNanos;
        bestOffsetSeenAtNanos = nowNanos;
        return 0;
    }

    private synchronized void callEnded(Call call) {
        if (call.ended) {
            return;
        }
        call.ended = true;
        callsInProgress--;
        renewedAtNanos = Math.max(renewedAtNanos, clock.monotonicNanos() - call.latenessNanos);
    }

    /**
     * Why the lease has run out ("no request from its coordinator for 33.2 s (lease 33.0 s)", and how late
     * the latest request arrived when that is why it renewed nothing), or {@code null} while it holds: a
     * request of the owner is being worked on, or the last one was sent no longer than the lease ago.
     */
    synchronized String expiry() {
        if (callsInProgress > 0) {
            return null;
        }
        long nowNanos = clock.monotonicNanos();
        long silentNanos = nowNanos - renewedAtNanos;
        if (silentNanos <= leaseNanos) {
            return null;
        }
        String why = String.format(
                Locale.ROOT,
                "no request from its coordinator for %.1f s (lease %.1f s)",
                seconds(silentNanos),
                seconds(leaseNanos));
        if (lastArrivalLatenessNanos >= 1_000_000_000L) {
            why += String.format(
                    Locale.ROOT,
                    "; the latest request, %.1f s ago, arrived %.1f s after it was sent and renewed it only from then",
                    seconds(nowNanos - lastArrivalNanos),
                    seconds(lastArrivalLatenessNanos));
        }
        return why;
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }
}
