package io.openmessaging.benchmark.regression;

import static io.openmessaging.benchmark.regression.RegressionFixtures.LOOPBACK_CASE;
import static io.openmessaging.benchmark.regression.RegressionFixtures.baselineFile;
import static io.openmessaging.benchmark.regression.RegressionFixtures.caseDirectory;
import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.compare.Threshold;
import io.openmessaging.benchmark.report.Metric;
import io.openmessaging.benchmark.report.Stat;
import io.openmessaging.benchmark.result.TestResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pass/fail decision of {@code bin/regression} on a real loopback result: a clean run with its baseline
 * passes, and each functional regression fails with a sentence naming it.
 */
class RegressionJudgeTest {

    @TempDir
    Path temp;

    private final RegressionJudge judge =
            new RegressionJudge(List.of(), RegressionJudge.DEFAULT_RATE_TOLERANCE_PERCENT, false);

    private int runs;

    /** Judges the loopback run changed by {@code candidateChange} (each call in a directory of its own) against the unchanged run. */
    private CaseOutcome judgeRun(RegressionJudge judge, Consumer<TestResult> candidateChange) {
        Path caseDirectory = caseDirectory(temp.resolve("results-" + ++runs + "/loopback"), candidateChange);
        Path baseline = baselineFile(temp.resolve("baseline/loopback.json"), RegressionFixtures::unchanged);
        return judge.judge(LOOPBACK_CASE, caseDirectory, baseline);
    }

    private CaseOutcome judgeRun(Consumer<TestResult> candidateChange) {
        return judgeRun(judge, candidateChange);
    }

    @Test
    void aCompleteLosslessRunAtTheTargetRateWithItsBaselinePasses() {
        CaseOutcome outcome = judgeRun(RegressionFixtures::unchanged);

        assertThat(outcome.failures()).isEmpty();
        assertThat(outcome.passed()).isTrue();
        assertThat(outcome.notes()).isEmpty();
        assertThat(outcome.expectedReceived()).contains(100_368L);
        assertThat(outcome.comparison()).isPresent();
        assertThat(outcome.comparison().get().figures())
                .filteredOn(figure -> figure.metric() == Metric.END_TO_END_RESPONSE_TIME && figure.stat() == Stat.P99)
                .singleElement()
                .satisfies(figure -> assertThat(figure.changePercent()).hasValue(0.0));
    }

    @Test
    void anIncompleteRunFailsWithItsReason() {
        CaseOutcome outcome = judgeRun(result -> {
            result.complete = false;
            result.failureReason = "worker http://w1:8080 failed: connection refused";
        });

        assertThat(outcome.failures())
                .containsExactly("incomplete run: worker http://w1:8080 failed: connection refused");
    }

    @Test
    void sendErrorsFail() {
        CaseOutcome outcome = judgeRun(result -> result.totalSendErrors = 3L);

        assertThat(outcome.failures()).containsExactly("send errors: 3 send(s) failed");
    }

    @Test
    void messagesMissingAfterTheDrainAreLoss() {
        CaseOutcome outcome = judgeRun(result -> result.totalMessagesReceived = 100_368L - 17);

        assertThat(outcome.failures())
                .containsExactly("loss: received 100351, expected 100368 (sent 50184 × 2"
                        + " subscription(s)): 17 missing after the drain");
    }

    @Test
    void aMissingSubscriptionIsLossEvenWhenOneSubscriptionGotEverything() {
        CaseOutcome outcome = judgeRun(result -> result.totalMessagesReceived = result.totalMessagesSent);

        assertThat(outcome.failures()).singleElement().asString().startsWith("loss: received 50184, expected 100368");
    }

    @Test
    void moreMessagesThanSentTimesSubscriptionsAreDuplicates() {
        CaseOutcome outcome = judgeRun(result -> result.totalMessagesReceived = 100_368L + 5);

        assertThat(outcome.failures())
                .singleElement()
                .asString()
                .startsWith("duplicates: received 100373")
                .endsWith("5 more than sent");
    }

    @Test
    void aPublishRateBelowTheToleranceFails() {
        CaseOutcome outcome = judgeRun(result -> result.publishRate = scaled(result.publishRate, 0.85));

        assertThat(outcome.failures())
                .singleElement()
                .asString()
                .matches("publish rate off target: 1,70\\d msg/s on average is 1\\d\\.\\d% below the workload's 2,000"
                        + " msg/s \\(tolerance ±10%\\)");
    }

