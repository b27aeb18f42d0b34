package io.openmessaging.benchmark.driver.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.TopicSpec;
import io.openmessaging.benchmark.testing.MessageLedger;
import io.openmessaging.benchmark.testing.TestNames;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Pausing with the client's own flow control: nothing is delivered while paused, the consumers keep
 * their group membership for longer than {@code max.poll.interval.ms}, and resume drains the backlog.
 */
class ConsumerPauseResumeIT {

    private static final long MAX_POLL_INTERVAL_MS = 6_000;
    private static final int PARTITIONS = 4;
    private static final int PAYLOAD_BYTES = 64;
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private static KafkaBenchmarkDriver driver(LocalKafkaBroker broker) throws Exception {
        KafkaBenchmarkDriver driver = new KafkaBenchmarkDriver();
        driver.configure("""
                replicationFactor: 1
                commonConfig: |
                  bootstrap.servers=%s
                producerConfig: |
                  acks=all
                  linger.ms=1
                consumerConfig: |
                  auto.offset.reset=earliest
                  max.poll.interval.ms=%d
                """.formatted(broker.bootstrapServers(), MAX_POLL_INTERVAL_MS), "pause-test.yaml");
        driver.initialize();
        return driver;
    }

    @Test
    void pausedConsumersKeepTheirMembershipAndDrainTheBacklogOnResume() throws Exception {
        LocalKafkaBroker broker = SharedLocalKafka.plaintextBroker();
        MessageLedger ledger = new MessageLedger(PAYLOAD_BYTES);
        try (KafkaBenchmarkDriver driver = driver(broker)) {
            String topic = TestNames.unique(driver.topicNamePrefix());
            driver.createTopics(List.of(new TopicSpec(topic, PARTITIONS))).get(60, TimeUnit.SECONDS);
            String subscription = TestNames.unique("sub");
            KafkaBenchmarkConsumer first = (KafkaBenchmarkConsumer)
                    driver.createConsumer(topic, subscription, ledger).get();
            KafkaBenchmarkConsumer second = (KafkaBenchmarkConsumer)
                    driver.createConsumer(topic, subscription, ledger).get();
            List<KafkaBenchmarkConsumer> consumers = List.of(first, second);
            SharedLocalKafka.awaitAssignment(consumers, PARTITIONS, TIMEOUT);
            BenchmarkProducer producer = driver.createProducer(topic).get();

            ledger.send(producer, 0, 0, 100);
            ledger.await(() -> ledger.deliveries() == 100, TIMEOUT, "warm-up deliveries");
            long revocationsBefore = first.revocationCount() + second.revocationCount();
            long assignmentsBefore = first.assignmentCount() + second.assignmentCount();

            for (BenchmarkConsumer consumer : consumers) {
                consumer.pause();
            }
            ledger.send(producer, 0, 100, 1_000);
            ledger.await(() -> ledger.acknowledged() == 1_100, TIMEOUT, "acknowledgements while paused");
            Thread.sleep(MAX_POLL_INTERVAL_MS + 3_000);

            assertThat(ledger.deliveries())
                    .as("deliveries while paused: " + ledger.summary())
                    .isEqualTo(100);
            assertThat(first.revocationCount() + second.revocationCount())
                    .as("revocations while paused (a consumer fell out of the group)")
                    .isEqualTo(revocationsBefore);
            assertThat(first.assignmentCount() + second.assignmentCount())
                    .as("rejoins while paused")
                    .isEqualTo(assignmentsBefore);
            assertThat(first.failure()).isEmpty();
            assertThat(second.failure()).isEmpty();

            for (BenchmarkConsumer consumer : consumers) {
                consumer.resume();
            }
            ledger.await(() -> ledger.deliveries() >= 1_100, TIMEOUT, "backlog drained after resume");
            Thread.sleep(500);
            assertThat(ledger.deliveries()).as(ledger.summary()).isEqualTo(1_100);
            assertThat(ledger.distinctReceived()).isEqualTo(1_100);
            assertThat(first.revocationCount() + second.revocationCount()).isEqualTo(revocationsBefore);
        }
    }

    @Test
    void partitionsAssignedWhilePausedArrivePaused() throws Exception {
        LocalKafkaBroker broker = SharedLocalKafka.plaintextBroker();
        MessageLedger pausedLedger = new MessageLedger(PAYLOAD_BYTES);
        MessageLedger activeLedger = new MessageLedger(PAYLOAD_BYTES);
        try (KafkaBenchmarkDriver driver = driver(broker)) {
            String topic = TestNames.unique(driver.topicNamePrefix());
            driver.createTopics(List.of(new TopicSpec(topic, PARTITIONS))).get(60, TimeUnit.SECONDS);
            String subscription = TestNames.unique("sub");
            KafkaBenchmarkConsumer paused = (KafkaBenchmarkConsumer)
                    driver.createConsumer(topic, subscription, pausedLedger).get();
            SharedLocalKafka.awaitAssignment(List.of(paused), PARTITIONS, TIMEOUT);
            paused.pause();
            long assignmentsBefore = paused.assignmentCount();

            KafkaBenchmarkConsumer active = (KafkaBenchmarkConsumer)
                    driver.createConsumer(topic, subscription, activeLedger).get();
            SharedLocalKafka.awaitAssignment(List.of(paused, active), PARTITIONS, TIMEOUT);
            assertThat(paused.assignmentCount())
                    .as("the paused consumer took part in a rebalance")
                    .isGreaterThan(assignmentsBefore);

            BenchmarkProducer producer = driver.createProducer(topic).get();
            activeLedger.send(producer, 0, 0, 2_000);
            activeLedger.await(() -> activeLedger.acknowledged() == 2_000, TIMEOUT, "acknowledgements");
            activeLedger.await(() -> activeLedger.deliveries() > 0, TIMEOUT, "deliveries to the active consumer");
            Thread.sleep(2_000);
            assertThat(pausedLedger.deliveries())
                    .as("deliveries to the paused consumer")
                    .isZero();
            long activeShare = activeLedger.deliveries();
            assertThat(activeShare).isLessThan(2_000);

            paused.resume();
            activeLedger.await(
                    () -> activeShare + pausedLedger.deliveries() == 2_000,
                    TIMEOUT,
                    "the paused consumer's share after resume (" + pausedLedger.summary() + ")");
        }
    }
}
