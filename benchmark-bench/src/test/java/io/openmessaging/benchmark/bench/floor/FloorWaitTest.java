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
}