    @Test
    void aPublishRateAboveTheToleranceFailsToo() {
        CaseOutcome outcome = judgeRun(result -> result.publishRate = scaled(result.publishRate, 1.5));

        assertThat(outcome.failures()).singleElement().asString().contains("% above the workload's 2,000 msg/s");
    }

    @Test
    void withAttemptsTheScheduleIsJudgedBothWaysAndAcknowledgementsOnlyWhenTheyFallShort() {
        // acknowledgements of the warm-up landing in the measured phase: 12 % above, sends on schedule
        CaseOutcome catchUp = judgeRun(result -> {
            result.attempted = perPeriod(result, 2_000);
            result.publishRate = scaled(result.publishRate, 1.12);
        });
        assertThat(catchUp.failures()).isEmpty();

        CaseOutcome pacingBug = judgeRun(result -> result.attempted = perPeriod(result, 2_500));
        assertThat(pacingBug.failures())
                .singleElement()
                .asString()
                .startsWith("send rate (messages handed to the client) off target: 2,500 msg/s on average is 25.0%"
                        + " above the workload's 2,000 msg/s (tolerance ±10%)");

        CaseOutcome stalled = judgeRun(result -> {
            result.attempted = perPeriod(result, 2_000);
            result.publishRate = scaled(result.publishRate, 0.8);
        });
        assertThat(stalled.failures())
                .singleElement()
                .asString()
                .startsWith("publish rate off target: ")
                .endsWith("below the workload's 2,000 msg/s (tolerance -10%)");
    }

    /** Attempted sends per measured period at {@code rateMsgPerSec} over the result's measured time. */
    private static List<Long> perPeriod(TestResult result, double rateMsgPerSec) {
        int periods = result.publishRate.size();
        long each = Math.round(rateMsgPerSec * result.testDurationSeconds / periods);
        return new java.util.ArrayList<>(java.util.Collections.nCopies(periods, each));
    }

    @Test
    void aPublishRateWithinTheToleranceOrAWiderOnePasses() {
        assertThat(judgeRun(result -> result.publishRate = scaled(result.publishRate, 0.92))
                        .failures())
                .isEmpty();

        RegressionJudge lenient = new RegressionJudge(List.of(), 20.0, false);
        assertThat(judgeRun(lenient, result -> result.publishRate = scaled(result.publishRate, 0.85))
                        .failures())
                .isEmpty();
    }

    @Test
    void aNonZeroExitOfTheBenchmarkFailsEvenWithACompleteResult() throws IOException {
        Path caseDirectory = caseDirectory(temp.resolve("results/loopback"), RegressionFixtures::unchanged);
        Files.writeString(caseDirectory.resolve(RegressionJudge.EXIT_STATUS_FILE), "1\n");

        CaseOutcome outcome = judge.judge(
                LOOPBACK_CASE,
                caseDirectory,
                baselineFile(temp.resolve("baseline/loopback.json"), RegressionFixtures::unchanged));

        assertThat(outcome.failures())
                .containsExactly(
                        "bin/benchmark exited with status 1 (output: " + caseDirectory.resolve("benchmark.log") + ")");
    }

    @Test
    void aCaseThatCouldNotRunFailsWithTheReason() throws IOException {
        Path caseDirectory = Files.createDirectories(temp.resolve("results/loopback"));
        Files.writeString(
                caseDirectory.resolve(RegressionJudge.NOT_RUN_FILE),
                "the kafka broker did not start (bin/local-broker exit 7)\n",
                StandardCharsets.UTF_8);

        CaseOutcome outcome = judge.judge(
                LOOPBACK_CASE,
                caseDirectory,
                baselineFile(temp.resolve("baseline/loopback.json"), RegressionFixtures::unchanged));

        assertThat(outcome.failures())
                .containsExactly("not run: the kafka broker did not start (bin/local-broker exit 7)");
        assertThat(outcome.candidate()).isEmpty();
    }

    @Test
    void aCaseWithoutResultFileFails() throws IOException {
        Path caseDirectory = Files.createDirectories(temp.resolve("results/loopback"));

        CaseOutcome outcome = judge.judge(
                LOOPBACK_CASE,
                caseDirectory,
                baselineFile(temp.resolve("baseline/loopback.json"), RegressionFixtures::unchanged));

        assertThat(outcome.failures()).containsExactly("no result file in " + caseDirectory);
    }

