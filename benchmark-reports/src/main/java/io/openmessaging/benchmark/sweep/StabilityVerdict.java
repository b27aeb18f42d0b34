package io.openmessaging.benchmark.sweep;

import java.util.List;

/**
 * A step judged by the {@link StabilityRule}.
 *
 * @param stable whether the step sustained its target: rate reached, backlog not growing, run complete
 * @param achievedPublishRateMsgPerSec mean publish rate over the measured periods
 * @param publishRatio achieved ÷ target publish rate
 * @param backlogTrend the backlog over the last half of the measured phase; {@code null} with too few periods
 * @param reasons why the step is not stable, one sentence each; empty when stable
 */
public record StabilityVerdict(
        boolean stable,
        double achievedPublishRateMsgPerSec,
        double publishRatio,
        BacklogTrend backlogTrend,
        List<String> reasons) {}
