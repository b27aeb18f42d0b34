package io.openmessaging.benchmark.driver.pulsar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.driver.DriverException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.pulsar.client.api.SubscriptionType;
import org.junit.jupiter.api.Test;

class PulsarDriverConfigTest {

    private static final String MINIMAL = """
            client:
              serviceUrl: pulsar://127.0.0.1:16650
              httpUrl: http://127.0.0.1:18080
            """;

    private static PulsarDriverConfig parse(String yaml) throws DriverException {
        return PulsarDriverConfig.parse(yaml, "test.yaml");
    }

    static List<Path> shippedYamls() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("."))) {
            return files.filter(p -> p.getFileName().toString().startsWith("pulsar"))
                    .filter(p -> p.getFileName().toString().endsWith(".yaml"))
                    .sorted()
                    .toList();
        }
    }

    @Test
    void everyShippedYamlParses() throws Exception {
        List<Path> files = shippedYamls();
        assertThat(files)
                .extracting(p -> p.getFileName().toString())
                .containsExactlyInAnyOrder(
                        "pulsar.yaml", "pulsar-effectively-once.yaml", "pulsar-batched.yaml", "pulsar-local.yaml");
        for (Path file : files) {
            PulsarDriverConfig config = PulsarDriverConfig.parse(
                    Files.readString(file), file.getFileName().toString());
            assertThat(config.client().serviceUrl()).as(file.toString()).startsWith("pulsar://");
            assertThat(config.consumer().subscriptionType()).as(file.toString()).isEqualTo(SubscriptionType.Failover);
            assertThat(config.producer().blockIfQueueFull()).as(file.toString()).isTrue();
        }
    }

    @Test
    void clusterFilesWriteThreeCopiesAndTheLocalFileOne() throws Exception {
        for (Path file : shippedYamls()) {
            PulsarDriverConfig.Persistence persistence = PulsarDriverConfig.parse(
                            Files.readString(file), file.toString())
                    .client()
                    .persistence();
            if (file.getFileName().toString().equals("pulsar-local.yaml")) {
                assertThat(persistence).isEqualTo(new PulsarDriverConfig.Persistence(1, 1, 1, false));
            } else {
                assertThat(List.of(persistence.ensembleSize(), persistence.writeQuorum(), persistence.ackQuorum()))
                        .as(file.toString())
                        .containsExactly(3, 3, 2);
            }
        }
    }

    @Test
    void theBatchedFileHasConfluentsThroughputSettings() throws Exception {
        PulsarDriverConfig.Producer producer = PulsarDriverConfig.parse(
                        Files.readString(Path.of("pulsar-batched.yaml")), "pulsar-batched.yaml")
                .producer();
        assertThat(producer.batchingMaxBytes()).isEqualTo(1024 * 1024);
        assertThat(producer.batchingMaxPublishDelayMs()).isEqualTo(50);
        assertThat(producer.maxPendingMessagesAcrossPartitions()).isZero();
        assertThat(producer.pendingQueueSize()).isZero();
    }

    @Test
    void onlyTheEffectivelyOnceFileDeduplicates() throws Exception {
        for (Path file : shippedYamls()) {
            boolean dedup = PulsarDriverConfig.parse(Files.readString(file), file.toString())
                    .client()
                    .persistence()
                    .deduplicationEnabled();
            assertThat(dedup)
                    .as(file.toString())
                    .isEqualTo(file.getFileName().toString().equals("pulsar-effectively-once.yaml"));
        }
    }

    @Test
    void anUpstreamFileWithEmptyAuthenticationAndDriverClassParses() throws Exception {
        PulsarDriverConfig config = parse("""
                name: Pulsar
                driverClass: io.openmessaging.benchmark.driver.pulsar.PulsarBenchmarkDriver
                client:
                  ioThreads: 8
                  connectionsPerBroker: 8
                  clusterName: local
                  namespacePrefix: benchmark/ns
                  topicType: persistent
                  persistence:
                    ensembleSize: 3
                    writeQuorum: 3
                    ackQuorum: 2
                    deduplicationEnabled: false
                  authentication:
                    plugin:
                    data:
                  serviceUrl: pulsar://localhost:6650
                  httpUrl: http://localhost:8080
                producer:
                  batchingEnabled: true
                  batchingMaxPublishDelayMs: 1
                  blockIfQueueFull: true
                  pendingQueueSize: 0
                """);
        assertThat(config.client().clusterName()).isEqualTo("local");
        assertThat(config.client().tenant()).isEqualTo("benchmark");
        assertThat(config.client().authentication().enabled()).isFalse();
        assertThat(config.client().tlsTrustCertsFilePath()).isNull();
        assertThat(config.producer().batchingMaxBytes()).isEqualTo(PulsarDriverDefaults.BATCHING_MAX_BYTES);
        assertThat(config.consumer().receiverQueueSize()).isEqualTo(PulsarDriverDefaults.RECEIVER_QUEUE_SIZE);
    }

    @Test
    void absentKeysTakeUpstreamDefaults() throws Exception {
        PulsarDriverConfig config = parse(MINIMAL);
        PulsarDriverConfig.Client client = config.client();
        assertThat(client.ioThreads()).isEqualTo(8);
        assertThat(client.connectionsPerBroker()).isEqualTo(8);
        assertThat(client.clientMemoryLimitMB()).isEqualTo(256);
        assertThat(client.maxConcurrentLookupRequests()).isEqualTo(1000);
        assertThat(client.namespacePrefix()).isEqualTo("benchmark/ns");
        assertThat(client.clusterName()).isNull();
        assertThat(client.topicType()).isEqualTo("persistent");
        assertThat(client.persistence()).isEqualTo(new PulsarDriverConfig.Persistence(3, 3, 2, false));
        assertThat(config.producer()).isEqualTo(new PulsarDriverConfig.Producer(true, 1, 1024 * 1024, true, 0, 0));
        assertThat(config.consumer()).isEqualTo(new PulsarDriverConfig.Consumer(10_000, SubscriptionType.Failover));
    }

    @Test
    void anUnknownTopLevelKeyNamesFileLineKeyAndTheAllowedKeys() {
        assertThatThrownBy(() -> parse(MINIMAL + "produce:\n  batchingEnabled: true\n"))
                .isInstanceOf(DriverException.class)
                .hasMessage("test.yaml:4:1: unknown key 'produce' (did you mean 'producer'?); allowed keys: name,"
                        + " driver, driverClass, client, producer, consumer");
    }

    @Test
    void anUnknownNestedKeyNamesItsDottedPathAndItsSiblings() {
        assertThatThrownBy(() -> parse(MINIMAL + "  persistence:\n    ensembleSiz: 3\n"))
                .isInstanceOf(DriverException.class)
                .hasMessage("test.yaml:5:18: unknown key 'client.persistence.ensembleSiz' (did you mean"
                        + " 'client.persistence.ensembleSize'?); allowed keys in 'client.persistence': ensembleSize,"
                        + " writeQuorum, ackQuorum, deduplicationEnabled");
    }

    @Test
    void aValueOfTheWrongTypeNamesItsLineAndWhatIsAllowed() {
        assertThatThrownBy(() -> parse(MINIMAL + "producer:\n  batchingMaxBytes: lots\n"))
                .hasMessage("test.yaml:5:21: producer.batchingMaxBytes: found 'lots', expected an integer number of"
                        + " bytes, at least 1");
        assertThatThrownBy(() -> parse(MINIMAL + "producer:\n  batchingEnabled: 1\n"))
                .hasMessage("test.yaml:5:20: producer.batchingEnabled: found 1, expected true or false");
        assertThatThrownBy(() -> parse(MINIMAL + "producer:\n  batchingMaxPublishDelayMs: 0.5\n"))
                .hasMessageStartingWith("test.yaml:5:30: producer.batchingMaxPublishDelayMs: found 0.5, expected an"
                        + " integer number of milliseconds");
        assertThatThrownBy(() -> parse(MINIMAL + "consumer:\n  receiverQueueSize: 0\n"))
                .hasMessage("test.yaml:5:22: consumer.receiverQueueSize: found 0, expected an integer number of"
                        + " messages, at least 1");
    }

    @Test
    void aMissingAddressIsNamed() {
        assertThatThrownBy(() -> parse("client:\n  httpUrl: http://h:8080\n"))
                .hasMessage("test.yaml: missing key 'client.serviceUrl' (The brokers' binary protocol address.)"
                        + " Expected pulsar://host:port or pulsar+ssl://host:port.");
        assertThatThrownBy(() -> parse("client:\n  serviceUrl:\n  httpUrl: http://h:8080\n"))
                .as("an empty value counts as absent")
                .hasMessageStartingWith("test.yaml: missing key 'client.serviceUrl'");
        assertThatThrownBy(() -> parse("client:\n  serviceUrl: http://h:6650\n  httpUrl: http://h:8080\n"))
                .hasMessage("test.yaml:2:15: client.serviceUrl: http://h:6650 (line 2): expected pulsar://host:port"
                        + " or pulsar+ssl://host:port");
        assertThatThrownBy(() -> parse("")).hasMessageContaining("test.yaml: the file has no content");
    }

    @Test
    void quorumsMustFitTheEnsemble() {
        assertThatThrownBy(() -> parse(MINIMAL + "  persistence:\n    ensembleSize: 2\n    writeQuorum: 3\n"))
                .hasMessage(
                        "test.yaml:6:18: client.persistence.writeQuorum: 3 (line 6) is above"
                                + " client.persistence.ensembleSize: 2 (line 5): an entry cannot have more copies than bookies");
        assertThatThrownBy(() -> parse(MINIMAL + "  persistence:\n    ensembleSize: 1\n    writeQuorum: 1\n"))
                .hasMessage("test.yaml:6:18: client.persistence.ackQuorum: 2 (default) is above"
                        + " client.persistence.writeQuorum: 1 (line 6): a write cannot wait for more copies than are"
                        + " written");
    }

    @Test
    void subscriptionTypesMatchWithoutRegardToCase() throws Exception {
        assertThat(parse(MINIMAL + "consumer:\n  subscriptionType: key_shared\n")
                        .consumer()
                        .subscriptionType())
                .isEqualTo(SubscriptionType.Key_Shared);
        assertThatThrownBy(() -> parse(MINIMAL + "consumer:\n  subscriptionType: Failovr\n"))
                .hasMessage("test.yaml:5:21: consumer.subscriptionType: found 'Failovr', expected one of Exclusive,"
                        + " Shared, Failover, Key_Shared (did you mean 'Failover'?)");
    }

    @Test
    void structuralMistakesAreNamed() {
        assertThatThrownBy(() -> parse(MINIMAL + "  ioThreads: 4\n  ioThreads: 5\n"))
                .hasMessage("test.yaml:5:3: key 'ioThreads' is given twice in this mapping (first on line 4); keep"
                        + " one");
        assertThatThrownBy(() -> parse(MINIMAL + "producer: fast\n"))
                .hasMessage("test.yaml:4:11: producer: found 'fast', expected a mapping of producer.* keys");
        assertThatThrownBy(() -> parse(MINIMAL + "  ioThreads:\n    count: 4\n"))
                .hasMessageStartingWith("test.yaml:5:5: client.ioThreads: found a nested mapping, expected an"
                        + " integer number of threads");
        assertThatThrownBy(() -> parse(MINIMAL + "  ioThreads: [4]\n"))
                .hasMessageStartingWith("test.yaml:4:14: client.ioThreads: found a list, expected an integer");
        assertThatThrownBy(() -> parse("- client\n"))
                .hasMessage("test.yaml:1:1: expected a mapping of 'key: value' lines at the top level, found a list");
    }

    @Test
    void namespacePrefixNeedsATenantAndAStem() {
        assertThatThrownBy(() -> parse(MINIMAL + "  namespacePrefix: benchmark\n"))
                .hasMessage("test.yaml:4:20: client.namespacePrefix: benchmark (line 4): expected <tenant>/<stem>,"
                        + " each letters, digits, '_', '=', ':', '.' or '-'");
        assertThatThrownBy(() -> parse(MINIMAL + "  namespacePrefix: a/b/c\n"))
                .hasMessageStartingWith("test.yaml:4:20: client.namespacePrefix: a/b/c (line 4): expected");
    }

    @Test
    void pendingLimitsMustBeConsistent() throws Exception {
        assertThatThrownBy(() -> parse(MINIMAL + "producer:\n  pendingQueueSize: 1000\n"
                        + "  maxPendingMessagesAcrossPartitions: 500\n"))
                .hasMessage("test.yaml:6:39: producer.maxPendingMessagesAcrossPartitions: 500 (line 6) is below"
                        + " producer.pendingQueueSize: 1000 (line 5); raise it, or set it to 0 (no limit)");
        assertThat(parse(MINIMAL + "producer:\n  maxPendingMessagesAcrossPartitions: 50000\n")
                        .producer()
                        .maxPendingMessagesAcrossPartitions())
                .isEqualTo(50_000);
    }

    @Test
    void authenticationDataNeedsAPlugin() throws Exception {
        assertThatThrownBy(() -> parse(MINIMAL + "  authentication:\n    data: token:abc\n"))
                .hasMessage("test.yaml:5:11: client.authentication.data (line 5) is set but"
                        + " client.authentication.plugin is not; name the plugin that reads it");
        PulsarDriverConfig.Authentication auth = parse(MINIMAL + "  authentication:\n"
                        + "    plugin: org.apache.pulsar.client.impl.auth.AuthenticationToken\n    data: token:abc\n")
                .client()
                .authentication();
        assertThat(auth.enabled()).isTrue();
        assertThat(auth.data()).isEqualTo("token:abc");
    }
}
