package io.openmessaging.benchmark.coordinator;

import io.openmessaging.benchmark.driver.Clock;
import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.measure.Counters;
import io.openmessaging.benchmark.measure.SequenceReport;
import io.openmessaging.benchmark.worker.StatsSnapshot;
import io.openmessaging.benchmark.worker.WorkerHandle;
import io.openmessaging.benchmark.worker.WorkerStatus;
import io.openmessaging.benchmark.workload.DriverConfiguration;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The workers of a run, called in parallel, and the merging of their snapshots by time ({@link
 * PeriodMerger}: each worker's periods fall into the sample-period windows of its own phase start, so a
 * stalled worker's long and empty periods do not shift the others'); counters are summed and histograms
 * added, never percentiles averaged.
 *
 * <p>Watches every worker: a reported failure, a changed epoch (the process restarted) or no answer for
 * the unreachable timeout fails the run. Threading: coordinator thread only.
 */
final class Ensemble {

    private static final Logger log = LoggerFactory.getLogger(Ensemble.class);

    /** An action on one worker; {@code index} is its position in the list it was called with. */
    @FunctionalInterface
    interface WorkerCall {
        void call(WorkerHandle worker, int index) throws Exception;
    }

    /** An action on one worker. */
    @FunctionalInterface
    interface SimpleWorkerCall {
        void call(WorkerHandle worker) throws Exception;
    }

    private final List<WorkerHandle> workers;
    private final long unreachableTimeoutNanos;
    private final ExecutorService executor;
    private final long[] lastSeq;
    private final long[] lastAnswerNanos;
    private final Clock clock;
    private final String[] epochs;
    /** Workers that failed the run by not answering: after the failure, only their stop is still tried. */
    private final boolean[] givenUp;

    private final Counters[] totals;
    /** Per worker: whether it answered the latest poll, so that its totals are as of now. */
    private final boolean[] answeredLastPoll;
    /** Per worker: when it last answered a poll (epoch ms, coordinator's clock); 0 when never. */
    private final long[] lastAnswerEpochMillis;

    private String firstSendError;
    private final PeriodMerger merger;
    /** Workers cut by {@link #cutFinal} whose answer since has not been polled yet. */
    private final boolean[] cutPending;

    /**
     * @param samplePeriod the workers' sample period (the workload's {@code sampleRateMillis}): the length
     *     of a merged period
     */
    Ensemble(List<WorkerHandle> workers, Duration unreachableTimeout, Clock clock, Duration samplePeriod) {
        this.workers = workers;
        this.clock = clock;
        this.unreachableTimeoutNanos = unreachableTimeout.toNanos();
        this.executor = Executors.newFixedThreadPool(Math.max(1, workers.size()), r -> {
            Thread t = new Thread(r, "worker-call");
            t.setDaemon(true);
            return t;
        });
        this.lastSeq = new long[workers.size()];
        this.lastAnswerNanos = new long[workers.size()];
        Arrays.fill(lastAnswerNanos, clock.monotonicNanos());
        this.epochs = new String[workers.size()];
        this.givenUp = new boolean[workers.size()];
        this.totals = new Counters[workers.size()];
        Arrays.fill(totals, Counters.ZERO);
        this.merger = new PeriodMerger(workers.size(), samplePeriod.toNanos());
        this.cutPending = new boolean[workers.size()];
        this.answeredLastPoll = new boolean[workers.size()];
        this.lastAnswerEpochMillis = new long[workers.size()];
    }

    int size() {
        return workers.size();
    }

    /** Remembers every worker's epoch, so a restart during the run is noticed. */
    void recordEpochs() throws IOException, InterruptedException {
        for (int i = 0; i < workers.size(); i++) {
            epochs[i] = workers.get(i).status(Long.MAX_VALUE).epoch();
        }
    }

    /** Initializes the driver everywhere; returns the description of the first worker. */
    Map<String, String> initializeDriver(DriverConfiguration configuration)
            throws DriverException, IOException, InterruptedException {
        Map<Integer, Map<String, String>> descriptions = new TreeMap<>();
        forEach(workers, (worker, i) -> {
            Map<String, String> description = worker.initializeDriver(configuration);
            synchronized (descriptions) {
                descriptions.put(i, description);
            }
        });
        return descriptions.isEmpty()
                ? Map.of()
                : descriptions.values().iterator().next();
    }

    void forAll(SimpleWorkerCall call) throws DriverException, IOException, InterruptedException {
        forEach(workers, (worker, i) -> call.call(worker));
    }

