package io.openmessaging.benchmark.coordinator;

import io.openmessaging.benchmark.driver.Clock;
import io.openmessaging.benchmark.measure.Counters;
import io.openmessaging.benchmark.measure.HistogramSpec;
import io.openmessaging.benchmark.measure.LatencyMetric;
import io.openmessaging.benchmark.measure.PeriodStats;
import io.openmessaging.benchmark.result.BacklogSummary;
import io.openmessaging.benchmark.result.LeftOutWorker;
import io.openmessaging.benchmark.result.MessageIdentity;
import io.openmessaging.benchmark.result.RatePlanStep;
import io.openmessaging.benchmark.result.RateSearchSummary;
import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.ResultFiller;
import io.openmessaging.benchmark.result.RunMetadata;
import io.openmessaging.benchmark.result.RunTopology;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.schedule.RatePlan;
import io.openmessaging.benchmark.schedule.RateSearchSettings;
import io.openmessaging.benchmark.schedule.RateSearchTrial;
import io.openmessaging.benchmark.worker.StatsSnapshot;
import io.openmessaging.benchmark.workload.DriverConfiguration;
import io.openmessaging.benchmark.workload.Workload;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;

/**
 * Turns the periods of a run into its {@link TestResult}, and hands them to its {@link IntervalLogs} and
 * its {@link RunProgress} (one line per period). Measured periods go into the per-period lists and the aggregates;
 * drain periods (in-flight messages completing after the load stopped) into the aggregates and logs only;
 * warm-up periods are printed and discarded.
 *
 * <p>Threading: called from the coordinator thread only.
 */
public final class RunRecorder {

    private final Workload workload;
    private final DriverConfiguration driverConfiguration;
    private final RunOptions options;
    private final Clock clock;
    private final RunProgress progress;
    private final IntervalLogs intervalLogs;
    private final TestResult result = new TestResult();
    private final Map<LatencyMetric, Histogram> aggregates = new EnumMap<>(LatencyMetric.class);
    private final Instant startTime;

    private int measuredPeriods;
    private long measuredStartEpochNanos;
    private long measuredEndEpochNanos;
    private long loadStartEpochNanos;
    private long booksClosedEpochNanos;
    private String failureReason;

    public RunRecorder(
            Workload workload,
            DriverConfiguration driverConfiguration,
            RunOptions options,
            Clock clock,
            PrintStream out,
            List<String> commandLine) {
        this.workload = workload;
        this.driverConfiguration = driverConfiguration;
        this.options = options;
        this.clock = clock;
        this.progress = new RunProgress(out, clock);
        this.startTime = Instant.ofEpochSecond(0, clock.epochNanos());
        this.intervalLogs = new IntervalLogs(
                requestedFile().toAbsolutePath().getParent(), startTime, workload.name(), driverConfiguration.name());
        HistogramSpec spec = new HistogramSpec(options.latencySignificantDigits());
        for (LatencyMetric metric : LatencyMetric.values()) {
            aggregates.put(metric, spec.newHistogram());
        }
        result.schemaVersion = TestResult.SCHEMA_VERSION;
        result.workload = workload.name();
        result.driver = driverConfiguration.name();
        result.messageSize = workload.messageSize();
        result.topics = workload.topicsUsed();
        result.partitions = workload.partitionsPerTopic();
        result.producersPerTopic = workload.producersPerTopic();
        result.consumersPerTopic = workload.consumerPerSubscription();
        result.subscriptionsPerTopic = workload.subscriptionsPerTopic();
        result.runMode = runMode(workload);
        // a search sets it when it found its rate (rateSearched), a plan leaves it to rateSteps
        result.targetRate = workload.ratePlan() == null && workload.producerRate() > 0 ? workload.producerRate() : null;
        result.sampleRateMillis = workload.sampleRateMillis();
        result.beginTime = ResultFiles.formatTimestamp(startTime);
        RunMetadata metadata = RunMetadata.describingThisHost();
        metadata.driverName = driverConfiguration.name();
        metadata.driverId = driverConfiguration.driverId();
        metadata.driverFile = driverConfiguration.sourceName();
        metadata.driverYaml = driverConfiguration.writtenText(); // ${OMB_…} unresolved: no secrets in results
        metadata.workloadFile = workload.sourceName();
        metadata.workloadYaml = workload.effectiveYamlText();
        metadata.workloadFileYaml =
                workload.effectiveYamlText().equals(workload.yamlText()) ? null : workload.yamlText();
        metadata.latencyPrecisionDigits = options.latencySignificantDigits();
        metadata.producerWakeIntervalMicros = workload.producerWakeIntervalMicros();
        metadata.beginTimeEpochMillis = startTime.toEpochMilli();
        metadata.commandLine = commandLine;
        result.metadata = metadata;
    }

