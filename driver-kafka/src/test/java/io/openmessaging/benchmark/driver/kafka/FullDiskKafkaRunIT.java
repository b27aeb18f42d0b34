package io.openmessaging.benchmark.driver.kafka;

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
 * The full-disk drill against a real Kafka broker (the module's shared local broker): a short run through
 * {@code bin/benchmark}'s main whose output directory is a small tmpfs left with a few KiB free. The run
 * fails (exit 1, the summary says FAILED and never "complete"), its result goes to the fallback location,
 * and every message that came due is accounted for there. Mounting needs root (as the tests run in CI);
 * without it the test is skipped and says why.
 */
class FullDiskKafkaRunIT {

    @TempDir
    Path dir;

    @Test
    void aFullDiskFailsTheKafkaRunAndTheResultIsSavedInTheFallbackWithEveryMessage() throws Exception {
        try (FullDisk disk = FullDisk.mount(dir)) {
            Path results = disk.results();
            LocalKafkaBroker broker = SharedLocalKafka.plaintextBroker();
            Path driver = Files.writeString(
                    dir.resolve("kafka-local.yaml"), SharedLocalKafka.shippedYamlFor("kafka-local.yaml", broker));
            Path workload = BenchmarkRuns.workload(dir, "full-disk", 4, 1, 1, 1000, "1s", "4s", 1000);
            // filled only now: the pre-check of the output directory needs its few bytes; the result needs more
            disk.fill();

            FullDisk.Run run = disk.run(driver, workload);

            String printed = run.printed();
            TestResult result = run.result();
            assertThat(run.exitCode()).as(printed + run.errors()).isEqualTo(Benchmark.EXIT_FAILED);
            assertThat(printed)
                    .contains(": FAILED: result not written to " + results)
                    .contains("No space left on device")
                    .doesNotContain(": complete");
            assertThat(run.errors()).contains("error: could not write the result to " + results + ": ");
            assertThat(result.complete).isFalse();
            assertThat(result.failureReason).endsWith("; written to " + run.saved() + " instead");
            // nothing lost: the broker acknowledged every message that came due, and the subscription got each
            assertThat(result.totalMessagesDue).isPositive();
            assertThat(result.totalMessagesSent
                            + result.totalSendErrors
                            + result.totalMessagesNotSent
                            + result.totalMessagesUnackedAtEnd)
                    .as(printed)
                    .isEqualTo(result.totalMessagesDue);
            assertThat(result.totalSendErrors + result.totalMessagesNotSent + result.totalMessagesUnackedAtEnd)
                    .as(printed)
                    .isZero();
            assertThat(result.totalMessagesReceived).as(printed).isGreaterThanOrEqualTo(result.totalMessagesSent);
            assertThat(disk.fileNamesLeft()).noneMatch(name -> name.endsWith(".json") || name.endsWith(".tmp"));
        }
    }
}
