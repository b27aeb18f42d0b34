package io.openmessaging.benchmark.schedule;

import io.openmessaging.benchmark.measure.Counters;

/**
 * What {@link RateSearch} drives: the producers of a running benchmark (in a run, {@code BenchmarkRun};
 * in tests, a simulated system). Called from one thread.
 */
public interface RateSearchTarget {

    /** Continues all producers together at {@code totalMsgPerSec}, without resetting their schedules. */
    void setRate(double totalMsgPerSec) throws Exception;

    /** Running totals of every worker now (acknowledged, received, errors). */
    Counters totals() throws Exception;

    /**
     * Returns once the search clock reaches {@code monotonicNanos}, keeping the run alive meanwhile (a run
     * polls its workers and fails on a worker failure, a stall or an abort by throwing).
     */
    void awaitUntil(long monotonicNanos) throws Exception;
}
