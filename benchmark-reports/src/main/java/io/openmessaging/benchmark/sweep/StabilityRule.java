package io.openmessaging.benchmark.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.stat.regression.SimpleRegression;

/**
 * Peak stable throughput, Confluent's definition: a step is <b>stable</b> when the achieved publish rate
 * is at least {@code minPublishRatio} (99 %) of the target and the backlog does not grow over the last
 * half of the step.
 *
 * <p>"Not growing", robust against noise: the backlog samples from the middle of the measured phase to
 * its end (sample {@code ⌈n/2⌉} to {@code n} of {@code n} periods, at least 3) are fitted with a
 * least-squares line against time. The backlog is <b>growing</b> when both
 * <ol>
 *   <li>the slope exceeds {@code maxBacklogGrowthRatio} (1 %) of the consume target
 *       ({@code subscriptionsPerTopic × target rate}): consumers falling behind by less are within what
 *       a benchmark can tell apart from noise, and the same share that the publish-rate test allows; and</li>
 *   <li>the slope is statistically significant: the one-sided p-value of the regression's t-test is below
 *       {@code significanceLevel} (0.05). A backlog that jumps up and down (batching, a GC pause) without
 *       a trend gives a steep but insignificant slope and stays "not growing".</li>
 * </ol>
 * A step needs at least {@code minMeasuredPeriods} (4) measured periods to be judged; an incomplete run
 * is never stable.
 *
 * @param minPublishRatio achieved ÷ target publish rate needed
 * @param maxBacklogGrowthRatio backlog slope allowed, as a share of the consume target
 * @param significanceLevel p-value below which a steeper slope counts as growth
 * @param minMeasuredPeriods fewer measured periods cannot be judged
 */
public record StabilityRule(
        double minPublishRatio, double maxBacklogGrowthRatio, double significanceLevel, int minMeasuredPeriods) {

    /** The rule as Confluent's 2020 study stated it, with the noise guard described above. */
    public static final StabilityRule CONFLUENT = new StabilityRule(0.99, 0.01, 0.05, 4);

    /**
     * Judges one step from its per-period figures.
     *
     * @param targetPublishRateMsgPerSec the step's producer rate
     * @param subscriptionsPerTopic subscriptions each message goes to (0: producer-only, no backlog)
     * @param publishRatesMsgPerSec publish rate of each measured period
     * @param backlog backlog at the end of each measured period (counted once per subscription)
     * @param sampleSeconds length of one period
     */
    public StabilityVerdict judge(
            double targetPublishRateMsgPerSec,
            int subscriptionsPerTopic,
            List<Double> publishRatesMsgPerSec,
            List<Long> backlog,
            double sampleSeconds) {
        List<String> reasons = new ArrayList<>();
        double achieved = publishRatesMsgPerSec.stream()
                .filter(r -> r != null && Double.isFinite(r))
                .mapToDouble(Double::doubleValue)
                .average()
                .orElse(0);
        double ratio = achieved / targetPublishRateMsgPerSec;
        int periods = Math.min(publishRatesMsgPerSec.size(), backlog.size());
        if (periods < minMeasuredPeriods) {
            reasons.add(
                    "only " + periods + " measured period" + (periods == 1 ? "" : "s") + "; the rule needs at least "
                            + minMeasuredPeriods + " (lengthen testDuration or shorten sampleRateMillis)");
            return new StabilityVerdict(false, achieved, ratio, null, reasons);
        }
        if (ratio < minPublishRatio) {
            reasons.add(String.format(
                    Locale.ROOT,
                    "publish rate %,.1f msg/s is %.1f%% of the target %,.1f (needs ≥ %.1f%%)",
                    achieved,
                    100 * ratio,
                    targetPublishRateMsgPerSec,
                    100 * minPublishRatio));
        }
        BacklogTrend trend = backlogTrend(
                targetPublishRateMsgPerSec * subscriptionsPerTopic, backlog.subList(0, periods), sampleSeconds);
        if (trend.growing()) {
            reasons.add(String.format(
                    Locale.ROOT,
                    "backlog grows by %,.1f msg/s over the last half (%.2f%% of the consume target; allowed %.2f%%, %s)",
                    trend.slopeMsgPerSec(),
                    100 * trend.slopeRatio(),
                    100 * maxBacklogGrowthRatio,
                    trend.oneSidedPValue() < 0.001
                            ? "p < 0.001"
                            : String.format(Locale.ROOT, "p = %.3f", trend.oneSidedPValue())));
        }
        return new StabilityVerdict(reasons.isEmpty(), achieved, ratio, trend, reasons);
    }

    /** The trend of {@code backlog} (one sample per period) over the last half of the periods. */
    BacklogTrend backlogTrend(double consumeTargetMsgPerSec, List<Long> backlog, double sampleSeconds) {
        int periods = backlog.size();
        int first = Math.max(0, Math.min((periods + 1) / 2 - 1, periods - 3));
        SimpleRegression regression = new SimpleRegression();
        for (int i = first; i < periods; i++) {
            regression.addData((i + 1) * sampleSeconds, backlog.get(i));
        }
        double slope = regression.getSlope();
        double twoSided = regression.getSignificance();
        double oneSided = Double.isNaN(twoSided) ? Double.NaN : slope > 0 ? twoSided / 2 : 1 - twoSided / 2;
        double ratio = consumeTargetMsgPerSec > 0 ? slope / consumeTargetMsgPerSec : 0;
        boolean steep = consumeTargetMsgPerSec > 0 ? ratio > maxBacklogGrowthRatio : slope > 0;
        boolean significant = regression.getN() < 3 || (!Double.isNaN(oneSided) && oneSided < significanceLevel);
        return new BacklogTrend((int) regression.getN(), slope, ratio, oneSided, steep && significant);
    }
}
