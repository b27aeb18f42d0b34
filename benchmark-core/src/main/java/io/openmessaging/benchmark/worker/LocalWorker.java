package io.openmessaging.benchmark.worker;

import io.openmessaging.benchmark.config.ConfigException;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.Clock;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.driver.MessageStamp;
import io.openmessaging.benchmark.driver.TopicSpec;
import io.openmessaging.benchmark.drivers.DriverRegistry;
import io.openmessaging.benchmark.measure.Counters;
import io.openmessaging.benchmark.measure.HistogramSpec;
import io.openmessaging.benchmark.measure.IdentityAccount;
import io.openmessaging.benchmark.measure.PeriodStats;
import io.openmessaging.benchmark.measure.ReceivedSequences;
import io.openmessaging.benchmark.measure.SequenceReport;
import io.openmessaging.benchmark.measure.SequenceSet;
import io.openmessaging.benchmark.measure.ThreadRecorders;
import io.openmessaging.benchmark.measure.WorkerStats;
import io.openmessaging.benchmark.schedule.IntendedSendSchedule;
import io.openmessaging.benchmark.workload.DriverConfiguration;
import java.security.SecureRandom;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs producers and consumers of one driver inside this JVM, and measures them. The coordinator drives
 * it directly (in-process runs) or through the HTTP worker.
 *
 * <p>Statistics are cut into numbered {@link StatsSnapshot}s on this worker's own clock every sampling
 * period, and the latest {@value #SNAPSHOT_HISTORY} are kept, so reading them ({@link #statsAfter}) is
 * idempotent. A snapshot holds five histograms, each as large as its values need (about 0.7 MB together
 * at latencies of a few ms, 1.35 MB at most), so the history is bounded to what its readers need: the
 * coordinator reads every second, a {@code /metrics} scraper at its interval.
 *
 * <p>Threading: control methods are called from one control thread at a time; {@link #statsAfter},
 * {@link #totals} and {@link #failure} from any thread.
 */
public final class LocalWorker implements WorkerHandle {

    private static final Logger log = LoggerFactory.getLogger(LocalWorker.class);
    /**
     * Snapshots kept: 10 minutes of the default 10 s periods, 81 MB at most and about 42 MB at latencies
     * of a few ms (it was 1,000, up to 1.35 GB, more than the default heap in a run of an hour).
     */
    static final int SNAPSHOT_HISTORY = 60;

    private static final long CREATE_TIMEOUT_SECONDS = 120;
    private static final byte[] PROBE_PAYLOAD = new byte[16];
    /** How long stopping waits for producers to send what came due before giving up on them. */
    static final long STOP_GRACE_MILLIS = 10_000;
    /** The same when the books close on a failed run, where waiting longer would only delay the result. */
    static final long CLOSE_GRACE_MILLIS = 1_000;

    private final Clock clock;
    private final WorkerStats stats;
    private final SecureRandom random = new SecureRandom();

    private BenchmarkDriver driver;
    private final List<ProducerAssignment> producerAssignments = new ArrayList<>();
    private final List<BenchmarkProducer> producers = new ArrayList<>();
    private final List<BenchmarkConsumer> consumers = new ArrayList<>();
    private final Map<String, LongAdder> probesByPair = new ConcurrentHashMap<>();
    /** What the consumers of each "topic / subscription" received, by producer and sequence number. */
    private final Map<String, ReceivedSequences> receivedByPair = new ConcurrentHashMap<>();
    /** The sequence numbers the broker acknowledged, by producer id. */
    private final Map<Integer, SequenceSet> acknowledgedByProducer = new ConcurrentHashMap<>();
    /** The subscriptions this worker's consumers joined. */
    private final Set<IdentityAccount.Key> consumedSubscriptions = ConcurrentHashMap.newKeySet();
    /** What {@link #sequenceReport} found lost in this worker's own view; 0 before it was asked. */
    private volatile long lostInOwnView;

    private final List<ProducerThread> producerThreads = new ArrayList<>();
    /**
     * The producer threads for readers that must not take this object's lock: the due count is read
     * inside {@link WorkerStats}'s lock, which the sampler takes while holding this one.
     */
    private volatile List<ProducerThread> producerThreadView = List.of();

    private final List<Thread> threads = new ArrayList<>();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final AtomicReference<Throwable> firstSendError = new AtomicReference<>();

    private final ArrayDeque<StatsSnapshot> history = new ArrayDeque<>();
    private ScheduledExecutorService sampler;
    private ScheduledFuture<?> samplingTask;
    private StatsSnapshot.Phase phase = StatsSnapshot.Phase.WARMUP;
    private long periodStartEpochNanos;
    private long nextSeq = 1;

    private final String epoch;
    private DriverRegistry registry;

    public LocalWorker(Clock clock, HistogramSpec spec) {
        this.clock = clock;
        this.stats = new WorkerStats(spec);
        this.epoch = randomTag();
    }

    @Override
    public String id() {
        return "local";
    }

    /** Random id of this worker object; a restarted worker process has another. */
    public String epoch() {
        return epoch;
    }

    @Override
    public Map<String, String> initializeDriver(DriverConfiguration configuration) throws DriverException {
        if (registry == null) {
            registry = new DriverRegistry();
        }
        BenchmarkDriver configured;
        try {
            configured = registry.newConfiguredDriver(configuration);
        } catch (ConfigException e) {
            throw new DriverException(e.getMessage(), e);
        }
        try {
            return initializeDriver(configured);
        } catch (DriverException | RuntimeException e) {
            try {
                configured.close();
            } catch (Exception closeFailure) {
                e.addSuppressed(closeFailure);
            }
            throw e;
        }
    }

    @Override
    public WorkerStatus status(long afterSeq) {
        Throwable failed = failure();
        Throwable sendError = firstSendError();
        return new WorkerStatus(
                statsAfter(afterSeq),
                totals(),
                failed == null ? null : describe(failed),
                epoch,
                sendError == null ? null : sendError.toString());
    }

    @Override
    public Map<String, Long> driverCounters() {
        BenchmarkDriver loaded = driver;
        return loaded == null ? Map.of() : loaded.counters();
    }

    /** Takes an already configured driver and initializes it; returns its description. */
    public Map<String, String> initializeDriver(BenchmarkDriver configuredDriver) throws DriverException {
        if (driver != null) {
            throw new IllegalStateException("a driver is already loaded; stop the worker first");
        }
        configuredDriver.initialize();
        driver = configuredDriver;
        return driver.describe();
    }

    /**
     * Creates {@code count} topics named {@code <prefix>-<index>-<random>} so that runs never reuse a
     * topic, and returns them.
     */
    @Override
    public List<TopicSpec> createTopics(int count, int partitionsPerTopic) throws DriverException {
        String runTag = randomTag();
        List<TopicSpec> topics = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            topics.add(new TopicSpec(
                    String.format("%s-%07d-%s", requireDriver().topicNamePrefix(), i, runTag), partitionsPerTopic));
        }
        await(requireDriver().createTopics(topics), "create " + count + " topics");
        return topics;
    }

    @Override
    public void ensureTopics(List<TopicSpec> topics) throws DriverException {
        await(requireDriver().createTopics(topics), "create " + topics.size() + " topics");
    }

    @Override
    public Map<String, Integer> describeTopics(List<String> names) throws DriverException {
        return await(requireDriver().describeTopics(names), "look up " + names.size() + " existing topic(s)");
    }

    /** A random 7-character tag (5 random bytes, base64url), e.g. for subscription names. */
    public String randomTag() {
        byte[] bytes = new byte[5];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    @Override
    public void createConsumers(List<ConsumerAssignment> assignments) throws DriverException {
        List<CompletableFuture<BenchmarkConsumer>> futures = new ArrayList<>();
        for (ConsumerAssignment assignment : assignments) {
            LongAdder probes = probesByPair.computeIfAbsent(assignment.pairKey(), k -> new LongAdder());
            ReceivedSequences received =
                    receivedByPair.computeIfAbsent(assignment.pairKey(), k -> new ReceivedSequences());
            consumedSubscriptions.add(new IdentityAccount.Key(assignment.topic(), assignment.subscription()));
            futures.add(requireDriver()
                    .createConsumer(
                            assignment.topic(),
                            assignment.subscription(),
                            consumerCallback(assignment, probes, received)));
        }
        for (CompletableFuture<BenchmarkConsumer> future : futures) {
            consumers.add(await(future, "create consumer"));
        }
    }

    private ConsumerCallback consumerCallback(
            ConsumerAssignment assignment, LongAdder probes, ReceivedSequences received) {
        return new ConsumerCallback() {
            /** The recorders of the thread that last delivered (a consumer's poll thread, usually). */
            private ThreadRecorders lastRecorders;

            @Override
            public void messageReceived(
                    long intendedSendEpochNanos,
                    long sentEpochNanos,
                    int producerId,
                    long sequence,
                    int partition,
                    int payloadSizeBytes) {
                if (producerId == MessageStamp.PROBE_PRODUCER_ID) {
                    probes.increment();
                    stats.recordProbeReceived();
                } else {
                    ThreadRecorders own = stats.recordersOf(lastRecorders);
                    if (own != lastRecorders) {
                        lastRecorders = own; // written only when the delivering thread changed
                    }
                    stats.recordReceived(
                            own, payloadSizeBytes, intendedSendEpochNanos, sentEpochNanos, clock.epochNanos());
                    if (producerId >= 0
                            && sequence >= 0
                            && partition >= 0
                            && !stats.booksClosed()
                            && !received.record(producerId, sequence, partition)) {
                        stats.recordDuplicateReceived();
                    }
                }
            }

            @Override
            public void unstampedMessageReceived(int payloadSizeBytes) {
                stats.recordUnstampedReceived(payloadSizeBytes);
            }

            @Override
            public void consumerFailed(Throwable cause) {
                onFailure(new ClientFailure("the consumer of " + assignment.pairKey() + " stopped", cause));
            }
        };
    }

    @Override
    public void createProducers(List<ProducerAssignment> assignments) throws DriverException {
        List<CompletableFuture<BenchmarkProducer>> futures = new ArrayList<>();
        for (ProducerAssignment assignment : assignments) {
            futures.add(requireDriver().createProducer(assignment.topic()));
        }
        for (int i = 0; i < futures.size(); i++) {
            producers.add(await(futures.get(i), "create producer"));
            producerAssignments.add(assignments.get(i));
        }
    }

    /** Sends one probe message from every producer; probes are counted apart from measured messages. */
    @Override
    public void sendProbes() {
        for (BenchmarkProducer producer : producers) {
            long now = clock.epochNanos();
            producer.sendAsync(
                    null,
                    PROBE_PAYLOAD,
                    now,
                    now,
                    MessageStamp.PROBE_PRODUCER_ID,
                    0,
                    (intendedSendEpochNanos, sentEpochNanos, producerId, sequence, error) -> {
                        if (error != null) {
                            log.warn("Readiness probe failed: {}", error.toString());
                        }
                    });
        }
    }

    /** Probes received so far per "topic / subscription". */
    @Override
    public Map<String, Long> probesReceived() {
        Map<String, Long> counts = new TreeMap<>();
        probesByPair.forEach((pair, adder) -> counts.put(pair, adder.sum()));
        return counts;
    }

    /**
     * Starts every producer on its schedule, all starting now, and starts sampling every {@code
     * samplePeriodMillis} in the {@link StatsSnapshot.Phase#WARMUP} phase.
     */
    @Override
    public synchronized void startLoad(LoadSpec load, long samplePeriodMillis) {
        if (!producerThreads.isEmpty()) {
            throw new IllegalStateException("load already started");
        }
        long startNanos = clock.monotonicNanos();
        int threadCount =
                Math.max(1, Math.min(producers.size(), Runtime.getRuntime().availableProcessors()));
        List<List<ProducerThread.Slot>> groups = new ArrayList<>();
        for (int i = 0; i < threadCount; i++) {
            groups.add(new ArrayList<>());
        }
        stats.endToEndCopies(load.endToEndCopies());
        stats.messagesDue(this::messagesDue);
        for (int i = 0; i < producers.size(); i++) {
            int producerId = producerAssignments.get(i).producerId();
            groups.get(i % threadCount)
                    .add(new ProducerThread.Slot(
                            producerId,
                            producers.get(i),
                            KeyDistributor.of(load.keyDistributor(), random.nextLong()),
                            new IntendedSendSchedule(startNanos, load.ratePerProducerMsgPerSec()),
                            // one per producer: the recorders it keeps are those of its client's I/O thread
                            ProducerThread.ackRecorder(
                                    clock,
                                    stats,
                                    acknowledgedByProducer.computeIfAbsent(producerId, id -> new SequenceSet()),
                                    this::onSendError)));
        }
        for (int i = 0; i < threadCount && !producers.isEmpty(); i++) {
            ProducerThread producerThread = new ProducerThread(
                    clock,
                    stats,
                    groups.get(i),
                    load.payloads(),
                    random.nextLong(),
                    TimeUnit.MICROSECONDS.toNanos(load.producerWakeIntervalMicros()),
                    this::onFailure);
            Thread thread = new Thread(producerThread, "producer-" + i);
            thread.setDaemon(true);
            producerThreads.add(producerThread);
            threads.add(thread);
        }
        producerThreadView = List.copyOf(producerThreads);
        threads.forEach(Thread::start);
        startSampling(samplePeriodMillis);
    }

    /** Continues every producer at a new per-producer rate without resetting schedules. */
    @Override
    public synchronized void adjustRate(double ratePerProducerMsgPerSec) {
        producerThreads.forEach(t -> t.requestRate(ratePerProducerMsgPerSec));
    }

    @Override
    public void pauseConsumers() throws DriverException {
        for (BenchmarkConsumer consumer : consumers) {
            consumer.pause();
        }
    }

    @Override
    public void resumeConsumers() throws DriverException {
        for (BenchmarkConsumer consumer : consumers) {
            consumer.resume();
        }
    }

    private synchronized void startSampling(long samplePeriodMillis) {
        if (sampler == null) {
            sampler = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "stats-sampler");
                t.setDaemon(true);
                return t;
            });
        }
        periodStartEpochNanos = clock.epochNanos();
        samplingTask = sampler.scheduleAtFixedRate(
                this::cutScheduledPeriod, samplePeriodMillis, samplePeriodMillis, TimeUnit.MILLISECONDS);
    }

    private synchronized void cutScheduledPeriod() {
        cut(phase);
    }

    /**
     * Ends the warm-up: the partial warm-up period is cut (and so discarded by the coordinator), and
     * sampling restarts now, aligned to the start of the measured phase.
     */
    @Override
    public synchronized void beginMeasuredPhase(long samplePeriodMillis) {
        stopSampling();
        cut(StatsSnapshot.Phase.WARMUP);
        phase = StatsSnapshot.Phase.MEASURED;
        startSampling(samplePeriodMillis);
    }

    private synchronized void stopSampling() {
        if (samplingTask != null) {
            samplingTask.cancel(false);
            samplingTask = null;
        }
    }

    private synchronized StatsSnapshot cut(StatsSnapshot.Phase periodPhase) {
        long endEpochNanos = clock.epochNanos();
        PeriodStats period = stats.cutPeriod(periodStartEpochNanos, endEpochNanos);
        periodStartEpochNanos = endEpochNanos;
        StatsSnapshot snapshot = new StatsSnapshot(nextSeq++, periodPhase, period);
        history.addLast(snapshot);
        if (history.size() > SNAPSHOT_HISTORY) {
            history.removeFirst();
        }
        notifyAll();
        return snapshot;
    }

    /** Snapshots with a sequence number above {@code seq}, oldest first. Idempotent. */
    public synchronized List<StatsSnapshot> statsAfter(long seq) {
        List<StatsSnapshot> out = new ArrayList<>();
        for (StatsSnapshot snapshot : history) {
            if (snapshot.seq() > seq) {
                out.add(snapshot);
            }
        }
        return out;
    }

    /** Like {@link #statsAfter} but waits up to {@code timeoutMillis} for at least one snapshot. */
    public synchronized List<StatsSnapshot> awaitStatsAfter(long seq, long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (nextSeq - 1 <= seq) {
            long remainingMillis = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (remainingMillis <= 0) {
                break;
            }
            wait(remainingMillis);
        }
        return statsAfter(seq);
    }

    /**
     * Stops the producer threads and waits for them: each still sends, at once, what came due before
     * now. A thread that has not finished within {@value #STOP_GRACE_MILLIS} ms (blocked in the client's
     * send) is abandoned and interrupted; what it never sent is written off by {@link #closeBooks}.
     * In-flight sends keep completing. Idempotent.
     */
    @Override
    public void stopLoad() throws InterruptedException {
        stopLoad(STOP_GRACE_MILLIS);
    }

    private void stopLoad(long graceMillis) throws InterruptedException {
        List<Thread> toJoin;
        List<ProducerThread> stopping;
        synchronized (this) {
            producerThreads.forEach(ProducerThread::requestStop);
            toJoin = new ArrayList<>(threads);
            stopping = new ArrayList<>(producerThreads);
        }
        long graceEnd = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(graceMillis);
        for (Thread thread : toJoin) {
            thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(graceEnd - System.nanoTime())));
        }
        for (int i = 0; i < toJoin.size(); i++) {
            Thread thread = toJoin.get(i);
            if (thread.isAlive()) {
                log.warn(
                        "{} still sending {} ms after the stop (blocked in the driver's send?): abandoning the"
                                + " messages it has not sent",
                        thread.getName(),
                        graceMillis);
                stopping.get(i).requestAbandon();
                thread.interrupt();
            }
        }
        for (Thread thread : toJoin) {
            thread.join(TimeUnit.SECONDS.toMillis(30));
            if (thread.isAlive()) {
                onFailure(new IllegalStateException(
                        thread.getName() + " did not stop within 30 s (blocked in the driver?)"));
            }
        }
    }

    /** Messages due so far, over every producer of this worker (see {@link Counters#messagesDue}). */
    private long messagesDue() {
        long due = 0;
        for (ProducerThread producerThread : producerThreadView) {
            due += producerThread.messagesDue();
        }
        return due;
    }

    /**
     * Stops the load if it still runs and ends the accounting: every due message never sent and every
     * message still in flight is recorded as written off now, with its age ({@link WorkerStats#closeBooks});
     * nothing is recorded after that. Call after the drain, or when the run fails (producers still running
     * then get {@value #CLOSE_GRACE_MILLIS} ms to send what came due). Idempotent.
     */
    @Override
    public void closeBooks() throws InterruptedException {
        stopLoad(CLOSE_GRACE_MILLIS);
        List<ProducerThread> stopped = producerThreadView;
        long writtenOff = stats.closeBooks(
                clock.epochNanos(), each -> stopped.forEach(producerThread -> producerThread.forEachUnsent(each)));
        if (writtenOff > 0) {
            Counters totals = stats.totals();
            log.warn(
                    "Books closed with {} message(s) never sent and {} still in flight, recorded with their age",
                    totals.messagesNotSent(),
                    totals.messagesUnackedAtEnd());
        }
    }

    /**
     * Stops sampling and cuts the last period: a partial {@link StatsSnapshot.Phase#MEASURED} one when
     * called to end the measured phase, or {@link StatsSnapshot.Phase#DRAIN}.
     */
    @Override
    public synchronized void cutFinal(StatsSnapshot.Phase finalPhase) {
        stopSampling();
        cut(finalPhase);
        phase = finalPhase;
    }

    /**
     * The sequence numbers this worker's producers had acknowledged and its consumers received. Meant for
     * after {@link #closeBooks} and the drain: while messages still arrive it is a moving picture.
     */
    @Override
    public SequenceReport sequenceReport() {
        Map<String, SequenceReport.Receipts> received = new TreeMap<>();
        receivedByPair.forEach((pair, sequences) -> received.put(pair, SequenceReport.Receipts.of(sequences)));
        SequenceReport report = new SequenceReport(new TreeMap<>(acknowledgedByProducer), received);
        Map<Integer, String> topicOfProducer = new TreeMap<>();
        synchronized (this) {
            producerAssignments.forEach(p -> topicOfProducer.put(p.producerId(), p.topic()));
        }
        List<IdentityAccount.Key> own = consumedSubscriptions.stream()
                .filter(key -> topicOfProducer.containsValue(key.topic()))
                .toList();
        lostInOwnView = IdentityAccount.total(IdentityAccount.count(List.of(report), topicOfProducer, own))
                .lost();
        return report;
    }

    /** Deliveries so far of a message this worker's consumers of the same subscription had received before. */
    public long duplicatesReceived() {
        long duplicates = 0;
        for (ReceivedSequences sequences : receivedByPair.values()) {
            duplicates += sequences.duplicates();
        }
        return duplicates;
    }

    /**
     * Messages of this worker's producers that the broker acknowledged and that its consumers never received
     * for a subscription of their topic, as found when the run's sequence numbers were read ({@link
     * #sequenceReport}, after the drain); 0 before. This worker's view only: the run's count, over every
     * worker, is in the result.
     */
    public long lostInOwnView() {
        return lostInOwnView;
    }

    /** Producers created on this worker. */
    public synchronized int producerCount() {
        return producers.size();
    }

    /** The most recent snapshot, or {@code null} before the first cut. */
    public synchronized StatsSnapshot latestSnapshot() {
        return history.peekLast();
    }

    public Counters totals() {
        return stats.totals();
    }

    /** The first fatal failure (a producer thread died, a driver failed), or {@code null}. */
    public Throwable failure() {
        return failure.get();
    }

    /** The first send error seen, or {@code null}; send errors are counted, not fatal. */
    public Throwable firstSendError() {
        return firstSendError.get();
    }

    private void onSendError(Throwable error) {
        if (firstSendError.compareAndSet(null, error)) {
            log.warn("First send error (further ones are only counted): {}", error.toString());
        }
    }

    private void onFailure(Throwable error) {
        if (failure.compareAndSet(null, error)) {
            if (error instanceof ClientFailure) {
                // the broker's or client's doing, and the message says what: one line
                log.error("Worker failure: {}", error.getMessage());
                log.debug("Worker failure", error);
            } else {
                log.error("Worker failure", error);
            }
        }
    }

    /** A failure as the status reports it: a client's failure by its message alone, anything else with its type. */
    private static String describe(Throwable failure) {
        return failure instanceof ClientFailure ? failure.getMessage() : failure + HeapHint.of(failure);
    }

    /** Stops the load and closes producers, consumers and the driver. Idempotent. */
    @Override
    public void close() throws InterruptedException {
        stopLoad();
        synchronized (this) {
            stopSampling();
            if (sampler != null) {
                sampler.shutdownNow();
                sampler = null;
            }
        }
        long endedBefore = stats.sendsEndedAfterBooksClosed();
        closeAll(producers, "producer");
        closeAll(consumers, "consumer");
        if (driver != null) {
            try {
                driver.close();
            } catch (Exception e) {
                log.warn("Closing the driver failed: {}", e.toString());
            }
            driver = null;
        }
        long cancelled = stats.sendsEndedAfterBooksClosed() - endedBefore;
        if (cancelled > 0) {
            log.info(
                    "Closing the producers cancelled {} send(s) still in flight; they were written off when the"
                            + " books closed, as unacknowledged at the end, not as send errors",
                    cancelled);
        }
        producerThreads.clear();
        threads.clear();
        producerAssignments.clear();
        receivedByPair.clear();
        acknowledgedByProducer.clear();
        consumedSubscriptions.clear();
    }

    private static void closeAll(List<? extends AutoCloseable> closeables, String what) {
        for (AutoCloseable closeable : closeables) {
            try {
                closeable.close();
            } catch (Exception e) {
                log.warn("Closing a {} failed: {}", what, e.toString());
            }
        }
        closeables.clear();
    }

    private BenchmarkDriver requireDriver() {
        if (driver == null) {
            throw new IllegalStateException("no driver initialized");
        }
        return driver;
    }

    private static <T> T await(CompletableFuture<T> future, String what) throws DriverException {
        try {
            return future.get(CREATE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof DriverException de) {
                throw de;
            }
            throw new DriverException("could not " + what + ": " + cause, cause);
        } catch (TimeoutException e) {
            throw new DriverException("could not " + what + " within " + CREATE_TIMEOUT_SECONDS + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while trying to " + what, e);
        }
    }
}
