package io.openmessaging.benchmark.loopback;

import java.util.Objects;

/**
 * A time window in which the loopback driver misbehaves on purpose, so that a test or a demonstration
 * can watch coordinated-omission handling at work.
 *
 * <p>Windows are measured from the driver's <em>first send</em> (the first {@code sendAsync} call of
 * any producer of the driver, which in a benchmark run is the first readiness probe), not from {@code
 * initialize}: topic and consumer creation then cannot shift a window. A window covers {@code [start,
 * start + duration)}. Immutable.
 *
 * @param startAfterMillis milliseconds from the driver's first send to the start of the window, ≥ 0
 * @param durationMillis length of the window in milliseconds, ≥ 1
 * @param kind what goes wrong during the window
 */
public record LoopbackStall(long startAfterMillis, long durationMillis, Kind kind) {

    /** Upper bound of both times: one year, far beyond any run, and safe from overflow in nanoseconds. */
    public static final long MAX_MILLIS = 365L * 24 * 3600 * 1000;

    /** What a stall does. */
    public enum Kind {
        /**
         * Every {@code sendAsync} call made during the window blocks until the window ends, as a real
         * client does when its send buffer is full. The time shows in the publish delay of the messages
         * behind the blocked one.
         */
        BLOCK_SEND,
        /**
         * Sends return at once, but no acknowledgement and no delivery happens during the window; every
         * one due in it happens when the window ends, as during a broker pause.
         */
        FREEZE,
        /**
         * Every {@code sendAsync} call made during the window fails at once through its callback, as when a
         * broker refuses every message (too large, not authorized, no leader).
         */
        FAIL_SEND
    }

    public LoopbackStall {
        Objects.requireNonNull(kind, "kind");
        requireMillis("startAfterMillis", startAfterMillis, 0);
        requireMillis("durationMillis", durationMillis, 1);
    }

    static void requireMillis(String key, long millis, long min) {
        if (millis < min || millis > MAX_MILLIS) {
            throw new IllegalArgumentException(
                    key + " must be between " + min + " and " + MAX_MILLIS + " (one year), got " + millis);
        }
    }

    /** E.g. {@code FREEZE 1000+500ms}: starts 1000 ms after the first send and lasts 500 ms. */
    @Override
    public String toString() {
        return kind + " " + startAfterMillis + "+" + durationMillis + "ms";
    }
}
