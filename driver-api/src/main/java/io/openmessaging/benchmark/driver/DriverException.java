package io.openmessaging.benchmark.driver;

/**
 * A driver failure a person can act on: a bad setting, an unreachable broker, a refused request. The
 * message says what failed, where (file and key, or broker address) and, when known, what would be
 * right.
 */
public class DriverException extends Exception {

    private static final long serialVersionUID = 1L;

    public DriverException(String message) {
        super(message);
    }

    public DriverException(String message, Throwable cause) {
        super(message, cause);
    }
}