    /**
     * Calls every worker of {@code targets} in parallel and waits for all; the first failure is thrown
     * (a driver refusal as {@link DriverException}, anything else as {@link IOException} naming the
     * worker).
     */
    void forEach(List<WorkerHandle> targets, WorkerCall call)
            throws DriverException, IOException, InterruptedException {
        if (targets.size() == 1) {
            invoke(targets.get(0), 0, call);
            return;
        }
        List<Future<?>> futures = new ArrayList<>();
        for (int i = 0; i < targets.size(); i++) {
            int index = i;
            futures.add(executor.submit(() -> {
                invoke(targets.get(index), index, call);
                return null;
            }));
        }
        Exception first = null;
        for (Future<?> future : futures) {
            try {
                future.get();
            } catch (ExecutionException e) {
                if (first == null && e.getCause() instanceof Exception cause) {
                    first = cause;
                }
            }
        }
        if (first instanceof DriverException de) {
            throw de;
        }
        if (first instanceof IOException io) {
            throw io;
        }
        if (first instanceof InterruptedException ie) {
            throw ie;
        }
        if (first != null) {
            throw new IOException(first.getMessage(), first);
        }
    }

    private static void invoke(WorkerHandle worker, int index, WorkerCall call)
            throws DriverException, IOException, InterruptedException {
        try {
            call.call(worker, index);
        } catch (DriverException | IOException | InterruptedException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException("worker " + worker.id() + ": " + e, e);
        }
    }

    /**
     * Polls every worker once and returns the periods now complete on every worker, merged, in order.
     *
     * @throws RunFailedException when a worker failed, restarted, or has not answered for too long
     */
    List<StatsSnapshot> poll() throws RunFailedException, InterruptedException {
        return poll(true);
    }

    /**
     * Polls every worker once after the run failed, to collect its last periods: a worker's failure is
     * not thrown again, and one that does not answer is only logged. Everything received is merged, the
     * periods of a worker that does not answer left out.
     */
    List<StatsSnapshot> pollAfterFailure() throws InterruptedException {
        try {
            return poll(false);
        } catch (RunFailedException e) {
            throw new IllegalStateException("unreachable: a tolerant poll threw", e);
        }
    }

    private List<StatsSnapshot> poll(boolean failOnTrouble) throws RunFailedException, InterruptedException {
        for (int i = 0; i < workers.size(); i++) {
            WorkerHandle worker = workers.get(i);
            answeredLastPoll[i] = false;
            if (!failOnTrouble && givenUp[i]) {
                continue;
            }
            WorkerStatus status;
            try {
                status = worker.status(lastSeq[i]);
            } catch (IOException e) {
                long silentNanos = clock.monotonicNanos() - lastAnswerNanos[i];
                if (failOnTrouble && silentNanos >= unreachableTimeoutNanos) {
                    givenUp[i] = true;
                    throw new RunFailedException(
                            "worker " + worker.id() + " has not answered for "
                                    + TimeUnit.NANOSECONDS.toSeconds(silentNanos) + " s: " + e.getMessage(),
                            e);
                }
                log.warn("Worker {} did not answer: {}", worker.id(), e.getMessage());
                continue;
            }
            lastAnswerNanos[i] = clock.monotonicNanos();
            answeredLastPoll[i] = true;
            lastAnswerEpochMillis[i] = clock.epochNanos() / 1_000_000;
            if (failOnTrouble) {
                if (epochs[i] != null && !epochs[i].equals(status.epoch())) {
                    throw new RunFailedException("worker " + worker.id()
                            + " restarted during the run (its epoch changed); its measurements are lost");
                }
                if (status.failure() != null) {
                    throw new RunFailedException("worker " + worker.id() + " failed: " + status.failure());
                }
            }
            totals[i] = status.totals();
            if (firstSendError == null && status.firstSendError() != null) {
                firstSendError = "worker " + worker.id() + ": " + status.firstSendError();
            }
            for (StatsSnapshot snapshot : status.snapshots()) {
                merger.add(i, snapshot);
                lastSeq[i] = snapshot.seq();
            }
            if (cutPending[i]) {
                // asked after the cut, the answer holds the phase's last period
                merger.closeSegment(i);
                cutPending[i] = false;
            }
        }
        return failOnTrouble ? merger.complete() : merger.flush();
    }

    /**
     * Cuts every worker's last period of {@code phase} (and stops its sampling): the periods of the phase
     * so far merge as soon as every worker's answer since then was polled.
     */
    void cutFinal(StatsSnapshot.Phase phase) throws DriverException, IOException, InterruptedException {
        forAll(worker -> worker.cutFinal(phase));
        Arrays.fill(cutPending, true);
    }

