package io.openmessaging.benchmark.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.cli.Benchmark;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import io.openmessaging.benchmark.testing.FullDisk;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The drill against a real full file system: a short loopback run through {@code bin/benchmark}'s main
 * whose output directory is a small tmpfs left with a few KiB free ({@link FullDisk}). Mounting needs root
 * (as the tests run in CI); without it the test is skipped and says why.
 */
class FullDiskRunIT {

    @TempDir
    Path dir;

    @Test
    void aFullDiskFailsTheRunLeavesNothingOnTheDiskAndSavesTheResultAndItsLogsInTheFallback() throws Exception {
        try (FullDisk disk = FullDisk.mount(dir)) {
            Path results = disk.results();
            disk.fill();
            Path driver = Files.writeString(dir.resolve("loopback.yaml"), "name: Loopback\ndriver: loopback\n");
            Path workload = BenchmarkRuns.workload(dir, "full-disk", 1, 1, 1, 1000, "0s", "2s", 500);

            FullDisk.Run run = disk.run(driver, workload);

            TestResult result = run.result();
            assertThat(run.exitCode()).as(run.printed() + run.errors()).isEqualTo(Benchmark.EXIT_FAILED);
            assertThat(run.printed())
                    .contains("=== full-disk on Loopback: FAILED: result not written to " + results)
                    .contains("No space left on device")
                    .doesNotContain(": complete");
            assertThat(run.errors()).contains("error: could not write the result to " + results + ": ");
            assertThat(result.complete).isFalse();
            assertThat(result.failureReason).endsWith("; written to " + run.saved() + " instead");
            assertThat(result.totalMessagesReceived).isPositive();
            assertThat(result.hlogFiles).hasSize(5);
            result.hlogFiles
                    .values()
                    .forEach(
                            name -> assertThat(run.saved().resolveSibling(name)).isRegularFile());
            // nothing of the run is left on the full disk: no result, no temporary file, and no staging
            // directory of the interval logs (it was left there before, holding the logs' copies' originals)
            assertThat(disk.fileNamesLeft()).containsExactlyInAnyOrder("results", "filler");
        }
    }
}