    /** What the driver said of its file that did not stop the run ({@code BenchmarkDriver.configWarnings}). */
    void configWarnings(List<String> warnings) {
        result.metadata.configWarnings = List.copyOf(warnings);
    }

    void driverDescribed(Map<String, String> description) {
        description.forEach((key, value) -> {
            if (key.toLowerCase().contains("broker")) {
                result.metadata.brokerInfo.put(key, value);
            } else {
                result.metadata.clientVersions.put(key, value);
            }
        });
    }

    /** How the clients are placed on the {@code workerCount} workers ({@code inProcess}: the coordinator's own). */
    void topology(WorkerRoles roles, int workerCount, boolean inProcess, boolean extraConsumers) {
        RunTopology topology = new RunTopology();
        topology.placement = roles.topology().name();
        topology.workerCount = workerCount;
        topology.inProcess = inProcess;
        topology.producerWorkerCount = roles.producers().size();
        topology.consumerWorkerCount = roles.consumers().size();
        topology.extraConsumers = extraConsumers;
        result.metadata.topology = topology;
    }

    /** The drivers' counters at the end of the run, summed over the workers. */
    void driverCounters(Map<String, Long> counters) {
        result.metadata.driverCounters.putAll(counters);
    }

    /** A worker's clock offset, measured before or after the run. */
    public void clockOffset(io.openmessaging.benchmark.result.ClockOffset offset) {
        result.metadata.clockOffsets.add(offset);
    }

    void loadStarted(long epochNanos, int messageSizeBytes) {
        loadStartEpochNanos = epochNanos;
        result.messageSize = messageSizeBytes;
    }

    void measuredPhaseStarted(long epochNanos) {
        measuredStartEpochNanos = epochNanos;
        result.warmupDurationSeconds = (epochNanos - loadStartEpochNanos) / 1e9;
    }

    /** The fault schedule as it ran ({@code null} without one). */
    void faults(List<io.openmessaging.benchmark.result.FaultRecord> faults) {
        result.faults = faults;
    }

    void measuredPhaseEnded(long epochNanos) {
        measuredEndEpochNanos = epochNanos;
        result.testDurationSeconds = (epochNanos - measuredStartEpochNanos) / 1e9;
    }

    /** Takes one period of any phase. */
    void period(StatsSnapshot snapshot, int subscriptionsPerTopic) {
        PeriodStats stats = snapshot.stats();
        Counters totals = stats.totals();
        long backlog = Math.max(0, totals.messagesAcked() * subscriptionsPerTopic - totals.messagesReceived());
        progress.period(snapshot.phase(), measuredPeriods + 1, stats, backlog);
        if (snapshot.phase() == StatsSnapshot.Phase.WARMUP) {
            return;
        }
        for (LatencyMetric metric : LatencyMetric.values()) {
            Histogram histogram = stats.histogram(metric);
            aggregates.get(metric).add(histogram);
            intervalLogs.append(
                    metric,
                    histogram,
                    stats.startEpochNanos(),
                    stats.endEpochNanos(),
                    snapshot.phase().name().toLowerCase(Locale.ROOT));
        }
        if (snapshot.phase() == StatsSnapshot.Phase.MEASURED && stats.durationSeconds() >= 0.001) {
            measuredPeriods++;
            Counters d = stats.delta();
            double seconds = stats.durationSeconds();
            result.publishRate.add(d.messagesAcked() / seconds);
            result.publishErrorRate.add(d.sendErrors() / seconds);
            result.consumeRate.add(d.messagesReceived() / seconds);
            result.backlog.add(backlog);
            result.sent.add(d.messagesAcked());
            result.attempted.add(d.messagesSent());
            result.dueNotSent.add(Math.max(0, totals.dueNotSent()));
            result.consumed.add(d.messagesReceived());
            result.publishFailed.add(d.sendErrors());
            result.consumeFailed.add(0L);
            if (workload.ratePlan() != null) {
                long midpointNanos = (stats.startEpochNanos() + stats.endEpochNanos()) / 2 - measuredStartEpochNanos;
                result.rateStep.add(workload.ratePlan().stepAt(midpointNanos) + 1);
            }
            for (LatencyMetric metric : LatencyMetric.values()) {
                if (measures(metric)) {
                    ResultFiller.addPeriod(result, metric, stats.histogram(metric));
                }
            }
        }
    }

