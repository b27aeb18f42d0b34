package io.openmessaging.benchmark.driver;

/**
 * Completion of one {@link BenchmarkProducer#sendAsync} call.
 *
 * <p>Threading: called from whatever thread the client completes sends on (often one I/O thread per
 * client); must be cheap and non-blocking.
 */
@FunctionalInterface
public interface SendCallback {

    /**
     * @param intendedSendEpochNanos the value given to {@code sendAsync}
     * @param sentEpochNanos the value given to {@code sendAsync}
     * @param producerId the value given to {@code sendAsync}
     * @param sequence the value given to {@code sendAsync}
     * @param error {@code null} when the broker acknowledged the message, otherwise the cause
     */
    void sendCompleted(
            long intendedSendEpochNanos, long sentEpochNanos, int producerId, long sequence, Throwable error);
}
