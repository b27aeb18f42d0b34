package io.openmessaging.benchmark.regression;

import java.util.Optional;

/**
 * Whether a matrix run measured the broker version it asked for: the version the driver read from the
 * running broker (the result's {@code version}, docs/results.md) must be the one {@code bin/local-broker}
 * was asked to start. Kafka reports only its release line ({@code 3.9} for 3.9.2: the protocol carries no
 * patch level), so for Kafka the line must match; Pulsar and RabbitMQ report the exact release.
 */
public final class BrokerVersionCheck {

    private BrokerVersionCheck() {}

    /** What a broker of {@code system} started at {@code requested} reports: the release line for Kafka. */
    public static String expectedReport(String system, String requested) {
        if (system.equals("kafka")) {
            int secondDot = requested.indexOf('.', requested.indexOf('.') + 1);
            return secondDot < 0 ? requested : requested.substring(0, secondDot);
        }
        return requested;
    }

    /**
     * Why the reported version does not match the requested one; empty when it does.
     *
     * @param reported the result's {@code version}; {@code null} when the result records none
     */
    public static Optional<String> failure(String system, String requested, String reported) {
        String expected = expectedReport(system, requested);
        if (reported == null || reported.isBlank()) {
            return Optional.of("version: " + system + " " + requested + " was requested, but the result records no"
                    + " broker version (its 'version' is empty); expected " + expected);
        }
        if (reported.equals(expected) || reported.equals(requested)) {
            return Optional.empty();
        }
        return Optional.of("version: " + system + " " + requested + " was requested, but the broker reported "
                + reported + " (expected " + expected
                + (expected.equals(requested) ? "" : ", the release line Kafka reports") + ")");
    }
}
