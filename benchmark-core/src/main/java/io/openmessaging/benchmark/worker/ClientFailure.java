package io.openmessaging.benchmark.worker;

import io.openmessaging.benchmark.driver.DriverException;

/**
 * A failure a driver reported from its client or its broker (a consumer whose connection was lost, a
 * subscription the broker cancelled): an outcome of the run, not a defect of the tool. It ends the run like
 * any worker failure, but its message alone says what happened, so it is logged and reported as one line
 * without a stack trace (the trace stays available at DEBUG).
 */
public final class ClientFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** @param what what stopped, e.g. {@code the consumer of t / s stopped} */
    public ClientFailure(String what, Throwable cause) {
        super(what + ": " + reason(cause) + HeapHint.of(cause), cause);
    }

    /**
     * The reason a driver gave: the message of a {@link DriverException} (written for a person already), or
     * the type and message of anything else.
     */
    static String reason(Throwable cause) {
        if (cause == null) {
            return "no reason given";
        }
        if (cause instanceof DriverException && cause.getMessage() != null) {
            return cause.getMessage();
        }
        String message = cause.getMessage();
        return cause.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }
}
