package io.openmessaging.benchmark.driver.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.cli.Benchmark;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import io.openmessaging.benchmark.testing.LogCapture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * After a killed broker failed the run, the tool closes its clients against the dead broker: that close is
 * bounded by {@link KafkaDriverDefaults#CLOSE_TIMEOUT_MS}, so the command returns soon after the run's end
 * (its books closing, the result's end time), and the sends it cancels by closing are no send errors, in the
 * counts or in the log.
 */
class ClientCloseAfterKillIT {

    private static final int SAMPLE_RATE_MILLIS = 1000;

    /** What else happens between the books' closing and the summary: last polls, the result file. */
    private static final long OUTSIDE_THE_CLOSE_MILLIS = 1_000;

    @TempDir
    Path dir;

    @Test
    void closingAgainstADeadBrokerIsBoundedAndCancelsNoSendAsASendError() throws Exception {
        LocalKafkaBroker broker = LocalKafkaBroker.start(false);
        try {
            Path driver = Files.writeString(
                    dir.resolve("kafka-local.yaml"), SharedLocalKafka.shippedYamlFor("kafka-local.yaml", broker));
            Path workload =
                    BenchmarkRuns.workload(dir, "kill-then-close", 4, 1, 1, 2000, "2s", "30s", SAMPLE_RATE_MILLIS);

            BenchmarkRuns.Outcome outcome;
            AtomicLong resultPrintedEpochMillis = new AtomicLong();
            List<String> logged;
            try (LogCapture log = LogCapture.warningsAndErrors();
                    BenchmarkRuns.Drill drill =
                            BenchmarkRuns.Drill.at(Duration.ofSeconds(3), SAMPLE_RATE_MILLIS, broker::kill)) {
                outcome = BenchmarkRuns.run(
                        dir,
                        drill.andThen(line -> {
                            if (line.startsWith("Result written to ")) {
                                resultPrintedEpochMillis.set(System.currentTimeMillis());
                            }
                        }),
                        "-d",
                        driver.toString(),
                        "--stall-timeout-seconds",
                        "5",
                        "--drain-timeout-seconds",
                        "5",
                        workload.toString());
                logged = log.events();
            }

            TestResult result = outcome.result();
            assertThat(outcome.exitCode()).as(outcome.stderr()).isEqualTo(Benchmark.EXIT_FAILED);
            assertThat(result.failureReason).contains("no send completed or failed for 5 s");
            // the summary's last line is printed after the clients are closed and the result is written; the
            // command returns right after it
            long endToSummaryMillis = resultPrintedEpochMillis.get() - result.metadata.endTimeEpochMillis;
            System.out.println("ClientCloseAfterKillIT: end of the run to its summary " + endToSummaryMillis + " ms");
            assertThat(endToSummaryMillis)
                    .as("from the end of the run to its summary, closing the clients included")
                    .isLessThan(KafkaDriverDefaults.CLOSE_TIMEOUT_MS + OUTSIDE_THE_CLOSE_MILLIS);
            assertThat(result.totalSendErrors)
                    .as("the broker answered no send with an error")
                    .isZero();
            assertThat(result.totalMessagesUnackedAtEnd)
                    .as("sends in flight at the end were written off as such")
                    .isPositive();
            assertThat(logged)
                    .as("the tool's own close of the producers is not a send error")
                    .noneMatch(line -> line.contains("First send error"))
                    .noneMatch(line -> line.contains("closed forcefully"));
        } finally {
            broker.close();
        }
    }
}
