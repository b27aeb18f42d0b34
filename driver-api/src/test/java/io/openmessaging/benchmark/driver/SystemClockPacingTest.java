package io.openmessaging.benchmark.driver;

import static io.openmessaging.benchmark.driver.SystemClock.SPIN_ONLY_NANOS;
import static io.openmessaging.benchmark.driver.SystemClock.parkNanosFor;
import static org.assertj.core.api.Assertions.assertThat;

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