    /** What the sends made so far show (warm-up left out), for the verdict: {@link RunVerdict.SendFigures}. */
    RunVerdict.SendFigures sendFigures() {
        return new RunVerdict.SendFigures(
                aggregates.get(LatencyMetric.PUBLISH_LATENCY).getValueAtPercentile(99),
                aggregates.get(LatencyMetric.PUBLISH_DELAY_LATENCY).getValueAtPercentile(50));
    }

    /** A producer-only run has no end-to-end values: its end-to-end fields stay empty, not zero-filled. */
    private boolean measures(LatencyMetric metric) {
        boolean endToEnd =
                metric == LatencyMetric.END_TO_END_LATENCY || metric == LatencyMetric.END_TO_END_RESPONSE_TIME;
        return !endToEnd || workload.consumersTotal() > 0;
    }

    /** {@link TestResult#runMode} of {@code workload}. */
    static String runMode(Workload workload) {
        if (workload.consumersTotal() == 0) {
            return "producer-only";
        }
        if (workload.consumerOnly()) {
            return "consumer-only";
        }
        return workload.consumerBacklogSizeGB() > 0 ? "backlog" : "produce-consume";
    }

    /** See {@link RunProgress#stage}. */
    void stage(String currentStage) {
        progress.stage(currentStage);
    }

    /** Prints one progress line between the period lines. */
    void progress(String line) {
        progress.line(line);
    }

    /** A warning printed at the end of the run. */
    void warn(String warning) {
        progress.warn(warning);
    }

    void backlogPhases(BacklogSummary summary) {
        result.backlogPhases = summary;
    }

    /** The max-rate search's outcome; {@code foundRateMsgPerSec} is {@code null} when it failed. */
    void rateSearched(
            RateSearchSettings settings,
            Double foundRateMsgPerSec,
            Double lowestFailedRateMsgPerSec,
            int subscriptions,
            List<RateSearchTrial> trials) {
        RateSearchSummary summary = new RateSearchSummary();
        summary.foundRateMsgPerSec = foundRateMsgPerSec;
        summary.lowestFailedRateMsgPerSec = lowestFailedRateMsgPerSec;
        summary.subscriptions = subscriptions;
        summary.startRateMsgPerSec = settings.startRateMsgPerSec();
        summary.settleSeconds = settings.settleDuration().toNanos() / 1e9;
        summary.windowSeconds = settings.windowDuration().toNanos() / 1e9;
        summary.precision = settings.precision();
        summary.sustainedShare = RateSearchSettings.SUSTAINED_SHARE;
        summary.trials = new ArrayList<>(trials);
        result.rateSearch = summary;
        result.targetRate = foundRateMsgPerSec;
    }

    int measuredPeriodCount() {
        return measuredPeriods;
    }

    /**
     * The workers closed their books: the accounting, and so the run, ended here (the clients are closed
     * after it). The result's end time is this moment.
     */
    void booksClosed(long epochNanos) {
        if (booksClosedEpochNanos == 0) {
            booksClosedEpochNanos = epochNanos;
        }
    }

    /** Every message by identity, once the books closed (docs/measurement.md). */
    void messageIdentity(MessageIdentity identity) {
        result.messageIdentity = identity;
    }

