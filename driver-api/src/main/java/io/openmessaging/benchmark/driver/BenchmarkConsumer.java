package io.openmessaging.benchmark.driver;

/**
 * A consumer of one topic within one subscription.
 *
 * <p>Threading: every method is called from the control thread. Deliveries happen on the driver's own
 * threads.
 */
public interface BenchmarkConsumer extends AutoCloseable {

    /**
     * Stops deliveries with the client's own flow control (never by blocking the callback thread), so
     * a backlog builds on the broker while the consumer keeps its group membership. Messages already
     * fetched may still be delivered.
     */
    void pause() throws DriverException;

    /** Undoes {@link #pause}. */
    void resume() throws DriverException;

    /** Closes the client. Idempotent. */
    @Override
    void close() throws Exception;
}
