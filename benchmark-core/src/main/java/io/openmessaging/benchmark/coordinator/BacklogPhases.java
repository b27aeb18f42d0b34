package io.openmessaging.benchmark.coordinator;

import io.openmessaging.benchmark.driver.Clock;
import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.measure.Counters;
import io.openmessaging.benchmark.result.BacklogSummary;
import io.openmessaging.benchmark.worker.WorkerHandle;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds a backlog by pausing every consumer with its driver's native pause (never by blocking a callback
 * thread), then resumes them and follows the drain, per a {@link BacklogPlan}. Prints a progress line every
 * {@link Defaults#BACKLOG_PROGRESS_INTERVAL} and keeps {@link BacklogSummary} up to date as it goes, so a
 * failed run's result still says how far it got. Whether producers run during the drain is the caller's
 * business ({@code consumerOnly} stops them between the two phases).
 *
 * <p>Threading: coordinator thread only.
 */
final class BacklogPhases {

    private static final Logger log = LoggerFactory.getLogger(BacklogPhases.class);
    private static final long CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    /** Backlog sizes in MiB, as the workload's backlogSizeGB counts in GiB (upstream's); rates in MB/s (10^6). */
    private static final double MIB = 1024.0 * 1024.0;

    private static final double MB = 1e6;

    /** One look at the run: polls the workers (periods go to the recorder), checks for aborts and stalls. */
    @FunctionalInterface
    interface Watch {
        Counters totals() throws RunFailedException, InterruptedException;
    }

    private BacklogPlan plan;
    private final Ensemble ensemble;
    private final List<WorkerHandle> consumerWorkers;
    private final Clock clock;
    private final RunRecorder recorder;
    private final Duration drainTimeoutFloor;
    private final Duration stallTimeout;
    private final BacklogSummary summary = new BacklogSummary();
    private long buildNanos;

    BacklogPhases(
            BacklogPlan plan,
            boolean producersRunDuringDrain,
            Ensemble ensemble,
            List<WorkerHandle> consumerWorkers,
            Clock clock,
            RunRecorder recorder,
            RunOptions options) {
        this.plan = plan;
        this.ensemble = ensemble;
        this.consumerWorkers = consumerWorkers;
        this.clock = clock;
        this.recorder = recorder;
        this.drainTimeoutFloor = options.drainTimeout();
        this.stallTimeout = options.stallTimeout();
        summary.producersRunDuringDrain = producersRunDuringDrain;
        summary.requestedBytes = plan.requestedBytes();
        summary.drainRatio = plan.drainRatio();
        summary.drainTargetBytes = plan.drainTargetBytes();
        summary.buildComplete = false;
        recorder.backlogPhases(summary);
    }

    /** Pauses the consumers and waits until the backlog reaches the requested size. */
    void build(Watch watch) throws RunFailedException, DriverException, IOException, InterruptedException {
        Counters before = watch.totals();
        plan = plan.withSteadyBacklog(plan.backlogBytes(before));
        summary.drainTargetBytes = plan.drainTargetBytes();
        if (plan.drainTargetBytes() >= plan.requestedBytes()) {
            recorder.warn("the backlog of " + mib(plan.requestedBytes()) + " is no more than consumers hold when"
                    + " caught up at this rate (" + mib(plan.caughtUpBytes()) + ": "
                    + Defaults.BACKLOG_CAUGHT_UP_WINDOW.toMillis()
                    + " ms of consumption, or the backlog before the pause), so it counts as drained at"
                    + " once; raise consumerBacklogSizeGB");
        }
        long startNanos = clock.monotonicNanos();
        summary.buildStartEpochMillis = clock.epochNanos() / 1_000_000;
        ensemble.forEach(consumerWorkers, (worker, i) -> worker.pauseConsumers());
        Counters paused = watch.totals();
        Duration timeout = plan.buildTimeout();
        recorder.progress(String.format(
                Locale.ROOT,
                "backlog build | consumers paused; building %s over %d subscription(s), about %.1f s at the"
                        + " workload rate (timeout %d s)",
                mib(plan.requestedBytes()),
                plan.subscriptions(),
                plan.expectedBuildNanos() / 1e9,
                timeout.toSeconds()));
        long nextProgressNanos = startNanos + Defaults.BACKLOG_PROGRESS_INTERVAL.toNanos();
        while (true) {
            Counters totals = watch.totals();
            long now = clock.monotonicNanos();
            buildNanos = now - startNanos;
            summary.buildDurationSeconds = buildNanos / 1e9;
            summary.builtBytes = plan.backlogBytes(totals);
            summary.builtMessages = plan.backlogMessages(totals);
            summary.buildMessagesSent = totals.messagesSent() - before.messagesSent();
            summary.receivedWhilePausedMessages = totals.messagesReceived() - paused.messagesReceived();
            if (plan.built(totals)) {
                summary.buildComplete = true;
                recorder.progress(buildLine("built"));
                log.info("Backlog built in {} s", String.format(Locale.ROOT, "%.3f", summary.buildDurationSeconds));
                return;
            }
            if (now - startNanos >= timeout.toNanos()) {
                throw new RunFailedException(String.format(
                        Locale.ROOT,
                        "backlog build: %s of the requested %s after %d s (at the workload rate it takes about"
                                + " %.1f s; the build may take %d times that, at least %d s): the producers do not"
                                + " reach producerRate, or the consumers are not paused (%,d messages received"
                                + " while paused); lower consumerBacklogSizeGB or check the producers",
                        mib(summary.builtBytes),
                        mib(plan.requestedBytes()),
                        timeout.toSeconds(),
                        plan.expectedBuildNanos() / 1e9,
                        Defaults.BACKLOG_BUILD_TIMEOUT_FACTOR,
                        Defaults.BACKLOG_MIN_PHASE_TIMEOUT.toSeconds(),
                        summary.receivedWhilePausedMessages));
            }
            if (now >= nextProgressNanos) {
                recorder.progress(buildLine("building"));
                nextProgressNanos = now + Defaults.BACKLOG_PROGRESS_INTERVAL.toNanos();
            }
            clock.sleepUntil(now + CHECK_NANOS);
        }
    }

    /** Resumes the consumers and waits until the backlog falls to the plan's drain target. */
    void drain(Watch watch) throws RunFailedException, DriverException, IOException, InterruptedException {
        Counters before = watch.totals();
        long startNanos = clock.monotonicNanos();
        summary.drainStartEpochMillis = clock.epochNanos() / 1_000_000;
        summary.drainComplete = false;
        long startBacklogBytes = plan.backlogBytes(before);
        long startBacklogMessages = plan.backlogMessages(before);
        Duration timeout = plan.drainTimeout(Duration.ofNanos(buildNanos), drainTimeoutFloor);
        recorder.progress(String.format(
                Locale.ROOT,
                "backlog drain | resuming consumers; draining %s to at most %s (timeout %d s)",
                mib(startBacklogBytes),
                mib(plan.drainTargetBytes()),
                timeout.toSeconds()));
        ensemble.forEach(consumerWorkers, (worker, i) -> worker.resumeConsumers());
        long lastReceived = before.messagesReceived();
        long lastReceiveNanos = startNanos;
        long nextProgressNanos = startNanos + Defaults.BACKLOG_PROGRESS_INTERVAL.toNanos();
        while (true) {
            Counters totals = watch.totals();
            long now = clock.monotonicNanos();
            long drainNanos = Math.max(1, now - startNanos);
            summary.drainDurationSeconds = drainNanos / 1e9;
            summary.remainingBytes = plan.backlogBytes(totals);
            summary.remainingMessages = plan.backlogMessages(totals);
            summary.drainedBytes = startBacklogBytes - summary.remainingBytes;
            summary.drainedMessages = startBacklogMessages - summary.remainingMessages;
            summary.drainMessagesReceived = totals.messagesReceived() - before.messagesReceived();
            summary.drainBytesReceived = totals.bytesReceived() - before.bytesReceived();
            summary.drainConsumeRateMsgPerSec = summary.drainMessagesReceived / summary.drainDurationSeconds;
            summary.drainConsumeRateBytesPerSec = summary.drainBytesReceived / summary.drainDurationSeconds;
            if (plan.drained(totals)) {
                summary.drainComplete = true;
                recorder.progress(drainLine("drained"));
                log.info("Backlog drained in {} s", String.format(Locale.ROOT, "%.3f", summary.drainDurationSeconds));
                return;
            }
            if (totals.messagesReceived() != lastReceived) {
                lastReceived = totals.messagesReceived();
                lastReceiveNanos = now;
            } else if (now - lastReceiveNanos >= stallTimeout.toNanos()) {
                throw new RunFailedException(String.format(
                        Locale.ROOT,
                        "backlog drain: the consumers received nothing for %d s after being resumed, with %s"
                                + " (%,d messages) still in the backlog: the driver's resume did not restart"
                                + " delivery, or the broker stopped serving the backlog",
                        TimeUnit.NANOSECONDS.toSeconds(now - lastReceiveNanos),
                        mib(summary.remainingBytes),
                        summary.remainingMessages));
            }
            if (drainNanos >= timeout.toNanos()) {
                throw new RunFailedException(String.format(
                        Locale.ROOT,
                        "backlog drain: %s (%,d messages) still in the backlog after %d s, target at most %s"
                                + " (backlogDrainRatio %s); the consumers received %.1f msg/s meanwhile. The drain"
                                + " may take %d times the build (%.1f s), at least %d s: consumers that are not"
                                + " faster than the producers never drain; lower producerRate or"
                                + " backlogDrainRatio",
                        mib(summary.remainingBytes),
                        summary.remainingMessages,
                        timeout.toSeconds(),
                        mib(plan.drainTargetBytes()),
                        plan.drainRatio(),
                        summary.drainConsumeRateMsgPerSec,
                        Defaults.BACKLOG_DRAIN_TIMEOUT_FACTOR,
                        buildNanos / 1e9,
                        plan.drainTimeout(Duration.ZERO, drainTimeoutFloor).toSeconds()));
            }
            if (now >= nextProgressNanos) {
                recorder.progress(drainLine("draining"));
                nextProgressNanos = now + Defaults.BACKLOG_PROGRESS_INTERVAL.toNanos();
            }
            clock.sleepUntil(now + CHECK_NANOS);
        }
    }

    BacklogSummary summary() {
        return summary;
    }

    private String buildLine(String state) {
        return String.format(
                Locale.ROOT,
                "backlog build | %s %s of %s (%.0f %%), %,d messages, %.1f s, %,d received" + " while paused",
                state,
                mib(summary.builtBytes),
                mib(plan.requestedBytes()),
                100.0 * summary.builtBytes / plan.requestedBytes(),
                summary.builtMessages,
                summary.buildDurationSeconds,
                summary.receivedWhilePausedMessages);
    }

    private String drainLine(String state) {
        return String.format(
                Locale.ROOT,
                "backlog drain | %s: %s left (target at most %s), %.1f s, consumed %.1f msg/s" + " %.2f MB/s",
                state,
                mib(summary.remainingBytes),
                mib(plan.drainTargetBytes()),
                summary.drainDurationSeconds,
                summary.drainConsumeRateMsgPerSec,
                summary.drainConsumeRateBytesPerSec / MB);
    }

    private static String mib(long bytes) {
        return String.format(Locale.ROOT, "%.2f MiB", bytes / MIB);
    }
}
