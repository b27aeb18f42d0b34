package io.openmessaging.benchmark.result;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The backlog build and drain of a run ({@code consumerBacklogSizeGB}), in {@link TestResult#backlogPhases}.
 * Ours. Backlog sizes are upstream's: messages produced but not yet received, <b>summed over every
 * subscription</b>, in payload bytes (docs/backlog.md). Times are epoch milliseconds, so a period of the
 * per-period lists can be placed in a phase; durations in seconds. A field stays {@code null} when the
 * run ended before the phase did.
 */
@JsonPropertyOrder({
    "producersRunDuringDrain",
    "requestedBytes",
    "drainRatio",
    "drainTargetBytes",
    "buildComplete",
    "buildStartEpochMillis",
    "buildDurationSeconds",
    "builtBytes",
    "builtMessages",
    "buildMessagesSent",
    "receivedWhilePausedMessages",
    "drainComplete",
    "drainStartEpochMillis",
    "drainDurationSeconds",
    "remainingBytes",
    "remainingMessages",
    "drainedBytes",
    "drainedMessages",
    "drainMessagesReceived",
    "drainBytesReceived",
    "drainConsumeRateMsgPerSec",
    "drainConsumeRateBytesPerSec"
})
public final class BacklogSummary {

    /** {@code true} for a backlog run (producers keep their rate), {@code false} for {@code consumerOnly}. */
    public Boolean producersRunDuringDrain;

    /** {@code consumerBacklogSizeGB × 2^30}. */
    public Long requestedBytes;

    /** {@code backlogDrainRatio}. */
    public Double drainRatio;

    /** The backlog at or below which the drain ended. */
    public Long drainTargetBytes;

    /** Whether the backlog reached {@link #requestedBytes}. */
    public Boolean buildComplete;

    /** When the consumers were paused. */
    public Long buildStartEpochMillis;

    /** From pausing the consumers until the backlog reached the requested size (or the run ended). */
    public Double buildDurationSeconds;

    /** The backlog when the build ended, in bytes and in messages. */
    public Long builtBytes;

    public Long builtMessages;

    /** Messages the producers sent during the build. */
    public Long buildMessagesSent;

    /** Messages delivered while the consumers were paused: 0 when the driver's pause holds (a few in flight at most). */
    public Long receivedWhilePausedMessages;

    /** Whether the backlog fell to {@link #drainTargetBytes}. */
    public Boolean drainComplete;

    /** When the consumers were resumed. */
    public Long drainStartEpochMillis;

    /** From resuming the consumers until the backlog fell to the target (or the run ended). */
    public Double drainDurationSeconds;

    /** The backlog when the drain ended, in bytes and in messages. */
    public Long remainingBytes;

    public Long remainingMessages;

    /** How much the backlog shrank during the drain: {@link #builtBytes} − {@link #remainingBytes}. */
    public Long drainedBytes;

    public Long drainedMessages;

    /**
     * Messages and bytes the consumers received during the drain, every subscription counted: the
     * backlog plus, while producers run, what they sent meanwhile.
     */
    public Long drainMessagesReceived;

    public Long drainBytesReceived;

    /** Drain throughput: {@link #drainMessagesReceived} and {@link #drainBytesReceived} per drain second. */
    public Double drainConsumeRateMsgPerSec;

    public Double drainConsumeRateBytesPerSec;
}
