package io.openmessaging.benchmark.bench.floor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class FloorWaitTest {

    @Test
    void returnsNoEarlierThanTheDeadline() {
        long deadlineNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(20);

        long returnedNanos = FloorWait.parkUntil(deadlineNanos);

        assertThat(returnedNanos - deadlineNanos).isNotNegative();
        assertThat(System.nanoTime() - deadlineNanos).isNotNegative();
    }

    @Test
    void aPassedDeadlineReturnsTheClockReadWithoutParking() {
        long beforeNanos = System.nanoTime();
        long deadlineNanos = beforeNanos - TimeUnit.SECONDS.toNanos(1);

        long returnedNanos = FloorWait.parkUntil(deadlineNanos);

        assertThat(returnedNanos - beforeNanos).isNotNegative();
        assertThat(returnedNanos - System.nanoTime()).isNotPositive();
    }

    @Test
    void theWakeDeadlineIsTheDueTimeOnceAWakeIntervalHasPassed() {
        assertThat(FloorWait.wakeDeadline(1_000_000, 800_000, 100_000)).isEqualTo(1_000_000);
        assertThat(FloorWait.wakeDeadline(1_000_000, 900_000, 100_000)).isEqualTo(1_000_000);
    }

    @Test
    void theWakeDeadlineIsOneWakeIntervalAfterTheLastWhenTheMessageIsDueSooner() {
        assertThat(FloorWait.wakeDeadline(1_000_000, 950_000, 100_000)).isEqualTo(1_050_000);
    }

    @Test
    void theWakeDeadlineHoldsAcrossTheClocksWrapAround() {
        long lastDeadlineNanos = Long.MAX_VALUE - 50_000;

        // due past the wrap, sooner than one interval after the last deadline: that interval decides
        assertThat(FloorWait.wakeDeadline(Long.MIN_VALUE + 10_000, lastDeadlineNanos, 100_000))
                .isEqualTo(Long.MIN_VALUE + 49_999);
    }
}
