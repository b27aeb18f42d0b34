package io.openmessaging.benchmark.coordinator;

import io.openmessaging.benchmark.worker.WorkerHandle;
import java.util.List;

/**
 * Which workers produce and which consume.
 *
 * <p>{@link Topology#SPLIT} is upstream's role split: with n workers, {@code n / 2} produce (with
 * {@code -x}, "extra consumers", only {@code (n + 2) / 3}) and the rest consume; one worker does both.
 * {@link Topology#SWARM} (the Redpanda fork's idea): every worker produces a share of the producers
 * and runs the workload's full set of consumers for every subscription, so a message never needs to
 * cross workers; the only topology in which the in-memory loopback driver can be distributed.
 *
 * @param producers workers that run producers; the first is the leader, which creates topics
 * @param consumers workers that run consumers
 */
public record WorkerRoles(List<WorkerHandle> producers, List<WorkerHandle> consumers, Topology topology) {

    /** How producers and consumers are placed on workers. */
    public enum Topology {
        SPLIT,
        SWARM
    }

    public static WorkerRoles of(List<WorkerHandle> workers, Topology topology, boolean extraConsumers) {
        if (workers.isEmpty()) {
            throw new IllegalArgumentException("no workers");
        }
        if (workers.size() == 1 || topology == Topology.SWARM) {
            return new WorkerRoles(List.copyOf(workers), List.copyOf(workers), topology);
        }
        int producerCount = producerWorkerCount(workers.size(), extraConsumers);
        return new WorkerRoles(
                List.copyOf(workers.subList(0, producerCount)),
                List.copyOf(workers.subList(producerCount, workers.size())),
                topology);
    }

    /** Upstream's split: n / 2 producer workers, or (n + 2) / 3 with extra consumers. */
    static int producerWorkerCount(int workers, boolean extraConsumers) {
        return extraConsumers ? (workers + 2) / 3 : workers / 2;
    }

    public WorkerHandle leader() {
        return producers.get(0);
    }
}
