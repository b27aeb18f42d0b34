package io.openmessaging.benchmark.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Collections;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** The peak-stable-throughput rule: rate reached, backlog not growing over the last half, enough periods. */
class StabilityRuleTest {

    private static final StabilityRule RULE = StabilityRule.CONFLUENT;
    private static final double TARGET = 10_000;
    private static final List<Double> ON_TARGET =
            List.of(10_010.0, 9_990.0, 10_005.0, 9_995.0, 10_002.0, 9_998.0, 10_001.0, 9_999.0);

    @Test
    void rateReachedAndFlatBacklogIsStable() {
        StabilityVerdict verdict =
                RULE.judge(TARGET, 1, ON_TARGET, List.of(120L, 95L, 130L, 110L, 100L, 125L, 105L, 115L), 1.0);

        assertThat(verdict.stable()).as(verdict.reasons().toString()).isTrue();
        assertThat(verdict.reasons()).isEmpty();
        assertThat(verdict.achievedPublishRateMsgPerSec()).isCloseTo(10_000, within(1.0));
        assertThat(verdict.backlogTrend().points()).isEqualTo(5);
        assertThat(verdict.backlogTrend().growing()).isFalse();
    }

    @Test
    void publishRateBelowNinetyNinePercentOfTargetIsNotStable() {
        List<Double> missed = Collections.nCopies(8, 9_850.0);

        StabilityVerdict verdict = RULE.judge(TARGET, 1, missed, Collections.nCopies(8, 100L), 1.0);

        assertThat(verdict.stable()).isFalse();
        assertThat(verdict.publishRatio()).isCloseTo(0.985, within(1e-9));
        assertThat(verdict.reasons())
                .singleElement()
                .asString()
                .contains("98.5%")
                .contains("needs ≥ 99.0%");
    }

    @Test
    void growingBacklogIsNotStableEvenAtTheTargetRate() {
        // consumers 10 % behind: about +1,000 messages per second, with a little noise
        List<Long> backlog = List.of(100L, 1_150L, 2_080L, 3_120L, 4_050L, 5_100L, 6_020L, 7_110L);

        StabilityVerdict verdict = RULE.judge(TARGET, 1, ON_TARGET, backlog, 1.0);

        assertThat(verdict.stable()).isFalse();
        assertThat(verdict.backlogTrend().growing()).isTrue();
        assertThat(verdict.backlogTrend().slopeMsgPerSec()).isCloseTo(1_000, within(50.0));
        assertThat(verdict.backlogTrend().oneSidedPValue()).isLessThan(0.001);
        assertThat(verdict.reasons()).singleElement().asString().startsWith("backlog grows by");
    }

    @Test
    void noisyButFlatBacklogIsStable() {
        // the last half jumps between ~1,000 and ~4,000 (batches, a pause): the fitted slope is 200 msg/s,
        // 2 % of the target and so above the 1 % threshold, but nowhere near significant
        List<Long> backlog = List.of(900L, 4_100L, 1_200L, 3_000L, 600L, 4_200L, 800L, 3_900L);

        StabilityVerdict verdict = RULE.judge(TARGET, 1, ON_TARGET, backlog, 1.0);

        assertThat(verdict.backlogTrend().slopeRatio()).isCloseTo(0.02, within(1e-9));
        assertThat(verdict.backlogTrend().oneSidedPValue()).isGreaterThan(0.3);
        assertThat(verdict.backlogTrend().growing()).isFalse();
        assertThat(verdict.stable()).as(verdict.reasons().toString()).isTrue();
    }

    @Test
    void aSteadySlopeBelowOnePercentOfTheConsumeTargetIsNotGrowth() {
        // perfectly linear, so significant, but only 0.5 % of 2 subscriptions × 10,000 msg/s
        List<Long> slow =
                LongStream.rangeClosed(1, 8).map(t -> 500 + 100 * t).boxed().toList();
        List<Long> fast =
                LongStream.rangeClosed(1, 8).map(t -> 500 + 300 * t).boxed().toList();

        StabilityVerdict slowVerdict = RULE.judge(TARGET, 2, ON_TARGET, slow, 1.0);
        StabilityVerdict fastVerdict = RULE.judge(TARGET, 2, ON_TARGET, fast, 1.0);

        assertThat(slowVerdict.backlogTrend().slopeRatio()).isCloseTo(0.005, within(1e-9));
        assertThat(slowVerdict.stable()).isTrue();
        assertThat(fastVerdict.backlogTrend().slopeRatio()).isCloseTo(0.015, within(1e-9));
        assertThat(fastVerdict.stable()).isFalse();
    }

    @Test
    void theLastHalfStartsAtTheMiddleOfTheMeasuredPhase() {
        // a backlog that grew during the first half and then stayed put is not growing
        List<Long> backlog = List.of(0L, 5_000L, 10_000L, 15_000L, 15_010L, 14_990L, 15_005L, 15_000L);

        StabilityVerdict verdict = RULE.judge(TARGET, 1, ON_TARGET, backlog, 1.0);

        assertThat(verdict.backlogTrend().points()).isEqualTo(5);
        assertThat(verdict.backlogTrend().slopeMsgPerSec()).isCloseTo(0, within(5.0));
        assertThat(verdict.stable()).isTrue();
    }

    @Test
    void producerOnlyStepIsJudgedByItsRateAlone() {
        StabilityVerdict verdict = RULE.judge(TARGET, 0, ON_TARGET, Collections.nCopies(8, 0L), 1.0);

        assertThat(verdict.stable()).isTrue();
        assertThat(verdict.backlogTrend().growing()).isFalse();
    }

    @Test
    void tooFewPeriodsCannotBeJudged() {
        StabilityVerdict verdict = RULE.judge(TARGET, 1, ON_TARGET.subList(0, 3), List.of(1L, 1L, 1L), 1.0);

        assertThat(verdict.stable()).isFalse();
        assertThat(verdict.backlogTrend()).isNull();
        assertThat(verdict.reasons())
                .singleElement()
                .asString()
                .contains("only 3 measured periods")
                .contains("at least 4");
    }
}