    /** Marks the run failed; the first reason wins. */
    /**
     * Fails the run for {@code reason} (the first reason given stays), in the result too: a result is
     * never {@code complete} once its run has failed, even when it failed after the result was filled in.
     */
    public void fail(String reason) {
        if (failureReason == null) {
            failureReason = reason;
        }
        result.complete = false;
        result.failureReason = failureReason;
    }

    public String failureReason() {
        return failureReason;
    }

    /**
     * The workers whose last poll is missing: the totals lack what they did after their last answer; the
     * result says so ({@link TestResult#countsPartial}) and so does the summary.
     */
    void countsLeftOut(List<Ensemble.LeftOut> leftOut) {
        if (leftOut.isEmpty()) {
            result.countsPartial = null;
            return;
        }
        result.countsPartial = new ArrayList<>();
        for (Ensemble.LeftOut worker : leftOut) {
            LeftOutWorker entry = new LeftOutWorker();
            entry.worker = worker.worker();
            if (worker.lastAnswerEpochMillis() > 0) {
                entry.lastAnswerEpochMillis = worker.lastAnswerEpochMillis();
                entry.lastAnswerTime =
                        ResultFiles.formatTimestamp(Instant.ofEpochMilli(worker.lastAnswerEpochMillis()));
            }
            result.countsPartial.add(entry);
        }
    }

    /**
     * Ends the result with the run's totals. A run whose load never started (it failed while the driver,
     * the topics or the clients were being set up) measured nothing: its counts and latencies stay empty
     * ({@code null}), not zero, and the summary prints them as missing.
     */
    void finish(Counters totals) {
        if (workload.ratePlan() != null) {
            result.rateSteps = stepTable(workload.ratePlan());
        }
        if (loadStartEpochNanos != 0) {
            fillTotals(totals);
        }
        Instant end = Instant.ofEpochSecond(0, booksClosedEpochNanos != 0 ? booksClosedEpochNanos : clock.epochNanos());
        result.endTime = ResultFiles.formatTimestamp(end);
        result.metadata.endTimeEpochMillis = end.toEpochMilli();
        if (measuredEndEpochNanos == 0 && result.testDurationSeconds == null && measuredStartEpochNanos != 0) {
            result.testDurationSeconds = (clock.epochNanos() - measuredStartEpochNanos) / 1e9;
        }
        result.complete = failureReason == null;
        result.failureReason = failureReason;
        progress.finished(result.rateSteps, result.rateSearch);
    }

    private void fillTotals(Counters totals) {
        for (LatencyMetric metric : LatencyMetric.values()) {
            if (measures(metric)) {
                ResultFiller.setAggregate(result, metric, aggregates.get(metric));
            }
        }
        result.totalMessagesSent = totals.messagesAcked();
        result.totalMessagesAttempted = totals.messagesSent();
        result.totalMessagesDue = totals.messagesDue();
        result.totalMessagesNotSent = totals.messagesNotSent();
        result.totalMessagesUnackedAtEnd = totals.messagesUnackedAtEnd();
        result.totalMessagesReceived = totals.messagesReceived();
        result.totalSendErrors = totals.sendErrors();
        result.totalBytesSent = totals.bytesSent();
        result.totalBytesReceived = totals.bytesReceived();
        result.endToEndNegativeCount = totals.endToEndNonPositive();
        result.latencyValuesClampedCount = totals.valuesClamped();
        result.unstampedMessagesReceived = totals.unstampedReceived();
    }

    private List<RatePlanStep> stepTable(RatePlan plan) {
        List<RatePlanStep> table = new ArrayList<>();
        for (int i = 0; i < plan.steps().size(); i++) {
            RatePlanStep row = new RatePlanStep();
            row.step = i + 1;
            row.targetRateMsgPerSec = plan.steps().get(i).rateMsgPerSec();
            row.startSeconds = plan.stepStart(i).toNanos() / 1e9;
            row.durationSeconds = plan.steps().get(i).duration().toNanos() / 1e9;
            double publish = 0;
            double consume = 0;
            int periods = 0;
            for (int p = 0; p < result.rateStep.size(); p++) {
                if (result.rateStep.get(p) == i + 1) {
                    publish += result.publishRate.get(p);
                    consume += result.consumeRate.get(p);
                    periods++;
                }
            }
            row.periods = periods;
            row.publishRateAvg = periods == 0 ? null : publish / periods;
            row.consumeRateAvg = periods == 0 ? null : consume / periods;
            table.add(row);
        }
        return table;
    }

