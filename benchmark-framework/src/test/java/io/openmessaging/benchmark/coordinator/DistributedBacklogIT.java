package io.openmessaging.benchmark.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.result.BacklogSummary;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import io.openmessaging.benchmark.testing.WorkerProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A backlog build and drain across two worker processes over HTTP ({@code /v1/consumers/pause} and
 * {@code /resume}), loopback driver, swarm topology: the backlog is summed over the workers.
 */
class DistributedBacklogIT {

    @TempDir
    Path dir;

    private final List<WorkerProcess> workers = new ArrayList<>();

    @AfterEach
    void stopWorkers() throws InterruptedException {
        for (WorkerProcess worker : workers) {
            worker.close();
        }
    }

    @Test
    void consumersOnEveryWorkerPauseAndResumeOverHttp() throws Exception {
        List<String> urls = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            WorkerProcess worker = WorkerProcess.start();
            workers.add(worker);
            urls.add(worker.url());
        }
        Path driver = Files.writeString(dir.resolve("loopback.yaml"), "name: Loopback\ndriver: loopback\n");
        // 2 workers × 1 producer, 2,000 msg/s in total × 1 KiB: the 4 MiB backlog takes about 2 s
        Path workload = Files.writeString(dir.resolve("distributed-backlog.yaml"), """
                name: distributed-backlog
                topics: 1
                partitionsPerTopic: 4
                messageSize: 1024
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 2
                producerRate: 2000
                consumerBacklogSizeGB: 0.00390625
                warmupDuration: 2s
                testDuration: 2s
                sampleRateMillis: 1000
                """);

        BenchmarkRuns.Outcome outcome = BenchmarkRuns.run(
                dir, "-d", driver.toString(), "--topology", "SWARM", "-w", String.join(",", urls), workload.toString());

        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        TestResult result = outcome.result();
        assertThat(result.complete).isTrue();
        assertThat(result.runMode).isEqualTo("backlog");
        BacklogSummary backlog = result.backlogPhases;
        assertThat(backlog.buildComplete).isTrue();
        assertThat(backlog.builtMessages).isGreaterThanOrEqualTo(4096L);
        assertThat(backlog.buildDurationSeconds).isGreaterThan(1.0);
        assertThat(backlog.receivedWhilePausedMessages).isLessThan(10L);
        assertThat(backlog.drainComplete).isTrue();
        assertThat(backlog.drainDurationSeconds).isPositive();
        assertThat(backlog.drainMessagesReceived).isGreaterThanOrEqualTo(backlog.drainedMessages);
        assertThat(result.totalMessagesReceived).isEqualTo(result.totalMessagesSent);
        for (WorkerProcess worker : workers) {
            assertThat(worker.get("/v1/health", null)).contains("\"state\":\"idle\"");
        }
    }
}
