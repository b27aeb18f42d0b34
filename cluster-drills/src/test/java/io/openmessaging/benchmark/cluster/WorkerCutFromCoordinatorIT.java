package io.openmessaging.benchmark.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * worker-1 cut off from the coordinator mid-run (its packets dropped both ways, no reset: a real network
 * cut). The coordinator fails the run naming worker-1 once it has not answered for 10 s
 * (docs/distributed.md#failures), stops the other worker and writes the partial result.
 */
class WorkerCutFromCoordinatorIT {
    /** The documented limit (a worker that does not answer for 10 s fails the run) and the stop after it. */
    private static final long LIMIT_SECONDS = 10;

    private static final long STOP_MARGIN_SECONDS = 15;

    @TempDir
    Path dir;

    @Test
    void theRunFailsNamingTheWorkerWithinTheLimitAndTheOtherWorkerIsStopped() throws Exception {
        LocalCluster cluster = LocalCluster.shared();
        cluster.reset();
        Path workload = BenchmarkRuns.workload(dir, "worker-cut-from-coordinator", 4, 1, 1, 500, "2s", "60s", 1000);
        LocalCluster.OnLine cut =
                new LocalCluster.OnLine("measured 2 ", () -> cluster.cluster("partition", "coordinator", "worker-1"));

        LocalCluster.Run run;
        try {
            run = cluster.benchmark(dir, workload, cut, "--worker-lease-seconds", "5");
        } finally {
            cluster.cluster("heal", "coordinator", "worker-1");
        }

        long cutToEndSeconds = TimeUnit.NANOSECONDS.toSeconds(run.endedNanos() - cut.firedNanos());
        assertThat(run.exitCode()).as(run.output()).isEqualTo(1);
        assertThat(cutToEndSeconds)
                .as("seconds from the cut to the coordinator's exit")
                .isBetween(LIMIT_SECONDS - 1, LIMIT_SECONDS + STOP_MARGIN_SECONDS);
        TestResult result = run.result();
        assertThat(result).as("the partial result file").isNotNull();
        assertThat(result.complete).isFalse();
        assertThat(result.failureReason).contains(cluster.workerUrl(1));
        assertThat(cluster.workerHealth(2)).as("worker-2 after the run").contains("\"state\":\"idle\"");
        System.out.printf(
                "worker cut from the coordinator: run ended %d s after the cut: %s%n",
                cutToEndSeconds, result.failureReason);
    }
}
