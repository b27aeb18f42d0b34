package io.openmessaging.benchmark.driver.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.driver.DriverException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class RabbitMqDriverConfigTest {

    private static RabbitMqDriverConfig parse(String yaml) throws DriverException {
        return RabbitMqDriverConfig.parse(yaml, "test.yaml");
    }

    static List<Path> shippedYamls() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("."))) {
            return files.filter(p -> p.getFileName().toString().startsWith("rabbitmq"))
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
                .containsExactly(
                        "rabbitmq-at-most-once.yaml",
                        "rabbitmq-local.yaml",
                        "rabbitmq-quorum.yaml",
                        "rabbitmq-stream.yaml",
                        "rabbitmq.yaml");
        for (Path file : files) {
            RabbitMqDriverConfig config = RabbitMqDriverConfig.parse(Files.readString(file), file.toString());
            assertThat(config.endpoints()).as(file.toString()).hasSize(1);
            assertThat(config.endpoints().get(0).username())
                    .as("no built-in credentials in " + file)
                    .isNull();
        }
    }

    @Test
    void shippedFilesSayWhatTheirNamesPromise() throws Exception {
        RabbitMqDriverConfig classic = parse(Files.readString(Path.of("rabbitmq.yaml")));
        assertThat(classic.exchangeType()).isEqualTo(ExchangeType.DIRECT);
        assertThat(classic.queueType()).isEqualTo(QueueType.CLASSIC);
        assertThat(classic.publisherConfirms()).isTrue();
        assertThat(classic.autoAck()).isFalse();
        assertThat(parse(Files.readString(Path.of("rabbitmq-quorum.yaml"))).queueType())
                .isEqualTo(QueueType.QUORUM);
        assertThat(parse(Files.readString(Path.of("rabbitmq-stream.yaml"))).queueType())
                .isEqualTo(QueueType.STREAM);
        RabbitMqDriverConfig atMostOnce = parse(Files.readString(Path.of("rabbitmq-at-most-once.yaml")));
        assertThat(atMostOnce.publisherConfirms()).isFalse();
        assertThat(atMostOnce.autoAck()).isTrue();
        RabbitMqDriverConfig local = parse(Files.readString(Path.of("rabbitmq-local.yaml")));
        assertThat(local.endpoints().get(0).port()).isEqualTo(17672);
        assertThat(local.endpoints().get(0).host()).isEqualTo("127.0.0.1");
    }

    @Test
    void upstreamFileLoadsWithItsCreationKnobsIgnored() throws Exception {
        RabbitMqDriverConfig config = parse("""
                name: RabbitMQ
                driverClass: io.openmessaging.benchmark.driver.rabbitmq.RabbitMqBenchmarkDriver

                # RabbitMq client specific configurations
                producerCreationDelay: 100
                producerCreationBatchSize: 5
                consumerCreationDelay: 100
                consumerCreationBatchSize: 5

                amqpUris:
                  - amqp://localhost
                messagePersistence: false
                queueType: QUORUM
                """);
        assertThat(config.queueType()).isEqualTo(QueueType.QUORUM);
        assertThat(config.endpoints().get(0).port()).isEqualTo(5672);
        assertThat(config.ignoredUpstreamKeys())
                .containsExactly(
                        "producerCreationDelay",
                        "producerCreationBatchSize",
                        "consumerCreationDelay",
                        "consumerCreationBatchSize");
    }

    @Test
    void defaultsApplyWhereTheFileIsSilent() throws Exception {
        RabbitMqDriverConfig config = parse("amqpUris: [amqp://h]\n");
        assertThat(config.exchangeType()).isEqualTo(RabbitMqDefaults.EXCHANGE_TYPE);
        assertThat(config.queueType()).isEqualTo(RabbitMqDefaults.QUEUE_TYPE);
        assertThat(config.prefetchCount()).isEqualTo(RabbitMqDefaults.PREFETCH_COUNT);
        assertThat(config.topicPrefix()).isEqualTo("test-topic");
        assertThat(config.deleteTopologyOnClose()).isTrue();
        assertThat(config.queueArguments()).isEmpty();
        assertThat(config.connectionRecovery()).isFalse();
        assertThat(config.recoveryIntervalMs()).as("no recovery: no interval").isZero();
    }

    @Test
    void connectionRecoveryIsAnOptionWithItsIntervalButNotForStreams() throws Exception {
        RabbitMqDriverConfig config =
                parse("amqpUris: [amqp://h]\nconnectionRecovery: true\nconnectionRecoveryIntervalMs: 250\n");
        assertThat(config.connectionRecovery()).isTrue();
        assertThat(config.recoveryIntervalMs()).isEqualTo(250);
        assertThat(parse("amqpUris: [amqp://h]\nconnectionRecovery: true\n").recoveryIntervalMs())
                .isEqualTo(RabbitMqDefaults.CONNECTION_RECOVERY_INTERVAL_MS);
        assertThatThrownBy(() -> parse("amqpUris: [amqp://h]\nqueueType: STREAM\nconnectionRecovery: true\n"))
                .hasMessageStartingWith("test.yaml:3:1: connectionRecovery: true (line 3) cannot be used with"
                        + " queueType: STREAM (line 2): a reopened stream subscription would read the stream again");
    }

    @Test
    void confirmWindowIsUnlimitedByDefaultAndNeedsPublisherConfirms() throws Exception {
        assertThat(parse("amqpUris: [amqp://h]\n").maxOutstandingConfirms()).isZero();
        assertThat(parse("amqpUris: [amqp://h]\nmaxOutstandingConfirms: 10\n").maxOutstandingConfirms())
                .isEqualTo(10);
        assertThat(parse("amqpUris: [amqp://h]\nqueueType: STREAM\nmaxOutstandingConfirms: 100\n")
                        .maxOutstandingConfirms())
                .as("stream queues confirm publishes like the others")
                .isEqualTo(100);
        assertThat(parse("amqpUris: [amqp://h]\npublisherConfirms: false\nmaxOutstandingConfirms: 0\n")
                        .maxOutstandingConfirms())
                .isZero();
        assertThatThrownBy(() -> parse("amqpUris: [amqp://h]\npublisherConfirms: false\nmaxOutstandingConfirms: 10\n"))
                .hasMessage("test.yaml:3:1: maxOutstandingConfirms: 10 (line 3) cannot be used with"
                        + " publisherConfirms: false (line 2): the window is freed by the broker's confirms; set"
                        + " publisherConfirms: true or maxOutstandingConfirms: 0");
        assertThatThrownBy(() -> parse("amqpUris: [amqp://h]\nmaxOutstandingConfirms: -1\n"))
                .hasMessage("test.yaml:2:25: maxOutstandingConfirms: found -1, expected an integer number of"
                        + " messages, at least 0");
        assertThatThrownBy(() -> parse("amqpUris: [amqp://h]\nmaxOutstandingConfirms: ten\n"))
                .hasMessageStartingWith("test.yaml:2:25: maxOutstandingConfirms: found 'ten', expected an integer");
    }

    @Test
    void unknownKeyNamesFileLineKeyAndTheClosestAllowedKey() {
        assertThatThrownBy(() -> parse("amqpUris: [amqp://h]\nexchangeTyp: TOPIC\n"))
                .isInstanceOf(DriverException.class)
                .hasMessageStartingWith("test.yaml:2:1: unknown key 'exchangeTyp' (did you mean 'exchangeType'?)")
                .hasMessageContaining("allowed keys: name, driver, driverClass, amqpUris");
    }

    @Test
    void badEnumValueNamesTheAllowedValues() {
        assertThatThrownBy(() -> parse("amqpUris: [amqp://h]\n\nqueueType: LAZY\n"))
                .hasMessage("test.yaml:3:12: queueType: found 'LAZY', expected one of CLASSIC, QUORUM, STREAM");
        assertThat(catchConfig("amqpUris: [amqp://h]\nexchangeType: topic\n").exchangeType())
                .isEqualTo(ExchangeType.TOPIC);
    }

    @Test
    void missingOrBadUrisAreRejectedWithTheirLine() {
        assertThatThrownBy(() -> parse("queueType: CLASSIC\n"))
                .hasMessageStartingWith("test.yaml: missing key 'amqpUris' (The brokers;");
        assertThatThrownBy(() -> parse("amqpUris:\n  - amqp://a\n  - http://b\n"))
                .hasMessage("test.yaml:3:5: amqpUris item 2: 'http://b' must start with amqp:// or amqps://");
        assertThatThrownBy(() -> parse("amqpUris:\n  - amqp://u@b\n"))
                .hasMessageContaining("gives a user but no password");
        assertThatThrownBy(() -> parse("amqpUris:\n  - amqp://u:secret@b?heartbeat=5\n"))
                .hasMessageContaining("amqp://u:***@b?heartbeat=5")
                .hasMessageNotContaining("secret");
    }

    @Test
    void streamsNeedManualAcksAndAPrefetch() {
        assertThatThrownBy(() -> parse("amqpUris: [amqp://h]\nqueueType: STREAM\nautoAck: true\n"))
                .hasMessage("test.yaml:3:1: autoAck: true (line 3) cannot be used with queueType: STREAM (line 2):"
                        + " RabbitMQ refuses auto-ack consumers on streams; use manual acknowledgements");
        assertThatThrownBy(() -> parse("amqpUris: [amqp://h]\nqueueType: STREAM\nprefetchCount: 0\n"))
                .hasMessageStartingWith(
                        "test.yaml:3:1: prefetchCount: 0 (line 3), which is unlimited, cannot be used with"
                                + " queueType: STREAM (line 2)");
    }

    @Test
    void rangesAreChecked() {
        assertThatThrownBy(() -> parse("amqpUris: [amqp://h]\nprefetchCount: 70000\n"))
                .hasMessage("test.yaml:2:16: prefetchCount: found 70000, expected an integer number of messages from 0"
                        + " to 65535");
        assertThatThrownBy(() -> parse("amqpUris: [amqp://h]\nproducerConnectionsPerUri: 0\n"))
                .hasMessage("test.yaml:2:28: producerConnectionsPerUri: found 0, expected an integer number of"
                        + " connections, at least 1");
        assertThatThrownBy(() -> parse("amqpUris: [amqp://h]\ntopicPrefix: 'a b'\n"))
                .hasMessage("test.yaml:2:1: topicPrefix: a b (line 2): expected 1 to 200 letters, digits, '.', '_' or"
                        + " '-' (it starts every exchange and queue name)");
        assertThatThrownBy(() -> parse("amqpUris: [amqp://h]\nprefetchCount: many\n"))
                .hasMessageStartingWith("test.yaml:2:16: prefetchCount: found 'many', expected an integer number");
    }

    @Test
    void credentialsComeFromTheUriOrTheFileButAlwaysInPairs() throws Exception {
        RabbitMqDriverConfig config = parse("""
                amqpUris:
                  - amqp://a
                  - amqp://other:pw2@b:5673/v%2Fhost
                username: bench
                password: secret
                virtualHost: perf
                """);
        BrokerEndpoint a = config.endpoints().get(0);
        BrokerEndpoint b = config.endpoints().get(1);
        assertThat(List.of(a.username(), a.password(), a.virtualHost())).containsExactly("bench", "secret", "perf");
        assertThat(List.of(b.username(), b.password(), b.virtualHost())).containsExactly("other", "pw2", "v/host");
        assertThat(b.display()).isEqualTo("amqp://other@b:5673/v%2Fhost");
        assertThatThrownBy(() -> parse("amqpUris: [amqp://h]\nusername: u\n"))
                .hasMessageStartingWith("test.yaml:2:1: username (line 2) is set but password is not");
    }

    @Test
    void queueArgumentsAreScalarsAndCannotOverrideTheQueueType() throws Exception {
        RabbitMqDriverConfig config =
                parse("amqpUris: [amqp://h]\nqueueArguments:\n  x-max-length: 1000\n  x-overflow: reject-publish\n");
        assertThat(config.queueArguments())
                .containsEntry("x-max-length", 1000L)
                .containsEntry("x-overflow", "reject-publish");
        assertThatThrownBy(() -> parse("amqpUris: [amqp://h]\nqueueArguments:\n  x-queue-type: quorum\n"))
                .hasMessage("test.yaml:3:17: queueArguments.x-queue-type: the queue type is the key queueType; remove"
                        + " it here");
        assertThatThrownBy(() -> parse("amqpUris: [amqp://h]\nqueueArguments:\n  x-max-length: [1]\n"))
                .hasMessage("test.yaml:3:17: queueArguments.x-max-length: found a list, expected a string, number or"
                        + " true/false");
    }

    @Test
    void duplicateKeysAndEmptyFilesAreRejected() {
        assertThatThrownBy(() -> parse("amqpUris: [amqp://h]\nautoAck: true\nautoAck: false\n"))
                .hasMessageContaining("test.yaml:3:")
                .hasMessageContaining("autoAck");
        assertThatThrownBy(() -> parse(""))
                .hasMessage("test.yaml: the file has no content; expected a mapping of 'key:" + " value' lines");
    }

    private static RabbitMqDriverConfig catchConfig(String yaml) {
        try {
            return parse(yaml);
        } catch (DriverException e) {
            throw new AssertionError(e);
        }
    }
}
