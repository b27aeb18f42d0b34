package io.openmessaging.benchmark.driver;

/**
 * Receives every message a {@link BenchmarkConsumer} consumes.
 *
 * <p>Threading: called from the driver's delivery threads, possibly several at once for different
 * consumers; implementations are thread-safe and cheap. The driver must not call it while holding a
 * lock that {@link BenchmarkConsumer#pause} needs.
 */
@FunctionalInterface
public interface ConsumerCallback {

    /**
     * @param stamp the stamp decoded from the message with {@link MessageStampCodec}, or {@code null}
     *     when the message carried none (a message this tool did not produce)
     * @param payloadSizeBytes size of the message body in bytes
     */
    void messageReceived(MessageStamp stamp, int payloadSizeBytes);

    /**
     * The consumer stopped for good: its client failed and it will deliver nothing more. The
     * framework fails the run. Called at most once per consumer, from any thread.
     *
     * @param cause what stopped it
     */
    default void consumerFailed(Throwable cause) {}
}
