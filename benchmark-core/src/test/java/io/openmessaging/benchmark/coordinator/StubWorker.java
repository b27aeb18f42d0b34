package io.openmessaging.benchmark.coordinator;

import io.openmessaging.benchmark.driver.TopicSpec;
import io.openmessaging.benchmark.measure.Counters;
import io.openmessaging.benchmark.measure.SequenceReport;
import io.openmessaging.benchmark.worker.ConsumerAssignment;
import io.openmessaging.benchmark.worker.LoadSpec;
import io.openmessaging.benchmark.worker.ProducerAssignment;
import io.openmessaging.benchmark.worker.StatsSnapshot;
import io.openmessaging.benchmark.worker.WorkerHandle;
import io.openmessaging.benchmark.worker.WorkerStatus;
import io.openmessaging.benchmark.workload.DriverConfiguration;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * A worker for coordinator tests that does nothing and answers with nothing: no topics, no probes, zero
 * totals, no counters. A test extends it and overrides only what its script needs.
 */
abstract class StubWorker implements WorkerHandle {

    @Override
    public String id() {
        return "scripted";
    }

    @Override
    public WorkerStatus status(long afterSeq) throws IOException {
        return new WorkerStatus(List.of(), Counters.ZERO, null, "e1");
    }

    @Override
    public Map<String, String> initializeDriver(DriverConfiguration configuration) {
        return Map.of();
    }

    @Override
    public List<TopicSpec> createTopics(int count, int partitionsPerTopic) {
        return List.of();
    }

    @Override
    public void ensureTopics(List<TopicSpec> topics) {}

    @Override
    public void createConsumers(List<ConsumerAssignment> assignments) {}

    @Override
    public void createProducers(List<ProducerAssignment> assignments) {}

    @Override
    public void sendProbes() {}

    @Override
    public Map<String, Long> probesReceived() {
        return Map.of();
    }

    @Override
    public SequenceReport sequenceReport() {
        return SequenceReport.EMPTY;
    }

    @Override
    public void startLoad(LoadSpec load, long samplePeriodMillis) {}

    @Override
    public void adjustRate(double ratePerProducerMsgPerSec) {}

    @Override
    public void pauseConsumers() {}

    @Override
    public void resumeConsumers() {}

    @Override
    public void beginMeasuredPhase(long samplePeriodMillis) {}

    @Override
    public void cutFinal(StatsSnapshot.Phase phase) {}

    @Override
    public Map<String, Long> driverCounters() throws IOException {
        return Map.of();
    }

    @Override
    public void stopLoad() {}

    @Override
    public void closeBooks() {}

    @Override
    public void close() {}
}