    /** The first send error a worker reported (with its id), or {@code null}. */
    String firstSendError() {
        return firstSendError;
    }

    /** A worker whose counters the latest poll could not read, and when they were last read (0: never). */
    record LeftOut(String worker, long lastAnswerEpochMillis) {}

    /**
     * The workers that did not answer the latest poll: {@link #lastTotals} holds what they reported before,
     * not what they did since. Empty when every worker answered.
     */
    List<LeftOut> leftOutOfLastPoll() {
        List<LeftOut> leftOut = new ArrayList<>();
        for (int i = 0; i < workers.size(); i++) {
            if (!answeredLastPoll[i]) {
                leftOut.add(new LeftOut(workers.get(i).id(), lastAnswerEpochMillis[i]));
            }
        }
        return leftOut;
    }

    /** Sum of the last running totals every worker reported. */
    Counters lastTotals() {
        Counters sum = Counters.ZERO;
        for (Counters counters : totals) {
            sum = sum.plus(counters);
        }
        return sum;
    }

    /**
     * Every worker's driver counters, summed by key. A worker that cannot answer is left out (and
     * named in the log): the counters are read at the end of a run, failed runs included.
     */
    Map<String, Long> driverCounters() throws InterruptedException {
        Map<String, Long> sums = new TreeMap<>();
        for (Map<String, Long> counters :
                callEachBestEffort("Reading the driver counters of worker", false, WorkerHandle::driverCounters)) {
            counters.forEach((key, count) -> sums.merge(key, count, Long::sum));
        }
        return sums;
    }

    /** Every worker's {@link SequenceReport}, in the order of the workers; the first failure is thrown. */
    List<SequenceReport> sequenceReports() throws DriverException, IOException, InterruptedException {
        SequenceReport[] reports = new SequenceReport[workers.size()];
        forEach(workers, (worker, i) -> reports[i] = worker.sequenceReport());
        return List.of(reports);
    }

    /** After a failure: every worker's {@link SequenceReport}, or {@code null} when one of them does not answer. */
    List<SequenceReport> sequenceReportsBestEffort() throws InterruptedException {
        List<SequenceReport> reports =
                callEachBestEffort("Reading the sequence numbers of worker", false, WorkerHandle::sequenceReport);
        return reports.size() == workers.size() ? reports : null;
    }

    /**
     * After a failure: closes the books of every worker that answers and cuts its last period in {@code
     * phase}, in parallel; failures are logged, never thrown. A worker that failed the run by not answering
     * is left out: waiting for its timeouts again would only delay the stop of the others.
     */
    void closeBooksBestEffort(StatsSnapshot.Phase phase) throws InterruptedException {
        callEachBestEffort("Closing the books of worker", false, worker -> {
            worker.closeBooks();
            worker.cutFinal(phase);
            return null;
        });
    }

    /**
     * Stops and closes every worker, in parallel, whatever state it is in, an unreachable one included (it
     * may answer again; if not, its lease ends its run); failures are logged.
     */
    void closeAll() throws InterruptedException {
        callEachBestEffort("Stopping worker", true, worker -> {
            worker.close();
            return null;
        });
    }

    /** A call on one worker that answers something. */
    private interface WorkerQuery<T> {
        T call(WorkerHandle worker) throws Exception;
    }

    /**
     * Calls every worker in parallel (without {@code includeGivenUp}, those that failed the run by not
     * answering are left out) and waits at most 60 s for each; returns the answers of those that answered
     * in time, in worker order. A failure or a timeout is logged as "{@code what} <id> …", never thrown.
     */
    private <T> List<T> callEachBestEffort(String what, boolean includeGivenUp, WorkerQuery<T> query)
            throws InterruptedException {
        List<Future<T>> futures = new ArrayList<>();
        for (int i = 0; i < workers.size(); i++) {
            WorkerHandle worker = workers.get(i);
            futures.add(includeGivenUp || !givenUp[i] ? executor.submit(() -> query.call(worker)) : null);
        }
        List<T> answers = new ArrayList<>();
        for (int i = 0; i < futures.size(); i++) {
            String id = workers.get(i).id();
            if (futures.get(i) == null) {
                log.warn("{} {} left out: it has not answered for the unreachable timeout", what, id);
                continue;
            }
            try {
                answers.add(futures.get(i).get(60, TimeUnit.SECONDS));
            } catch (ExecutionException e) {
                log.warn("{} {} failed: {}", what, id, e.getCause().toString());
            } catch (java.util.concurrent.TimeoutException e) {
                log.warn("{} {} did not finish within 60 s", what, id);
            }
        }
        return answers;
    }

    void shutdown() {
        executor.shutdownNow();
    }
}
