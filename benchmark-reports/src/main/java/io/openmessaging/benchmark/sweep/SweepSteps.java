package io.openmessaging.benchmark.sweep;

import io.openmessaging.benchmark.result.TestResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/** Turns a step's {@link TestResult} into its {@link SweepSummary.Step}, and a driver's steps into its peak and fits. */
public final class SweepSteps {

    private SweepSteps() {}

    /**
     * @param value the swept parameter's value at this step
     * @param targetPublishRateMsgPerSec the step workload's producer rate
     * @param subscriptionsPerTopic the step workload's subscriptions per topic
     * @param result the step's result ({@code null} when the run wrote none)
     * @param resultFile the result file relative to the summary, or {@code null}
     * @param failureReason why the step's run failed, or {@code null}
     */
    public static SweepSummary.Step step(
            double value,
            double targetPublishRateMsgPerSec,
            int subscriptionsPerTopic,
            TestResult result,
            String resultFile,
            String failureReason,
            StabilityRule rule) {
        SweepSummary.Step step = new SweepSummary.Step();
        step.value = value;
        step.targetPublishRateMsgPerSec = targetPublishRateMsgPerSec;
        step.resultFile = resultFile;
        step.failureReason =
                failureReason != null ? failureReason : result == null ? "no result was written" : result.failureReason;
        step.complete = step.failureReason == null && result != null && Boolean.TRUE.equals(result.complete);
        if (result == null) {
            step.stable = false;
            step.unstableReasons.add("the run failed: " + step.failureReason);
            return step;
        }
        step.messageSize = result.messageSize;
        step.measuredPeriods = result.publishRate.size();
        double sampleSeconds = result.sampleRateMillis == null ? 10 : result.sampleRateMillis / 1000.0;
        StabilityVerdict verdict = rule.judge(
                targetPublishRateMsgPerSec, subscriptionsPerTopic, result.publishRate, result.backlog, sampleSeconds);
        step.achievedPublishRateMsgPerSec =
                result.publishRate.isEmpty() ? null : SweepSummary.finiteOrNull(verdict.achievedPublishRateMsgPerSec());
        step.achievedConsumeRateMsgPerSec = SweepSummary.finiteOrNull(result.consumeRate.stream()
                .filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue)
                .average()
                .orElse(Double.NaN));
        step.publishRatio = SweepSummary.finiteOrNull(verdict.publishRatio());
        step.backlogAtEnd = result.backlog.isEmpty() ? null : result.backlog.get(result.backlog.size() - 1);
        if (verdict.backlogTrend() != null) {
            step.backlogSlopeMsgPerSec =
                    SweepSummary.finiteOrNull(verdict.backlogTrend().slopeMsgPerSec());
            step.backlogSlopeRatio =
                    SweepSummary.finiteOrNull(verdict.backlogTrend().slopeRatio());
            step.backlogSlopePValue =
                    SweepSummary.finiteOrNull(verdict.backlogTrend().oneSidedPValue());
            step.backlogGrowing = verdict.backlogTrend().growing();
        }
        step.publishResponseTime50pctMs = result.aggregatedPublishResponseTime50pct;
        step.publishResponseTime99pctMs = result.aggregatedPublishResponseTime99pct;
        step.publishLatency50pctMs = result.aggregatedPublishLatency50pct;
        step.publishLatency99pctMs = result.aggregatedPublishLatency99pct;
        step.endToEndResponseTime50pctMs = result.aggregatedEndToEndResponseTime50pct;
        step.endToEndResponseTime99pctMs = result.aggregatedEndToEndResponseTime99pct;
        step.endToEndLatency50pctMs = result.aggregatedEndToEndLatency50pct;
        step.endToEndLatency99pctMs = result.aggregatedEndToEndLatency99pct;
        List<String> reasons = new ArrayList<>();
        if (!step.complete) {
            reasons.add("the run did not complete: " + step.failureReason);
        }
        reasons.addAll(verdict.reasons());
        step.stable = reasons.isEmpty();
        step.unstableReasons = reasons;
        return step;
    }

    /**
     * Sets the driver's peak stable step (the stable step with the highest achieved publish rate) and, for
     * a parameter sweep, the models of achieved publish rate against the parameter over its complete steps.
     */
    public static void conclude(SweepSummary.DriverSweep sweep, SweptParameter parameter) {
        sweep.peakStable = sweep.steps.stream()
                .filter(step -> Boolean.TRUE.equals(step.stable) && step.achievedPublishRateMsgPerSec != null)
                .max(Comparator.comparingDouble(step -> step.achievedPublishRateMsgPerSec))
                .orElse(null);
        sweep.fits = new ArrayList<>();
        sweep.fit = null;
        if (parameter == SweptParameter.PRODUCER_RATE) {
            return;
        }
        List<SweepSummary.Step> measured = sweep.steps.stream()
                .filter(step -> Boolean.TRUE.equals(step.complete) && step.achievedPublishRateMsgPerSec != null)
                .toList();
        double[] x = measured.stream().mapToDouble(step -> step.value).toArray();
        double[] y = measured.stream()
                .mapToDouble(step -> step.achievedPublishRateMsgPerSec)
                .toArray();
        for (ModelFit fit : ThroughputModels.fitAll(x, y)) {
            sweep.fits.add(SweepSummary.Fit.of(fit));
        }
        sweep.fit = sweep.fits.isEmpty() ? null : sweep.fits.get(0);
    }
}
