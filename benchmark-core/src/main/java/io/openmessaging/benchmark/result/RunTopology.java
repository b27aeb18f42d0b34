package io.openmessaging.benchmark.result;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * Where a run's clients ran: how they were placed over the workers and how many workers took each role
 * ({@code metadata.topology} of a result; see docs/results.md). Not thread-safe.
 */
@JsonPropertyOrder({
    "placement",
    "workerCount",
    "inProcess",
    "producerWorkerCount",
    "consumerWorkerCount",
    "extraConsumers"
})
public class RunTopology {

    /**
     * {@code SPLIT} (upstream's roles: some workers produce, the others consume) or {@code SWARM} (every
     * worker produces a share and runs every subscription's consumers); with one worker both mean that worker
     * does everything.
     */
    public String placement;

    /** Workers the run used: the URLs given, or 1 for the in-process worker of a run without {@code --workers}. */
    public Integer workerCount;

    /** Whether the single worker ran inside the coordinator's JVM (no {@code --workers}). */
    public Boolean inProcess;

    /** Workers that ran producers. */
    public Integer producerWorkerCount;

    /** Workers that ran consumers. */
    public Integer consumerWorkerCount;

    /** {@code -x/--extra}: a third of the workers produce instead of half (SPLIT over several workers only). */
    public Boolean extraConsumers;
}
