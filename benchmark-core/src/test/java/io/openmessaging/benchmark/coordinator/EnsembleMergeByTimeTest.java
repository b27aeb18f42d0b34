package io.openmessaging.benchmark.coordinator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.openmessaging.benchmark.driver.ManualClock;
import io.openmessaging.benchmark.measure.Counters;
import io.openmessaging.benchmark.measure.HistogramSpec;
import io.openmessaging.benchmark.measure.LatencyMetric;
import io.openmessaging.benchmark.measure.PeriodStats;
import io.openmessaging.benchmark.worker.StatsSnapshot;
import io.openmessaging.benchmark.worker.WorkerStatus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * The workers' periods merge by time, not by index. A worker stopped for 5 s (SIGSTOP, a long GC) cuts
 * one long period when it wakes and then, its sampler catching up, several empty ones at once; merged
 * by index these shifted every later period and halved its length, so a steady 1,000 msg/s producer
 * on the other worker read 329, 2,002, 1,998, 2,006, 1,994, 1,046 msg/s (issue 56).
 */
class EnsembleMergeByTimeTest {

    private static final long SECOND = 1_000_000_000L;

    /** A worker that answers status polls with the periods the test gives it, one snapshot each. */
    private static final class ScriptedWorker extends StubWorker {
        final List<StatsSnapshot> snapshots = new ArrayList<>();
        private Counters totals = Counters.ZERO;

        /** A period from {@code startNanos} to {@code endNanos} with {@code acked} and {@code received}. */
        void period(StatsSnapshot.Phase phase, long startNanos, long endNanos, long acked, long received) {
            Counters delta = new Counters(acked, acked * 100, 0, acked, received, received * 100, 0, 0, 0, 0);
            totals = totals.plus(delta);
            Histogram[] histograms = new Histogram[LatencyMetric.values().length];
            for (int i = 0; i < histograms.length; i++) {
                histograms[i] = HistogramSpec.DEFAULT.newHistogram();
                for (long v = 0; v < acked + received; v++) {
                    histograms[i].recordValue(1_000_000);
                }
            }
            snapshots.add(new StatsSnapshot(
                    snapshots.size() + 1, phase, new PeriodStats(startNanos, endNanos, delta, totals, histograms)));
        }

        @Override
        public WorkerStatus status(long afterSeq) {
            List<StatsSnapshot> after =
                    snapshots.stream().filter(s -> s.seq() > afterSeq).toList();
            return new WorkerStatus(after, totals, null, "e1");
        }
    }

    private static double publishRate(StatsSnapshot merged) {
        return merged.stats().delta().messagesAcked() / merged.stats().durationSeconds();
    }

    private static List<StatsSnapshot> measured(List<StatsSnapshot> merged) {
        return merged.stream()
                .filter(s -> s.phase() == StatsSnapshot.Phase.MEASURED)
                .toList();
    }

