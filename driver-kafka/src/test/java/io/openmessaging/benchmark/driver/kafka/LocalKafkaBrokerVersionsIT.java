package io.openmessaging.benchmark.driver.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.testing.LocalBrokerScripts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code bin/local-broker kafka start --version}: another Kafka release than the client library's runs,
 * {@code status} and the broker itself tell which, and a release that does not exist is refused without
 * leaving anything behind.
 */
class LocalKafkaBrokerVersionsIT {
    /** A 3.x release: another broker artifact layout and KRaft keys than 4.x, and no log4j 2 of its own. */
    private static final String KAFKA_3_RELEASE = "3.9.1";
    /** Well-formed and recent enough, but never released. */
    private static final String MISSING_RELEASE = "3.99.0";

    private static final long REFUSAL_TIMEOUT_SECONDS = 180;

    @Test
    void aKafka3ReleaseRunsAndStatusAndTheBrokerBothTellIt() throws Exception {
        try (LocalKafkaBroker broker = LocalKafkaBroker.startVersion(KAFKA_3_RELEASE)) {
            assertThat(broker.version()).isEqualTo(KAFKA_3_RELEASE);
            assertThat(broker.status()).contains("version " + KAFKA_3_RELEASE);

            assertThat(brokerFacts(broker))
                    .as("what the driver reads from %s (log: %s)", broker, broker.logFile())
                    .containsEntry("kafka.brokerVersion", "3.9")
                    .containsEntry("kafka.brokerMetadataVersionLevel", "21");
        }
    }

    @Test
    void theDefaultBrokerIsReportedAsTheClientLibrarysReleaseLine() throws Exception {
        String clientVersion = KafkaBenchmarkDriver.clientLibraryVersion();
        String clientLine = clientVersion.substring(0, clientVersion.indexOf('.', clientVersion.indexOf('.') + 1));
        LocalKafkaBroker broker = SharedLocalKafka.plaintextBroker();

        assertThat(brokerFacts(broker))
                .as("the release table in KafkaBrokerRelease must know kafka.version %s", clientVersion)
                .containsEntry("kafka.brokerVersion", clientLine);
    }

    @Test
    void aReleaseMavenCentralDoesNotHaveIsRefusedInOneLineLeavingNothingBehind() throws Exception {
        Path root = LocalBrokerScripts.repositoryRoot();
        Path temporary = Files.createTempDirectory("local-kafka-refusal-");
        int port = LocalBrokerScripts.freeLoopbackPorts(1)[0];
        try {
            LocalBrokerScripts.Result result = LocalBrokerScripts.run(
                    root,
                    List.of(
                            root.resolve(LocalBrokerScripts.SCRIPT).toString(),
                            "kafka",
                            "start",
                            "--version",
                            MISSING_RELEASE,
                            "--port",
                            String.valueOf(port)),
                    REFUSAL_TIMEOUT_SECONDS,
                    Map.of("TMPDIR", temporary.toString()));

            assertThat(result.exitCode()).as(result.output()).isEqualTo(2);
            assertThat(result.output().strip().lines())
                    .singleElement()
                    .asString()
                    .contains(MISSING_RELEASE, "org.apache.kafka:kafka_2.13", "https://repo1.maven.org/maven2/");
            Path work = root.resolve("deployment/local/kafka/work");
            assertThat(work.resolve("lib/" + MISSING_RELEASE)).doesNotExist();
            assertThat(work.resolve("probe/" + MISSING_RELEASE)).doesNotExist();
            try (Stream<Path> staging = Files.list(work)) {
                assertThat(staging.map(path -> path.getFileName().toString()))
                        .noneMatch(name -> name.contains(MISSING_RELEASE));
            }
            assertThat(work.resolve("run/kafka-" + port + ".state")).doesNotExist();
            assertThat(LocalBrokerScripts.isFreeLoopbackPort(port))
                    .as("nothing listens on %d", port)
                    .isTrue();
            try (Stream<Path> left = Files.list(temporary)) {
                assertThat(left).as("no data dir was created").isEmpty();
            }
        } finally {
            LocalBrokerScripts.deleteRecursively(temporary);
        }
    }

    @Test
    void aMalformedOrTooOldReleaseIsAUsageErrorBeforeAnythingStarts() {
        Path root = LocalBrokerScripts.repositoryRoot();
        for (String version : List.of("3.9", "4.x.0", "3.6.2")) {
            LocalBrokerScripts.Result result = LocalBrokerScripts.run(
                    root,
                    List.of(root.resolve(LocalBrokerScripts.SCRIPT).toString(), "kafka", "start", "--version", version),
                    REFUSAL_TIMEOUT_SECONDS);

            assertThat(result.exitCode()).as(result.output()).isEqualTo(2);
            assertThat(result.output().strip().lines())
                    .singleElement()
                    .asString()
                    .contains(version, "3.7", "kafka_2.13");
        }
    }

    /** The facts the Kafka driver describes after connecting to the broker (what a result records). */
    private static Map<String, String> brokerFacts(LocalKafkaBroker broker) throws Exception {
        try (KafkaBenchmarkDriver driver = new KafkaBenchmarkDriver()) {
            driver.configure("""
                    replicationFactor: 1
                    commonConfig: |
                      bootstrap.servers=%s
                    """.formatted(broker.bootstrapServers()), "versions-test.yaml");
            driver.initialize();
            return driver.describe();
        }
    }
}
