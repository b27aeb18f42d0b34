package io.openmessaging.benchmark.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.openmessaging.benchmark.driver.ManualClock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The max-rate search against simulated systems of known capacity (docs/max-rate-search.md). */
class RateSearchTest {

    @ParameterizedTest(name = "capacity {0} msg/s, {1} subscriptions")
    @CsvSource({
        "137000, 0", "137000, 1", "137000, 3",
        "20000, 0", "20000, 1", "20000, 3",
        "1000000, 0", "1000000, 1", "1000000, 3",
        "2500, 1", "37, 3"
    })
    void findsTheCapacityWithinFivePercent(double capacity, int subscriptions) throws Exception {
        ManualClock clock = new ManualClock();
        SimulatedSystem system = SimulatedSystem.withCapacity(clock, capacity, subscriptions);

        RateSearchResult result = new RateSearch(RateSearchSettings.defaults(), subscriptions, clock).run(system);

        assertThat(result.foundRateMsgPerSec()).isCloseTo(capacity, within(0.05 * capacity));
        // the 99 % rule and the in-flight allowance let a rate up to about 2 % above capacity pass
        assertThat(result.foundRateMsgPerSec()).isLessThanOrEqualTo(capacity * 1.025);
        assertThat(result.subscriptions()).isEqualTo(subscriptions);
        assertThat(result.trials().get(result.trials().size() - 1).stage()).isEqualTo("confirm");
    }

    @Test
    void publishLimitCountsWhenTheConsumersCouldDoMore() throws Exception {
        ManualClock clock = new ManualClock();
        SimulatedSystem system = new SimulatedSystem(clock, 50_000, 1_000_000, 3, 0, 1);

        RateSearchResult result = new RateSearch(RateSearchSettings.defaults(), 3, clock).run(system);

        assertThat(result.foundRateMsgPerSec()).isCloseTo(50_000, within(2_500.0));
    }

    @Test
    void everySubscriptionCountsTowardsTheConsumeTarget() throws Exception {
        ManualClock clock = new ManualClock();
        // the consumers deliver 300,000 msg/s in total: 100,000 msg/s for each of 3 subscriptions
        SimulatedSystem system = new SimulatedSystem(clock, 1_000_000, 300_000, 3, 0, 1);

        RateSearchResult result = new RateSearch(RateSearchSettings.defaults(), 3, clock).run(system);

        assertThat(result.foundRateMsgPerSec()).isCloseTo(100_000, within(5_000.0));
        RateSearchTrial first = result.trials().get(0);
        assertThat(first.consumeTargetMsgPerSec()).isEqualTo(3 * first.targetRateMsgPerSec());
    }

    @Test
    void bracketNarrowsWithoutOscillating() throws Exception {
        ManualClock clock = new ManualClock();
        SimulatedSystem system = SimulatedSystem.withCapacity(clock, 137_000, 1);

        List<RateSearchTrial> trials = new RateSearch(RateSearchSettings.defaults(), 1, clock)
                .run(system)
                .trials();

        assertThat(trials)
                .extracting(RateSearchTrial::targetRateMsgPerSec)
                .startsWith(10_000.0, 20_000.0, 40_000.0, 80_000.0, 160_000.0);
        double sustained = 80_000;
        double failed = 160_000;
        for (RateSearchTrial trial : trials.subList(5, trials.size())) {
            double rate = trial.targetRateMsgPerSec();
            if (trial.stage().equals("bisect")) {
                assertThat(rate)
                        .as("trial %d inside the bracket", trial.trial())
                        .isStrictlyBetween(sustained, failed);
            }
            if (trial.sustained()) {
                sustained = Math.max(sustained, rate);
            } else {
                failed = Math.min(failed, rate);
            }
            assertThat(rate).as("never back to a rate far below the found one").isGreaterThanOrEqualTo(80_000);
        }
        assertThat(failed / sustained).isLessThanOrEqualTo(1.02);
    }

    @Test
    void aHiccupDuringBracketingDoesNotCapTheResult() throws Exception {
        ManualClock clock = new ManualClock();
        // trials take 15 s: the third (40,000 msg/s, from 30 s to 45 s) meets a hiccup in its last 5 s
        SimulatedSystem system = SimulatedSystem.withCapacity(clock, 137_000, 1)
                .withHiccup(TimeUnit.SECONDS.toNanos(40), TimeUnit.SECONDS.toNanos(45));

        RateSearchResult result = new RateSearch(RateSearchSettings.defaults(), 1, clock).run(system);

        assertThat(result.trials().get(2).sustained())
                .as("the hiccup failed 40,000 msg/s")
                .isFalse();
        assertThat(result.trials()).anySatisfy(t -> {
            assertThat(t.stage()).isEqualTo("recheck");
            assertThat(t.targetRateMsgPerSec()).isEqualTo(40_000);
            assertThat(t.sustained()).isTrue();
        });
        assertThat(result.foundRateMsgPerSec()).isCloseTo(137_000, within(0.05 * 137_000));
    }

