package io.openmessaging.benchmark.driver.kafka;

import java.util.Map;
import java.util.Optional;

/**
 * The Kafka release line (e.g. {@code 3.9}) a broker runs, told by the highest {@code metadata.version}
 * level it supports.
 *
 * <p>Kafka's protocol does not carry the broker's release. What a KRaft broker does announce, in its
 * ApiVersions response (the admin client's {@code describeFeatures}), is the range of each feature it
 * supports; the top of its {@code metadata.version} range is the newest production metadata version of
 * its release, and every release line since 3.7 has its own. A patch release (3.9.0 and 3.9.1) keeps the
 * level, so the line is as precise as the protocol allows. A broker started with unstable feature
 * versions enabled announces a higher level and is not recognised.
 *
 * <p>The levels come from {@code MetadataVersion.latestProduction()} of each release's
 * kafka-server-common jar. A release newer than the table is not named ({@link #fromSupportedLevel}
 * is empty); the level itself is still in the result metadata.
 */
final class KafkaBrokerRelease {
    /** Highest supported metadata.version level → release line. */
    private static final Map<Integer, String> LINE_BY_LEVEL = Map.of(
            19, "3.7",
            20, "3.8",
            21, "3.9",
            25, "4.0",
            27, "4.1",
            29, "4.2",
            30, "4.3",
            33, "4.4");

    private KafkaBrokerRelease() {}

    /** The release line of a broker whose {@code metadata.version} range ends at the level, if known. */
    static Optional<String> fromSupportedLevel(int maxMetadataVersionLevel) {
        return Optional.ofNullable(LINE_BY_LEVEL.get(maxMetadataVersionLevel));
    }
}
