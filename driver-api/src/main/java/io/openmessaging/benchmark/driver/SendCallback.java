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
     * @param stamp the stamp given to {@code sendAsync}
     * @param error {@code null} when the broker acknowledged the message, otherwise the cause
     */
    void sendCompleted(MessageStamp stamp, Throwable error);
}
