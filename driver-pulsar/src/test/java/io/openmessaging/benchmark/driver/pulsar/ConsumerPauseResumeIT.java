package io.openmessaging.benchmark.driver.pulsar;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.TopicSpec;
import io.openmessaging.benchmark.testing.TestNames;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.pulsar.client.admin.PulsarAdmin;
import org.apache.pulsar.common.policies.data.PartitionedTopicStats;
import org.junit.jupiter.api.Test;

/**
 * Pausing with the client's own {@code Consumer.pause()}: while paused, at most the messages the broker
 * had already been allowed to send arrive, a backlog builds on the broker, and resume drains it, every
 * message exactly once.
 */
class ConsumerPauseResumeIT {

    private static final int PARTITIONS = 4;
    private static final int RECEIVER_QUEUE_SIZE = 20;
    private static final int BACKLOG_MESSAGES = 2_000;
    private static final int PAYLOAD_BYTES = 64;
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    @Test
    void aPausedConsumerLeavesABacklogOnTheBrokerThatResumeDrains() throws Exception {
        LocalPulsarStandalone pulsar = SharedLocalPulsar.standalone();
        DeliveryLedger ledger = new DeliveryLedger();
        try (PulsarBenchmarkDriver driver = new PulsarBenchmarkDriver();
                PulsarAdmin admin =
                        PulsarAdmin.builder().serviceHttpUrl(pulsar.httpUrl()).build()) {
            driver.configure(
                    """
                    client:
                      serviceUrl: %s
                      httpUrl: %s
                      persistence: {ensembleSize: 1, writeQuorum: 1, ackQuorum: 1}
                    producer:
                      batchingEnabled: false
                    consumer:
                      receiverQueueSize: %d
                    """.formatted(pulsar.serviceUrl(), pulsar.httpUrl(), RECEIVER_QUEUE_SIZE), "pause-test.yaml");
            driver.initialize();
            String topic = TestNames.unique(driver.topicNamePrefix());
            driver.createTopics(List.of(new TopicSpec(topic, PARTITIONS))).get(60, TimeUnit.SECONDS);
            String subscription = TestNames.unique("sub");
            PulsarBenchmarkConsumer consumer = (PulsarBenchmarkConsumer)
                    driver.createConsumer(topic, subscription, ledger).get(60, TimeUnit.SECONDS);
            assertThat(consumer.partitionConsumers()).hasSize(PARTITIONS);
            BenchmarkProducer producer = driver.createProducer(topic).get(60, TimeUnit.SECONDS);

            ledger.send(producer, 0, 100, PAYLOAD_BYTES);
            ledger.await(() -> ledger.deliveries() == 100, TIMEOUT, "deliveries before the pause");

            consumer.pause();
            ledger.send(producer, 100, BACKLOG_MESSAGES, PAYLOAD_BYTES);
            ledger.await(
                    () -> ledger.acknowledged() == 100 + BACKLOG_MESSAGES, TIMEOUT, "acknowledgements while paused");
            Thread.sleep(2_000);

            long deliveredWhilePaused = ledger.deliveries() - 100;
            assertThat(deliveredWhilePaused)
                    .as("deliveries while paused (at most the granted permits): " + ledger.summary())
                    .isLessThanOrEqualTo((long) PARTITIONS * RECEIVER_QUEUE_SIZE);
            PartitionedTopicStats stats = admin.topics().getPartitionedStats(topic, false);
            long backlog = stats.getSubscriptions().get(subscription).getMsgBacklog();
            assertThat(backlog)
                    .as("backlog on the broker while paused")
                    .isGreaterThanOrEqualTo(BACKLOG_MESSAGES - deliveredWhilePaused);

            consumer.resume();
            ledger.await(() -> ledger.deliveries() >= 100 + BACKLOG_MESSAGES, TIMEOUT, "backlog drained after resume");
            Thread.sleep(500); // a late duplicate would show up here
            assertThat(ledger.deliveries()).as(ledger.summary()).isEqualTo(100 + BACKLOG_MESSAGES);
            assertThat(ledger.distinct()).isEqualTo(100 + BACKLOG_MESSAGES);
            assertThat(ledger.duplicates()).isZero();
            assertThat(ledger.unstamped()).isZero();
            assertThat(ledger.sendErrors()).isZero();
            assertThat(ledger.consumerFailure()).isNull();
            assertThat(driver.counters())
                    .containsEntry("pulsar.ackFailures", 0L)
                    .containsEntry("pulsar.malformedStamps", 0L)
                    .containsEntry("pulsar.consumerFailures", 0L);
        }
    }
}
