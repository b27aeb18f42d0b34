package io.openmessaging.benchmark.worker;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ManualClock;
import io.openmessaging.benchmark.driver.SendCallback;
import io.openmessaging.benchmark.measure.HistogramSpec;
import io.openmessaging.benchmark.measure.LatencyMetric;
import io.openmessaging.benchmark.measure.PeriodStats;
import io.openmessaging.benchmark.measure.SequenceSet;
import io.openmessaging.benchmark.measure.WorkerStats;
import io.openmessaging.benchmark.schedule.IntendedSendSchedule;
import io.openmessaging.benchmark.workload.KeyDistributorType;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * A deterministic 10 s run at 1,000 msg/s on a manual clock, where the send call blocks for 1 s at
 * t = 5 s (a client whose buffer is full). The stall must show in response time and publish delay, not
 * in service time, and the schedule must catch up.
 */
class CoordinatedOmissionTest {

    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);
    private static final long ACK_DELAY_NANOS = TimeUnit.MICROSECONDS.toNanos(200);

    /** Acknowledges synchronously after the ack delay; blocks every send made during the stall window. */
    private static final class StallingProducer implements BenchmarkProducer {
        private final ManualClock clock;
        private final long stallStart;
        private final long stallEnd;

        StallingProducer(ManualClock clock, long stallStart, long stallEnd) {
            this.clock = clock;
            this.stallStart = stallStart;
            this.stallEnd = stallEnd;
        }

        @Override
        public void sendAsync(
                String key,
                byte[] payload,
                long intendedSendEpochNanos,
                long sentEpochNanos,
                int producerId,
                long sequence,
                SendCallback callback) {
            long now = clock.monotonicNanos();
            if (now >= stallStart && now < stallEnd) {
                clock.sleepUntil(stallEnd);
            }
            clock.advanceNanos(ACK_DELAY_NANOS);
            callback.sendCompleted(intendedSendEpochNanos, sentEpochNanos, producerId, sequence, null);
        }

        @Override
        public void close() {}
    }

    @Test
    void blockedSendShowsInResponseTimeAndDelayButNotInServiceTime() throws Exception {
        ManualClock clock = new ManualClock();
        WorkerStats stats = new WorkerStats(HistogramSpec.DEFAULT);
        long start = clock.monotonicNanos();
        StallingProducer producer = new StallingProducer(clock, start + 5 * SECOND, start + 6 * SECOND);
        ProducerThread.Slot slot = new ProducerThread.Slot(
                7,
                producer,
                KeyDistributor.of(KeyDistributorType.NO_KEY, 1),
                new IntendedSendSchedule(start, 1000),
                ProducerThread.ackRecorder(clock, stats, new SequenceSet(), e -> {}));
        ProducerThread thread = new ProducerThread(clock, stats, List.of(slot), List.of(new byte[1024]), 1, 0, e -> {});

        thread.runUntil(start + 10 * SECOND);

        PeriodStats period = stats.cutPeriod(0, 10 * SECOND);
        assertThat(period.delta().messagesSent()).isEqualTo(10_000); // rate × duration: caught up
        assertThat(period.delta().messagesAcked()).isEqualTo(10_000);

        Histogram response = period.histogram(LatencyMetric.PUBLISH_RESPONSE_TIME);
        assertThat(response.getMaxValue()).isGreaterThanOrEqualTo((long) (0.99 * SECOND));
        assertThat(response.getValueAtPercentile(99)).isGreaterThanOrEqualTo((long) (0.85 * SECOND));

        Histogram service = period.histogram(LatencyMetric.PUBLISH_LATENCY);
        assertThat(service.getValueAtPercentile(99))
                .isBetween(ACK_DELAY_NANOS, service.highestEquivalentValue(ACK_DELAY_NANOS));

        Histogram delay = period.histogram(LatencyMetric.PUBLISH_DELAY_LATENCY);
        assertThat(delay.getMaxValue()).isGreaterThanOrEqualTo((long) (0.99 * SECOND));
        // before and well after the stall, messages go out on time
        assertThat(delay.getValueAtPercentile(50)).isLessThan(ACK_DELAY_NANOS);
    }

    @Test
    void lateProducerCatchesUpWithoutResettingSchedule() throws Exception {
        ManualClock clock = new ManualClock();
        WorkerStats stats = new WorkerStats(HistogramSpec.DEFAULT);
        long start = clock.monotonicNanos();
        StallingProducer producer = new StallingProducer(clock, start + SECOND, start + 3 * SECOND);
        ProducerThread.Slot slot = new ProducerThread.Slot(
                1,
                producer,
                KeyDistributor.of(KeyDistributorType.NO_KEY, 1),
                new IntendedSendSchedule(start, 500),
                ProducerThread.ackRecorder(clock, stats, new SequenceSet(), e -> {}));
        ProducerThread thread = new ProducerThread(clock, stats, List.of(slot), List.of(new byte[8]), 1, 0, e -> {});

        thread.runUntil(start + 4 * SECOND);

        assertThat(stats.totals().messagesSent()).isEqualTo(2_000);
        // the burst after the stall went out back to back: the one blocked send, then 999 late messages
        Histogram delay = stats.cutPeriod(0, 1).histogram(LatencyMetric.PUBLISH_DELAY_LATENCY);
        assertThat(delay.getCountBetweenValues(SECOND / 100, 2 * SECOND + SECOND / 10))
                .isGreaterThanOrEqualTo(990);
    }
}
