package io.openmessaging.benchmark.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class IntendedSendScheduleTest {

    @Test
    void nthMessageIsIntendedAtStartPlusNIntervalsWithoutDrift() {
        IntendedSendSchedule schedule = new IntendedSendSchedule(1_000, 3.0); // 333,333,333.33 ns apart
        long last = 0;
        for (int n = 0; n <= 3_000_000; n++) {
            last = schedule.nextIntendedNanos();
        }
        // 3,000,000 messages at 3 msg/s = exactly 1,000,000 s after the start; no accumulated rounding
        assertThat(last).isEqualTo(1_000 + 1_000_000_000_000_000L);
    }

    @Test
    void peekDoesNotConsume() {
        IntendedSendSchedule schedule = new IntendedSendSchedule(0, 1000);
        assertThat(schedule.peekIntendedNanos()).isZero();
        assertThat(schedule.nextIntendedNanos()).isZero();
        assertThat(schedule.peekIntendedNanos()).isEqualTo(1_000_000);
    }

    @Test
    void rateChangeContinuesFromNextIntendedTimeSoLatenessCarriesOver() {
        IntendedSendSchedule schedule = new IntendedSendSchedule(0, 1000);
        for (int i = 0; i < 10; i++) {
            schedule.nextIntendedNanos(); // 0 .. 9 ms consumed, next = 10 ms
        }
        schedule.changeRate(2000);
        assertThat(schedule.nextIntendedNanos()).isEqualTo(10_000_000);
        assertThat(schedule.nextIntendedNanos()).isEqualTo(10_500_000);
        assertThat(schedule.ratePerSec()).isEqualTo(2000.0);
    }

    @Test
    void rejectsImpossibleRates() {
        assertThatThrownBy(() -> new IntendedSendSchedule(0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new IntendedSendSchedule(0, -5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new IntendedSendSchedule(0, Double.NaN)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new IntendedSendSchedule(0, Double.POSITIVE_INFINITY))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void thePublishedSegmentCountsAndDatesEveryMessageExactlyAsTheScheduleSendsThem() {
        for (double rate : new double[] {3, 1000, 7777.7, 333_333.3}) {
            IntendedSendSchedule schedule = new IntendedSendSchedule(1_000, rate);
            for (int n = 0; n < 20_000; n++) {
                if (n == 12_345) {
                    schedule.changeRate(rate / 3); // a new segment: counting goes on across it
                }
                IntendedSendSchedule.Segment segment = schedule.segment();
                long index = schedule.nextIndex();
                long intended = schedule.peekIntendedNanos();
                assertThat(segment.intendedNanos(index)).isEqualTo(intended);
                // messages intended strictly before this one's time: exactly those already taken
                assertThat(segment.countBefore(intended))
                        .as("rate %s, message %d", rate, n)
                        .isEqualTo(index);
                assertThat(segment.countBefore(intended + 1)).isEqualTo(index + 1);
                schedule.nextIntendedNanos();
            }
        }
    }
}