    @Test
    void aMissingBaselineFailsUnlessTheBaselineIsBeingMade() {
        Path caseDirectory = caseDirectory(temp.resolve("results/loopback"), RegressionFixtures::unchanged);
        Path missing = temp.resolve("baseline/loopback.json");

        CaseOutcome checking = judge.judge(LOOPBACK_CASE, caseDirectory, missing);
        CaseOutcome updating = new RegressionJudge(List.of(), 10.0, true).judge(LOOPBACK_CASE, caseDirectory, missing);

        assertThat(checking.failures())
                .singleElement()
                .asString()
                .startsWith("no baseline " + missing + ": run bin/regression --update-baseline");
        assertThat(updating.failures()).isEmpty();
        assertThat(updating.notes()).containsExactly("no baseline " + missing + " yet");
    }

    @Test
    void aBaselineOfAnotherWorkloadIsStaleAndFails() {
        Path caseDirectory = caseDirectory(temp.resolve("results/loopback"), RegressionFixtures::unchanged);
        Path baseline = baselineFile(
                temp.resolve("baseline/loopback.json"),
                result -> result.metadata.workloadYaml = result.metadata.workloadYaml.replace("20s", "30s"));

        CaseOutcome outcome = judge.judge(LOOPBACK_CASE, caseDirectory, baseline);

        assertThat(outcome.failures())
                .singleElement()
                .asString()
                .contains("was made with another workload text than this run (testDuration: base 30s (" + baseline
                        + "), candidate 20s (")
                .endsWith("refresh it with bin/regression --update-baseline");
    }

    @Test
    void aChangedDriverFileIsANoteOnly() {
        Path caseDirectory = caseDirectory(
                temp.resolve("results/loopback"), result -> result.metadata.driverYaml += "\nackDelayMicros: 0\n");
        Path baseline = baselineFile(temp.resolve("baseline/loopback.json"), RegressionFixtures::unchanged);

        CaseOutcome outcome = judge.judge(LOOPBACK_CASE, caseDirectory, baseline);

        assertThat(outcome.failures()).isEmpty();
        assertThat(outcome.notes())
                .singleElement()
                .asString()
                .startsWith("the driver file differs from the baseline's");
    }

    @Test
    void latencyFarAboveTheBaselineIsReportedButPassesWithoutThresholds() {
        CaseOutcome outcome = judgeRun(result -> result.aggregatedEndToEndResponseTime99pct *= 3);

        assertThat(outcome.failures()).isEmpty();
        assertThat(outcome.comparison().orElseThrow().figures())
                .filteredOn(figure -> figure.metric() == Metric.END_TO_END_RESPONSE_TIME && figure.stat() == Stat.P99)
                .singleElement()
                .satisfies(figure -> assertThat(figure.changePercent().getAsDouble())
                        .isCloseTo(200.0, org.assertj.core.data.Offset.offset(1e-9)));
    }

    @Test
    void aBrokenLatencyThresholdFailsWhenGiven() {
        RegressionJudge gating =
                new RegressionJudge(List.of(Threshold.parse("endToEndResponseTime.p99=+25%")), 10.0, false);

        CaseOutcome outcome = judgeRun(gating, result -> result.aggregatedEndToEndResponseTime99pct *= 3);

        assertThat(outcome.failures())
                .containsExactly("latency threshold broken: endToEndResponseTime.p99 rose by 200%:"
                        + " more than the +25% allowed");
    }

    @Test
    void aResultWithoutOurMetadataCannotBeCheckedForLossAndFails() {
        CaseOutcome outcome = judgeRun(result -> result.metadata = null);

        assertThat(outcome.failures())
                .anySatisfy(failure -> assertThat(failure)
                        .contains("has no metadata.workloadYaml, so it is not a result of this benchmark"));
    }

    @Test
    void everyFailureOfOneRunIsListed() {
        CaseOutcome outcome = judgeRun(result -> {
            result.complete = false;
            result.failureReason = "interrupted by a signal (Ctrl-C / SIGTERM)";
            result.totalSendErrors = 1L;
            result.totalMessagesReceived = 10L;
            result.publishRate = scaled(result.publishRate, 0.5);
        });

        assertThat(outcome.failures()).hasSize(4);
        assertThat(outcome.failures().get(0)).startsWith("incomplete run");
        assertThat(outcome.failures().get(1)).startsWith("send errors");
        assertThat(outcome.failures().get(2)).startsWith("loss");
        assertThat(outcome.failures().get(3)).startsWith("publish rate off target");
    }

    private static List<Double> scaled(List<Double> rates, double factor) {
        List<Double> scaled = new ArrayList<>();
        rates.forEach(rate -> scaled.add(rate * factor));
        return Collections.unmodifiableList(scaled);
    }
}
