package io.openmessaging.benchmark.worker;

import io.openmessaging.benchmark.measure.PeriodStats;

/**
 * One sampling period as cut by a worker on its own clock.
 *
 * @param seq increasing number of this snapshot within the worker's run, starting at 1
 * @param phase the run phase the period belongs to
 * @param stats counters and histograms of the period
 */
public record StatsSnapshot(long seq, Phase phase, PeriodStats stats) {

    /** Run phases a period can belong to. */
    public enum Phase {
        /** Before the measured phase; discarded from results. */
        WARMUP,
        /** A full (or, at the very end, partial) sampling period of the measured phase. */
        MEASURED,
        /** After the load stopped, while in-flight messages complete: counted in totals and aggregates. */
        DRAIN
    }
}
