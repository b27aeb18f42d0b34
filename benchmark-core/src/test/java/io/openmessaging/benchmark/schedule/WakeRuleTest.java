package io.openmessaging.benchmark.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WakeRuleTest {

    @Test
    void theDeadlineIsTheIntendedTimeOnceAWakeIntervalHasPassed() {
        assertThat(WakeRule.deadlineNanos(1_000_000, 800_000, 100_000)).isEqualTo(1_000_000);
        assertThat(WakeRule.deadlineNanos(1_000_000, 900_000, 100_000)).isEqualTo(1_000_000);
    }

    @Test
    void theDeadlineIsOneWakeIntervalAfterTheLastWhenTheMessageIsIntendedSooner() {
        assertThat(WakeRule.deadlineNanos(1_000_000, 950_000, 100_000)).isEqualTo(1_050_000);
    }

    @Test
    void aZeroIntervalWakesAtEveryIntendedTime() {
        assertThat(WakeRule.deadlineNanos(1_000_000, 999_999, 0)).isEqualTo(1_000_000);
        assertThat(WakeRule.deadlineNanos(1_000_000, 1_000_000, 0)).isEqualTo(1_000_000);
    }

    @Test
    void theDeadlineHoldsAcrossTheClocksWrapAround() {
        long lastDeadlineNanos = Long.MAX_VALUE - 50_000;

        // intended past the wrap, sooner than one interval after the last deadline: that interval decides
        assertThat(WakeRule.deadlineNanos(Long.MIN_VALUE + 10_000, lastDeadlineNanos, 100_000))
                .isEqualTo(Long.MIN_VALUE + 49_999);
        // intended past the wrap and later than that: the intended time decides
        assertThat(WakeRule.deadlineNanos(Long.MIN_VALUE + 60_000, lastDeadlineNanos, 100_000))
                .isEqualTo(Long.MIN_VALUE + 60_000);
    }
}
