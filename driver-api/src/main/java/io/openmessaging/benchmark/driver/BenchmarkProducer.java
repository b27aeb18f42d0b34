package io.openmessaging.benchmark.driver;

/**
 * A producer bound to one topic.
 *
 * <p>Threading: {@link #sendAsync} is always called from the one producer thread that owns this
 * producer; {@link #close} from the control thread after the producer thread stopped sending.
 */
public interface BenchmarkProducer extends AutoCloseable {

    /**
     * Hands one message to the client. Returns as soon as the client has accepted it; it may block
     * when the client's buffer is full, as real clients do (that time shows in the publish delay of
     * the messages behind it).
     *
     * <p>The driver must carry the stamp (the timing fields, the producer id and the sequence) to the
     * consumer, encoded with {@link MessageStampCodec} in a header, a property or the value's first bytes,
     * and must call {@code callback} exactly once, from any thread, with the same fields, when the broker acknowledged the message or the send failed.
     * A send that fails synchronously is reported through the callback too, never thrown. The framework
     * keeps the books for every message, so the driver has no rule of its own for outages: a call that
     * blocks (a full buffer, a dead broker) leaves the messages behind it due and not sent, a callback that
     * never comes leaves the message in flight, and both are recorded with their age when the run ends;
     * a callback after that is ignored. The call may be interrupted when the run gives up on it. The stamp
     * comes as primitives, not as a {@link MessageStamp}, so that the framework allocates nothing per
     * message on this path.
     *
     * @param key the message key, or {@code null} for none
     * @param payload the message body; not modified by the framework after the call
     * @param intendedSendEpochNanos when the schedule meant this message to be sent
     * @param sentEpochNanos just before this call
     * @param producerId the sending producer's id; {@link MessageStamp#PROBE_PRODUCER_ID} for a probe
     * @param sequence the message's number among this producer's messages, from 0, each used once
     * @param callback completion callback
     */
    void sendAsync(
            String key,
            byte[] payload,
            long intendedSendEpochNanos,
            long sentEpochNanos,
            int producerId,
            long sequence,
            SendCallback callback);

    /** Flushes nothing: pending sends may fail. Closes the client. Idempotent. */
    @Override
    void close() throws Exception;
}
