package io.openmessaging.benchmark.driver.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code requestsPerTransaction} (the Redpanda fork's transactional driver) against the real local Kafka
 * broker: every message is committed in a transaction of 10, consumers read committed messages only, and a
 * message's publish latency ends at its transaction's commit.
 */
class KafkaTransactionsIT {

    @TempDir
    Path dir;

    @Test
    void everyMessageIsCommittedInTransactionsOfTenAndAcknowledgedAtTheCommit() throws Exception {
        LocalKafkaBroker broker = SharedLocalKafka.plaintextBroker();
        Path driver = Files.writeString(dir.resolve("kafka-transactions.yaml"),
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
        long bucketed = counters.entrySet().stream().filter(e -> e.getKey().startsWith("kafka.transactionCommitMs.le."))
                .mapToLong(Map.Entry::getValue).sum();
        assertThat(bucketed).isEqualTo(committed);
        // a message waits for the rest of its transaction (about 40 ms for the first one) and the commit: the
        // median publish latency is far above a single produce request's on loopback (well under 5 ms)
        assertThat(result.aggregatedPublishLatency50pct).isGreaterThan(10.0);
        assertThat(result.aggregatedEndToEndLatency50pct).isGreaterThanOrEqualTo(result.aggregatedPublishLatency50pct * 0.9);
        assertThat(outcome.stdout()).contains("transactions");
    }
}
