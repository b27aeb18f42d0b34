package io.openmessaging.benchmark.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * worker-1, the producing worker (SPLIT: the first half of the workers produce), cut off from the broker
 * mid-run and never healed within the run: its sends stall, the stall limit fails the run with that
 * reason, and every message that came due is accounted for, the outage in the response times.
 */
class WorkerCutFromBrokerIT {
    private static final int STALL_SECONDS = 5;

    @TempDir
    Path dir;

    @Test
    void theOutageIsInTheResponseTimesEveryDueMessageIsAccountedForAndTheRunFails() throws Exception {
        LocalCluster cluster = LocalCluster.shared();
        cluster.reset();
        Path workload = BenchmarkRuns.workload(dir, "worker-cut-from-broker", 4, 1, 1, 500, "2s", "60s", 1000);
        LocalCluster.OnLine cut =
                new LocalCluster.OnLine("measured 2 ", () -> cluster.cluster("partition", "worker-1", "broker"));

        LocalCluster.Run run;
        try {
            run = cluster.benchmark(
                    dir,
                    workload,
                    cut,
                    "--stall-timeout-seconds",
                    String.valueOf(STALL_SECONDS),
                    "--topology",
                    "SPLIT");
        } finally {
            cluster.cluster("heal", "worker-1", "broker");
        }

        assertThat(run.exitCode()).as(run.output()).isEqualTo(1);
        TestResult result = run.result();
        assertThat(result.complete).isFalse();
        assertThat(result.failureReason).contains("no send completed or failed for " + STALL_SECONDS + " s");
        assertThat(result.totalMessagesDue)
                .as("due = acknowledged + failed + never sent + unacknowledged at the end")
                .isEqualTo(result.totalMessagesSent
                        + result.totalSendErrors
                        + result.totalMessagesNotSent
                        + result.totalMessagesUnackedAtEnd);
        assertThat(result.totalMessagesNotSent + result.totalMessagesUnackedAtEnd)
                .as("messages the cut held back")
                .isPositive();
        assertThat(result.aggregatedPublishResponseTimeMax)
                .as("publish response time max, ms: the outage")
                .isGreaterThanOrEqualTo(STALL_SECONDS * 1000.0);
        System.out.printf(
                "worker cut from the broker: %s; due %d, acknowledged %d, never sent %d, unacknowledged %d,"
                        + " publish response time max %.0f ms%n",
                result.failureReason,
                result.totalMessagesDue,
                result.totalMessagesSent,
                result.totalMessagesNotSent,
                result.totalMessagesUnackedAtEnd,
                result.aggregatedPublishResponseTimeMax);
    }
}
