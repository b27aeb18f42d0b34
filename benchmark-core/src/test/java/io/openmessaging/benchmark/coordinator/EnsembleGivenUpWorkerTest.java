package io.openmessaging.benchmark.coordinator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.driver.ManualClock;
import io.openmessaging.benchmark.worker.StatsSnapshot;
import io.openmessaging.benchmark.worker.WorkerStatus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A worker that failed the run by not answering (cut off from the coordinator) is not waited for again
 * after the failure: the books of the others are closed, their last periods read and every worker, that
 * one included, is sent its stop. Found by WorkerCutFromCoordinatorIT, where each call to the cut-off worker
 * cost a connect timeout and the other worker's stop came ~18 s after the failure.
 */
class EnsembleGivenUpWorkerTest {

    private static final class CountingWorker extends StubWorker {
        final String id;
        final boolean reachable;
        final AtomicInteger statusCalls = new AtomicInteger();
        final AtomicInteger closeBooksCalls = new AtomicInteger();
        final AtomicInteger counterCalls = new AtomicInteger();
        final AtomicInteger closeCalls = new AtomicInteger();

        CountingWorker(String id, boolean reachable) {
            this.id = id;
            this.reachable = reachable;
        }

        @Override
        public String id() {
            return id;
        }

        @Override
        public WorkerStatus status(long afterSeq) throws IOException {
            statusCalls.incrementAndGet();
            if (!reachable) {
                throw new IOException("HTTP connect timed out");
            }
            return super.status(afterSeq);
        }

        @Override
        public void closeBooks() {
            closeBooksCalls.incrementAndGet();
            if (!reachable) {
                throw new UncheckedIOException(new IOException("HTTP connect timed out"));
            }
        }

        @Override
        public Map<String, Long> driverCounters() throws IOException {
            counterCalls.incrementAndGet();
            if (!reachable) {
                throw new IOException("HTTP connect timed out");
            }
            return Map.of("kafka.consumerFailures", 1L);
        }

        @Override
        public void close() {
            closeCalls.incrementAndGet();
        }
    }

    @Test
    void afterItFailedTheRunOnlyItsStopIsTriedAndTheOthersAreServedInFull() throws Exception {
        CountingWorker answering = new CountingWorker("worker-2", true);
        CountingWorker cut = new CountingWorker("worker-1", false);
        Ensemble ensemble =
                new Ensemble(List.of(answering, cut), Duration.ZERO, new ManualClock(), Duration.ofSeconds(1));
        try {
            assertThatThrownBy(ensemble::poll)
                    .isInstanceOf(RunFailedException.class)
                    .hasMessageContaining("worker-1");
            int cutStatusCalls = cut.statusCalls.get();

            ensemble.closeBooksBestEffort(StatsSnapshot.Phase.MEASURED);
            ensemble.pollAfterFailure();
            Map<String, Long> counters = ensemble.driverCounters();
            ensemble.closeAll();

            assertThat(cut.closeBooksCalls).hasValue(0);
            assertThat(cut.statusCalls).hasValue(cutStatusCalls);
            assertThat(cut.counterCalls).hasValue(0);
            assertThat(cut.closeCalls).as("its stop is still sent").hasValue(1);
            assertThat(answering.closeBooksCalls).hasValue(1);
            assertThat(answering.statusCalls).hasValue(2);
            assertThat(counters).containsExactly(Map.entry("kafka.consumerFailures", 1L));
            assertThat(answering.closeCalls).hasValue(1);
            // the totals lack what the cut worker did after its last answer (here: it never answered)
            assertThat(ensemble.leftOutOfLastPoll()).containsExactly(new Ensemble.LeftOut("worker-1", 0));
        } finally {
            ensemble.shutdown();
        }
    }
}
