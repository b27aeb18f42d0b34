package io.openmessaging.benchmark.schedule;

/**
 * The intended send times of one producer's messages (DESIGN §2), in monotonic nanoseconds.
 *
 * <p>Within a segment of constant rate, the n-th message is intended at {@code segmentStartNanos + n ×
 * 1e9 / ratePerSec}, computed from n (never by adding rounded intervals, so there is no drift). A rate
 * change starts a new segment at the intended time of the next message, so a producer that is late
 * stays late: lateness carries over and shows in the measurements instead of being forgiven.
 *
 * <p>Not thread-safe: owned by one producer thread. {@link #changeRate} from another thread must be
 * handed over by the owner (see {@code ProducerThread}).
 */
public final class IntendedSendSchedule {

    private long segmentStartNanos;
    private double intervalNanos;
    private long indexInSegment;
    private long nextIntendedNanos;

    /**
     * @param startMonotonicNanos intended time of the first message
     * @param ratePerSec messages per second of this producer, > 0
     */
    public IntendedSendSchedule(long startMonotonicNanos, double ratePerSec) {
        this.segmentStartNanos = startMonotonicNanos;
        this.intervalNanos = intervalOf(ratePerSec);
        this.nextIntendedNanos = startMonotonicNanos;
    }

    private static double intervalOf(double ratePerSec) {
        if (!(ratePerSec > 0) || Double.isInfinite(ratePerSec)) {
            throw new IllegalArgumentException("rate must be a positive finite msg/s, got " + ratePerSec);
        }
        return 1e9 / ratePerSec;
    }

    /** Intended time of the next message, without consuming it. */
    public long peekIntendedNanos() {
        return nextIntendedNanos;
    }

    /** Intended time of the next message; moves the schedule on by one message. */
    public long nextIntendedNanos() {
        long intended = nextIntendedNanos;
        indexInSegment++;
        nextIntendedNanos = segmentStartNanos + (long) (indexInSegment * intervalNanos);
        return intended;
    }

    /**
     * Continues at a new rate from the intended time of the next message (not from now): lateness is
     * kept.
     */
    public void changeRate(double ratePerSec) {
        double newInterval = intervalOf(ratePerSec);
        segmentStartNanos = nextIntendedNanos;
        indexInSegment = 0;
        intervalNanos = newInterval;
    }

    /** Current rate in msg/s. */
    public double ratePerSec() {
        return 1e9 / intervalNanos;
    }
}
