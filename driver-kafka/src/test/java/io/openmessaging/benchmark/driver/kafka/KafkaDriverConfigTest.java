package io.openmessaging.benchmark.driver.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.driver.DriverException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class KafkaDriverConfigTest {

    private static final String MINIMAL = "commonConfig: |\n  bootstrap.servers=127.0.0.1:19092\n";

    private static KafkaDriverConfig parse(String yaml) throws DriverException {
        return KafkaDriverConfig.parse(yaml, "test.yaml", KafkaDriverDefaults.KAFKA);
    }

    static List<Path> shippedYamls(Path moduleDir, String prefix) throws IOException {
        try (Stream<Path> files = Files.list(moduleDir)) {
            return files.filter(p -> p.getFileName().toString().startsWith(prefix))
                    .filter(p -> p.getFileName().toString().endsWith(".yaml"))
                    .sorted()
                    .collect(Collectors.toList());
        }
    }

    @Test
    void everyShippedYamlParses() throws Exception {
        List<Path> files = shippedYamls(Path.of("."), "kafka-");
        assertThat(files)
                .extracting(p -> p.getFileName().toString())
                .contains(
                        "kafka-latency.yaml",
                        "kafka-throughput.yaml",
                        "kafka-sync.yaml",
                        "kafka-exactly-once.yaml",
                        "kafka-big-batches.yaml",
                        "kafka-compression-gzip.yaml",
                        "kafka-compression-lz4.yaml",
                        "kafka-compression-snappy.yaml",
                        "kafka-compression-zstd.yaml",
                        "kafka-local.yaml",
                        "kafka-local-sasl-ssl.yaml");
        for (Path file : files) {
            KafkaDriverConfig config = KafkaDriverConfig.parse(
                    Files.readString(file), file.getFileName().toString(), KafkaDriverDefaults.KAFKA);
            assertThat(config.bootstrapServers()).as(file.toString()).isNotBlank();
            assertThat(config.autoCommit()).as(file.toString()).isFalse();
            assertThat(config.consumerProperties("g"))
                    .as(file.toString())
                    .containsEntry("auto.offset.reset", "earliest");
            assertThat(config.topicConfigs()).as(file.toString()).containsKey("min.insync.replicas");
        }
    }

    @Test
    void shippedClusterFilesUseThreeReplicasAndLocalFilesOne() throws Exception {
        for (Path file : shippedYamls(Path.of("."), "kafka-")) {
            KafkaDriverConfig config = KafkaDriverConfig.parse(
                    Files.readString(file), file.getFileName().toString(), KafkaDriverDefaults.KAFKA);
            boolean local = file.getFileName().toString().startsWith("kafka-local");
            assertThat(config.replicationFactor()).as(file.toString()).contains((short) (local ? 1 : 3));
            assertThat(config.topicConfigs())
                    .as(file.toString())
                    .containsEntry("min.insync.replicas", local ? "1" : "2");
        }
    }

    @Test
    void upstreamFieldsAndPropertyBlocksAreMerged() throws Exception {
        KafkaDriverConfig config = parse("""
                name: Kafka
                driver: kafka
                driverClass: io.openmessaging.benchmark.driver.kafka.KafkaBenchmarkDriver
                replicationFactor: 3
                reset: true
                topicConfig: |
                  min.insync.replicas=2
                commonConfig: |
                  bootstrap.servers=broker:9092
                  request.timeout.ms=5000
                producerConfig: |
                  acks=all
                  request.timeout.ms=7000
                consumerConfig: |
                  auto.offset.reset=earliest
                """);
        assertThat(config.replicationFactor()).contains((short) 3);
        assertThat(config.reset()).isTrue();
        assertThat(config.topicPrefix()).isEqualTo("test-topic");
        assertThat(config.topicConfigs()).isEqualTo(Map.of("min.insync.replicas", "2"));
        assertThat(config.adminProperties())
                .containsEntry("bootstrap.servers", "broker:9092")
                .containsEntry("request.timeout.ms", "5000")
                .doesNotContainKey("acks");
        assertThat(config.producerProperties())
                .containsEntry("bootstrap.servers", "broker:9092")
                .containsEntry("request.timeout.ms", "7000")
                .containsEntry("acks", "all")
                .containsEntry("key.serializer", "org.apache.kafka.common.serialization.StringSerializer")
                .containsEntry("value.serializer", "org.apache.kafka.common.serialization.ByteArraySerializer");
        assertThat(config.consumerProperties("sub-1"))
                .containsEntry("group.id", "sub-1")
                .containsEntry("auto.offset.reset", "earliest")
                .containsEntry("enable.auto.commit", "false")
                .containsEntry("value.deserializer", "org.apache.kafka.common.serialization.ByteArrayDeserializer")
                .doesNotContainKey("acks");
    }

    @Test
    void ownKeysHaveDefaultsAndCanBeSet() throws Exception {
        KafkaDriverConfig defaults = parse(MINIMAL);
        assertThat(defaults.replicationFactor()).isEmpty();
        assertThat(defaults.reset()).isFalse();
        assertThat(defaults.offsetCommitLingerMs()).isEqualTo(1_000);
        assertThat(defaults.topicCreationBatchSize()).isEqualTo(500);
        assertThat(defaults.topicCreationMaxRetries()).isEqualTo(8);
        assertThat(defaults.initializeTimeoutMs()).isEqualTo(30_000);

        KafkaDriverConfig set = parse(MINIMAL + """
                topicPrefix: omb.run-7
                offsetCommitLingerMs: 0
                topicCreationBatchSize: 50
                topicCreationMaxRetries: 0
                initializeTimeoutMs: 2500
                """);
        assertThat(set.topicPrefix()).isEqualTo("omb.run-7");
        assertThat(set.offsetCommitLingerMs()).isZero();
        assertThat(set.topicCreationBatchSize()).isEqualTo(50);
        assertThat(set.topicCreationMaxRetries()).isZero();
        assertThat(set.initializeTimeoutMs()).isEqualTo(2500);
    }

    @Test
    void theStampGoesInTheValueUnlessTheFileSaysHeader() throws Exception {
        assertThat(parse(MINIMAL).stampIn()).isEqualTo(StampPlacement.VALUE);
        assertThat(parse(MINIMAL + "stampIn: header\n").stampIn()).isEqualTo(StampPlacement.HEADER);
        assertThat(parse(MINIMAL + "stampIn: Value\n").stampIn()).isEqualTo(StampPlacement.VALUE);
        assertThatThrownBy(() -> parse(MINIMAL + "stampIn: payload\n"))
                .isInstanceOf(DriverException.class)
                .hasMessageStartingWith("test.yaml:3:")
                .hasMessageContaining("stampIn")
                .hasMessageContaining("payload")
                .hasMessageContaining("value")
                .hasMessageContaining("header");
    }

    @Test
    void unknownKeyErrorNamesFileKeyLineAndAllowedKeys() {
        assertThatThrownBy(() -> parse(MINIMAL + "replicationFactr: 3\n"))
                .isInstanceOf(DriverException.class)
                .hasMessageStartingWith("test.yaml:3:1: unknown key 'replicationFactr'")
                .hasMessageContaining("did you mean 'replicationFactor'?")
                .hasMessageContaining("allowed keys: name, driver, driverClass, replicationFactor");
    }

    @Test
    void wrongValueTypeNamesKeyLineAndWhatIsAllowed() {
        assertThatThrownBy(() -> parse(MINIMAL + "\nreplicationFactor: three\n"))
                .isInstanceOf(DriverException.class)
                .hasMessage("test.yaml:4:20: replicationFactor: found 'three', expected an integer number of replicas"
                        + " from 1 to 32767");
        assertThatThrownBy(() -> parse(MINIMAL + "replicationFactor: 40000\n"))
                .hasMessageStartingWith("test.yaml:3:")
                .hasMessageContaining("replicationFactor");
        assertThatThrownBy(() -> parse(MINIMAL + "replicationFactor: 0\n"))
                .hasMessage("test.yaml:3:20: replicationFactor: found 0, expected an integer number of replicas from 1"
                        + " to 32767");
        assertThatThrownBy(() -> parse(MINIMAL + "reset: sometimes\n"))
                .hasMessage("test.yaml:3:8: reset: found 'sometimes', expected true or false");
        assertThatThrownBy(() -> parse(MINIMAL + "producerConfig:\n  acks: all\n"))
                .hasMessage("test.yaml:4:3: producerConfig: found a nested mapping, expected a block of Java"
                        + " properties");
    }

    @Test
    void ownKeysOutOfRangeAreRejectedWithTheirLine() {
        assertThatThrownBy(() -> parse(MINIMAL + "offsetCommitLingerMs: -1\n"))
                .hasMessage("test.yaml:3:23: offsetCommitLingerMs: found -1, expected an integer number of"
                        + " milliseconds, at least 0");
        assertThatThrownBy(() -> parse(MINIMAL + "topicCreationBatchSize: 0\n"))
                .hasMessage("test.yaml:3:25: topicCreationBatchSize: found 0, expected an integer number of topics, at"
                        + " least 1");
        assertThatThrownBy(() -> parse(MINIMAL + "topicPrefix: bad/prefix\n"))
                .hasMessage("test.yaml:3:1: topicPrefix: bad/prefix (line 3): expected 1 to 200 letters, digits, '.',"
                        + " '_' or '-' (it starts every topic name)");
    }

    @Test
    void groupIdOfTheRedpandaForkIsEveryConsumersGroup() throws DriverException {
        KafkaDriverConfig config = parse(MINIMAL + """
                consumerConfig: |
                  auto.offset.reset=earliest
                  group.id=benchGroup
                """);

        assertThat(config.groupId()).hasValue("benchGroup");
        assertThat(config.consumerProperties("sub-1")).containsEntry("group.id", "benchGroup");
        assertThat(parse(MINIMAL + "  group.id=g\n").consumerProperties("sub-1"))
                .containsEntry("group.id", "g");
        assertThat(parse(MINIMAL).groupId()).isEmpty();
    }

    @Test
    void transactionsNeedIdempotenceAndAcksAllAndReadCommittedByDefault() throws DriverException {
        KafkaDriverConfig config = parse(MINIMAL + "requestsPerTransaction: 5\n");
        assertThat(config.requestsPerTransaction()).hasValue(5);
        assertThat(config.transactionMaxOpenMs()).isEqualTo(100);
        assertThat(config.consumerProperties("s")).containsEntry("isolation.level", "read_committed");
        assertThat(parse(MINIMAL + "requestsPerTransaction: 5\nconsumerConfig: |\n  isolation.level=read_uncommitted\n")
                        .consumerProperties("s"))
                .containsEntry("isolation.level", "read_uncommitted");
        assertThat(parse(MINIMAL).requestsPerTransaction()).isEmpty();
        assertThat(parse(MINIMAL).consumerProperties("s")).doesNotContainKey("isolation.level");

        assertThatThrownBy(() -> parse(MINIMAL + "requestsPerTransaction: 0\n"))
                .hasMessage("test.yaml:3:25: requestsPerTransaction: found 0, expected an integer number of messages,"
                        + " at least 1");
        assertThatThrownBy(() -> parse(MINIMAL + "transactionMaxOpenMs: 50\n"))
                .hasMessage("test.yaml:3:1: transactionMaxOpenMs (line 3) is set without requestsPerTransaction, so no"
                        + " transaction is opened");
        assertThatThrownBy(() ->
                        parse(MINIMAL + "requestsPerTransaction: 2\nproducerConfig: |\n  enable.idempotence=false\n"))
                .hasMessageStartingWith("test.yaml:5:3: key 'producerConfig' sets property 'enable.idempotence'")
                .hasMessageContaining("idempotent producer");
        assertThatThrownBy(() -> parse("driverClass: " + KafkaDriverConfig.TX_DRIVER_CLASS + "\n" + MINIMAL))
                .hasMessageStartingWith("test.yaml:1:1: driverClass " + KafkaDriverConfig.TX_DRIVER_CLASS)
                .hasMessageContaining("needs requestsPerTransaction");
    }

    @Test
    void serializerAndTransactionOverridesAreRejected() {
        assertThatThrownBy(() -> parse(MINIMAL + "producerConfig: |\n  value.serializer=x.Custom\n"))
                .hasMessageStartingWith("test.yaml:4:3: key 'producerConfig' sets property 'value.serializer'")
                .hasMessageContaining("ByteArraySerializer");
        assertThatThrownBy(() -> parse(MINIMAL + "consumerConfig: |\n  key.deserializer=x.Custom\n"))
                .hasMessageStartingWith("test.yaml:4:3: key 'consumerConfig' sets property 'key.deserializer'");
        assertThatThrownBy(() -> parse(MINIMAL + "producerConfig: |\n  transactional.id=tx\n"))
                .hasMessageContaining("'transactional.id'")
                .hasMessageContaining("set requestsPerTransaction");
    }

    @Test
    void bootstrapServersAreRequiredInCommonConfig() {
        assertThatThrownBy(() -> parse("name: x\ncommonConfig: |\n  request.timeout.ms=1\n"))
                .hasMessageStartingWith("test.yaml:2:1: commonConfig must set bootstrap.servers");
        assertThatThrownBy(() -> parse("name: x\n"))
                .hasMessageStartingWith("test.yaml: commonConfig must set bootstrap.servers");
    }

    @Test
    void autoCommitIsOffUnlessTheFileTurnsItOn() throws Exception {
        assertThat(parse(MINIMAL).autoCommit()).isFalse();
        assertThat(parse(MINIMAL).consumerProperties("g")).containsEntry("enable.auto.commit", "false");
        KafkaDriverConfig on = parse(MINIMAL + "consumerConfig: |\n  enable.auto.commit=true\n");
        assertThat(on.autoCommit()).isTrue();
        assertThat(on.consumerProperties("g")).containsEntry("enable.auto.commit", "true");
        assertThatThrownBy(() -> parse(MINIMAL + "consumerConfig: |\n  enable.auto.commit=yes\n"))
                .hasMessageStartingWith("test.yaml:4:3: key 'consumerConfig' sets property 'enable.auto.commit'")
                .hasMessageContaining("true or false");
    }

    @Test
    void commitLingerInsideConsumerConfigIsReadButNotPassedToTheClient() throws Exception {
        KafkaDriverConfig config = parse(MINIMAL + "consumerConfig: |\n  offsetCommitLingerMs=250\n");
        assertThat(config.offsetCommitLingerMs()).isEqualTo(250);
        assertThat(config.consumerProperties("g")).doesNotContainKey("offsetCommitLingerMs");
        assertThatThrownBy(() ->
                        parse(MINIMAL + "offsetCommitLingerMs: 10\nconsumerConfig: |\n  offsetCommitLingerMs=250\n"))
                .hasMessageStartingWith("test.yaml:5:3: key 'consumerConfig' sets property 'offsetCommitLingerMs'")
                .hasMessageContaining("set it in one place");
    }

    @Test
    void duplicateKeysEmptyFilesAndNonMappingsAreRejected() {
        assertThatThrownBy(() -> parse(MINIMAL + "reset: true\nreset: false\n"))
                .hasMessage("test.yaml:4:1: key 'reset' is given twice (first on line 3); keep one");
        assertThatThrownBy(() -> parse(""))
                .hasMessage("test.yaml: the file has no content; expected a mapping of 'key:" + " value' lines");
        assertThatThrownBy(() -> parse("- a\n- b\n"))
                .hasMessage("test.yaml:1:1: expected a mapping of 'key: value' lines at the top level, found a list");
    }

    @Test
    void driverDefaultsApplyOnlyWhereTheFileSetsNothing() throws Exception {
        KafkaDriverDefaults defaults = new KafkaDriverDefaults(
                "pre",
                5000,
                10,
                1,
                1000,
                Map.of("linger.ms", "1", "acks", "all"),
                Map.of("enable.auto.commit", "false", "max.partition.fetch.bytes", "131072"),
                Map.of("segment.ms", "60000"),
                true);
        KafkaDriverConfig config = KafkaDriverConfig.parse(MINIMAL + """
                  acks=1
                producerConfig: |
                  batch.size=1
                consumerConfig: |
                  max.partition.fetch.bytes=7
                topicConfig: |
                  retention.ms=1
                """, "x.yaml", defaults);
        assertThat(config.topicPrefix()).isEqualTo("pre");
        assertThat(config.offsetCommitLingerMs()).isEqualTo(5000);
        assertThat(config.producerProperties())
                .containsEntry("linger.ms", "1")
                .containsEntry("acks", "1")
                .containsEntry("batch.size", "1");
        assertThat(config.consumerProperties("g")).containsEntry("max.partition.fetch.bytes", "7");
        assertThat(config.topicConfigs()).containsEntry("segment.ms", "60000").containsEntry("retention.ms", "1");
    }

    @Test
    void propertyValuesAreCheckedWithTheKafkaClientsOwnDefinitions() {
        assertThatThrownBy(() -> parse(MINIMAL + "producerConfig: |\n  linger.ms=1\n  acks=maybe\n"))
                .isInstanceOf(DriverException.class)
                .hasMessageStartingWith("test.yaml:5:3: key 'producerConfig' sets property 'acks', which is 'maybe':"
                        + " the Kafka client refuses it (Invalid value maybe for configuration acks");
        assertThatThrownBy(() -> parse(MINIMAL + "consumerConfig: |\n  fetch.min.bytes=-5\n"))
                .hasMessageContaining("sets property 'fetch.min.bytes', which is '-5': the Kafka client refuses it");
        assertThatThrownBy(() -> parse(MINIMAL + "producerConfig: |\n  compression.type=zip\n"))
                .hasMessageContaining("sets property 'compression.type', which is 'zip'");
        assertThatThrownBy(() -> parse(MINIMAL + "producerConfig: |\n  batch.size=lots\n"))
                .hasMessageContaining("sets property 'batch.size', which is 'lots'");
        assertThatThrownBy(() -> parse("commonConfig: |\n  bootstrap.servers=127.0.0.1\n"))
                .hasMessageContaining("sets property 'bootstrap.servers', which is '127.0.0.1': '127.0.0.1' is not"
                        + " host:port with a port from 1 to 65535");
        assertThatThrownBy(() -> parse("commonConfig: |\n  bootstrap.servers=a:9092,,b:9092\n"))
                .hasMessageContaining("has an empty entry");
    }

    @Test
    void propertiesTheClientDoesNotDefineAndGoodValuesPass() throws Exception {
        KafkaDriverConfig config = parse("commonConfig: |\n  bootstrap.servers=SASL_SSL://broker-1:9093,[::1]:9092\n"
                + "producerConfig: |\n  acks=all\n  linger.ms=1\n  some.custom.property=x\n");
        assertThat(config).isNotNull();
    }

    @Test
    void topicConfigNamesAreKafkasAndTheirValuesHaveTheRightKind() {
        assertThatThrownBy(() -> parse(MINIMAL + "topicConfig: |\n  retention.ms=1000\n  min.insync.replica=2\n"))
                .isInstanceOf(DriverException.class)
                .hasMessageStartingWith("test.yaml:5:3: key 'topicConfig' sets property 'min.insync.replica', which is"
                        + " not a topic config Kafka defines, and Kafka brokers refuse unknown ones (did you mean"
                        + " 'min.insync.replicas'?); allowed: cleanup.policy, ");
        assertThatThrownBy(() -> parse(MINIMAL + "topicConfig: |\n  retention.ms=forever\n"))
                .hasMessageEndingWith("sets property 'retention.ms', which is 'forever'; allowed: a whole number of"
                        + " milliseconds (-1 for no limit)");
        assertThatThrownBy(() -> parse(MINIMAL + "topicConfig: |\n  cleanup.policy=compact,forget\n"))
                .hasMessageEndingWith("is 'compact,forget'; allowed: compact, delete, or compact,delete");
        assertThatThrownBy(() -> parse(MINIMAL + "topicConfig: |\n  unclean.leader.election.enable=yes\n"))
                .hasMessageEndingWith("is 'yes'; allowed: true or false");
        assertThatThrownBy(() -> parse(MINIMAL + "topicConfig: |\n  min.cleanable.dirty.ratio=2\n"))
                .hasMessageEndingWith("is 2; allowed: a fraction from 0 to 1");
        assertThatThrownBy(() -> parse(MINIMAL + "topicConfig: |\n  message.timestamp.type=createtime\n"))
                .hasMessageEndingWith("is 'createtime'; allowed: CreateTime, LogAppendTime");
        assertThatThrownBy(() -> parse(MINIMAL + "topicConfig: |\n  segment.bytes=-7\n"))
                .hasMessageContaining("is -7; allowed: a whole number, -1 where Kafka means \"no limit\"");
    }

    @Test
    void goodTopicConfigsPassAndRedpandasOwnNamesPassForRedpanda() throws Exception {
        String topics = "topicConfig: |\n  retention.ms=-1\n  cleanup.policy=compact,delete\n  compression.type=zstd\n"
                + "  min.cleanable.dirty.ratio=0.5\n  preallocate=true\n  max.message.bytes=2097152\n";
        assertThat(parse(MINIMAL + topics).topicConfigs()).containsEntry("max.message.bytes", "2097152");
        KafkaDriverDefaults redpanda =
                new KafkaDriverDefaults("pre", 5000, 10, 1, 1000, Map.of(), Map.of(), Map.of(), false);
        KafkaDriverConfig config =
                KafkaDriverConfig.parse(MINIMAL + "topicConfig: |\n  write.caching=true\n", "test.yaml", redpanda);
        assertThat(config.topicConfigs()).containsEntry("write.caching", "true");
        assertThatThrownBy(() -> KafkaDriverConfig.parse(
                        MINIMAL + "topicConfig: |\n  retention.ms=soon\n", "test.yaml", redpanda))
                .hasMessageContaining("which is 'soon'");
    }
}
