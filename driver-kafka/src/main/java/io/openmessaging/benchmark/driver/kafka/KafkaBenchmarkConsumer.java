package io.openmessaging.benchmark.driver.kafka;

import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.driver.MessageStampCodec;
import java.time.Duration;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One Kafka consumer client of one topic in one consumer group (the subscription), driven by its own
 * poll thread.
 *
 * <p>Only the poll thread touches the client (it is not thread-safe): {@link #pause} and {@link #resume}
 * post a request that the poll thread applies before its next poll, and {@code close} asks the thread
 * to stop. Pausing uses the client's own {@code pause(assignment())}, and partitions assigned while
 * paused are paused as they arrive, so polling goes on and the group membership survives a pause of
 * any length.
 *
 * <p>Offsets: unless {@code enable.auto.commit=true}, the next offset of every consumed partition is
 * committed asynchronously, coalesced by {@link OffsetCommitCoalescer}; partitions being revoked and
 * the consumer's last positions on close are committed synchronously with a bounded timeout.
 *
 * <p>Errors: a failed commit is counted and logged (first one per consumer at WARN) and retried with
 * the next commit. Any other error in the poll loop, including one thrown by the callback, stops this
 * consumer: the error is logged, counted, kept in {@link #failure()}, and thrown (wrapped) by the next
 * {@link #pause} or {@link #resume}.
 */
public final class KafkaBenchmarkConsumer implements BenchmarkConsumer {

    private static final Logger log = LoggerFactory.getLogger(KafkaBenchmarkConsumer.class);
    /** How much longer than its close deadline and one poll {@link #close} waits for the poll thread. */
    private static final long JOIN_MARGIN_MS = 500;

    private final Consumer<String, byte[]> consumer;
    private final String topic;
    private final String subscription;
    private final ConsumerCallback callback;
    private final boolean manualCommit;
    private final OffsetCommitCoalescer commits;
    private final KafkaDriverStats stats;
    private final Thread pollThread;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final AtomicLong revocations = new AtomicLong();
    private final AtomicLong assignments = new AtomicLong();

    private volatile boolean running = true;
    /** When the poll thread's final commit and the client's close must be done by ({@code System.nanoTime()}). */
    private volatile long closeDeadlineNanos;

    private volatile Throwable failure;
    private volatile Set<TopicPartition> assignment = Set.of();

    private final Object pauseMonitor = new Object();
    private boolean pauseRequested; // guarded by pauseMonitor
    private long requestedGeneration; // guarded by pauseMonitor
    private long appliedGeneration; // guarded by pauseMonitor
    private boolean loopEnded; // guarded by pauseMonitor

    /** The pause state the client is in; poll thread only. */
    private boolean paused;

    /** The client is being closed (its close revokes every partition); poll thread only. */
    private boolean closingClient;

    private boolean commitFailureLogged;
    private boolean malformedStampLogged;

    KafkaBenchmarkConsumer(
            Consumer<String, byte[]> consumer,
            String topic,
            String subscription,
            ConsumerCallback callback,
            boolean manualCommit,
            long offsetCommitLingerMs,
            KafkaDriverStats stats) {
        this.consumer = consumer;
        this.topic = topic;
        this.subscription = subscription;
        this.callback = callback;
        this.manualCommit = manualCommit;
        this.commits = new OffsetCommitCoalescer(topic, offsetCommitLingerMs);
        this.stats = stats;
        this.pollThread = new Thread(this::pollLoop, "kafka-consumer-" + subscription + "-" + topic);
        this.pollThread.setDaemon(true);
    }

    /** Subscribes and starts polling on the consumer's own thread. */
    void start() {
        pollThread.start();
    }

    @Override
    public void pause() throws DriverException {
        requestPauseState(true);
    }

    @Override
    public void resume() throws DriverException {
        requestPauseState(false);
    }

    /**
     * Asks the poll thread to stop without waiting for it, so that a driver closing many consumers lets them
     * all wind down at once: its final offset commit and the client's close are done by {@code
     * deadlineNanos} ({@code System.nanoTime()}), whether the broker answers or not.
     */
    void requestStop(long deadlineNanos) {
        if (running) {
            closeDeadlineNanos = deadlineNanos;
            running = false;
        }
    }

    /**
     * Stops the poll thread, commits the last positions and closes the client, all within {@link
     * KafkaDriverDefaults#CLOSE_TIMEOUT_MS} (from the driver's {@link #requestStop}, when it came first) plus
     * one poll.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        requestStop(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(KafkaDriverDefaults.CLOSE_TIMEOUT_MS));
        if (Thread.currentThread() == pollThread || !pollThread.isAlive()) {
            return;
        }
        long boundMs = KafkaDriverDefaults.POLL_TIMEOUT_MS
                + Math.max(0, TimeUnit.NANOSECONDS.toMillis(closeDeadlineNanos - System.nanoTime()))
                + JOIN_MARGIN_MS;
        try {
            pollThread.join(boundMs);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        if (pollThread.isAlive()) {
            log.warn(
                    "Consumer of topic {} in subscription {} did not stop within {} ms (a message callback that"
                            + " does not return?); leaving its thread behind",
                    topic,
                    subscription,
                    boundMs);
        }
    }

    /** The error that stopped this consumer's poll loop, if one did. */
    public Optional<Throwable> failure() {
        return Optional.ofNullable(failure);
    }

    /** The partitions assigned to this consumer as of its last rebalance. */
    public Set<TopicPartition> assignedPartitions() {
        return assignment;
    }

    /** How many times this consumer had partitions revoked or lost (each a rebalance that took some away). */
    public long revocationCount() {
        return revocations.get();
    }

    /** How many times this consumer received an assignment (the first join included). */
    public long assignmentCount() {
        return assignments.get();
    }

    public String topic() {
        return topic;
    }

    public String subscription() {
        return subscription;
    }

    // ---------------------------------------------------------------------------------------------
    // poll thread

    private void pollLoop() {
        Duration pollTimeout = Duration.ofMillis(KafkaDriverDefaults.POLL_TIMEOUT_MS);
        try {
            consumer.subscribe(List.of(topic), new Rebalances());
            while (running) {
                applyRequestedPauseState();
                deliver(consumer.poll(pollTimeout));
                if (manualCommit) {
                    maybeCommitAsync();
                }
            }
            if (manualCommit) {
                // half the time left: the client's close (leaving the group) gets the rest
                commitSync(commits.allOffsets(), "final", untilCloseDeadline().dividedBy(2));
            }
        } catch (Throwable t) {
            failure = t;
            stats.consumerFailures.increment();
            log.error(
                    "Consumer of topic {} in subscription {} stopped: {}",
                    topic,
                    subscription,
                    KafkaTopicManager.describe(t),
                    t);
            callback.consumerFailed(t);
        } finally {
            closeClient();
            synchronized (pauseMonitor) {
                loopEnded = true;
                pauseMonitor.notifyAll();
            }
        }
    }

    /**
     * Hands every record to the callback: the stamp at the start of the value when there is one, else the
     * stamp header. With stamps in values this allocates nothing per record beyond what the client did
     * (one iterator per poll, as any loop over a poll's records); a header stamp costs the client's decoding
     * of the header key and a copy of its value.
     */
    void deliver(ConsumerRecords<String, byte[]> records) {
        for (ConsumerRecord<String, byte[]> record : records) {
            byte[] value = record.value();
            if (!MessageStampCodec.deliverFromValue(value, record.partition(), callback)) {
                Header header = record.headers().lastHeader(MessageStampCodec.HEADER_NAME);
                String problem = MessageStampCodec.deliver(
                        header == null ? null : header.value(),
                        record.partition(),
                        value == null ? 0 : value.length,
                        callback);
                if (problem != null) {
                    malformedStamp(record, problem);
                }
            }
            if (manualCommit) {
                commits.consumed(record.partition(), record.offset() + 1);
            }
        }
    }

    /** A record whose stamp header is not a stamp: delivered unstamped, counted, the first one logged. */
    private void malformedStamp(ConsumerRecord<String, byte[]> record, String problem) {
        stats.malformedStamps.increment();
        if (!malformedStampLogged) {
            malformedStampLogged = true;
            log.warn(
                    "Consumer of topic {} in subscription {}: record at {}-{}@{} has a malformed '{}' header ({});"
                            + " delivered without a stamp, further ones are only counted",
                    topic,
                    subscription,
                    record.topic(),
                    record.partition(),
                    record.offset(),
                    MessageStampCodec.HEADER_NAME,
                    problem);
        }
    }

    private void maybeCommitAsync() {
        long nowMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime());
        if (!commits.commitDue(nowMs)) {
            return;
        }
        Map<TopicPartition, OffsetAndMetadata> offsets = commits.startCommit(nowMs);
        try {
            consumer.commitAsync(offsets, (committed, error) -> {
                commits.commitCompleted(offsets, error);
                if (error != null) {
                    commitFailed("asynchronous", error);
                }
            });
        } catch (RuntimeException e) {
            commits.commitCompleted(offsets, e);
            commitFailed("asynchronous", e);
        }
    }

    /** What is left until the close deadline of {@link #requestStop}; poll thread only, once the loop ended. */
    private Duration untilCloseDeadline() {
        return Duration.ofNanos(Math.max(0, closeDeadlineNanos - System.nanoTime()));
    }

    private void commitSync(Map<TopicPartition, OffsetAndMetadata> offsets, String what, Duration timeout) {
        if (offsets.isEmpty()) {
            return;
        }
        try {
            consumer.commitSync(offsets, timeout);
        } catch (RuntimeException e) {
            commitFailed(what, e);
        }
    }

    private void commitFailed(String what, Exception error) {
        stats.offsetCommitFailures.increment();
        if (!commitFailureLogged) {
            commitFailureLogged = true;
            log.warn(
                    "Consumer of topic {} in subscription {}: {} offset commit failed ({}); the offsets go into the"
                            + " next commit, further failures are only counted",
                    topic,
                    subscription,
                    what,
                    KafkaTopicManager.describe(error));
        } else {
            log.debug(
                    "Consumer of topic {} in subscription {}: {} offset commit failed",
                    topic,
                    subscription,
                    what,
                    error);
        }
    }

    private void applyRequestedPauseState() {
        boolean wanted;
        long generation;
        synchronized (pauseMonitor) {
            if (requestedGeneration == appliedGeneration) {
                return;
            }
            wanted = pauseRequested;
            generation = requestedGeneration;
        }
        if (wanted != paused) {
            if (wanted) {
                consumer.pause(consumer.assignment());
            } else {
                consumer.resume(consumer.paused());
            }
            paused = wanted;
        }
        synchronized (pauseMonitor) {
            appliedGeneration = generation;
            pauseMonitor.notifyAll();
        }
    }

    private void closeClient() {
        closingClient = true;
        try {
            // after a failure of the loop no stop was asked for: the client gets the whole bound
            consumer.close(CloseOptions.timeout(
                    running ? Duration.ofMillis(KafkaDriverDefaults.CLOSE_TIMEOUT_MS) : untilCloseDeadline()));
        } catch (RuntimeException e) {
            log.warn(
                    "Consumer of topic {} in subscription {}: closing the client failed: {}",
                    topic,
                    subscription,
                    KafkaTopicManager.describe(e));
        }
    }

    /** Runs inside {@code poll}, on the poll thread. */
    private final class Rebalances implements ConsumerRebalanceListener {
        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            if (partitions.isEmpty()) {
                return;
            }
            revocations.incrementAndGet();
            // the client's close revokes every partition: the final commit just took their positions
            if (manualCommit && !closingClient) {
                commitSync(
                        commits.offsetsOf(partitions),
                        "revocation",
                        Duration.ofMillis(KafkaDriverDefaults.CLOSE_TIMEOUT_MS));
            }
            commits.forget(partitions);
            Set<TopicPartition> remaining = new HashSet<>(consumer.assignment());
            remaining.removeAll(partitions);
            assignment = Set.copyOf(remaining);
        }

        @Override
        public void onPartitionsLost(Collection<TopicPartition> partitions) {
            if (partitions.isEmpty()) {
                return;
            }
            revocations.incrementAndGet();
            log.warn(
                    "Consumer of topic {} in subscription {} lost {} partitions (its group membership expired)",
                    topic,
                    subscription,
                    partitions.size());
            commits.forget(partitions);
            Set<TopicPartition> remaining = new HashSet<>(consumer.assignment());
            remaining.removeAll(partitions);
            assignment = Set.copyOf(remaining);
        }

        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
            assignments.incrementAndGet();
            if (paused && !partitions.isEmpty()) {
                consumer.pause(partitions);
            }
            assignment = Set.copyOf(consumer.assignment());
        }
    }

    // ---------------------------------------------------------------------------------------------
    // control thread

    private void requestPauseState(boolean pause) throws DriverException {
        String what = pause ? "pause" : "resume";
        throwIfFailed(what);
        if (closed.get()) {
            throw new DriverException("cannot " + what + " the consumer of topic " + topic + " in subscription "
                    + subscription + ": it is closed");
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(KafkaDriverDefaults.PAUSE_RESUME_TIMEOUT_MS);
        synchronized (pauseMonitor) {
            pauseRequested = pause;
            long generation = ++requestedGeneration;
            while (appliedGeneration < generation && !loopEnded) {
                long remainingNanos = deadline - System.nanoTime();
                if (remainingNanos <= 0) {
                    throw new DriverException(what + " of the consumer of topic " + topic + " in subscription "
                            + subscription + " was not applied within " + KafkaDriverDefaults.PAUSE_RESUME_TIMEOUT_MS
                            + " ms: its poll thread is busy (a slow message callback?); it applies when the thread"
                            + " gets back to polling");
                }
                try {
                    TimeUnit.NANOSECONDS.timedWait(pauseMonitor, remainingNanos);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new DriverException(
                            "interrupted while waiting for " + what + " of the consumer of topic " + topic
                                    + " in subscription " + subscription,
                            e);
                }
            }
            if (appliedGeneration < generation) {
                throwIfFailed(what);
                throw new DriverException("cannot " + what + " the consumer of topic " + topic + " in subscription "
                        + subscription + ": it was closed meanwhile");
            }
        }
    }

    private void throwIfFailed(String what) throws DriverException {
        Throwable cause = failure;
        if (cause != null) {
            throw new DriverException(
                    "cannot " + what + " the consumer of topic " + topic + " in subscription " + subscription
                            + ": it stopped after an error: " + KafkaTopicManager.describe(cause),
                    cause);
        }
    }
}
