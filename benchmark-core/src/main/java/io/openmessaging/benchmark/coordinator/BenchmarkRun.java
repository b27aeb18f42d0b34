package io.openmessaging.benchmark.coordinator;

import io.openmessaging.benchmark.config.DurationText;
import io.openmessaging.benchmark.driver.Clock;
import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.driver.TopicSpec;
import io.openmessaging.benchmark.measure.Counters;
import io.openmessaging.benchmark.measure.IdentityAccount;
import io.openmessaging.benchmark.measure.IdentityCounts;
import io.openmessaging.benchmark.measure.SequenceReport;
import io.openmessaging.benchmark.result.MessageIdentity;
import io.openmessaging.benchmark.schedule.RatePlan;
import io.openmessaging.benchmark.schedule.RateSearch;
import io.openmessaging.benchmark.schedule.RateSearchException;
import io.openmessaging.benchmark.schedule.RateSearchResult;
import io.openmessaging.benchmark.schedule.RateSearchTarget;
import io.openmessaging.benchmark.worker.ConsumerAssignment;
import io.openmessaging.benchmark.worker.LoadSpec;
import io.openmessaging.benchmark.worker.ProducerAssignment;
import io.openmessaging.benchmark.worker.StatsSnapshot;
import io.openmessaging.benchmark.worker.WorkerHandle;
import io.openmessaging.benchmark.workload.DriverConfiguration;
import io.openmessaging.benchmark.workload.Workload;
import java.io.IOException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One workload × driver run on one or more workers: the phases of docs/measurement.md (driver init, topics,
 * consumers then producers, readiness probe, warm-up, measured phase, stop, drain, results).
 *
 * <p>Whatever happens, {@link #execute} stops every worker and leaves in the {@link RunRecorder} what was
 * measured; a failure or {@link #abort} marks it incomplete with the reason.
 */
public final class BenchmarkRun {

    private static final Logger log = LoggerFactory.getLogger(BenchmarkRun.class);
    /** How often the workers are polled while the load runs. */
    private static final long POLL_MILLIS = 1000;
    /** How often the probe counts are read while waiting for readiness. */
    private static final long READINESS_POLL_MILLIS = 50;
    /** How often the workers are polled while the last periods and the drain complete. */
    private static final long DRAIN_POLL_MILLIS = 20;

    private final Workload workload;
    private final DriverConfiguration driverConfiguration;
    private final WorkerRoles roles;
    private final Ensemble ensemble;
    private final RunOptions options;
    private final Clock clock;
    private final RunRecorder recorder;
    private volatile String abortReason;
    /** Where the load went, for failure reasons ("the broker at …"); from the driver's description. */
    private String brokerName = "the broker";

    private boolean loadStarted;
    /**
     * Sends completing or not, from the load's start to the end of the drain: one watch for every phase,
     * so that a stall that began in one phase is not forgotten when the next begins.
     */
    private StallWatch stallWatch;

    /** {@code --fault}: commands at set times into the measured phase; started when it begins. */
    private final FaultSchedule faultSchedule;

    private boolean measuring;
    private boolean measuredPhaseBegun;
    private boolean booksClosed;
    /** The topic of each producer, by producer id, and the subscriptions that should get all it sends. */
    private final Map<Integer, String> topicOfProducer = new TreeMap<>();

    private final Set<IdentityAccount.Key> accountedSubscriptions = new LinkedHashSet<>();

    public BenchmarkRun(
            Workload workload,
            DriverConfiguration driverConfiguration,
            WorkerRoles roles,
            RunOptions options,
            Clock clock,
            RunRecorder recorder) {
        this.workload = workload;
        this.driverConfiguration = driverConfiguration;
        this.roles = roles;
        this.options = options;
        this.clock = clock;
        this.recorder = recorder;
        Set<WorkerHandle> all = new LinkedHashSet<>(roles.producers());
        all.addAll(roles.consumers());
        this.ensemble = new Ensemble(
                List.copyOf(all),
                options.workerUnreachableTimeout(),
                clock,
                Duration.ofMillis(workload.sampleRateMillis()));
        this.faultSchedule = new FaultSchedule(options.faults(), clock);
    }

    /** Asks the run to stop as soon as possible (Ctrl-C); the result is written marked incomplete. */
    public void abort(String reason) {
        abortReason = reason;
    }

    /** Runs every phase; never throws for a run failure (see {@link RunRecorder#failureReason()}). */
    public RunRecorder execute() throws InterruptedException {
        try {
            runPhases();
        } catch (RunFailedException | DriverException e) {
            recorder.fail(namingTheBroker(e.getMessage()));
        } catch (IOException e) {
            recorder.fail(e.getMessage() == null ? e.toString() : e.getMessage());
        } catch (RuntimeException e) {
            log.error("Run failed", e);
            recorder.fail(e.toString());
        } finally {
            try {
                recorder.faults(faultSchedule.stop());
                closeBooksAfterFailure();
                recorder.driverCounters(ensemble.driverCounters());
            } finally {
                // an interrupt while the counters are read must not leave the workers running
                ensemble.closeAll();
                if (loadStarted) {
                    recorder.countsLeftOut(ensemble.leftOutOfLastPoll());
                }
                recorder.finish(ensemble.lastTotals());
                ensemble.shutdown();
            }
        }
        return recorder;
    }

    private void runPhases() throws RunFailedException, DriverException, IOException, InterruptedException {
        log.info("Initializing driver {} on {} worker(s)", driverConfiguration.name(), ensemble.size());
        Map<String, String> description = ensemble.initializeDriver(driverConfiguration);
        ensemble.recordEpochs();
        recorder.driverDescribed(description);
        brokerName = brokerName(description);

        List<TopicSpec> producerTopics;
        List<TopicSpec> consumerTopics;
        if (workload.usesExistingTopics()) {
            log.info("Checking {} existing topic(s)", workload.topicsUsed());
            ExistingTopics.Plan plan = ExistingTopics.check(workload, roles);
            producerTopics = plan.producerTopics();
            consumerTopics = plan.consumerTopics();
        } else {
            log.info("Creating {} topic(s) with {} partition(s)", workload.topics(), workload.partitionsPerTopic());
            List<TopicSpec> topics = roles.leader().createTopics(workload.topics(), workload.partitionsPerTopic());
            if (ensemble.size() > 1) {
                ensemble.forAll(worker -> {
                    if (worker != roles.leader()) {
                        worker.ensureTopics(topics);
                    }
                });
            }
            producerTopics = topics;
            consumerTopics = topics;
        }
        checkAbort();

        List<List<ConsumerAssignment>> consumersPerWorker = consumerAssignments(consumerTopics);
        Set<String> producedTopics = new LinkedHashSet<>();
        producerTopics.forEach(topic -> producedTopics.add(topic.name()));
        Set<String> pairs = new LinkedHashSet<>();
        int consumerCount = 0;
        for (List<ConsumerAssignment> assignments : consumersPerWorker) {
            // a topic only consumed (existingConsumeTopicList) gets no probe from this run's producers
            assignments.stream().filter(a -> producedTopics.contains(a.topic())).forEach(a -> {
                pairs.add(a.pairKey());
                accountedSubscriptions.add(new IdentityAccount.Key(a.topic(), a.subscription()));
            });
            consumerCount += assignments.size();
        }
        log.info("Creating {} consumer(s)", consumerCount);
        ensemble.forEach(roles.consumers(), (worker, i) -> worker.createConsumers(consumersPerWorker.get(i)));

        List<List<ProducerAssignment>> producersPerWorker = producerAssignments(producerTopics);
        int producerCount = producersPerWorker.stream().mapToInt(List::size).sum();
        producersPerWorker.forEach(list -> list.forEach(p -> topicOfProducer.put(p.producerId(), p.topic())));
        log.info("Creating {} producer(s)", producerCount);
        ensemble.forEach(roles.producers(), (worker, i) -> worker.createProducers(producersPerWorker.get(i)));
        checkAbort();

        if (producerCount == 0) {
            throw new RunFailedException("the workload has no producers (producersPerTopic: 0); nothing to measure");
        }
        awaitReadiness(pairs);

        boolean search = workload.producerRate() == 0;
        double startRate = search ? workload.rateSearchSettings().startRateMsgPerSec() : workload.producerRate();
        double ratePerProducer = startRate / producerCount;
        List<byte[]> payloads = Payloads.forWorkload(workload);
        long sampleMillis = workload.sampleRateMillis();
        log.info(
                "Starting load: {} msg/s in total, {} msg/s per producer, {} byte messages{}",
                fmt(startRate),
                fmt(ratePerProducer),
                payloads.get(0).length,
                search ? " (the max-rate search starts here)" : "");
        recorder.loadStarted(clock.epochNanos(), payloads.get(0).length);
        LoadSpec load = new LoadSpec(
                ratePerProducer,
                payloads,
                workload.keyDistributor(),
                workload.producerWakeIntervalMicros(),
                subscriptionsReceiving());
        loadStarted = true;
        stallWatch = new StallWatch(options.stallTimeout().toNanos(), clock.monotonicNanos(), brokerName);
        ensemble.forAll(worker -> worker.startLoad(load, sampleMillis));
        if (search) {
            setTotalRate(searchMaxRate(producerCount), producerCount);
        }

        Duration warmup = workload.warmupDuration();
        if (!warmup.isZero()) {
            log.info("Warm-up for {}", DurationText.readable(warmup));
            follow(warmup);
        }
        BacklogPlan backlogPlan = BacklogPlan.of(workload);
        if (workload.consumerOnly()) {
            measureConsumerOnly(backlogPlan, sampleMillis);
        } else {
            measure(backlogPlan, sampleMillis, producerCount);
        }

        ensemble.forAll(WorkerHandle::stopLoad);
        // a partial drain (backlogDrainRatio below 1) leaves the rest of the backlog unconsumed on purpose
        drain(backlogPlan == null || !backlogPlan.partialDrain());
        booksClosed = true;
        ensemble.forAll(WorkerHandle::closeBooks);
        recorder.booksClosed(clock.epochNanos());
        ensemble.cutFinal(StatsSnapshot.Phase.DRAIN);
        poll();
        IdentityCounts identity = accountIdentities(ensemble.sequenceReports());
        RunVerdict.check(
                ensemble.lastTotals(), workload, ensemble.firstSendError(), brokerName, recorder.sendFigures());
        if (identity != null && (backlogPlan == null || !backlogPlan.partialDrain())) {
            RunVerdict.checkIdentity(identity, workload, brokerName);
        }
    }

    /**
     * Counts every message by identity over the workers' reports and records the counts in the result;
     * returns their total, or {@code null} when no subscription should receive what this run produced.
     */
    private IdentityCounts accountIdentities(List<SequenceReport> reports) {
        if (reports == null || accountedSubscriptions.isEmpty()) {
            return null;
        }
        List<IdentityAccount.Subscription> counts =
                IdentityAccount.count(reports, topicOfProducer, List.copyOf(accountedSubscriptions));
        recorder.messageIdentity(MessageIdentity.of(counts, workload.allowedLoss()));
        return IdentityAccount.total(counts);
    }

    /**
     * After a failure or an abort once the load started: closes every worker's books, so that what was due
     * and never sent or never acknowledged is recorded with its age, and takes the last period: measured
     * when the failure came in the measured phase, warm-up (discarded) when it came before it, drain after
     * it. Best effort: a worker that cannot answer is named in the log.
     */
    private void closeBooksAfterFailure() throws InterruptedException {
        if (!loadStarted || booksClosed) {
            return;
        }
        booksClosed = true;
        StatsSnapshot.Phase lastPhase = measuring
                ? StatsSnapshot.Phase.MEASURED
                : measuredPhaseBegun ? StatsSnapshot.Phase.DRAIN : StatsSnapshot.Phase.WARMUP;
        ensemble.closeBooksBestEffort(lastPhase);
        recorder.booksClosed(clock.epochNanos());
        accountIdentities(ensemble.sequenceReportsBestEffort());
        for (StatsSnapshot merged : ensemble.pollAfterFailure()) {
            recorder.period(merged, subscriptionsReceiving());
        }
        if (measuring) {
            measuring = false;
            recorder.measuredPhaseEnded(clock.epochNanos());
        }
    }

    /** {@code reason}, with where the load went appended unless it says so already. */
    private String namingTheBroker(String reason) {
        if (reason == null
                || !brokerName.startsWith("the broker at ")
                || reason.contains(brokerName.substring("the broker at ".length()))) {
            return reason;
        }
        return reason + " (the load went to " + brokerName + ")";
    }

    /** "the broker at <address>" from the driver's description, or "the broker". */
    static String brokerName(Map<String, String> description) {
        for (Map.Entry<String, String> fact : description.entrySet()) {
            String key = fact.getKey();
            if ((key.endsWith("bootstrapServers") || key.endsWith("serviceUrl") || key.endsWith("amqpUris"))
                    && fact.getValue() != null
                    && !fact.getValue().isBlank()) {
                return "the broker at " + fact.getValue();
            }
        }
        return "the broker";
    }

    /** The measured phase; with a backlog, it starts with the build and the drain, producers running throughout. */
    private void measure(BacklogPlan backlogPlan, long sampleMillis, int producerCount)
            throws RunFailedException, DriverException, IOException, InterruptedException {
        ensemble.forAll(worker -> worker.beginMeasuredPhase(sampleMillis));
        recorder.measuredPhaseStarted(clock.epochNanos());
        faultSchedule.start();
        measuring = true;
        measuredPhaseBegun = true;
        long measuredStartNanos = clock.monotonicNanos();
        if (backlogPlan != null) {
            BacklogPhases backlog =
                    new BacklogPhases(backlogPlan, true, ensemble, roles.consumers(), clock, recorder, options);
            recorder.stage("backlog build");
            backlog.build(watch());
            recorder.stage("backlog drain");
            backlog.drain(watch());
            recorder.stage(null);
        }
        Duration test = workload.testDuration();
        log.info("Measuring for {}", test.isZero() ? "ever (stop with Ctrl-C)" : DurationText.readable(test));
        if (workload.ratePlan() != null) {
            followRatePlan(workload.ratePlan(), producerCount);
        } else {
            follow(test.isZero() ? Duration.ofDays(365_000) : test);
        }
        long measuredMillis = backlogPlan == null
                ? test.toMillis()
                : TimeUnit.NANOSECONDS.toMillis(clock.monotonicNanos() - measuredStartNanos);
        awaitFullPeriods(measuredMillis / sampleMillis, sampleMillis);
        // end the measured phase on every worker: a partial last period is measured; otherwise the sliver
        // since the last full period already belongs to the drain. Either way sampling stops here, so a long
        // drain never adds measured periods.
        StatsSnapshot.Phase last = backlogPlan != null || test.toMillis() % sampleMillis != 0
                ? StatsSnapshot.Phase.MEASURED
                : StatsSnapshot.Phase.DRAIN;
        ensemble.cutFinal(last);
        measuring = false;
        poll();
        recorder.measuredPhaseEnded(clock.epochNanos());
    }

    /**
     * {@code consumerOnly}: after the warm-up, build the backlog (unmeasured), stop the producers, and
     * measure the consumers draining it; the measured phase ends when the backlog is drained.
     */
    private void measureConsumerOnly(BacklogPlan backlogPlan, long sampleMillis)
            throws RunFailedException, DriverException, IOException, InterruptedException {
        BacklogPhases backlog =
                new BacklogPhases(backlogPlan, false, ensemble, roles.consumers(), clock, recorder, options);
        recorder.stage("backlog build");
        backlog.build(watch());
        ensemble.forAll(WorkerHandle::stopLoad);
        log.info("Producers stopped; measuring the consumers draining the backlog");
        recorder.stage(null);
        ensemble.forAll(worker -> worker.beginMeasuredPhase(sampleMillis));
        recorder.measuredPhaseStarted(clock.epochNanos());
        faultSchedule.start();
        measuring = true;
        measuredPhaseBegun = true;
        recorder.stage("backlog drain");
        backlog.drain(watch());
        ensemble.cutFinal(StatsSnapshot.Phase.MEASURED);
        measuring = false;
        poll();
        recorder.measuredPhaseEnded(clock.epochNanos());
    }

    /** Polls, checks for aborts and stalls, and returns the totals: what the backlog phases follow. */
    private BacklogPhases.Watch watch() {
        return () -> {
            poll();
            checkAbort();
            Counters totals = ensemble.lastTotals();
            stallWatch.check(totals, clock.monotonicNanos());
            RunVerdict.checkSendErrorsSoFar(totals, workload, ensemble.firstSendError(), brokerName);
            return totals;
        };
    }

    /** Runs the max-rate search (docs/max-rate-search.md), records its trials and returns the rate found. */
    private double searchMaxRate(int producerCount)
            throws RunFailedException, DriverException, IOException, InterruptedException {
        int subscriptions = workload.consumersTotal() == 0 ? 0 : workload.subscriptionsPerTopic();
        RateSearch search = new RateSearch(workload.rateSearchSettings(), subscriptions, clock);
        log.info(
                "Searching for the maximum sustainable rate ({} subscription(s) per topic receive every message)",
                subscriptions);
        recorder.stage("rate search");
        try {
            RateSearchResult found = search.run(new RateSearchTarget() {
                @Override
                public void setRate(double totalMsgPerSec) throws Exception {
                    setTotalRate(totalMsgPerSec, producerCount);
                }

                @Override
                public Counters totals() throws Exception {
                    poll();
                    return ensemble.lastTotals();
                }

                @Override
                public void awaitUntil(long monotonicNanos) throws Exception {
                    follow(Duration.ofNanos(Math.max(0, monotonicNanos - clock.monotonicNanos())));
                }
            });
            recorder.rateSearched(
                    workload.rateSearchSettings(),
                    found.foundRateMsgPerSec(),
                    found.lowestFailedRateMsgPerSec(),
                    subscriptions,
                    found.trials());
            return found.foundRateMsgPerSec();
        } catch (RateSearchException e) {
            recorder.rateSearched(workload.rateSearchSettings(), null, null, subscriptions, search.trials());
            throw new RunFailedException(e.getMessage());
        } catch (RunFailedException | DriverException | IOException | InterruptedException | RuntimeException e) {
            recorder.rateSearched(workload.rateSearchSettings(), null, null, subscriptions, search.trials());
            throw e;
        } catch (Exception e) {
            recorder.rateSearched(workload.rateSearchSettings(), null, null, subscriptions, search.trials());
            throw new IllegalStateException("unexpected failure of the max-rate search", e);
        } finally {
            recorder.stage(null);
        }
    }

    /** Runs the steps of {@code plan} in turn, each rate change continuing the schedules where they are. */
    private void followRatePlan(RatePlan plan, int producerCount)
            throws RunFailedException, DriverException, IOException, InterruptedException {
        long measuredStartNanos = clock.monotonicNanos();
        List<RatePlan.Step> steps = plan.steps();
        for (int i = 0; i < steps.size(); i++) {
            if (i > 0) {
                setTotalRate(steps.get(i).rateMsgPerSec(), producerCount);
            }
            log.info(
                    "Rate step {} of {}: {} msg/s for {}",
                    i + 1,
                    steps.size(),
                    fmt(steps.get(i).rateMsgPerSec()),
                    DurationText.readable(steps.get(i).duration()));
            long stepEndNanos = measuredStartNanos
                    + plan.stepStart(i).plus(steps.get(i).duration()).toNanos();
            follow(Duration.ofNanos(Math.max(0, stepEndNanos - clock.monotonicNanos())));
        }
    }

    private void setTotalRate(double totalMsgPerSec, int producerCount)
            throws DriverException, IOException, InterruptedException {
        double perProducer = totalMsgPerSec / producerCount;
        ensemble.forEach(roles.producers(), (worker, i) -> worker.adjustRate(perProducer));
    }

    private List<List<ConsumerAssignment>> consumerAssignments(List<TopicSpec> topics) {
        List<List<ConsumerAssignment>> perWorker = new ArrayList<>();
        roles.consumers().forEach(w -> perWorker.add(new ArrayList<>()));
        int next = 0;
        for (TopicSpec topic : topics) {
            for (int s = 0; s < workload.subscriptionsPerTopic(); s++) {
                String subscription = String.format(Locale.ROOT, "sub-%03d-%s", s, randomTag());
                for (int c = 0; c < workload.consumerPerSubscription(); c++) {
                    ConsumerAssignment assignment = new ConsumerAssignment(topic.name(), subscription);
                    if (roles.topology() == WorkerRoles.Topology.SWARM) {
                        perWorker.forEach(list -> list.add(assignment));
                    } else {
                        perWorker.get(next++ % perWorker.size()).add(assignment);
                    }
                }
            }
        }
        return perWorker;
    }

    private List<List<ProducerAssignment>> producerAssignments(List<TopicSpec> topics) {
        List<List<ProducerAssignment>> perWorker = new ArrayList<>();
        roles.producers().forEach(w -> perWorker.add(new ArrayList<>()));
        int producerId = 0;
        for (int p = 0; p < workload.producersPerTopic(); p++) {
            for (TopicSpec topic : topics) {
                perWorker.get(producerId % perWorker.size()).add(new ProducerAssignment(topic.name(), producerId));
                producerId++;
            }
        }
        return perWorker;
    }

    private static String randomTag() {
        byte[] bytes = new byte[5];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private void awaitReadiness(Set<String> pairs)
            throws RunFailedException, DriverException, IOException, InterruptedException {
        if (pairs.isEmpty()) {
            return;
        }
        log.info(
                "Waiting until every subscription receives a probe message (at most {})",
                DurationText.readable(options.readinessTimeout()));
        long start = clock.monotonicNanos();
        long deadline = start + options.readinessTimeout().toNanos();
        long nextProbe = start;
        while (true) {
            if (clock.monotonicNanos() >= nextProbe) {
                ensemble.forEach(roles.producers(), (worker, i) -> worker.sendProbes());
                nextProbe = clock.monotonicNanos() + Defaults.PROBE_RESEND_INTERVAL.toNanos();
            }
            Map<String, Long> received = new TreeMap<>();
            for (WorkerHandle worker : roles.consumers()) {
                worker.probesReceived().forEach((pair, count) -> received.merge(pair, count, Long::sum));
            }
            List<String> missing = pairs.stream()
                    .filter(p -> received.getOrDefault(p, 0L) == 0)
                    .toList();
            if (missing.isEmpty()) {
                log.info("Ready after {} ms", TimeUnit.NANOSECONDS.toMillis(clock.monotonicNanos() - start));
                return;
            }
            checkAbort();
            poll();
            if (clock.monotonicNanos() >= deadline) {
                throw new RunFailedException(
                        "not ready after " + options.readinessTimeout().toSeconds()
                                + " s: no probe message arrived for " + missing.size() + " of " + pairs.size()
                                + " topic/subscription pairs, e.g. " + missing.get(0)
                                + " (are consumers getting partition assignments? is the broker reachable?)");
            }
            clock.sleepNanos(TimeUnit.MILLISECONDS.toNanos(READINESS_POLL_MILLIS));
        }
    }

    /** Follows the workers' snapshots for {@code duration}, checking for failures, stalls and aborts. */
    private void follow(Duration duration) throws RunFailedException, InterruptedException {
        long end = clock.monotonicNanos() + duration.toNanos();
        while (true) {
            long remainingNanos = end - clock.monotonicNanos();
            if (remainingNanos <= 0) {
                return;
            }
            clock.sleepNanos(Math.min(TimeUnit.MILLISECONDS.toNanos(POLL_MILLIS), remainingNanos));
            poll();
            checkAbort();
            Counters totals = ensemble.lastTotals();
            stallWatch.check(totals, clock.monotonicNanos());
            RunVerdict.checkSendErrorsSoFar(totals, workload, ensemble.firstSendError(), brokerName);
        }
    }

    /** Fetches new snapshots from every worker and hands complete merged periods to the recorder. */
    private void poll() throws RunFailedException, InterruptedException {
        for (StatsSnapshot merged : ensemble.poll()) {
            recorder.period(merged, subscriptionsReceiving());
        }
    }

    /** Subscriptions per topic that receive every message; 0 when nothing consumes. */
    private int subscriptionsReceiving() {
        return workload.consumersTotal() == 0 ? 0 : workload.subscriptionsPerTopic();
    }

    /**
     * Waits (at most one more sample period) until the workers have cut {@code fullPeriods} measured
     * periods: their samplers and this thread time the phase on the same clock but not in lockstep.
     */
    private void awaitFullPeriods(long fullPeriods, long sampleMillis) throws RunFailedException, InterruptedException {
        long deadline = clock.monotonicNanos() + TimeUnit.MILLISECONDS.toNanos(sampleMillis);
        while (recorder.measuredPeriodCount() < fullPeriods && clock.monotonicNanos() < deadline) {
            clock.sleepNanos(TimeUnit.MILLISECONDS.toNanos(DRAIN_POLL_MILLIS));
            poll();
        }
    }

    /**
     * Waits for every send to complete and, when {@code waitForReceives}, every message to arrive. Fails the
     * run when that does not happen within the drain timeout, or when no send completes for the stall
     * timeout while some are in flight; when only messages are missing after every send completed, returns,
     * and the accounting by identity says which were lost.
     */
    private void drain(boolean waitForReceives) throws RunFailedException, InterruptedException {
        long deadline = clock.monotonicNanos() + options.drainTimeout().toNanos();
        while (true) {
            poll();
            Counters totals = ensemble.lastTotals();
            long expectedReceived = waitForReceives ? expectedReceived(totals) : 0;
            boolean acksDone = totals.sendsInFlight() <= 0;
            // a redelivery is not the delivery of a message still missing
            long firstDeliveries = totals.messagesReceived() - totals.duplicatesReceived();
            boolean receivesDone = firstDeliveries >= expectedReceived;
            if (acksDone && receivesDone) {
                return;
            }
            checkAbort();
            stallWatch.check(totals, clock.monotonicNanos());
            if (clock.monotonicNanos() >= deadline) {
                if (acksDone && !accountedSubscriptions.isEmpty()) {
                    // every send completed: the accounting by identity names what never arrived
                    log.warn(
                            "Drain: {} s after the load stopped, {} message(s) not received from {}",
                            options.drainTimeout().toSeconds(),
                            Math.max(0, expectedReceived - firstDeliveries),
                            brokerName);
                    return;
                }
                throw new RunFailedException("drain incomplete: "
                        + options.drainTimeout().toSeconds()
                        + " s after the load stopped, " + totals.sendsInFlight() + " send(s) still in flight and "
                        + Math.max(0, expectedReceived - firstDeliveries) + " message(s) not received"
                        + " from " + brokerName);
            }
            clock.sleepNanos(TimeUnit.MILLISECONDS.toNanos(DRAIN_POLL_MILLIS));
        }
    }

    /**
     * Every acknowledged message, once per subscription, in either topology. With separate existing
     * produce and consume topics, what the consumers get is not what the producers sent: only acks count.
     */
    private long expectedReceived(Counters totals) {
        if (workload.consumersTotal() == 0
                || !workload.existingProduceTopicList().isEmpty()
                || !workload.existingConsumeTopicList().isEmpty()) {
            return 0;
        }
        return totals.messagesAcked() * workload.subscriptionsPerTopic();
    }

    private void checkAbort() throws RunFailedException {
        if (abortReason != null) {
            throw new RunFailedException(abortReason);
        }
    }

    private static String fmt(double value) {
        return String.format(Locale.ROOT, "%,.1f", value);
    }

    /**
     * Fails the run when no send completes (ack or error) for the stall timeout while messages are pending:
     * in flight, or due and not handed to the client (a producer blocked in the client's send).
     */
    static final class StallWatch {
        private final long stallTimeoutNanos;
        private final String brokerName;
        private long lastCompleted = -1;
        private long lastProgressNanos;

        StallWatch(long stallTimeoutNanos, long nowNanos, String brokerName) {
            this.stallTimeoutNanos = stallTimeoutNanos;
            this.lastProgressNanos = nowNanos;
            this.brokerName = brokerName;
        }

        void check(Counters totals, long nowNanos) throws RunFailedException {
            long completed = totals.messagesAcked() + totals.sendErrors();
            boolean pending = totals.sendsInFlight() > 0 || totals.dueNotSent() > 0;
            if (completed != lastCompleted || !pending) {
                lastCompleted = completed;
                lastProgressNanos = nowNanos;
                return;
            }
            if (nowNanos - lastProgressNanos >= stallTimeoutNanos) {
                throw new RunFailedException("no send completed or failed for "
                        + TimeUnit.NANOSECONDS.toSeconds(stallTimeoutNanos) + " s while " + totals.sendsInFlight()
                        + " were in flight and " + Math.max(0, totals.dueNotSent()) + " were due but not sent: "
                        + brokerName + " is unreachable or stalled");
            }
        }
    }
}
