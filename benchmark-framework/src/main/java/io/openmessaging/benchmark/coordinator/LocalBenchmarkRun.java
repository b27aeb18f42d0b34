package io.openmessaging.benchmark.coordinator;

import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.driver.TopicSpec;
import io.openmessaging.benchmark.measure.Clock;
import io.openmessaging.benchmark.measure.Counters;
import io.openmessaging.benchmark.measure.HistogramSpec;
import io.openmessaging.benchmark.worker.ConsumerAssignment;
import io.openmessaging.benchmark.worker.LoadSpec;
import io.openmessaging.benchmark.worker.LocalWorker;
import io.openmessaging.benchmark.worker.ProducerAssignment;
import io.openmessaging.benchmark.worker.StatsSnapshot;
import io.openmessaging.benchmark.workload.Workload;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One workload × driver run with an in-process worker: the phases of DESIGN §4 (driver init, topics,
 * consumers then producers, readiness probe, warm-up, measured phase, stop, drain, results).
 *
 * <p>Whatever happens, {@link #execute} returns a {@link RunRecorder} holding what was measured; a
 * failure or {@link #abort} leaves it marked incomplete with the reason.
 */
public final class LocalBenchmarkRun {

    private static final Logger log = LoggerFactory.getLogger(LocalBenchmarkRun.class);
    private static final long POLL_MILLIS = 200;

    private final Workload workload;
    private final BenchmarkDriver driver;
    private final RunOptions options;
    private final Clock clock;
    private final RunRecorder recorder;
    private volatile String abortReason;

    public LocalBenchmarkRun(Workload workload, BenchmarkDriver configuredDriver, RunOptions options, Clock clock,
            RunRecorder recorder) {
        this.workload = workload;
        this.driver = configuredDriver;
        this.options = options;
        this.clock = clock;
        this.recorder = recorder;
    }

    /**
     * Why this version cannot run {@code workload}, or {@code null} when it can. The workload file is
     * valid either way; these features are planned.
     */
    public static String unsupportedFeature(Workload workload) {
        if (workload.producerRate() == 0) {
            return "producerRate: 0 (the max-sustainable-rate search) is not available in this version;"
                    + " give a fixed rate in msg/s";
        }
        if (workload.consumerBacklogSizeGB() > 0 || workload.consumerOnly()) {
            return "consumerBacklogSizeGB / consumerOnly (backlog build and drain) are not available in this"
                    + " version; remove them to measure at a fixed rate";
        }
        return null;
    }

    /** Asks the run to stop as soon as possible (Ctrl-C); the result is written marked incomplete. */
    public void abort(String reason) {
        abortReason = reason;
    }

    /** Runs every phase; never throws for a run failure (see {@link RunRecorder#failureReason()}). */
    public RunRecorder execute() throws InterruptedException {
        LocalWorker worker = new LocalWorker(clock, new HistogramSpec(options.latencySignificantDigits()));
        try {
            runPhases(worker);
        } catch (RunFailedException | DriverException e) {
            recorder.fail(e.getMessage());
        } catch (IOException e) {
            recorder.fail("could not write results: " + e);
        } catch (RuntimeException e) {
            log.error("Run failed", e);
            recorder.fail(e.toString());
        } finally {
            worker.close();
            recorder.finish(worker.totals());
        }
        return recorder;
    }

    private void runPhases(LocalWorker worker) throws RunFailedException, DriverException, IOException,
            InterruptedException {
        String unsupported = unsupportedFeature(workload);
        if (unsupported != null) {
            throw new RunFailedException(workload.sourceName() + ": " + unsupported);
        }
        log.info("Initializing driver");
        Map<String, String> description = worker.initializeDriver(driver);
        recorder.driverDescribed(description);

        log.info("Creating {} topic(s) with {} partition(s)", workload.topics(), workload.partitionsPerTopic());
        List<TopicSpec> topics = worker.createTopics(workload.topics(), workload.partitionsPerTopic());
        checkAbort();

        List<ConsumerAssignment> consumerAssignments = new ArrayList<>();
        for (TopicSpec topic : topics) {
            for (int s = 0; s < workload.subscriptionsPerTopic(); s++) {
                String subscription = String.format(Locale.ROOT, "sub-%03d-%s", s, worker.randomTag());
                for (int c = 0; c < workload.consumerPerSubscription(); c++) {
                    consumerAssignments.add(new ConsumerAssignment(topic.name(), subscription));
                }
            }
        }
        log.info("Creating {} consumer(s)", consumerAssignments.size());
        worker.createConsumers(consumerAssignments);

        List<ProducerAssignment> producerAssignments = new ArrayList<>();
        for (int p = 0; p < workload.producersPerTopic(); p++) {
            for (TopicSpec topic : topics) {
                producerAssignments.add(new ProducerAssignment(topic.name(), producerAssignments.size()));
            }
        }
        log.info("Creating {} producer(s)", producerAssignments.size());
        worker.createProducers(producerAssignments);
        checkAbort();

        awaitReadiness(worker, consumerAssignments, !producerAssignments.isEmpty());

        if (producerAssignments.isEmpty()) {
            throw new RunFailedException("the workload has no producers (producersPerTopic: 0); nothing to measure");
        }
        double ratePerProducer = workload.producerRate() / producerAssignments.size();
        List<byte[]> payloads = Payloads.forWorkload(workload);
        long sampleMillis = workload.sampleRateMillis();
        log.info("Starting load: {} msg/s in total, {} msg/s per producer, {} byte messages",
                fmt(workload.producerRate()), fmt(ratePerProducer), payloads.get(0).length);
        recorder.loadStarted(clock.epochNanos(), payloads.get(0).length);
        worker.startLoad(new LoadSpec(ratePerProducer, payloads, workload.keyDistributor()), sampleMillis);

        long lastSeq = 0;
        Duration warmup = workload.warmupDuration();
        if (!warmup.isZero()) {
            log.info("Warm-up for {}", warmup);
            lastSeq = follow(worker, lastSeq, warmup, "warm-up");
        }
        worker.beginMeasuredPhase(sampleMillis);
        recorder.measuredPhaseStarted(clock.epochNanos());
        Duration test = workload.testDuration();
        log.info("Measuring for {}", test.isZero() ? "ever (stop with Ctrl-C)" : test);
        lastSeq = follow(worker, lastSeq, test.isZero() ? Duration.ofDays(365_000) : test, "measured");
        lastSeq = awaitFullPeriods(worker, lastSeq, test.toMillis() / sampleMillis, sampleMillis);
        if (test.toMillis() % sampleMillis != 0) {
            worker.cutFinal(StatsSnapshot.Phase.MEASURED); // the last, partial period
            lastSeq = take(worker, lastSeq, "measured");
        }
        recorder.measuredPhaseEnded(clock.epochNanos());

        worker.stopLoad();
        drain(worker);
        worker.cutFinal(StatsSnapshot.Phase.DRAIN);
        take(worker, lastSeq, "drain");
        checkWorkerFailure(worker);
    }

    private void awaitReadiness(LocalWorker worker, List<ConsumerAssignment> consumers, boolean haveProducers)
            throws RunFailedException, InterruptedException {
        if (consumers.isEmpty() || !haveProducers) {
            return;
        }
        log.info("Waiting until every subscription receives a probe message (at most {})",
                options.readinessTimeout());
        long start = clock.monotonicNanos();
        long deadline = start + options.readinessTimeout().toNanos();
        long nextProbe = start;
        while (true) {
            if (clock.monotonicNanos() >= nextProbe) {
                worker.sendProbes();
                nextProbe = clock.monotonicNanos() + Defaults.PROBE_RESEND_INTERVAL.toNanos();
            }
            Map<String, Long> received = worker.probesReceived();
            List<String> missing = new ArrayList<>();
            received.forEach((pair, count) -> {
                if (count == 0) {
                    missing.add(pair);
                }
            });
            if (missing.isEmpty()) {
                log.info("Ready after {} ms", TimeUnit.NANOSECONDS.toMillis(clock.monotonicNanos() - start));
                return;
            }
            checkAbort();
            checkWorkerFailure(worker);
            if (clock.monotonicNanos() >= deadline) {
                throw new RunFailedException("not ready after " + options.readinessTimeout().toSeconds()
                        + " s: no probe message arrived for " + missing.size() + " of " + received.size()
                        + " topic/subscription pairs, e.g. " + missing.get(0)
                        + " (are consumers getting partition assignments? is the broker reachable?)");
            }
            Thread.sleep(50);
        }
    }

    /** Follows the worker's snapshots for {@code duration}, checking for failures and aborts. */
    private long follow(LocalWorker worker, long lastSeq, Duration duration, String phaseLabel)
            throws RunFailedException, InterruptedException {
        long end = clock.monotonicNanos() + duration.toNanos();
        StallWatch stallWatch = new StallWatch(options.stallTimeout().toNanos(), clock.monotonicNanos());
        while (true) {
            long remainingNanos = end - clock.monotonicNanos();
            if (remainingNanos <= 0) {
                return lastSeq;
            }
            long waitMillis = Math.max(1, Math.min(POLL_MILLIS, TimeUnit.NANOSECONDS.toMillis(remainingNanos)));
            worker.awaitStatsAfter(lastSeq, waitMillis);
            lastSeq = take(worker, lastSeq, phaseLabel);
            checkAbort();
            checkWorkerFailure(worker);
            stallWatch.check(worker.totals(), clock.monotonicNanos());
        }
    }

    /**
     * Waits (at most one more sample period) until the worker has cut {@code fullPeriods} measured
     * periods: its sampler and this thread time the phase on the same clock but not in lockstep.
     */
    private long awaitFullPeriods(LocalWorker worker, long lastSeq, long fullPeriods, long sampleMillis)
            throws InterruptedException {
        long deadline = clock.monotonicNanos() + TimeUnit.MILLISECONDS.toNanos(sampleMillis);
        while (recorder.measuredPeriodCount() < fullPeriods && clock.monotonicNanos() < deadline) {
            worker.awaitStatsAfter(lastSeq, POLL_MILLIS);
            lastSeq = take(worker, lastSeq, "measured");
        }
        return lastSeq;
    }

    private long take(LocalWorker worker, long lastSeq, String phaseLabel) {
        for (StatsSnapshot snapshot : worker.statsAfter(lastSeq)) {
            recorder.period(snapshot, phaseLabel, workload.subscriptionsPerTopic());
            lastSeq = snapshot.seq();
        }
        return lastSeq;
    }

    private void drain(LocalWorker worker) throws RunFailedException, InterruptedException {
        long deadline = clock.monotonicNanos() + options.drainTimeout().toNanos();
        while (true) {
            Counters totals = worker.totals();
            long expectedReceived = totals.messagesAcked() * workload.subscriptionsPerTopic();
            boolean acksDone = totals.sendsInFlight() <= 0;
            boolean receivesDone = workload.consumersTotal() == 0 || totals.messagesReceived() >= expectedReceived;
            if (acksDone && receivesDone) {
                return;
            }
            if (clock.monotonicNanos() >= deadline || abortReason != null) {
                String missing = "after the load stopped, " + totals.sendsInFlight() + " send(s) still in flight and "
                        + Math.max(0, expectedReceived - totals.messagesReceived()) + " message(s) not received";
                if (abortReason != null) {
                    checkAbort();
                }
                log.warn("Drain incomplete after {}: {}", options.drainTimeout(), missing);
                recorder.drainIncomplete(missing);
                return;
            }
            Thread.sleep(20);
        }
    }

    private void checkAbort() throws RunFailedException {
        if (abortReason != null) {
            throw new RunFailedException(abortReason);
        }
    }

    private static void checkWorkerFailure(LocalWorker worker) throws RunFailedException {
        Throwable failure = worker.failure();
        if (failure != null) {
            throw new RunFailedException("worker failed: " + failure, failure);
        }
    }

    private static String fmt(double value) {
        return String.format(Locale.ROOT, "%,.1f", value);
    }

    /** Fails the run when no send completes (ack or error) for the stall timeout while sends are pending. */
    private static final class StallWatch {
        private final long stallTimeoutNanos;
        private long lastCompleted = -1;
        private long lastProgressNanos;

        StallWatch(long stallTimeoutNanos, long nowNanos) {
            this.stallTimeoutNanos = stallTimeoutNanos;
            this.lastProgressNanos = nowNanos;
        }

        void check(Counters totals, long nowNanos) throws RunFailedException {
            long completed = totals.messagesAcked() + totals.sendErrors();
            if (completed != lastCompleted || totals.sendsInFlight() <= 0) {
                lastCompleted = completed;
                lastProgressNanos = nowNanos;
                return;
            }
            if (nowNanos - lastProgressNanos >= stallTimeoutNanos) {
                throw new RunFailedException("no send completed or failed for "
                        + TimeUnit.NANOSECONDS.toSeconds(stallTimeoutNanos) + " s while " + totals.sendsInFlight()
                        + " were in flight: the broker is unreachable or stalled");
            }
        }
    }
}
