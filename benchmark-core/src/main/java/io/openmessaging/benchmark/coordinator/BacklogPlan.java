package io.openmessaging.benchmark.coordinator;

import io.openmessaging.benchmark.measure.Counters;
import io.openmessaging.benchmark.workload.Workload;
import java.time.Duration;

/**
 * The arithmetic of a backlog build and drain ({@code consumerBacklogSizeGB}, {@code backlogDrainRatio}):
 * how big the backlog is, when it is built, when it counts as drained, and how long each phase may take.
 * Immutable; see {@code docs/backlog.md}.
 *
 * <p>The backlog is upstream's: messages produced but not yet consumed, <b>summed over every
 * subscription</b> ({@code subscriptions × produced − received}), in bytes. Unlike upstream, sends that
 * failed do not count (they never reach the broker, so upstream's drain never ended after one), probes do
 * not count, and bytes are the payload bytes actually sent rather than {@code messageSize} times a count.
 *
 * @param requestedBytes {@code consumerBacklogSizeGB × 2^30}
 * @param drainRatio {@code backlogDrainRatio}: the share of the requested backlog the drain must consume
 * @param subscriptions subscriptions per topic that have consumers
 * @param caughtUpBytes the backlog that counts as "consumers caught up" while producers keep running: what
 *     every subscription receives in {@link Defaults#BACKLOG_CAUGHT_UP_WINDOW} at the workload rate, or the
 *     backlog held before the pause if larger ({@link #withSteadyBacklog}); 0 when producers are stopped for
 *     the drain ({@code consumerOnly})
 * @param expectedBuildNanos how long the build takes when producers reach {@code producerRate}
 */
public record BacklogPlan(
        long requestedBytes, double drainRatio, int subscriptions, long caughtUpBytes, long expectedBuildNanos) {

    private static final double BYTES_PER_GIB = 1024.0 * 1024.0 * 1024.0;

    /** The plan of {@code workload}, or {@code null} when it builds no backlog. */
    public static BacklogPlan of(Workload workload) {
        if (workload.consumerBacklogSizeGB() <= 0 || workload.consumersTotal() == 0) {
            return null;
        }
        long requestedBytes = Math.round(workload.consumerBacklogSizeGB() * BYTES_PER_GIB);
        int subscriptions = workload.subscriptionsPerTopic();
        double backlogBytesPerSec = subscriptions * workload.producerRate() * workload.messageSize();
        long caughtUpBytes = workload.consumerOnly()
                ? 0
                : (long) (backlogBytesPerSec * Defaults.BACKLOG_CAUGHT_UP_WINDOW.toNanos() / 1e9);
        long expectedBuildNanos = backlogBytesPerSec > 0
                ? (long) Math.min(Long.MAX_VALUE / 4.0, requestedBytes / backlogBytesPerSec * 1e9)
                : Long.MAX_VALUE / 4;
        return new BacklogPlan(
                requestedBytes, workload.backlogDrainRatio(), subscriptions, caughtUpBytes, expectedBuildNanos);
    }

    /**
     * This plan with the backlog the consumers held while keeping up (observed just before the pause)
     * counted as caught up too, when it is above {@link #caughtUpBytes}: on a system whose end-to-end
     * latency exceeds the caught-up window, the drain still ends once consumers are back where they were.
     * Unchanged when producers stop for the drain.
     */
    public BacklogPlan withSteadyBacklog(long steadyBacklogBytes) {
        if (caughtUpBytes == 0 || steadyBacklogBytes <= caughtUpBytes) {
            return this;
        }
        return new BacklogPlan(requestedBytes, drainRatio, subscriptions, steadyBacklogBytes, expectedBuildNanos);
    }

    /** Messages not yet received, summed over subscriptions; never negative. */
    public long backlogMessages(Counters totals) {
        long delivered = totals.messagesSent() - totals.sendErrors();
        return Math.max(0, subscriptions * delivered - totals.messagesReceived());
    }

    /** {@link #backlogMessages} in bytes, at the mean size of the messages sent so far. */
    public long backlogBytes(Counters totals) {
        if (totals.messagesSent() == 0) {
            return 0;
        }
        double meanMessageBytes = (double) totals.bytesSent() / totals.messagesSent();
        return Math.round(backlogMessages(totals) * meanMessageBytes);
    }

    /** Whether the backlog has reached the requested size. */
    public boolean built(Counters totals) {
        return backlogBytes(totals) >= requestedBytes;
    }

    /**
     * The backlog at or below which the drain ends: {@code (1 − backlogDrainRatio) × requested}, but not
     * below {@link #caughtUpBytes} (upstream used a fixed 1000 messages instead, see docs/backlog.md).
     */
    public long drainTargetBytes() {
        return Math.max(caughtUpBytes, (long) Math.floor((1.0 - drainRatio) * requestedBytes));
    }

    public boolean drained(Counters totals) {
        return backlogBytes(totals) <= drainTargetBytes();
    }

    /** Whether the drain leaves messages unconsumed on purpose ({@code backlogDrainRatio} below 1). */
    public boolean partialDrain() {
        return drainRatio < 1.0;
    }

    /** The longest the build may take: {@link Defaults#BACKLOG_BUILD_TIMEOUT_FACTOR} × expected, at least a minute. */
    public Duration buildTimeout() {
        long nanos = (long) Math.min(Long.MAX_VALUE / 2.0, Defaults.BACKLOG_BUILD_TIMEOUT_FACTOR * expectedBuildNanos);
        return max(Duration.ofNanos(nanos), Defaults.BACKLOG_MIN_PHASE_TIMEOUT);
    }

    /**
     * The longest the drain may take: {@link Defaults#BACKLOG_DRAIN_TIMEOUT_FACTOR} × the build's actual
     * duration, at least {@code floor}.
     */
    public Duration drainTimeout(Duration buildDuration, Duration floor) {
        return max(
                buildDuration.multipliedBy(Defaults.BACKLOG_DRAIN_TIMEOUT_FACTOR),
                max(floor, Defaults.BACKLOG_MIN_PHASE_TIMEOUT));
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }
}
