package io.openmessaging.benchmark.coordinator;

/** A run could not complete; the message says why in terms a person can act on. */
public class RunFailedException extends Exception {

    private static final long serialVersionUID = 1L;

    public RunFailedException(String message) {
        super(message);
    }

    public RunFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
