package io.openmessaging.benchmark.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.cli.Benchmark;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import io.openmessaging.benchmark.testing.WorkerProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A worker killed in the measured phase fails the run, and the result's counts lack what it did after its
 * last answered poll: the summary marks them PARTIAL and the result names the worker in {@code
 * countsPartial}. Before, "29,473 acknowledged, 19,420 received" after a consumer's worker was cut off read as
 * 10,053 messages lost (issue 56).
 */
class LeftOutWorkerRunIT {

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
    void aKilledWorkersCountsAreMarkedPartialInTheSummaryAndTheResult() throws Exception {
        workers.add(WorkerProcess.start());
        workers.add(WorkerProcess.start());
        String killed = workers.get(1).url();
        Path driver = Files.writeString(dir.resolve("loopback.yaml"), "name: Loopback\ndriver: loopback\n");
        Path workload = BenchmarkRuns.workload(dir, "left-out", 2, 2, 2, 2000, "1s", "5m", 1000);
        CountDownLatch measuring = new CountDownLatch(1);
        Thread killer = new Thread(() -> {
            try {
                if (measuring.await(120, TimeUnit.SECONDS)) {
                    workers.get(1).kill();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        killer.start();

        BenchmarkRuns.Outcome outcome = BenchmarkRuns.run(
                dir,
                line -> {
                    if (line.contains("measured 2")) {
                        measuring.countDown();
                    }
                },
                "-d",
                driver.toString(),
                "--topology",
                "SWARM",
                "-w",
                workers.get(0).url() + "," + killed,
                workload.toString());
        killer.join();

        assertThat(outcome.exitCode()).as(outcome.stderr()).isEqualTo(Benchmark.EXIT_FAILED);
        TestResult result = outcome.result();
        assertThat(result.complete).isFalse();
        assertThat(result.countsPartial).singleElement().satisfies(worker -> {
            assertThat(worker.worker).isEqualTo(killed);
            assertThat(worker.lastAnswerEpochMillis).isPositive();
            assertThat(worker.lastAnswerTime).isNotBlank();
        });
        assertThat(outcome.stdout())
                .contains("  PARTIAL     these counts miss what worker " + killed + " did after its last poll at "
                        + result.countsPartial.get(0).lastAnswerTime
                        + " UTC: acknowledged − received is not loss");
    }
}
