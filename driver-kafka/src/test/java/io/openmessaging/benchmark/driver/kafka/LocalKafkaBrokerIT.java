package io.openmessaging.benchmark.driver.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.SaslConfigs;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/** The {@link LocalKafkaBroker} fixture (and so bin/local-broker) against real kafka-clients. */
class LocalKafkaBrokerIT {
    private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration AUTHENTICATION_FAILURE_BOUND = Duration.ofSeconds(15);

    /**
     * One URL-safe base64 id in 64 starts with '-', which kafka-storage's parser reads as an option
     * ("--cluster-id: expected one argument"); that failed a CI run's broker start. 2,000 draws without
     * the redraw would hold such an id with probability 1 - (63/64)^2000, about 1 - 2e-14.
     */
    @Test
    void generatedClusterIdsAreKafkaShapedAndNeverStartWithADash() throws Exception {
        Path root = io.openmessaging.benchmark.testing.LocalBrokerScripts.repositoryRoot();
        String script = "source deployment/local/common.sh && source deployment/local/kafka/broker.sh"
                + " && for i in $(seq 2000); do lb_kafka_random_cluster_id; done";
        Process process = new ProcessBuilder("bash", "-c", script)
                .directory(root.toFile())
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        List<String> ids;
        try (BufferedReader reader =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            ids = reader.lines().toList();
        }
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isZero();

        assertThat(ids).hasSize(2000).allMatch(id -> id.matches("[A-Za-z0-9_][A-Za-z0-9_-]{21}"));
        assertThat(ids).doesNotHaveDuplicates();
    }

    /**
     * The disk a broker may fill is bounded by default (a max-rate search at 300 MB/s filled 56 GB in under four
     * minutes): each partition keeps its newest bytes, a third of the free space over 100 partitions within 64 MiB to
     * 1 GiB, and older segments really go within seconds. Shown with a 4 MiB retention of 1 MiB segments given
     * with --config, which wins over the default: 12 MiB written to one partition, and its first offset moves.
     */
    @Test
    void aPartitionKeepsItsNewestBytesAndOlderSegmentsAreDeletedWithinSeconds() throws Exception {
        try (LocalKafkaBroker defaults = LocalKafkaBroker.start(false)) {
            Properties server = new Properties();
            try (var reader = Files.newBufferedReader(defaults.serverProperties())) {
                server.load(reader);
            }
            long retentionBytes = Long.parseLong(server.getProperty("log.retention.bytes"));
            assertThat(retentionBytes).isBetween(64L << 20, 1L << 30);
            assertThat(Long.parseLong(server.getProperty("log.segment.bytes"))).isEqualTo(retentionBytes / 4);
            assertThat(server.getProperty("log.retention.check.interval.ms")).isEqualTo("5000");
        }

        try (LocalKafkaBroker broker = LocalKafkaBroker.start(
                        false, Map.of("log.retention.bytes", String.valueOf(4 << 20), "log.segment.bytes", "1048576"));
                Admin admin = Admin.create(adminConfig(broker))) {
            String topic = "retention-" + UUID.randomUUID();
            admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get(30, TimeUnit.SECONDS);
            Properties config = adminConfig(broker);
            config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
            config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
            String value = "x".repeat(1024);
            try (KafkaProducer<String, String> producer = new KafkaProducer<>(config)) {
                for (int i = 0; i < 12 * 1024; i++) {
                    producer.send(new ProducerRecord<>(topic, value));
                }
                producer.flush();
            }
            TopicPartition partition = new TopicPartition(topic, 0);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            long firstOffset = 0;
            while (firstOffset == 0 && System.nanoTime() < deadline) {
                Thread.sleep(500);
                firstOffset = admin.listOffsets(Map.of(partition, OffsetSpec.earliest()))
                        .partitionResult(partition)
                        .get(30, TimeUnit.SECONDS)
                        .offset();
            }
            assertThat(firstOffset)
                    .as("first offset of %s after 12 MiB with a 4 MiB retention (log: %s)", topic, broker.logFile())
                    .isGreaterThanOrEqualTo(4 * 1024);
        }
    }

    private static Properties adminConfig(LocalKafkaBroker broker) {
        Properties config = new Properties();
        config.putAll(broker.clientSecurityProperties());
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        return config;
    }

