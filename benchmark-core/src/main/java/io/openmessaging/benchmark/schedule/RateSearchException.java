package io.openmessaging.benchmark.schedule;

/** The max-rate search found no rate to measure at; the message says what was observed. */
public final class RateSearchException extends Exception {

    private static final long serialVersionUID = 1L;

    public RateSearchException(String message) {
        super(message);
    }
}
