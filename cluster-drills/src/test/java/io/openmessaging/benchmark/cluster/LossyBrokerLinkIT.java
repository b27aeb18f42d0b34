package io.openmessaging.benchmark.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * 0.5 % of the packets on the broker's link dropped each way (nftables in the broker's namespace): TCP
 * retransmits, Kafka loses nothing, and the retransmits are in the tails.
 */
class LossyBrokerLinkIT {
    @TempDir
    Path dir;

    @Test
    void halfAPercentLossLosesNoMessageAndTheRetransmitsAreInTheTails() throws Exception {
        LocalCluster cluster = LocalCluster.shared();
        cluster.reset();
        Map<String, Long> topicsBefore = cluster.brokerEndOffsets();
        long retransmitsBefore = cluster.tcpRetransmits(LocalCluster.BROKER);
        cluster.cluster("loss", "broker", "0.5%");
        Path workload = BenchmarkRuns.workload(dir, "lossy-broker-link", 4, 1, 1, 1000, "2s", "8s", 1000);

        LocalCluster.Run run = cluster.benchmark(dir, workload, line -> {});
        cluster.cluster("loss", "broker", "0%");

        assertThat(run.exitCode()).as(run.output()).isZero();
        TestResult result = run.result();
        assertThat(result.complete).isTrue();
        assertThat(result.totalSendErrors).isZero();
        assertThat(result.totalMessagesNotSent).isZero();
        assertThat(result.totalMessagesUnackedAtEnd).isZero();
        assertThat(result.totalMessagesSent).isEqualTo(result.totalMessagesDue);
        assertThat(result.totalMessagesReceived).isEqualTo(result.totalMessagesSent);
        Map<String, Long> topics = cluster.brokerEndOffsets();
        topicsBefore.keySet().forEach(topics::remove);
        assertThat(topics).as("the run's topic").hasSize(1);
        long atBroker = topics.values().iterator().next();
        assertThat(atBroker).as("messages the broker holds").isGreaterThanOrEqualTo(result.totalMessagesSent);
        long retransmits = cluster.tcpRetransmits(LocalCluster.BROKER) - retransmitsBefore;
        assertThat(retransmits)
                .as("TCP segments the broker's namespace retransmitted")
                .isPositive();
        // a lost segment waits for a loss probe or the retransmission timer: at least 10 ms in Linux
        assertThat(result.aggregatedPublishResponseTime999pct)
                .as("publish response time p99.9, ms")
                .isGreaterThanOrEqualTo(10.0);
        System.out.printf(
                "loss 0.5%%: %d retransmitted segments at the broker, %d messages at the broker, %d acknowledged,"
                        + " publish response time p50 %.3f / p99.9 %.3f ms%n",
                retransmits,
                atBroker,
                result.totalMessagesSent,
                result.aggregatedPublishResponseTime50pct,
                result.aggregatedPublishResponseTime999pct);
    }
}
