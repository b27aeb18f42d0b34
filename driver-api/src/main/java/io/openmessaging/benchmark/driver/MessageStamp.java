package io.openmessaging.benchmark.driver;

/**
 * The timing and identity facts a message carries from producer to consumer.
 *
 * <p>Both times are wall-clock epoch nanoseconds of the producing JVM (one wall-clock anchor plus
 * elapsed {@code System.nanoTime()}), so end-to-end latency can be computed on another host whose
 * clock is synchronised. Immutable and thread-safe.
 *
 * @param intendedSendEpochNanos when the schedule meant this message to be sent
 * @param sentEpochNanos just before the driver's send call
 * @param producerId the sending producer's id, unique within a run; {@link #PROBE_PRODUCER_ID} marks a
 *     readiness probe, which is counted apart from the measured messages
 * @param sequence the message's number among its producer's messages, from 0 (the index of its intended
 *     send time in the producer's schedule), so that a consumer can tell a duplicate or a gap
 */
public record MessageStamp(long intendedSendEpochNanos, long sentEpochNanos, int producerId, long sequence) {

    /** Producer id of readiness-probe messages. */
    public static final int PROBE_PRODUCER_ID = -1;

    /** Whether this stamp marks a readiness probe rather than a measured message. */
    public boolean isProbe() {
        return producerId == PROBE_PRODUCER_ID;
    }
}
