package io.openmessaging.benchmark.coordinator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import io.openmessaging.benchmark.testing.WorkerProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two worker processes, one producer at a steady 1,000 msg/s, and the worker without it stopped
 * (SIGSTOP) for 5 s in the measured phase: when it wakes, its sampler cuts one long period and then
 * several empty ones at once. The coordinator merges the workers' periods by time, so every measured
 * period still reads 1,000 msg/s; merged by index they read 329, 2,002, 1,998, 2,006, 1,994, 1,046 (issue
 * 56).
 */
class StalledWorkerRunIT {

    private static final Pattern SENDING = Pattern.compile("(?m)^omb_messages_sent_total\\{[^}]*} [1-9]");

    @TempDir
    Path dir;

    private final List<WorkerProcess> workers = new ArrayList<>();

    @AfterEach
    void stopWorkers() throws Exception {
        for (WorkerProcess worker : workers) {
            worker.resume();
            worker.close();
        }
    }

    @Test
    void aWorkerStoppedForFiveSecondsLeavesEveryMeasuredPeriodAtTheProducersRate() throws Exception {
        workers.add(WorkerProcess.start());
        workers.add(WorkerProcess.start());
        Path driver = Files.writeString(dir.resolve("loopback.yaml"), "name: Loopback\ndriver: loopback\n");
        Path workload = BenchmarkRuns.workload(dir, "stalled", 1, 1, 1, 1000, "2s", "12s", 1000);
        CountDownLatch measuring = new CountDownLatch(1);
        AtomicReference<String> stall = new AtomicReference<>("not stalled");
        Thread staller = new Thread(() -> {
            try {
                if (!measuring.await(120, TimeUnit.SECONDS)) {
                    return;
                }
                WorkerProcess idle = SENDING.matcher(workers.get(0).metrics()).find() ? workers.get(1) : workers.get(0);
                idle.pause();
                stall.set("stalled worker " + workers.indexOf(idle));
                Thread.sleep(5_000);
                idle.resume();
            } catch (Exception e) {
                stall.set("stall failed: " + e);
            }
        });
        staller.start();

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
                workers.get(0).url() + "," + workers.get(1).url(),
                workload.toString());
        staller.join();

        assertThat(stall.get()).startsWith("stalled worker");
        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        TestResult result = outcome.result();
        assertThat(result.totalMessagesReceived).isEqualTo(result.totalMessagesSent);
        assertThat(result.publishRate)
                .as("publish rate per period, msg/s (%s)", stall.get())
                .hasSize(12)
                .allSatisfy(rate -> assertThat(rate).isCloseTo(1000.0, within(150.0)));
    }
}
