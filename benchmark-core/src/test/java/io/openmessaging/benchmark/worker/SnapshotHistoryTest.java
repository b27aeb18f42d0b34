package io.openmessaging.benchmark.worker;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.driver.SystemClock;
import io.openmessaging.benchmark.measure.HistogramSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The worker keeps only its latest snapshots (each holds five histograms), and reading them
 * stays idempotent within what it keeps.
 */
class SnapshotHistoryTest {

    @Test
    void onlyTheLatestSnapshotsAreKeptAndReadingThemIsIdempotent() {
        LocalWorker worker = new LocalWorker(SystemClock.INSTANCE, HistogramSpec.DEFAULT);
        int cuts = LocalWorker.SNAPSHOT_HISTORY * 3 + 7;
        for (int i = 0; i < cuts; i++) {
            worker.cutFinal(StatsSnapshot.Phase.MEASURED);
        }

        List<StatsSnapshot> kept = worker.statsAfter(0);
        assertThat(kept).hasSize(LocalWorker.SNAPSHOT_HISTORY);
        assertThat(kept.get(0).seq()).isEqualTo(cuts - LocalWorker.SNAPSHOT_HISTORY + 1);
        assertThat(kept.get(kept.size() - 1).seq()).isEqualTo(cuts);
        assertThat(worker.latestSnapshot().seq()).isEqualTo(cuts);

        List<StatsSnapshot> lastThree = worker.statsAfter(cuts - 3);
        assertThat(lastThree).extracting(StatsSnapshot::seq).containsExactly((long) cuts - 2, (long) cuts - 1, (long)
                cuts);
        assertThat(worker.statsAfter(cuts - 3)).isEqualTo(lastThree);
        assertThat(worker.statsAfter(cuts)).isEmpty();
    }
}
