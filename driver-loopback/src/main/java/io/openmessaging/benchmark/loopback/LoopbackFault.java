package io.openmessaging.benchmark.loopback;

import java.util.Objects;

/**
 * A message fault the loopback driver commits on purpose, so that a test can check that every message is
 * accounted for by identity: every {@code everyNth} measured message the driver's producers send (the
 * {@code everyNth}-th, the {@code 2 × everyNth}-th, …, counted over the whole driver, probes left out), at
 * most {@code count} times. The message is acknowledged as usual; the fault is in its delivery. Immutable.
 *
 * @param kind what happens to the chosen message
 * @param everyNth which messages: every n-th, ≥ 1
 * @param count how many messages at most, ≥ 1
 */
public record LoopbackFault(Kind kind, long everyNth, long count) {

    /** Upper bound of {@link #everyNth} and {@link #count}. */
    public static final long MAX = 1_000_000_000_000L;

    /** What a fault does to its message. */
    public enum Kind {
        /** Acknowledged, then delivered to no subscription: lost after the broker accepted it. */
        DROP,
        /** Delivered twice to every subscription, as a redelivery after a consumer restart does. */
        DUPLICATE,
        /**
         * Delivered after the next message its producer sends to the same partition, instead of before: out of
         * order on its partition (it stays held while no such message comes).
         */
        REORDER
    }

    public LoopbackFault {
        Objects.requireNonNull(kind, "kind");
        require("everyNth", everyNth);
        require("count", count);
    }

    private static void require(String key, long value) {
        if (value < 1 || value > MAX) {
            throw new IllegalArgumentException(key + " must be between 1 and " + MAX + ", got " + value);
        }
    }

    /** E.g. {@code DROP every 100th, 5 times}. */
    @Override
    public String toString() {
        return kind + " every " + everyNth + "th, " + count + " times";
    }
}