    @Test
    void trialsRecordRatesBacklogAndVerdict() throws Exception {
        ManualClock clock = new ManualClock();
        SimulatedSystem system = SimulatedSystem.withCapacity(clock, 20_000, 1);

        List<RateSearchTrial> trials = new RateSearch(RateSearchSettings.defaults(), 1, clock)
                .run(system)
                .trials();

        RateSearchTrial held = trials.get(0);
        assertThat(held.targetRateMsgPerSec()).isEqualTo(10_000);
        assertThat(held.publishRateMsgPerSec()).isCloseTo(10_000, within(10.0));
        assertThat(held.consumeRateMsgPerSec()).isCloseTo(10_000, within(10.0));
        assertThat(held.backlogTrendMsgPerSec()).isCloseTo(0, within(10.0));
        assertThat(held.sustained()).isTrue();
        RateSearchTrial overloaded = trials.stream()
                .filter(t -> t.targetRateMsgPerSec() == 40_000)
                .findFirst()
                .orElseThrow();
        assertThat(overloaded.sustained()).isFalse();
        assertThat(overloaded.consumeRateMsgPerSec()).isCloseTo(20_000, within(200.0));
        assertThat(overloaded.backlogTrendMsgPerSec()).isGreaterThan(0);
    }

    @Test
    void afterAFailedTrialTheProducersCatchUpBeforeTheNextTrial() throws Exception {
        ManualClock clock = new ManualClock();
        SimulatedSystem system = SimulatedSystem.withCapacity(clock, 30_000, 1);

        List<RateSearchTrial> trials = new RateSearch(RateSearchSettings.defaults(), 1, clock)
                .run(system)
                .trials();

        RateSearchTrial overloaded = trials.get(2);
        assertThat(overloaded.targetRateMsgPerSec()).isEqualTo(40_000);
        // 15 s at 40,000 msg/s against 30,000 msg/s of delivery: about 150,000 messages behind, caught up at
        // 30,000 − 400 msg/s
        assertThat(overloaded.recoverySeconds()).isBetween(4.5, 6.5);
        int checked = 0;
        for (int i = 1; i < trials.size(); i++) {
            RateSearchTrial next = trials.get(i);
            if (!trials.get(i - 1).sustained() && next.targetRateMsgPerSec() <= 30_000) {
                assertThat(next.backlogStartMessages())
                        .as("trial %d starts with no backlog", next.trial())
                        .isLessThan(1_000);
                assertThat(next.publishRateMsgPerSec())
                        .as("and without catch-up")
                        .isCloseTo(next.targetRateMsgPerSec(), within(0.01 * next.targetRateMsgPerSec()));
                checked++;
            }
        }
        assertThat(checked).as("trials below capacity right after a failed one").isPositive();
        assertThat(trials)
                .filteredOn(RateSearchTrial::sustained)
                .allSatisfy(t -> assertThat(t.recoverySeconds()).isNull());
    }

    @Test
    void startingAboveCapacityHalvesUntilARateHolds() throws Exception {
        ManualClock clock = new ManualClock();
        SimulatedSystem system = SimulatedSystem.withCapacity(clock, 1_000, 0);

        RateSearchResult result = new RateSearch(RateSearchSettings.defaults(), 0, clock).run(system);

        assertThat(result.trials())
                .extracting(RateSearchTrial::targetRateMsgPerSec)
                .startsWith(10_000.0, 5_000.0, 2_500.0, 1_250.0, 625.0);
        assertThat(result.foundRateMsgPerSec()).isCloseTo(1_000, within(50.0));
    }

    @Test
    void noisyCapacityGivesRepeatableResults() throws Exception {
        double[] found = new double[3];
        for (int seed = 0; seed < found.length; seed++) {
            ManualClock clock = new ManualClock();
            SimulatedSystem system = new SimulatedSystem(clock, 274_000, 137_000, 1, 0.05, seed);
            found[seed] = new RateSearch(RateSearchSettings.defaults(), 1, clock)
                    .run(system)
                    .foundRateMsgPerSec();
        }

        for (double rate : found) {
            assertThat(rate).isCloseTo(137_000, within(0.05 * 137_000));
        }
    }

    @Test
    void searchStopsAtItsUpperLimit() throws Exception {
        ManualClock clock = new ManualClock();
        SimulatedSystem system = SimulatedSystem.withCapacity(clock, 1_000_000, 0);
        RateSearchSettings settings =
                new RateSearchSettings(10_000, Duration.ofSeconds(1), Duration.ofSeconds(2), 0.02, 50_000);

        RateSearchResult result = new RateSearch(settings, 0, clock).run(system);

        assertThat(result.foundRateMsgPerSec()).isEqualTo(50_000);
        assertThat(result.lowestFailedRateMsgPerSec()).isNull();
        assertThat(result.trials())
                .extracting(RateSearchTrial::targetRateMsgPerSec)
                .containsExactly(10_000.0, 20_000.0, 40_000.0, 50_000.0);
    }

    @Test
    void aSystemThatCarriesNothingFailsTheSearchWithWhatWasSeen() {
        ManualClock clock = new ManualClock();
        SimulatedSystem system = new SimulatedSystem(clock, 0.5, 0.5, 0, 0, 1);

        assertThatThrownBy(() -> new RateSearch(RateSearchSettings.defaults(), 0, clock).run(system))
                .isInstanceOf(RateSearchException.class)
                .hasMessageContaining("not even 1 msg/s is sustained")
                .hasMessageContaining("the producers achieved");
    }
}
