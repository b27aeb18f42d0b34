package io.openmessaging.benchmark.driver.redpanda;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.DriverProvider;
import io.openmessaging.benchmark.driver.TopicSpec;
import io.openmessaging.benchmark.driver.kafka.KafkaBenchmarkDriver;
import io.openmessaging.benchmark.driver.kafka.LocalKafkaBroker;
import io.openmessaging.benchmark.driver.kafka.SharedLocalKafka;
import io.openmessaging.benchmark.testing.MessageLedger;
import io.openmessaging.benchmark.testing.TestNames;
import java.time.Duration;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * redpanda-ack-all.yaml through the Redpanda driver, found by its provider id, against the local
 * Kafka broker (no Redpanda broker is obtainable in this environment; the wire protocol is the same).
 */
class RedpandaRoundTripIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(90);

    @Test
    void shippedAckAllFileRoundTripsThroughTheKafkaProtocol() throws Exception {
        LocalKafkaBroker broker = SharedLocalKafka.plaintextBroker();
        DriverProvider provider = ServiceLoader.load(DriverProvider.class).stream()
                .map(ServiceLoader.Provider::get)
                .filter(p -> p.id().equals("redpanda"))
                .findFirst()
                .orElseThrow();
        MessageLedger ledger = new MessageLedger(512);
        try (KafkaBenchmarkDriver driver = (KafkaBenchmarkDriver) provider.create()) {
            assertThat(driver).isInstanceOf(RedpandaBenchmarkDriver.class);
            driver.configure(SharedLocalKafka.shippedYamlFor("redpanda-ack-all.yaml", broker), "redpanda-ack-all.yaml");
            driver.initialize();
            String topic = TestNames.unique(driver.topicNamePrefix());
            driver.createTopics(List.of(new TopicSpec(topic, 8))).get(60, TimeUnit.SECONDS);
            String subscription = TestNames.unique("sub");
            BenchmarkConsumer first =
                    driver.createConsumer(topic, subscription, ledger).get();
            BenchmarkConsumer second =
                    driver.createConsumer(topic, subscription, ledger).get();
            SharedLocalKafka.awaitAssignment(List.of(first, second), 8, TIMEOUT);
            BenchmarkProducer producer = driver.createProducer(topic).get();

            ledger.send(producer, 0, 0, 4_000);
            ledger.await(() -> ledger.deliveries() >= 4_000, TIMEOUT, "deliveries");
            Thread.sleep(500);

            assertThat(ledger.sendErrors()).as(ledger.summary()).isZero();
            assertThat(ledger.deliveries()).as(ledger.summary()).isEqualTo(4_000);
            assertThat(ledger.distinctReceived()).isEqualTo(4_000);
            assertThat(ledger.damagedStamps()).isZero();
            assertThat(driver.describe()).containsEntry("redpanda.offsetCommitLingerMs", "5000");
            assertThat(driver.counters()).containsEntry("redpanda.consumerFailures", 0L);
        }
    }
}