    /** The result as built so far. */
    public TestResult result() {
        return result;
    }

    /** Where the result is asked to go: the {@code -o} file, or its default name in the output directory. */
    public Path requestedFile() {
        return options.requestedResultFile(
                ResultFiles.baseName(baseName(workload.sourceName()), driverConfiguration.name(), startTime));
    }

    /**
     * Writes the JSON where asked (never overwriting: a taken name gets {@code -1}, {@code -2}, …) and renames
     * the interval logs beside it (a run that took no interval has none); returns the JSON path. The JSON is written in full to a temporary file
     * and then published under its name, so a failure (a full disk) leaves nothing under that name.
     *
     * @throws IOException when the result or its interval logs could not be written in full; then nothing
     *     is left under the result's name, and {@link #writeElsewhere} can still save it
     */
    public Path write() throws IOException {
        intervalLogs.close();
        Path json = ResultFiles.write(result, requestedFile(), file -> {
            result.hlogFiles.clear();
            if (intervalLogs.written()) {
                result.hlogFiles.putAll(IntervalLogs.namesBeside(file));
            }
        });
        try {
            intervalLogs.moveBeside(json);
        } catch (IOException e) {
            Files.deleteIfExists(json);
            throw e;
        }
        return json;
    }

    /**
     * After {@link #write} failed with {@code problem}: fails the run for it and writes the result, with
     * what its interval logs hold, to the first of {@code fallbackDirs} that takes it, and then removes the
     * logs' staging directory where it was asked to go. The result's failure reason names where it was asked
     * to go, why it is not there and where it is.
     *
     * @param failures told of every fallback directory that failed too, with its reason (and of a staging
     *     directory that could not be removed)
     * @return the file written, or {@code null} when no fallback directory took it
     */
    public Path writeElsewhere(String problem, List<Path> fallbackDirs, Consumer<String> failures) {
        String notWritten =
                "result not written to " + requestedFile().toAbsolutePath().getParent() + " (" + problem + ")";
        String earlier = failureReason;
        for (Path directory : fallbackDirs) {
            List<Path> copied = new ArrayList<>();
            try {
                Path written = ResultFiles.write(
                        result, directory.resolve(requestedFile().getFileName()), file -> {
                            failWriting(earlier, notWritten + "; written to " + file + " instead");
                            result.hlogFiles.clear();
                            result.hlogFiles.putAll(intervalLogs.copyBeside(file));
                            result.hlogFiles.values().forEach(name -> copied.add(file.resolveSibling(name)));
                        });
                // the logs are saved beside the result: their staging directory only takes room where it ran out
                String left = intervalLogs.discard();
                if (left != null) {
                    failures.accept(left);
                }
                return written;
            } catch (IOException | RuntimeException e) {
                for (Path log : copied) {
                    try {
                        Files.deleteIfExists(log);
                    } catch (IOException ignored) {
                        // best effort: the directory is failing anyway
                    }
                }
                failures.accept("could not write the result to " + directory + " either: "
                        + (e instanceof IOException io ? ResultFiles.reason(io) : e.toString()));
            }
        }
        Path logs = intervalLogs.directory();
        failWriting(
                earlier,
                notWritten + "; no fallback directory took it"
                        + (logs == null ? "" : "; the interval logs are in " + logs));
        return null;
    }

    private void failWriting(String earlier, String reason) {
        failureReason = earlier == null ? reason : earlier + "; " + reason;
        result.complete = false;
        result.failureReason = failureReason;
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }

    private static String baseName(String source) {
        String name = Path.of(source).getFileName().toString();
        return name.replaceFirst("\\.ya?ml$", "");
    }
}
