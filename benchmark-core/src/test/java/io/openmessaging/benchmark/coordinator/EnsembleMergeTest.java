package io.openmessaging.benchmark.coordinator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.driver.ManualClock;
import io.openmessaging.benchmark.measure.Counters;
import io.openmessaging.benchmark.measure.HistogramSpec;
import io.openmessaging.benchmark.measure.LatencyMetric;
import io.openmessaging.benchmark.measure.PeriodStats;
import io.openmessaging.benchmark.worker.StatsSnapshot;
import io.openmessaging.benchmark.worker.WorkerStatus;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Periods of several workers merge into one: counters summed, histograms added, never averaged. */
class EnsembleMergeTest {

    /** A worker that only answers status polls with snapshots the test scripts. */
    private static final class ScriptedWorker extends StubWorker {
        final List<StatsSnapshot> snapshots = new ArrayList<>();
        String epoch = "e1";
        String failure;
        IOException unreachable;
        Map<String, Long> counters = Map.of();

        @Override
        public Map<String, Long> driverCounters() throws IOException {
            if (unreachable != null) {
                throw unreachable;
            }
            return counters;
        }

        @Override
        public WorkerStatus status(long afterSeq) throws IOException {
            if (unreachable != null) {
                throw unreachable;
            }
            List<StatsSnapshot> after =
                    snapshots.stream().filter(s -> s.seq() > afterSeq).toList();
            Counters totals = snapshots.isEmpty()
                    ? Counters.ZERO
                    : snapshots.get(snapshots.size() - 1).stats().totals();
            return new WorkerStatus(after, totals, failure, epoch);
        }
    }

    private static PeriodStats period(long seed, int values, long sent) {
        SplittableRandom random = new SplittableRandom(seed);
        Histogram[] histograms = new Histogram[LatencyMetric.values().length];
        for (int i = 0; i < histograms.length; i++) {
            histograms[i] = HistogramSpec.DEFAULT.newHistogram();
            for (int v = 0; v < values; v++) {
                histograms[i].recordValue(1_000 + random.nextLong(50_000_000));
            }
        }
        Counters delta = new Counters(sent, sent * 100, 0, sent, sent, sent * 100, 0, 0, 0, 0);
        return new PeriodStats(0, 1_000_000_000, delta, delta, histograms);
    }

    @Test
    void mergedHistogramsEqualTheSumOfTheWorkers() throws Exception {
        ScriptedWorker a = new ScriptedWorker();
        ScriptedWorker b = new ScriptedWorker();
        PeriodStats pa = period(1, 10_000, 1000);
        PeriodStats pb = period(2, 3_000, 300);
        a.snapshots.add(new StatsSnapshot(1, StatsSnapshot.Phase.MEASURED, pa));
        Ensemble ensemble =
                new Ensemble(List.of(a, b), Duration.ofSeconds(10), new ManualClock(), Duration.ofSeconds(1));

        assertThat(ensemble.poll()).isEmpty(); // b has not cut the period yet
        b.snapshots.add(new StatsSnapshot(1, StatsSnapshot.Phase.MEASURED, pb));
        List<StatsSnapshot> merged = ensemble.poll();

        assertThat(merged).hasSize(1);
        PeriodStats m = merged.get(0).stats();
        assertThat(m.delta().messagesSent()).isEqualTo(1300);
        for (LatencyMetric metric : LatencyMetric.values()) {
            Histogram expected = pa.histogram(metric).copy();
            expected.add(pb.histogram(metric));
            Histogram actual = m.histogram(metric);
            assertThat(actual.getTotalCount()).isEqualTo(13_000);
            assertThat(actual.getMaxValue())
                    .isEqualTo(Math.max(
                            pa.histogram(metric).getMaxValue(),
                            pb.histogram(metric).getMaxValue()));
            assertThat(actual.getValueAtPercentile(99)).isEqualTo(expected.getValueAtPercentile(99));
        }
        assertThat(ensemble.lastTotals().messagesSent()).isEqualTo(1300);
        assertThat(ensemble.poll()).isEmpty(); // nothing new: nothing merged twice
        ensemble.shutdown();
    }

    @Test
    void aRestartedOrFailedWorkerFailsTheRun() throws Exception {
        ScriptedWorker a = new ScriptedWorker();
        Ensemble ensemble = new Ensemble(List.of(a), Duration.ofSeconds(10), new ManualClock(), Duration.ofSeconds(1));
        ensemble.recordEpochs();
        a.epoch = "e2";
        assertThatThrownBy(ensemble::poll)
                .isInstanceOf(RunFailedException.class)
                .hasMessageContaining("restarted");
        a.epoch = "e1";
        a.failure = "java.lang.IllegalStateException: consumer died";
        assertThatThrownBy(ensemble::poll)
                .isInstanceOf(RunFailedException.class)
                .hasMessageContaining("consumer died");
        ensemble.shutdown();
    }

    @Test
    void anUnreachableWorkerFailsTheRunAfterTheTimeout() throws Exception {
        ScriptedWorker unreachable = new ScriptedWorker();
        unreachable.unreachable = new IOException("connection refused");
        Ensemble ensemble = new Ensemble(List.of(unreachable), Duration.ZERO, new ManualClock(), Duration.ofSeconds(1));
        assertThatThrownBy(ensemble::poll)
                .isInstanceOf(RunFailedException.class)
                .hasMessageContaining("has not answered")
                .hasMessageContaining("connection refused");
        ensemble.shutdown();
    }

    @Test
    void driverCountersAreSummedOverTheWorkersAndAnUnreachableOneIsLeftOut() throws Exception {
        ScriptedWorker a = new ScriptedWorker();
        ScriptedWorker b = new ScriptedWorker();
        ScriptedWorker gone = new ScriptedWorker();
        a.counters = Map.of("kafka.consumerFailures", 1L, "kafka.malformedStamps", 7L);
        b.counters = Map.of("kafka.consumerFailures", 2L, "kafka.offsetCommitFailures", 3L);
        gone.counters = Map.of("kafka.consumerFailures", 100L);
        gone.unreachable = new IOException("connection refused");
        Ensemble ensemble =
                new Ensemble(List.of(a, b, gone), Duration.ofSeconds(10), new ManualClock(), Duration.ofSeconds(1));
        try {
            assertThat(ensemble.driverCounters())
                    .containsExactly(
                            Map.entry("kafka.consumerFailures", 3L),
                            Map.entry("kafka.malformedStamps", 7L),
                            Map.entry("kafka.offsetCommitFailures", 3L));
        } finally {
            ensemble.shutdown();
        }
    }
}
