package io.openmessaging.benchmark.schedule;

/**
 * The intended send times of one producer's messages (docs/measurement.md, docs/architecture.md), in monotonic
 * nanoseconds.
 *
 * <p>Within a segment of constant rate, the n-th message is intended at {@code segmentStartNanos + n ×
 * 1e9 / ratePerSec}, computed from n (never by adding rounded intervals, so there is no drift). A rate
 * change starts a new segment at the intended time of the next message, so a producer that is late
 * stays late: lateness carries over and shows in the measurements instead of being forgiven.
 *
 * <p>Not thread-safe: owned by one producer thread. {@link #changeRate} from another thread must be
 * handed over by the owner (see {@code ProducerThread}). The one exception is {@link #segment()}: the
 * current segment is published for other threads, which count from it how many messages came due by a
 * time ({@link Segment#countBefore}) and when each was intended ({@link Segment#intendedNanos}), even
 * while the owner is blocked in a send.
 */
public final class IntendedSendSchedule {

    /**
     * The highest rate of one producer, in messages per second: one message per nanosecond, the resolution of
     * intended send times. The workload file's rule (both the run and {@code validate} apply it) refuses a
     * target above it: such a run only failed at its end, every producer far behind its schedule.
     */
    public static final double MAX_RATE_PER_PRODUCER_MSG_PER_SEC = 1e9;

    /**
     * One segment of constant rate, immutable.
     *
     * @param startNanos intended time of the segment's first message
     * @param intervalNanos nanoseconds between two messages
     * @param firstIndex index of the segment's first message among all messages of the schedule
     */
    public record Segment(long startNanos, double intervalNanos, long firstIndex) {

        /** Intended time of the message with schedule index {@code index} (≥ {@link #firstIndex}). */
        public long intendedNanos(long index) {
            return startNanos + (long) ((index - firstIndex) * intervalNanos);
        }

        /**
         * How many messages of the whole schedule are intended strictly before {@code monotonicNanos}, as
         * far as this segment describes it (the earlier segments' messages all come before its start).
         */
        public long countBefore(long monotonicNanos) {
            long span = monotonicNanos - startNanos;
            if (span <= 0) {
                return firstIndex;
            }
            long n = (long) Math.ceil(span / intervalNanos);
            while ((long) (n * intervalNanos) < span) {
                n++;
            }
            while (n > 0 && (long) ((n - 1) * intervalNanos) >= span) {
                n--;
            }
            return firstIndex + n;
        }
    }

    private long segmentStartNanos;
    private double intervalNanos;
    private long segmentFirstIndex;
    private long indexInSegment;
    private long nextIntendedNanos;
    private volatile Segment published;

    /**
     * @param startMonotonicNanos intended time of the first message
     * @param ratePerSec messages per second of this producer, > 0
     */
    public IntendedSendSchedule(long startMonotonicNanos, double ratePerSec) {
        this.segmentStartNanos = startMonotonicNanos;
        this.intervalNanos = intervalOf(ratePerSec);
        this.nextIntendedNanos = startMonotonicNanos;
        this.published = new Segment(segmentStartNanos, intervalNanos, 0);
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

    /** Index of the next message among all messages of this schedule (= messages taken so far). */
    public long nextIndex() {
        return segmentFirstIndex + indexInSegment;
    }

    /**
     * Continues at a new rate from the intended time of the next message (not from now): lateness is
     * kept.
     */
    public void changeRate(double ratePerSec) {
        double newInterval = intervalOf(ratePerSec);
        segmentFirstIndex += indexInSegment;
        segmentStartNanos = nextIntendedNanos;
        indexInSegment = 0;
        intervalNanos = newInterval;
        published = new Segment(segmentStartNanos, intervalNanos, segmentFirstIndex);
    }

    /** The current segment; any thread. */
    public Segment segment() {
        return published;
    }

    /** Current rate in msg/s. */
    public double ratePerSec() {
        return 1e9 / intervalNanos;
    }
}
