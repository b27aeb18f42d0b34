package io.openmessaging.benchmark.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * 0.5 % of the packets on the broker's link dropped each way (nftables in the broker's namespace, counted by its
 * rules): Kafka loses nothing, and the waits the losses cost are in the response times.
 *
 * <p>Which tail shows them: a produce request usually has others behind it, so a lost one is resent after
 * a few milliseconds; the consumer's fetch requests and small answers travel alone, and a lone lost segment
 * waits out Linux's loss probe timer, which then includes TCP's minimum retransmission timeout (200 ms).
 * Measured on the 2-core machine, 10 runs of this workload with this loss: end-to-end max 210-414 ms in
 * every one, publish response p99.9 4.6-13.6 ms in nine (205 ms in the tenth); 5 runs without loss, each
 * after a cluster's first two: end-to-end max 11-30 ms, publish response p99.9 8.9-23 ms. So the bar is on the end-to-end max, at three quarters of that timeout. (The first two runs
 * on a new cluster read up to 235 ms without any loss; a drill that comes first may pass that bar on its
 * own, which is why the dropped packets are asserted too.)
 */
class LossyBrokerLinkIT {
    /** Below TCP's 200 ms minimum retransmission timeout by the 1 ms between messages and a wide margin. */
    private static final double PROBE_WAIT_MILLIS = 150.0;

    @TempDir
    Path dir;

    @Test
    void halfAPercentLossLosesNoMessageAndTheRetransmitWaitsShowInTheEndToEndTail() throws Exception {
        LocalCluster cluster = LocalCluster.shared();
        cluster.reset();
        Map<String, Long> topicsBefore = cluster.brokerEndOffsets();
        long retransmitsBefore = cluster.tcpRetransmits(LocalCluster.BROKER);
        cluster.cluster("loss", "broker", "0.5%");
        Path workload = BenchmarkRuns.workload(dir, "lossy-broker-link", 4, 1, 1, 1000, "2s", "8s", 1000);

        LocalCluster.Run run = cluster.benchmark(dir, workload, line -> {});
        LocalCluster.Loss loss = cluster.loss("broker");
        cluster.cluster("loss", "broker", "0%");

        assertThat(loss.percentEachWay()).as("the loss on the broker's link").isEqualTo(0.5);
        assertThat(loss.droppedIn())
                .as("packets dropped coming in to the broker")
                .isPositive();
        assertThat(loss.droppedOut())
                .as("packets dropped going out of the broker")
                .isPositive();
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
        assertThat(result.aggregatedEndToEndResponseTimeMax)
                .as("end-to-end response time max, ms: a lone lost segment waits out the loss probe timer")
                .isGreaterThanOrEqualTo(PROBE_WAIT_MILLIS);
        long retransmits = cluster.tcpRetransmits(LocalCluster.BROKER) - retransmitsBefore;
        System.out.printf(
                "loss 0.5%%: %d packets dropped in and %d out at the broker, %d segments it retransmitted,"
                        + " %d messages at the broker, %d acknowledged; publish response time p50 %.3f / p99.9 %.3f"
                        + " / max %.3f ms, end-to-end response time p99.9 %.3f / max %.3f ms%n",
                loss.droppedIn(),
                loss.droppedOut(),
                retransmits,
                atBroker,
                result.totalMessagesSent,
                result.aggregatedPublishResponseTime50pct,
                result.aggregatedPublishResponseTime999pct,
                result.aggregatedPublishResponseTimeMax,
                result.aggregatedEndToEndResponseTime999pct,
                result.aggregatedEndToEndResponseTimeMax);
    }
}
