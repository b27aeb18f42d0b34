package io.openmessaging.benchmark.coordinator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.openmessaging.benchmark.result.RatePlanStep;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A whole run with {@code producerRateSteps} through the command line against the loopback driver. */
class RatePlanIT {

    @TempDir
    Path dir;

    @Test
    void measuredPeriodsFollowTheStepsAndSayWhichStepTheyBelongTo() throws IOException {
        Path workload = Files.writeString(dir.resolve("steps.yaml"), """
                name: steps
                topics: 1
                partitionsPerTopic: 4
                messageSize: 100
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 2
                producerRateSteps:
                  - {rate: 2000, duration: 3s}
                  - {rate: 6000, duration: 3s}
                  - {rate: 1000, duration: 3s}
                warmupDuration: 1s
                sampleRateMillis: 1000
                """);
        Path driver = Files.writeString(dir.resolve("loopback.yaml"), "name: Loopback\ndriver: loopback\n");

        BenchmarkRuns.Outcome outcome = BenchmarkRuns.run(dir, "-d", driver.toString(), workload.toString());

        TestResult result = outcome.result();
        assertThat(outcome.exitCode()).as(outcome.stdout()).isZero();
        assertThat(result.testDurationSeconds).isCloseTo(9.0, within(0.5));
        assertThat(result.rateStep).containsExactly(1, 1, 1, 2, 2, 2, 3, 3, 3);
        assertThat(result.rateSteps).extracting(s -> s.targetRateMsgPerSec).containsExactly(2000.0, 6000.0, 1000.0);
        assertThat(result.rateSteps).extracting(s -> s.startSeconds).containsExactly(0.0, 3.0, 6.0);
        assertThat(result.rateSteps).extracting(s -> s.periods).containsExactly(3, 3, 3);
        for (RatePlanStep step : result.rateSteps) {
            // a period around a step change may mix both rates by the few ms the change takes to arrive
            assertThat(step.publishRateAvg)
                    .as("step %d", step.step)
                    .isCloseTo(step.targetRateMsgPerSec, within(0.1 * step.targetRateMsgPerSec));
        }
        long measuredSent = result.sent.stream().mapToLong(Long::longValue).sum();
        assertThat(measuredSent).isCloseTo(3 * (2000 + 6000 + 1000), within(1_500L));
        assertThat(result.totalMessagesReceived).isEqualTo(result.totalMessagesSent);
        assertThat(outcome.stdout())
                .contains("measured 9")
                .doesNotContain("measured 10")
                .contains("step 2   | target      6,000.0 msg/s |   3 period(s)");
    }
}
