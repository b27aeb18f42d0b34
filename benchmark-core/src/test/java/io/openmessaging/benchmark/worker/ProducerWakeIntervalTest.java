package io.openmessaging.benchmark.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.Clock;
import io.openmessaging.benchmark.driver.ManualClock;
import io.openmessaging.benchmark.driver.SendCallback;
import io.openmessaging.benchmark.measure.HistogramSpec;
import io.openmessaging.benchmark.measure.SequenceSet;
import io.openmessaging.benchmark.measure.WorkerStats;
import io.openmessaging.benchmark.schedule.IntendedSendSchedule;
import io.openmessaging.benchmark.workload.KeyDistributorType;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The producer thread's wake interval on a manual clock: above 1 / interval msg/s it sleeps once per
 * interval and sends every message that came due, each with its own intended time; below it, and with
 * an interval of 0, it sleeps once per message and sends each on time; it never sends early.
 */
class ProducerWakeIntervalTest {

    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);
    private static final long MICRO = TimeUnit.MICROSECONDS.toNanos(1);

    /** A manual clock that counts the sleeps that had to wait and wakes each one {@code lateNanos} late. */
    private static final class CountingClock implements Clock {
        final ManualClock clock = new ManualClock();
        final long lateNanos;
        int sleeps;

        CountingClock(long lateNanos) {
            this.lateNanos = lateNanos;
        }

        @Override
        public long monotonicNanos() {
            return clock.monotonicNanos();
        }

        @Override
        public long epochNanos() {
            return clock.epochNanos();
        }

        @Override
        public long toEpochNanos(long monotonicNanos) {
            return clock.toEpochNanos(monotonicNanos);
        }

        @Override
        public long sleepUntil(long deadlineMonotonicNanos) {
            if (deadlineMonotonicNanos > clock.monotonicNanos()) {
                sleeps++;
                return clock.sleepUntil(deadlineMonotonicNanos + lateNanos);
            }
            return clock.sleepUntil(deadlineMonotonicNanos);
        }
    }

    /** Records every send's intended and actual time (epoch nanos) and acknowledges it at once. */
    private static final class RecordingProducer implements BenchmarkProducer {
        final List<long[]> sends = new ArrayList<>();

        @Override
        public void sendAsync(
                String key,
                byte[] payload,
                long intendedSendEpochNanos,
                long sentEpochNanos,
                int producerId,
                long sequence,
                SendCallback callback) {
            sends.add(new long[] {intendedSendEpochNanos, sentEpochNanos});
            callback.sendCompleted(intendedSendEpochNanos, sentEpochNanos, producerId, sequence, null);
        }

        @Override
        public void close() {}
    }

    private record Outcome(List<long[]> sends, int sleeps) {
        long maxDelayNanos() {
            return sends.stream().mapToLong(s -> s[1] - s[0]).max().orElseThrow();
        }

        long minDelayNanos() {
            return sends.stream().mapToLong(s -> s[1] - s[0]).min().orElseThrow();
        }

        /** Messages per distinct send instant. */
        TreeMap<Long, Integer> batches() {
            TreeMap<Long, Integer> batches = new TreeMap<>();
            sends.forEach(s -> batches.merge(s[1], 1, Integer::sum));
            return batches;
        }
    }

    private static Outcome runOneSecond(double rateMsgPerSec, long wakeIntervalNanos) throws Exception {
        return runOneSecond(rateMsgPerSec, wakeIntervalNanos, 0);
    }

    private static Outcome runOneSecond(double rateMsgPerSec, long wakeIntervalNanos, long lateWakeNanos)
            throws Exception {
        CountingClock clock = new CountingClock(lateWakeNanos);
        WorkerStats stats = new WorkerStats(HistogramSpec.DEFAULT);
        RecordingProducer producer = new RecordingProducer();
        long start = clock.monotonicNanos();
        ProducerThread.Slot slot = new ProducerThread.Slot(
                3,
                producer,
                KeyDistributor.of(KeyDistributorType.NO_KEY, 1),
                new IntendedSendSchedule(start, rateMsgPerSec),
                ProducerThread.ackRecorder(clock, stats, new SequenceSet(), e -> {}));
        ProducerThread thread =
                new ProducerThread(clock, stats, List.of(slot), List.of(new byte[16]), 1, wakeIntervalNanos, e -> {});

        thread.runUntil(start + SECOND);

        assertThat(stats.totals().messagesAcked()).isEqualTo(producer.sends.size());
        return new Outcome(producer.sends, clock.sleeps);
    }

    @Test
    void aboveTheIntervalRateWakesOncePerIntervalAndSendsWhatCameDue() throws Exception {
        Outcome outcome = runOneSecond(50_000, 100 * MICRO);

        assertThat(outcome.sends()).hasSize(50_000);
        // one wake-up per 100 µs instead of one per message (20 µs apart)
        assertThat(outcome.sleeps()).isBetween(9_990, 10_001);
        assertThat(outcome.minDelayNanos()).isZero();
        assertThat(outcome.maxDelayNanos()).isLessThan(100 * MICRO).isGreaterThanOrEqualTo(80 * MICRO);
        // every wake-up after the first sends the five messages that came due, in order of intended time
        assertThat(outcome.batches().values().stream().skip(1).filter(n -> n != 5))
                .hasSizeLessThanOrEqualTo(2);
        for (int i = 1; i < outcome.sends().size(); i++) {
            assertThat(outcome.sends().get(i)[0]).isGreaterThan(outcome.sends().get(i - 1)[0]);
        }
    }

    @Test
    void belowTheIntervalRateEveryMessageGoesOutAtItsIntendedTime() throws Exception {
        Outcome outcome = runOneSecond(5_000, 100 * MICRO);

        assertThat(outcome.sends()).hasSize(5_000);
        assertThat(outcome.maxDelayNanos()).isZero();
        assertThat(outcome.sleeps()).isBetween(4_999, 5_000);
    }

    @Test
    void lateWakeUpsDoNotAddUpAtTheIntervalRate() throws Exception {
        // 10,000 msg/s is one message per 100 µs interval; every sleep wakes 7 µs late
        Outcome outcome = runOneSecond(10_000, 100 * MICRO, 7 * MICRO);

        assertThat(outcome.sends()).hasSize(10_000);
        assertThat(outcome.maxDelayNanos()).isEqualTo(7 * MICRO);
        assertThat(outcome.sleeps()).isBetween(9_999, 10_000);
    }

    @Test
    void lateWakeUpsDoNotLowerTheWakeUpRateBelowOnePerInterval() throws Exception {
        // 50,000 msg/s, every sleep wakes 40 µs late: still one wake-up per 100 µs on average, each
        // message at most one interval plus the lateness behind its intended time
        Outcome outcome = runOneSecond(50_000, 100 * MICRO, 40 * MICRO);

        assertThat(outcome.sends()).hasSize(50_000);
        assertThat(outcome.sleeps()).isBetween(9_980, 10_001);
        assertThat(outcome.maxDelayNanos()).isLessThanOrEqualTo(140 * MICRO);
        for (long[] send : outcome.sends()) {
            assertThat(send[1]).isGreaterThanOrEqualTo(send[0]);
        }
    }

    @Test
    void intervalZeroWakesForEveryMessage() throws Exception {
        Outcome outcome = runOneSecond(50_000, 0);

        assertThat(outcome.sends()).hasSize(50_000);
        assertThat(outcome.maxDelayNanos()).isZero();
        assertThat(outcome.sleeps()).isBetween(49_999, 50_000);
    }

    @Test
    void aNegativeIntervalIsRefused() {
        ManualClock clock = new ManualClock();
        assertThatThrownBy(() -> new ProducerThread(
                        clock, new WorkerStats(HistogramSpec.DEFAULT), List.of(), List.of(new byte[1]), 1, -1, e -> {}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("got -1");
    }
}
