package io.openmessaging.benchmark.worker;

import io.openmessaging.benchmark.measure.Counters;
import java.util.List;

/**
 * A worker's answer to a status poll.
 *
 * @param snapshots the requested snapshots, oldest first
 * @param totals running counters of the worker
 * @param failure the worker's first fatal failure, or {@code null}
 * @param epoch random id of the worker process: a different value means the worker restarted
 * @param firstSendError the first send error the worker saw (send errors are counted, not fatal to the
 *     worker; the coordinator judges them), or {@code null}
 */
public record WorkerStatus(
        List<StatsSnapshot> snapshots, Counters totals, String failure, String epoch, String firstSendError) {

    /** A status without send errors. */
    public WorkerStatus(List<StatsSnapshot> snapshots, Counters totals, String failure, String epoch) {
        this(snapshots, totals, failure, epoch, null);
    }
}
