package io.openmessaging.benchmark.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.driver.ManualClock;
import io.openmessaging.benchmark.measure.HistogramSpec;
import io.openmessaging.benchmark.worker.LocalWorker;
import io.openmessaging.benchmark.worker.WorkerHandle;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class WorkerRolesTest {

    @Test
    void producerWorkerCountsFollowUpstream() {
        // (workers → producer workers) without and with -x, as upstream's ensemble test expects
        int[][] withoutExtra = {{2, 1}, {3, 1}, {4, 2}, {5, 2}, {6, 3}, {8, 4}, {9, 4}};
        int[][] withExtra = {{2, 1}, {3, 1}, {4, 2}, {5, 2}, {6, 2}, {8, 3}, {9, 3}};
        for (int[] row : withoutExtra) {
            assertThat(WorkerRoles.producerWorkerCount(row[0], false))
                    .as("%d workers", row[0])
                    .isEqualTo(row[1]);
        }
        for (int[] row : withExtra) {
            assertThat(WorkerRoles.producerWorkerCount(row[0], true))
                    .as("%d workers -x", row[0])
                    .isEqualTo(row[1]);
        }
    }

    @Test
    void splitSeparatesProducersAndConsumersAndLeaderProduces() {
        List<WorkerHandle> workers = workers(5);
        WorkerRoles roles = WorkerRoles.of(workers, WorkerRoles.Topology.SPLIT, false);
        assertThat(roles.producers()).containsExactly(workers.get(0), workers.get(1));
        assertThat(roles.consumers()).containsExactly(workers.get(2), workers.get(3), workers.get(4));
        assertThat(roles.leader()).isSameAs(workers.get(0));
    }

    @Test
    void oneWorkerOrSwarmDoesBoth() {
        List<WorkerHandle> one = workers(1);
        assertThat(WorkerRoles.of(one, WorkerRoles.Topology.SPLIT, true).consumers())
                .isEqualTo(one);
        List<WorkerHandle> three = workers(3);
        WorkerRoles swarm = WorkerRoles.of(three, WorkerRoles.Topology.SWARM, false);
        assertThat(swarm.producers()).isEqualTo(three);
        assertThat(swarm.consumers()).isEqualTo(three);
    }

    private static List<WorkerHandle> workers(int count) {
        List<WorkerHandle> workers = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            workers.add(new LocalWorker(new ManualClock(), HistogramSpec.DEFAULT));
        }
        return workers;
    }
}