    @Test
    void aStalledWorkersLongAndEmptyPeriodsLeaveTheOtherWorkersRatesRight() throws Exception {
        ScriptedWorker producer = new ScriptedWorker();
        ScriptedWorker stalled = new ScriptedWorker();
        long t0 = 1_700_000_000L * SECOND;
        for (int k = 0; k < 10; k++) {
            producer.period(StatsSnapshot.Phase.MEASURED, t0 + k * SECOND, t0 + (k + 1) * SECOND, 1000, 0);
        }
        // the consumer's worker starts 3 ms later, is stopped from 1.2 s to 6.2 s, then catches up
        long u0 = t0 + 3_000_000;
        stalled.period(StatsSnapshot.Phase.MEASURED, u0, u0 + SECOND, 0, 1000);
        stalled.period(StatsSnapshot.Phase.MEASURED, u0 + SECOND, u0 + 6_200_000_000L, 0, 200);
        for (int i = 0; i < 4; i++) {
            stalled.period(StatsSnapshot.Phase.MEASURED, u0 + 6_200_000_000L, u0 + 6_200_000_000L, 0, 0);
        }
        stalled.period(StatsSnapshot.Phase.MEASURED, u0 + 6_200_000_000L, u0 + 7 * SECOND, 0, 5800);
        for (int k = 7; k < 10; k++) {
            stalled.period(StatsSnapshot.Phase.MEASURED, u0 + k * SECOND, u0 + (k + 1) * SECOND, 0, 1000);
        }
        Ensemble ensemble = new Ensemble(
                List.of(producer, stalled), Duration.ofSeconds(10), new ManualClock(), Duration.ofSeconds(1));
        try {
            List<StatsSnapshot> merged = new ArrayList<>(ensemble.poll());
            ensemble.cutFinal(StatsSnapshot.Phase.MEASURED);
            merged.addAll(ensemble.poll());

            List<StatsSnapshot> periods = measured(merged);
            assertThat(periods.stream().map(p -> Math.round(publishRate(p))))
                    .as("publish rate per period, msg/s")
                    .hasSize(10)
                    .allSatisfy(rate -> assertThat(rate).isCloseTo(1000L, within(10L)));
            assertThat(periods)
                    .allSatisfy(p -> assertThat(p.stats().durationSeconds()).isCloseTo(1.0, within(0.01)));
            assertThat(periods.stream()
                            .mapToLong(p -> p.stats().delta().messagesReceived())
                            .sum())
                    .as("every received message in exactly one period")
                    .isEqualTo(10_000);
            assertThat(periods.get(9).stats().totals().messagesReceived()).isEqualTo(10_000);
            assertThat(periods.get(9)
                            .stats()
                            .histogram(LatencyMetric.PUBLISH_LATENCY)
                            .getTotalCount())
                    .isEqualTo(1000 + 1000);
        } finally {
            ensemble.shutdown();
        }
    }

    @Test
    void aStalledProducerShowsItsStallWhereItsLongPeriodLiesAndThePartialLastPeriodKeepsItsLength() throws Exception {
        ScriptedWorker stalled = new ScriptedWorker();
        ScriptedWorker other = new ScriptedWorker();
        long t0 = 1_700_000_000L * SECOND;
        stalled.period(StatsSnapshot.Phase.MEASURED, t0, t0 + SECOND, 1000, 0);
        stalled.period(StatsSnapshot.Phase.MEASURED, t0 + SECOND, t0 + 4_500_000_000L, 200, 0); // midpoint 2.75 s
        stalled.period(StatsSnapshot.Phase.MEASURED, t0 + 4_500_000_000L, t0 + 4_500_000_000L, 0, 0);
        stalled.period(StatsSnapshot.Phase.MEASURED, t0 + 4_500_000_000L, t0 + 5 * SECOND, 3800, 0);
        stalled.period(StatsSnapshot.Phase.MEASURED, t0 + 5 * SECOND, t0 + 5_250_000_000L, 250, 0);
        for (int k = 0; k < 5; k++) {
            other.period(StatsSnapshot.Phase.MEASURED, t0 + k * SECOND, t0 + (k + 1) * SECOND, 0, 0);
        }
        other.period(StatsSnapshot.Phase.MEASURED, t0 + 5 * SECOND, t0 + 5_250_000_000L, 0, 0);
        other.period(StatsSnapshot.Phase.DRAIN, t0 + 5_250_000_000L, t0 + 8 * SECOND, 0, 0);
        stalled.period(StatsSnapshot.Phase.DRAIN, t0 + 5_250_000_000L, t0 + 8 * SECOND, 0, 0);
        Ensemble ensemble =
                new Ensemble(List.of(stalled, other), Duration.ofSeconds(10), new ManualClock(), Duration.ofSeconds(1));
        try {
            ensemble.cutFinal(StatsSnapshot.Phase.DRAIN);
            List<StatsSnapshot> merged = ensemble.poll();

            List<StatsSnapshot> periods = measured(merged);
            assertThat(periods.stream().map(EnsembleMergeByTimeTest::publishRate))
                    .containsExactly(1000.0, 0.0, 200.0, 0.0, 3800.0, 1000.0);
            assertThat(periods.get(5).stats().durationSeconds()).isEqualTo(0.25);
            assertThat(merged.get(merged.size() - 1).phase()).isEqualTo(StatsSnapshot.Phase.DRAIN);
            assertThat(merged.get(merged.size() - 1).stats().durationSeconds()).isEqualTo(2.75);
        } finally {
            ensemble.shutdown();
        }
    }
}
