package io.openmessaging.benchmark.driver;

import static io.openmessaging.benchmark.driver.SystemClock.MAX_PARK_OVERSHOOT_NANOS;
import static io.openmessaging.benchmark.driver.SystemClock.MIN_PARK_OVERSHOOT_NANOS;
import static io.openmessaging.benchmark.driver.SystemClock.SPIN_ONLY_NANOS;
import static io.openmessaging.benchmark.driver.SystemClock.nextOvershootEstimate;
import static io.openmessaging.benchmark.driver.SystemClock.parkNanosFor;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The park-or-spin decisions of {@link SystemClock#sleepUntil}, without a clock. */
class SystemClockPacingTest {

    private static final long OVERSHOOT = 30_000;

    @Test
    void aLongWaitParksForAllButTheOvershoot() {
        assertThat(parkNanosFor(100_000, OVERSHOOT, false)).isEqualTo(70_000);
        assertThat(parkNanosFor(1_000_000_000, OVERSHOOT, false)).isEqualTo(1_000_000_000 - OVERSHOOT);
    }

    @Test
    void afterAParkThatWokeEarlyTheLastStretchIsSpun() {
        assertThat(parkNanosFor(OVERSHOOT, OVERSHOOT, true)).isZero();
        assertThat(parkNanosFor(3_000, OVERSHOOT, true)).isZero();
    }

    @Test
    void aParkThatWokeFarTooEarlyParksAgain() {
        assertThat(parkNanosFor(80_000, OVERSHOOT, true)).isEqualTo(50_000);
    }

    @Test
    void aWaitShorterThanTheOvershootParksWhollyInsteadOfSpinning() {
        // the gap between messages at 50,000 msg/s: spinning it would keep a core busy
        assertThat(parkNanosFor(20_000, OVERSHOOT, false)).isEqualTo(20_000);
        assertThat(parkNanosFor(SPIN_ONLY_NANOS + 1, OVERSHOOT, false)).isEqualTo(SPIN_ONLY_NANOS + 1);
    }

    @Test
    void veryShortWaitsAreSpun() {
        assertThat(parkNanosFor(SPIN_ONLY_NANOS, OVERSHOOT, false)).isZero();
        assertThat(parkNanosFor(1, OVERSHOOT, false)).isZero();
    }

    @Test
    void theOvershootEstimateSettlesAtTheTenthPercentileOfWhatParksShow() {
        // overshoots spread 5..25 µs, plus one park in a hundred that wakes a millisecond late
        SplittableRandom random = new SplittableRandom(7);
        long[] observed = new long[200_000];
        for (int i = 0; i < observed.length; i++) {
            observed[i] = random.nextInt(100) == 0 ? 1_000_000 : 5_000 + random.nextLong(20_000);
        }
        long estimate = 60_000; // a calibration disturbed at start-up
        long[] late = new long[observed.length / 2];
        for (int i = 0; i < observed.length; i++) {
            estimate = nextOvershootEstimate(estimate, observed[i]);
            if (i >= late.length) {
                late[i - late.length] = estimate;
            }
        }
        long[] sorted = observed.clone();
        Arrays.sort(sorted);
        long tenthPercentile = sorted[sorted.length / 10];
        assertThat(Arrays.stream(late).average().orElseThrow())
                .as(
                        "the estimate over the second half, against the observations' 10th percentile %d ns",
                        tenthPercentile)
                .isBetween(tenthPercentile - 1_000.0, tenthPercentile + 1_000.0);
    }

    @Test
    void theOvershootEstimateStaysWithinItsBounds() {
        assertThat(nextOvershootEstimate(MIN_PARK_OVERSHOOT_NANOS, 0)).isEqualTo(MIN_PARK_OVERSHOOT_NANOS);
        assertThat(nextOvershootEstimate(MAX_PARK_OVERSHOOT_NANOS, 10_000_000)).isEqualTo(MAX_PARK_OVERSHOOT_NANOS);
    }

    @Test
    void aRealSleepReturnsAReadingAtOrAfterTheDeadline() throws InterruptedException {
        for (long waitNanos : new long[] {1_000, 20_000, 200_000, 2_000_000}) {
            long deadline = System.nanoTime() + waitNanos;
            long returned = SystemClock.INSTANCE.sleepUntil(deadline);
            assertThat(returned - deadline)
                    .as("returned minus deadline for a %d ns wait", waitNanos)
                    .isGreaterThanOrEqualTo(0);
        }
    }
}
