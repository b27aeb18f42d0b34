package io.openmessaging.benchmark.driver;

/**
 * Receives every message a {@link BenchmarkConsumer} consumes.
 *
 * <p>Threading: called from the driver's delivery threads, possibly several at once for different
 * consumers; implementations are thread-safe and cheap. The driver must not call it while holding a
 * lock that {@link BenchmarkConsumer#pause} needs.
 */
public interface ConsumerCallback {

    /**
     * A message this tool produced: the fields of its stamp, as {@link MessageStampCodec#deliver} read them
     * (the counterpart of {@link BenchmarkProducer#sendAsync}'s, so nothing is allocated per message).
     *
     * @param intendedSendEpochNanos when the message was due to be sent
     * @param sentEpochNanos when it was handed to the client
     * @param producerId the producer that sent it; {@link MessageStamp#PROBE_PRODUCER_ID} for a probe
     * @param sequence its number among that producer's messages ({@link MessageStamp#sequence})
     * @param partition where it arrived, the unit within which the system keeps a producer's order: the
     *     partition's index in its topic (Kafka, Redpanda, a partitioned Pulsar topic), 0 where the topic is
     *     one ordered log or queue (a Pulsar topic without partitions, a RabbitMQ queue)
     * @param payloadSizeBytes size of the message body in bytes
     */
    void messageReceived(
            long intendedSendEpochNanos,
            long sentEpochNanos,
            int producerId,
            long sequence,
            int partition,
            int payloadSizeBytes);

    /**
     * A message without a stamp, or with one that is not a stamp: not produced by this run.
     *
     * @param payloadSizeBytes size of the message body in bytes
     */
    void unstampedMessageReceived(int payloadSizeBytes);

    /**
     * The consumer stopped for good: its client failed and it will deliver nothing more. The
     * framework fails the run. Called at most once per consumer, from any thread.
     *
     * @param cause what stopped it
     */
    default void consumerFailed(Throwable cause) {}
}