    @Test
    void plaintextBrokerRoundTripsARecordAndRunsTheClientLibraryVersion() throws Exception {
        try (LocalKafkaBroker broker = LocalKafkaBroker.start(false)) {
            assertThat(broker.version()).isEqualTo(KafkaBenchmarkDriver.clientLibraryVersion());
            assertThat(broker.clientSecurityProperties()).isEmpty();

            assertThat(roundTrip(broker, broker.clientSecurityProperties(), "plaintext"))
                    .as("value read back from %s (log: %s)", broker, broker.logFile())
                    .isEqualTo("plaintext");
        }
    }

    @Test
    void saslSslBrokerAcceptsTheRightPasswordAndRejectsAWrongOneFast() throws Exception {
        try (LocalKafkaBroker broker = LocalKafkaBroker.start(true)) {
            Properties security = broker.clientSecurityProperties();
            assertThat(security)
                    .containsEntry(CommonClientConfigs.SECURITY_PROTOCOL_CONFIG, "SASL_SSL")
                    .containsEntry(SaslConfigs.SASL_MECHANISM, "SCRAM-SHA-512")
                    .containsKey("ssl.truststore.location");

            assertThat(roundTrip(broker, security, "over SASL_SSL"))
                    .as("value read back from %s (log: %s)", broker, broker.logFile())
                    .isEqualTo("over SASL_SSL");

            Properties wrongPassword = broker.clientSecurityProperties();
            wrongPassword.put(
                    SaslConfigs.SASL_JAAS_CONFIG,
                    security.getProperty(SaslConfigs.SASL_JAAS_CONFIG)
                            .replace("password=\"bench-secret\"", "password=\"not-the-password\""));
            assertThat(wrongPassword.getProperty(SaslConfigs.SASL_JAAS_CONFIG)).contains("not-the-password");
            long startNanos = System.nanoTime();
            assertThatThrownBy(() -> describeCluster(broker, wrongPassword))
                    .isInstanceOf(ExecutionException.class)
                    .hasCauseInstanceOf(SaslAuthenticationException.class);
            assertThat(Duration.ofNanos(System.nanoTime() - startNanos)).isLessThan(AUTHENTICATION_FAILURE_BOUND);
        }
    }

    @Test
    void killEndsOnlyTheKilledBrokerWhenTwoRunSideBySide() throws Exception {
        try (LocalKafkaBroker killed = LocalKafkaBroker.start(false);
                LocalKafkaBroker survivor = LocalKafkaBroker.start(false)) {
            assertThat(killed.bootstrapServers()).isNotEqualTo(survivor.bootstrapServers());

            killed.kill();

            assertThat(ProcessHandle.of(killed.pid()).filter(ProcessHandle::isAlive))
                    .isEmpty();
            assertThat(roundTrip(survivor, survivor.clientSecurityProperties(), "still here"))
                    .as("value read back from %s (log: %s)", survivor, survivor.logFile())
                    .isEqualTo("still here");
        }
    }

    /** Creates a fresh topic, produces one record with acks=all and reads it back; returns its value. */
    private static String roundTrip(LocalKafkaBroker broker, Properties security, String value) throws Exception {
        String topic = "round-trip-" + UUID.randomUUID();
        Properties common = new Properties();
        common.putAll(security);
        common.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());

        try (Admin admin = Admin.create(common)) {
            admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1)))
                    .all()
                    .get(CLIENT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        }

        Properties producerConfig = new Properties();
        producerConfig.putAll(common);
        producerConfig.put(ProducerConfig.ACKS_CONFIG, "all");
        try (KafkaProducer<String, String> producer =
                new KafkaProducer<>(producerConfig, new StringSerializer(), new StringSerializer())) {
            producer.send(new ProducerRecord<>(topic, value)).get(CLIENT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        }

        Properties consumerConfig = new Properties();
        consumerConfig.putAll(common);
        consumerConfig.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        try (KafkaConsumer<String, String> consumer =
                new KafkaConsumer<>(consumerConfig, new StringDeserializer(), new StringDeserializer())) {
            consumer.assign(List.of(new TopicPartition(topic, 0)));
            long deadlineNanos = System.nanoTime() + CLIENT_TIMEOUT.toNanos();
            while (System.nanoTime() < deadlineNanos) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
                    return record.value();
                }
            }
        }
        return null;
    }

    private static String describeCluster(LocalKafkaBroker broker, Properties security) throws Exception {
        Properties config = new Properties();
        config.putAll(security);
        config.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, String.valueOf(CLIENT_TIMEOUT.toMillis()));
        try (Admin admin = Admin.create(config)) {
            return admin.describeCluster().clusterId().get(CLIENT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        }
    }
}
