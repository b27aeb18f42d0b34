package io.openmessaging.benchmark.result;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * A worker whose counts are missing from a result's totals after a point: it did not answer the run's last
 * poll of its counters (it was cut off, killed or stopped answering), so what it sent, acknowledged or
 * received after {@link #lastAnswerEpochMillis} is not in them ({@code countsPartial} of a result; see
 * docs/results.md). Not thread-safe.
 */
@JsonPropertyOrder({"worker", "lastAnswerEpochMillis", "lastAnswerTime"})
public class LeftOutWorker {

    /** The worker's id: its URL, or {@code in-process}. */
    public String worker;

    /** When its counters were last read, ms since the epoch (coordinator's clock); {@code null} if never. */
    public Long lastAnswerEpochMillis;

    /** The same instant, {@code yyyy-MM-dd-HH-mm-ss} UTC as the result's times; {@code null} if never. */
    public String lastAnswerTime;
}
