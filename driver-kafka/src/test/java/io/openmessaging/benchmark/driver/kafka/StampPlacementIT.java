package io.openmessaging.benchmark.driver.kafka;

import static io.openmessaging.benchmark.testing.ConsumerCallbacks.receiving;
import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.MessageStamp;
import io.openmessaging.benchmark.driver.MessageStampCodec;
import io.openmessaging.benchmark.driver.TopicSpec;
import io.openmessaging.benchmark.testing.TestNames;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;

/**
 * Where the stamp travels, as the broker stores it: with {@code stampIn: value} (the default) a record has
 * no header and exactly the payload's length, its first 24 bytes the stamp and the rest the workload's
 * payload; with {@code stampIn: header} the payload is untouched and the stamp is the {@code omb-stamp}
 * header. Read back with a plain {@link KafkaConsumer}; and the driver's consumers read both on one topic.
 */
class StampPlacementIT {

    private static final int PAYLOAD_BYTES = 100;
    private static final int MESSAGES = 50;
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    @Test
    void theBrokerHoldsTheStampWhereTheFileSaysAndTheDriverReadsBoth() throws Exception {
        LocalKafkaBroker broker = SharedLocalKafka.plaintextBroker();
        String yaml = SharedLocalKafka.shippedYamlFor("kafka-local.yaml", broker);
        byte[] payload = new byte[PAYLOAD_BYTES];
        Arrays.fill(payload, (byte) 0x5A);
        try (KafkaBenchmarkDriver valueDriver = new KafkaBenchmarkDriver();
                KafkaBenchmarkDriver headerDriver = new KafkaBenchmarkDriver()) {
            valueDriver.configure(yaml, "kafka-local.yaml");
            valueDriver.initialize();
            headerDriver.configure(yaml + "\nstampIn: header\n", "kafka-local.yaml + stampIn: header");
            headerDriver.initialize();
            String topic = TestNames.unique(valueDriver.topicNamePrefix());
            valueDriver.createTopics(List.of(new TopicSpec(topic, 1))).get(60, TimeUnit.SECONDS);

            List<MessageStamp> delivered = Collections.synchronizedList(new ArrayList<>());
            List<Integer> deliveredSizes = Collections.synchronizedList(new ArrayList<>());
            BenchmarkConsumer consumer = valueDriver
                    .createConsumer(topic, TestNames.unique("sub"), receiving((stamp, size) -> {
                        delivered.add(stamp);
                        deliveredSizes.add(size);
                    }))
                    .get();
            SharedLocalKafka.awaitAssignment(List.of(consumer), 1, TIMEOUT);

            CountDownLatch acknowledged = new CountDownLatch(2 * MESSAGES);
            BenchmarkProducer valueProducer = valueDriver.createProducer(topic).get();
            BenchmarkProducer headerProducer =
                    headerDriver.createProducer(topic).get();
            for (int i = 0; i < MESSAGES; i++) {
                valueProducer.sendAsync(
                        null, payload, 1_000 + i, 2_000 + i, 1, 0, (in, sent, id, sequenceNumber, error) -> {
                            if (error == null) {
                                acknowledged.countDown();
                            }
                        });
                headerProducer.sendAsync(
                        null, payload, 3_000 + i, 4_000 + i, 2, 0, (in, sent, id, sequenceNumber, error) -> {
                            if (error == null) {
                                acknowledged.countDown();
                            }
                        });
            }
            assertThat(acknowledged.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS))
                    .as("all acknowledged")
                    .isTrue();
            assertThat(payload).as("the shared payload is never written").containsOnly(0x5A);

            List<ConsumerRecord<String, byte[]>> records = readAll(broker, topic, 2 * MESSAGES);
            int valueStamped = 0;
            int headerStamped = 0;
            for (ConsumerRecord<String, byte[]> record : records) {
                byte[] value = record.value();
                assertThat(value).hasSize(PAYLOAD_BYTES);
                List<MessageStamp> stamps = new ArrayList<>();
                if (record.headers().lastHeader(MessageStampCodec.HEADER_NAME) == null) {
                    valueStamped++;
                    assertThat(record.headers().toArray()).isEmpty();
                    assertThat(MessageStampCodec.hasValueStamp(value)).isTrue();
                    assertThat(Arrays.copyOfRange(value, MessageStampCodec.VALUE_PREFIX_SIZE_BYTES, PAYLOAD_BYTES))
                            .containsOnly(0x5A);
                    MessageStampCodec.deliverFromValue(value, 0, receiving((stamp, size) -> stamps.add(stamp)));
                    assertThat(stamps.get(0).producerId()).isEqualTo(1);
                } else {
                    headerStamped++;
                    assertThat(value).containsOnly(0x5A);
                    MessageStampCodec.deliver(
                            record.headers()
                                    .lastHeader(MessageStampCodec.HEADER_NAME)
                                    .value(),
                            0,
                            value.length,
                            receiving((stamp, size) -> stamps.add(stamp)));
                    assertThat(stamps.get(0).producerId()).isEqualTo(2);
                }
                MessageStamp stamp = stamps.get(0);
                assertThat(stamp.sentEpochNanos() - stamp.intendedSendEpochNanos())
                        .isEqualTo(1_000);
            }
            assertThat(valueStamped).isEqualTo(MESSAGES);
            assertThat(headerStamped).isEqualTo(MESSAGES);

            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (delivered.size() < 2 * MESSAGES && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            List<MessageStamp> expected = new ArrayList<>();
            for (int i = 0; i < MESSAGES; i++) {
                expected.add(new MessageStamp(1_000 + i, 2_000 + i, 1, 0));
                expected.add(new MessageStamp(3_000 + i, 4_000 + i, 2, 0));
            }
            assertThat(delivered).containsExactlyInAnyOrderElementsOf(expected);
            assertThat(deliveredSizes).hasSize(2 * MESSAGES).containsOnly(PAYLOAD_BYTES);
            valueProducer.close();
            headerProducer.close();
            consumer.close();
        }
    }

    private static List<ConsumerRecord<String, byte[]>> readAll(LocalKafkaBroker broker, String topic, int count) {
        Properties properties = new Properties();
        properties.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        properties.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        List<ConsumerRecord<String, byte[]>> records = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> plain =
                new KafkaConsumer<>(properties, new StringDeserializer(), new ByteArrayDeserializer())) {
            TopicPartition partition = new TopicPartition(topic, 0);
            plain.assign(List.of(partition));
            plain.seekToBeginning(List.of(partition));
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (records.size() < count && System.nanoTime() < deadline) {
                plain.poll(Duration.ofMillis(200)).forEach(records::add);
            }
        }
        assertThat(records).as("records read back").hasSize(count);
        return records;
    }
}
