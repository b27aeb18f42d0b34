package io.openmessaging.benchmark.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The broker cut off from both workers for 3 s mid-run, then healed: TCP carries the connections over
 * the gap, the run completes, and the 3 s are in the response times' tail.
 */
class BrokerPartitionHealIT {
    private static final long OUTAGE_MILLIS = 3000;

    @TempDir
    Path dir;

    @Test
    void threeSecondsOfPartitionShowInP999AndTheRunCompletes() throws Exception {
        LocalCluster cluster = LocalCluster.shared();
        cluster.reset();
        Path workload = BenchmarkRuns.workload(dir, "broker-partition-heal", 4, 1, 1, 1000, "2s", "10s", 1000);
        LocalCluster.OnLine outage = new LocalCluster.OnLine("measured 2 ", () -> {
            cluster.cluster("partition", "broker", "worker-1");
            cluster.cluster("partition", "broker", "worker-2");
            try {
                Thread.sleep(OUTAGE_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            cluster.cluster("heal", "broker", "worker-1");
            cluster.cluster("heal", "broker", "worker-2");
        });

        LocalCluster.Run run;
        try {
            run = cluster.benchmark(dir, workload, outage);
        } finally {
            cluster.cluster("heal", "--all");
        }
        outage.firedNanos();

        assertThat(run.exitCode()).as(run.output()).isZero();
        TestResult result = run.result();
        assertThat(result.complete).isTrue();
        assertThat(result.totalSendErrors).isZero();
        assertThat(result.totalMessagesReceived).isEqualTo(result.totalMessagesSent);
        // the messages due as the cut began waited the 3 s, less the few ms the first partition command took
        assertThat(result.aggregatedPublishResponseTime999pct)
                .as("publish response time p99.9, ms")
                .isGreaterThanOrEqualTo(OUTAGE_MILLIS - 100.0);
        assertThat(result.aggregatedEndToEndResponseTime999pct)
                .as("end-to-end response time p99.9, ms")
                .isGreaterThanOrEqualTo(OUTAGE_MILLIS - 100.0);
        System.out.printf(
                "broker partitioned 3 s then healed: publish response time p50 %.3f / p99.9 %.0f / max %.0f ms%n",
                result.aggregatedPublishResponseTime50pct,
                result.aggregatedPublishResponseTime999pct,
                result.aggregatedPublishResponseTimeMax);
    }
}
