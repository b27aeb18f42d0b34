package io.openmessaging.benchmark.driver.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.TopicSpec;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import io.openmessaging.benchmark.testing.MessageLedger;
import io.openmessaging.benchmark.testing.TestNames;
import io.openmessaging.benchmark.workload.DriverAssignments;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code requestsPerTransaction} (the Redpanda fork's transactional driver) against the real local Kafka
 * broker: every message is committed in a transaction of 10, consumers read committed messages only, and a
 * message's publish latency ends at its transaction's commit; a transaction the broker cannot commit is
 * aborted, counted, and none of its messages is read.
 */
class KafkaTransactionsIT {

    @TempDir
    Path dir;

    @Test
    void everyMessageIsCommittedInTransactionsOfTenAndAcknowledgedAtTheCommit() throws Exception {
        LocalKafkaBroker broker = SharedLocalKafka.plaintextBroker();
        Path driver = Files.writeString(
                dir.resolve("kafka-transactions.yaml"),
                SharedLocalKafka.shippedYamlFor("kafka-local.yaml", broker) + "\nrequestsPerTransaction: 10\n");
        // 2 producers at 250 msg/s each: a transaction of 10 stays open about 40 ms
        Path workload = BenchmarkRuns.workload(dir, "transactions", 4, 2, 1, 500, "2s", "10s", 2000);

        BenchmarkRuns.Outcome outcome = BenchmarkRuns.run(dir, "-d", driver.toString(), workload.toString());

        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        TestResult result = outcome.result();
        assertThat(result.complete).isTrue();
        assertThat(result.totalSendErrors).isZero();
        assertThat(result.totalMessagesSent).isEqualTo(result.totalMessagesDue).isGreaterThan(5000L);
        assertThat(result.totalMessagesReceived).isEqualTo(result.totalMessagesSent);

        Map<String, Long> counters = result.metadata.driverCounters;
        long committed = counters.get("kafka.transactionsCommitted");
        assertThat(counters).containsEntry("kafka.transactionsAborted", 0L);
        // full transactions of 10, plus partial ones the timer commits: each producer's readiness probe (sent
        // before the load) and its last messages at the end; a few more if a probe is sent again
        assertThat(committed).isBetween(result.totalMessagesSent / 10, result.totalMessagesSent / 10 + 8);
        long bucketed = counters.entrySet().stream()
                .filter(e -> e.getKey().startsWith("kafka.transactionCommitMs.le."))
                .mapToLong(Map.Entry::getValue)
                .sum();
        assertThat(bucketed).isEqualTo(committed);
        // a message waits for the rest of its transaction (about 40 ms for the first one) and the commit: the
        // median publish latency is far above a single produce request's on loopback (well under 5 ms)
        assertThat(result.aggregatedPublishLatency50pct).isGreaterThan(10.0);
        assertThat(result.aggregatedEndToEndLatency50pct)
                .isGreaterThanOrEqualTo(result.aggregatedPublishLatency50pct * 0.9);
        assertThat(outcome.stdout()).contains("transactions");
    }

    @Test
    void aTransactionWithARecordTheBrokerRefusesIsAbortedAndReadersNeverSeeItsMessages() throws Exception {
        LocalKafkaBroker broker = SharedLocalKafka.plaintextBroker();
        String yaml = DriverAssignments.apply(
                SharedLocalKafka.shippedYamlFor("kafka-local.yaml", broker),
                "kafka-local.yaml",
                List.of("driver.requestsPerTransaction=3", "driver.topicConfig.max.message.bytes=4096"));
        MessageLedger ledger = new MessageLedger(100);
        try (KafkaBenchmarkDriver driver = new KafkaBenchmarkDriver()) {
            driver.configure(yaml, "kafka-local.yaml with transactions");
            driver.initialize();
            String topic = TestNames.unique(driver.topicNamePrefix());
            driver.createTopics(List.of(new TopicSpec(topic, 1))).get(60, TimeUnit.SECONDS);
            BenchmarkConsumer consumer = driver.createConsumer(topic, TestNames.unique("sub"), ledger)
                    .get();
            SharedLocalKafka.awaitAssignment(List.of(consumer), 1, Duration.ofSeconds(90));
            BenchmarkProducer producer = driver.createProducer(topic).get();

            // a transaction of two small messages and one above the topic's max.message.bytes: the broker
            // refuses that record, so the commit fails and the transaction is aborted, all three messages failed
            ledger.send(producer, 0, 0, 2);
            AtomicReference<Throwable> bigOne = new AtomicReference<>();
            CountDownLatch bigDone = new CountDownLatch(1);
            producer.sendAsync("big", new byte[10_000], 2, 2, 0, 0, (intended, sent, id, sequenceNumber, error) -> {
                bigOne.set(error);
                bigDone.countDown();
            });
            assertThat(bigDone.await(60, TimeUnit.SECONDS)).isTrue();
            assertThat(bigOne.get()).isNotNull();
            ledger.await(() -> ledger.sendErrors() == 2, Duration.ofSeconds(60), "the small messages' failures");
            // the producer goes on: the next transaction commits
            ledger.send(producer, 0, 10, 3);
            ledger.await(() -> ledger.acknowledged() == 3, Duration.ofSeconds(60), "the next transaction's commit");
            ledger.await(() -> ledger.deliveries() >= 3, Duration.ofSeconds(60), "deliveries");
            Thread.sleep(1_000); // an aborted message a read_committed consumer wrongly saw would show up here

            assertThat(ledger.deliveries()).as(ledger.summary()).isEqualTo(3);
            assertThat(ledger.received(0, 10) && ledger.received(0, 11) && ledger.received(0, 12))
                    .isTrue();
            assertThat(ledger.received(0, 0) || ledger.received(0, 1)).isFalse();
            assertThat(driver.counters())
                    .containsEntry("kafka.transactionsAborted", 1L)
                    .containsEntry("kafka.transactionsCommitted", 1L);
        }
    }
}
