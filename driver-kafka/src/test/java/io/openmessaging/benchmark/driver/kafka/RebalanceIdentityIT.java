package io.openmessaging.benchmark.driver.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.driver.SystemClock;
import io.openmessaging.benchmark.driver.TopicSpec;
import io.openmessaging.benchmark.measure.Counters;
import io.openmessaging.benchmark.measure.HistogramSpec;
import io.openmessaging.benchmark.measure.IdentityAccount;
import io.openmessaging.benchmark.measure.IdentityCounts;
import io.openmessaging.benchmark.measure.SequenceReport;
import io.openmessaging.benchmark.worker.ConsumerAssignment;
import io.openmessaging.benchmark.worker.LoadSpec;
import io.openmessaging.benchmark.worker.LocalWorker;
import io.openmessaging.benchmark.worker.ProducerAssignment;
import io.openmessaging.benchmark.workload.KeyDistributorType;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.junit.jupiter.api.Test;

/**
 * A consumer group rebalancing under load, against a real local Kafka broker: a second consumer joins the
 * subscription while the producer sends, the partitions move, and whatever the group hands out again is
 * counted by identity as a duplicate of a message already received; nothing acknowledged is lost. The
 * driver commits what it consumed when partitions are revoked, so a rebalance of live consumers hands out
 * nothing twice: the accounting shows that, message by message, instead of inferring it from counts.
 */
class RebalanceIdentityIT {

    private static final int PARTITIONS = 4;
    private static final double RATE_MSG_PER_SEC = 2000;

    @Test
    void aSecondConsumerJoiningMidRunIsARebalanceWhoseRedeliveriesAreDuplicates() throws Exception {
        LocalKafkaBroker broker = SharedLocalKafka.plaintextBroker();
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
                """.formatted(broker.bootstrapServers()), "rebalance.yaml");
        LocalWorker worker = new LocalWorker(SystemClock.INSTANCE, HistogramSpec.DEFAULT);
        try {
            worker.initializeDriver(driver);
            TopicSpec topic = worker.createTopics(1, PARTITIONS).get(0);
            ConsumerAssignment subscription = new ConsumerAssignment(topic.name(), "rebalance-" + worker.randomTag());
            worker.createConsumers(List.of(subscription));
            worker.createProducers(List.of(new ProducerAssignment(topic.name(), 0)));
            await("the probe", () -> {
                worker.sendProbes();
                return worker.probesReceived().getOrDefault(subscription.pairKey(), 0L) > 0;
            });

            worker.startLoad(
                    new LoadSpec(RATE_MSG_PER_SEC, List.of(new byte[256]), KeyDistributorType.NO_KEY, 100), 1000);
            Thread.sleep(3_000);
            worker.createConsumers(List.of(subscription)); // the group rebalances under load
            try (Admin admin = Admin.create(Map.of("bootstrap.servers", broker.bootstrapServers()))) {
                await("the partitions shared by two members of the group", () -> {
                    ConsumerGroupDescription group = admin.describeConsumerGroups(List.of(subscription.subscription()))
                            .all()
                            .get()
                            .get(subscription.subscription());
                    return group.members().size() == 2
                            && group.members().stream()
                                    .noneMatch(m ->
                                            m.assignment().topicPartitions().isEmpty());
                });
            }
            Thread.sleep(5_000);
            worker.stopLoad();
            await("every message's first delivery", () -> {
                Counters totals = worker.totals();
                return totals.sendsInFlight() == 0
                        && totals.messagesReceived() - totals.duplicatesReceived() >= totals.messagesAcked();
            });
            worker.closeBooks();

            Counters totals = worker.totals();
            SequenceReport report = worker.sequenceReport();
            IdentityCounts counts = IdentityAccount.total(IdentityAccount.count(
                    List.of(report),
                    Map.of(0, topic.name()),
                    List.of(new IdentityAccount.Key(topic.name(), subscription.subscription()))));

            assertThat(counts.lost()).isZero();
            assertThat(counts.receivedNotAcknowledged()).isZero();
            assertThat(counts.receivedUnique()).isEqualTo(totals.messagesAcked());
            assertThat(counts.duplicates())
                    .as("every delivery beyond the first is a duplicate")
                    .isEqualTo(totals.messagesReceived() - totals.messagesAcked())
                    .isEqualTo(totals.duplicatesReceived());
            System.out.printf(
                    Locale.ROOT,
                    "kafka rebalance: %,d acknowledged, %,d received: %s%n",
                    totals.messagesAcked(),
                    totals.messagesReceived(),
                    counts.describe());
        } finally {
            worker.close();
        }
    }

    private static void await(String what, Check check) throws Exception {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!check.done()) {
            assertThat(System.nanoTime() - deadline)
                    .as("waited 60 s for %s", what)
                    .isNegative();
            Thread.sleep(100);
        }
    }

    /** A condition that may throw, polled by {@link #await}. */
    @FunctionalInterface
    private interface Check {
        boolean done() throws Exception;
    }
}
