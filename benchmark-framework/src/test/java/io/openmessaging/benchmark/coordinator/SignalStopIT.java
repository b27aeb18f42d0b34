package io.openmessaging.benchmark.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SIGTERM (what Ctrl-C's SIGINT also triggers) on a running {@code bin/benchmark} process. */
class SignalStopIT {

    @TempDir
    Path dir;

    @Test
    void sigtermStopsTheRunAndWritesAnIncompleteResult() throws Exception {
        Path driver = Files.writeString(dir.resolve("loopback.yaml"), "name: Loopback\ndriver: loopback\n");
        Path workload = BenchmarkRuns.workload(dir, "endless", 4, 1, 1, 1000, "1s", "10m", 1000);
        Path log = dir.resolve("run.log");
        Process run = BenchmarkRuns.startBenchmark(
                log,
                List.of(),
                "-d",
                driver.toString(),
                "--output-dir",
                dir.resolve("results").toString(),
                workload.toString());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.readString(log).contains("measured 2") && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertThat(Files.readString(log)).contains("measured 2");

        run.destroy(); // SIGTERM
        assertThat(run.waitFor(30, TimeUnit.SECONDS)).as(Files.readString(log)).isTrue();

        assertThat(run.exitValue()).isEqualTo(128 + 15); // the JVM ends with the signal's code once hooks ran
        assertThat(Files.readString(log)).contains("Result written to").contains("interrupted by a signal");
        try (Stream<Path> files = Files.list(dir.resolve("results"))) {
            List<Path> json = files.filter(p -> p.toString().endsWith(".json")).toList();
            assertThat(json).hasSize(1);
            TestResult result = ResultFiles.read(json.get(0));
            assertThat(result.complete).isFalse();
            assertThat(result.failureReason).contains("interrupted");
            assertThat(result.publishRate).hasSizeGreaterThanOrEqualTo(2);
            assertThat(result.totalMessagesSent).isPositive();
        }
    }
}
