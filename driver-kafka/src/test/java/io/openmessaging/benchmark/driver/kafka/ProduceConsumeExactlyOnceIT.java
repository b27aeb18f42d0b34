package io.openmessaging.benchmark.driver.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.TopicSpec;
import io.openmessaging.benchmark.testing.MessageLedger;
import io.openmessaging.benchmark.testing.TestNames;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The driver against a real broker: a 16-partition topic, two producers, two consumers in one
 * subscription; every message arrives exactly once with its stamp intact.
 */
class ProduceConsumeExactlyOnceIT {

    private static final int PARTITIONS = 16;
    private static final int MESSAGES_PER_PRODUCER = 10_000;
    private static final int PAYLOAD_BYTES = 100;
    private static final Duration TIMEOUT = Duration.ofSeconds(90);

    @Test
    void everyMessageArrivesExactlyOnceWithItsStamp() throws Exception {
        LocalKafkaBroker broker = SharedLocalKafka.plaintextBroker();
        MessageLedger ledger = new MessageLedger(PAYLOAD_BYTES);
        try (KafkaBenchmarkDriver driver = new KafkaBenchmarkDriver()) {
            driver.configure(SharedLocalKafka.shippedYamlFor("kafka-local.yaml", broker), "kafka-local.yaml");
            driver.initialize();
            assertThat(driver.describe())
                    .containsEntry("kafka.brokerCount", "1")
                    .containsKey("kafka.clusterId")
                    .containsKey("kafka.finalizedFeatures");

            String topic = TestNames.unique(driver.topicNamePrefix());
            driver.createTopics(List.of(new TopicSpec(topic, PARTITIONS))).get(60, TimeUnit.SECONDS);

            String subscription = TestNames.unique("sub");
            List<BenchmarkConsumer> consumers = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                consumers.add(driver.createConsumer(topic, subscription, ledger).get());
            }
            SharedLocalKafka.awaitAssignment(consumers, PARTITIONS, TIMEOUT);

            List<BenchmarkProducer> producers = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                producers.add(driver.createProducer(topic).get());
            }
            for (int producerId = 0; producerId < producers.size(); producerId++) {
                ledger.send(producers.get(producerId), producerId, 0, MESSAGES_PER_PRODUCER);
            }

            long total = 2L * MESSAGES_PER_PRODUCER;
            ledger.await(() -> ledger.acknowledged() + ledger.sendErrors() == total, TIMEOUT, "acknowledgements");
            ledger.await(() -> ledger.deliveries() >= total, TIMEOUT, "deliveries");
            Thread.sleep(1_000); // a late duplicate would show up here

            assertThat(ledger.sendErrors()).as(ledger.summary()).isZero();
            assertThat(ledger.deliveries()).as(ledger.summary()).isEqualTo(total);
            assertThat(ledger.distinctReceived()).as(ledger.summary()).isEqualTo(total);
            assertThat(ledger.duplicates()).isZero();
            assertThat(ledger.unstamped()).isZero();
            assertThat(ledger.damagedStamps()).isZero();
            assertThat(ledger.wrongSizes()).isZero();
            for (BenchmarkConsumer consumer : consumers) {
                assertThat(((KafkaBenchmarkConsumer) consumer).failure()).isEmpty();
            }
            assertThat(driver.counters())
                    .containsEntry("kafka.consumerFailures", 0L)
                    .containsEntry("kafka.malformedStamps", 0L);
        }
    }
}
