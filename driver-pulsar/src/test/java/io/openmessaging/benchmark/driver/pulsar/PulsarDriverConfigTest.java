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
                .hasMessageStartingWith("test.yaml:4: unknown key 'produce' (did you mean 'producer'?)")
                .hasMessageContaining("allowed keys: name, driver, driverClass, client, producer, consumer");
    }

    @Test
    void anUnknownNestedKeyNamesItsDottedPathAndItsSiblings() {
        assertThatThrownBy(() -> parse(MINIMAL + "  persistence:\n    ensembleSiz: 3\n"))
                .isInstanceOf(DriverException.class)
                .hasMessageStartingWith(
                        "test.yaml:5: unknown key 'client.persistence.ensembleSiz'" + " (did you mean 'ensembleSize'?)")
                .hasMessageContaining("allowed keys in 'client.persistence': ensembleSize, writeQuorum, ackQuorum,"
                        + " deduplicationEnabled");
    }

    @Test
    void aValueOfTheWrongTypeNamesItsLineAndWhatIsAllowed() {
        assertThatThrownBy(() -> parse(MINIMAL + "producer:\n  batchingMaxBytes: lots\n"))
                .hasMessage("test.yaml:5: key 'producer.batchingMaxBytes' is 'lots'; allowed: a whole number of bytes,"
                        + " 1 or more: a batch is sent when it reaches this size");
        assertThatThrownBy(() -> parse(MINIMAL + "producer:\n  batchingEnabled: 1\n"))
                .hasMessageStartingWith("test.yaml:5: key 'producer.batchingEnabled' is '1'; allowed: true or false");
        assertThatThrownBy(() -> parse(MINIMAL + "producer:\n  batchingMaxPublishDelayMs: 0.5\n"))
                .hasMessageStartingWith("test.yaml:5: key 'producer.batchingMaxPublishDelayMs' is '0.5'");
        assertThatThrownBy(() -> parse(MINIMAL + "consumer:\n  receiverQueueSize: 0\n"))
                .hasMessageStartingWith(
                        "test.yaml:5: key 'consumer.receiverQueueSize' is 0; allowed: a whole number, 1");
    }

    @Test
    void aMissingAddressIsNamed() {
        assertThatThrownBy(() -> parse("client:\n  httpUrl: http://h:8080\n"))
                .hasMessageStartingWith("test.yaml: key 'client.serviceUrl' is required; allowed: pulsar://host:port");
        assertThatThrownBy(() -> parse("client:\n  serviceUrl: http://h:6650\n  httpUrl: http://h:8080\n"))
                .hasMessageStartingWith("test.yaml:2: key 'client.serviceUrl' is 'http://h:6650'");
        assertThatThrownBy(() -> parse("")).hasMessageContaining("the driver YAML is empty");
    }

    @Test
    void quorumsMustFitTheEnsemble() {
        assertThatThrownBy(() -> parse(MINIMAL + "  persistence:\n    ensembleSize: 2\n    writeQuorum: 3\n"))
                .hasMessageStartingWith("test.yaml:6: key 'client.persistence.writeQuorum' is 3, above ensembleSize 2");
        assertThatThrownBy(() -> parse(MINIMAL + "  persistence:\n    ensembleSize: 1\n    writeQuorum: 1\n"))
                .hasMessageStartingWith("test.yaml: key 'client.persistence.ackQuorum' is 2, above writeQuorum 1");
    }

    @Test
    void subscriptionTypesMatchWithoutRegardToCase() throws Exception {
        assertThat(parse(MINIMAL + "consumer:\n  subscriptionType: key_shared\n")
                        .consumer()
                        .subscriptionType())
                .isEqualTo(SubscriptionType.Key_Shared);
        assertThatThrownBy(() -> parse(MINIMAL + "consumer:\n  subscriptionType: Failovr\n"))
                .hasMessage("test.yaml:5: key 'consumer.subscriptionType' is 'Failovr' (did you mean 'Failover'?);"
                        + " allowed: Exclusive, Shared, Failover or Key_Shared");
    }

    @Test
    void structuralMistakesAreNamed() {
        assertThatThrownBy(() -> parse(MINIMAL + "  ioThreads: 4\n  ioThreads: 5\n"))
                .hasMessageStartingWith("test.yaml:5: duplicate key 'client.ioThreads'");
        assertThatThrownBy(() -> parse(MINIMAL + "producer: fast\n"))
                .hasMessageStartingWith(
                        "test.yaml:4: key 'producer' must be a mapping of keys to values, found 'fast'");
        assertThatThrownBy(() -> parse(MINIMAL + "  ioThreads:\n    count: 4\n"))
                .hasMessageStartingWith("test.yaml:4: key 'client.ioThreads' holds a mapping; it takes a single value");
        assertThatThrownBy(() -> parse(MINIMAL + "  ioThreads: [4]\n"))
                .hasMessageStartingWith("test.yaml:4: key 'client.ioThreads' holds a list");
        assertThatThrownBy(() -> parse("- client\n"))
                .hasMessageStartingWith("test.yaml:1: the driver YAML must be a mapping");
    }

    @Test
    void namespacePrefixNeedsATenantAndAStem() {
        assertThatThrownBy(() -> parse(MINIMAL + "  namespacePrefix: benchmark\n"))
                .hasMessageStartingWith("test.yaml:4: key 'client.namespacePrefix' is 'benchmark'; allowed: <tenant>/");
        assertThatThrownBy(() -> parse(MINIMAL + "  namespacePrefix: a/b/c\n"))
                .hasMessageStartingWith("test.yaml:4: key 'client.namespacePrefix' is 'a/b/c'");
    }

    @Test
    void pendingLimitsMustBeConsistent() throws Exception {
        assertThatThrownBy(() -> parse(MINIMAL + "producer:\n  pendingQueueSize: 1000\n"
                        + "  maxPendingMessagesAcrossPartitions: 500\n"))
                .hasMessageStartingWith("test.yaml:6: key 'producer.maxPendingMessagesAcrossPartitions' is 500,"
                        + " below producer.pendingQueueSize 1000");
        assertThat(parse(MINIMAL + "producer:\n  maxPendingMessagesAcrossPartitions: 50000\n")
                        .producer()
                        .maxPendingMessagesAcrossPartitions())
                .isEqualTo(50_000);
    }

    @Test
    void authenticationDataNeedsAPlugin() throws Exception {
        assertThatThrownBy(() -> parse(MINIMAL + "  authentication:\n    data: token:abc\n"))
                .hasMessageStartingWith("test.yaml:5: key 'client.authentication.data' is set but"
                        + " client.authentication.plugin is not");
        PulsarDriverConfig.Authentication auth = parse(MINIMAL + "  authentication:\n"
                        + "    plugin: org.apache.pulsar.client.impl.auth.AuthenticationToken\n    data: token:abc\n")
                .client()
                .authentication();
        assertThat(auth.enabled()).isTrue();
        assertThat(auth.data()).isEqualTo("token:abc");
    }

    @Test
    void everyKeyIsDocumentedInTheDriverGuide() throws Exception {
        String guide = Files.readString(Path.of("../docs/drivers/pulsar.md"));
        for (String key : PulsarDriverConfig.KEYS.keySet()) {
            String leaf = key.substring(key.lastIndexOf('.') + 1);
            assertThat(guide).as("docs/drivers/pulsar.md documents " + key).contains("`" + leaf + "`");
        }
    }
}
