package io.openmessaging.benchmark.loopback;

import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.Clock;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.driver.MessageStamp;
import io.openmessaging.benchmark.driver.SendCallback;
import io.openmessaging.benchmark.driver.TopicSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An in-memory messaging system for tests of the measurement engine and for overhead benchmarks:
 * topics with partitions, subscriptions whose consumers split the partitions, pause and resume, and
 * configurable acknowledgement and delivery delays and stalls (see {@link LoopbackConfig} and {@code
 * docs/drivers/loopback.md}).
 *
 * <p>Lifecycle as for every driver: {@link #configure} (optional when built with a {@link
 * LoopbackConfig}), {@link #initialize}, creations, {@link #close}. Thread-safe as the SPI requires.
 */
public final class LoopbackDriver implements BenchmarkDriver {

    private static final Logger log = LoggerFactory.getLogger(LoopbackDriver.class);

    private enum State {
        NEW,
        INITIALIZED,
        CLOSED
    }

    private final Clock clock;
    private final Map<String, LoopbackTopic> topics = new ConcurrentHashMap<>();
    private final Set<LoopbackProducer> producers = ConcurrentHashMap.newKeySet();
    private final AtomicLong heldMessages = new AtomicLong();
    private final AtomicLong callbackFailures = new AtomicLong();

    private volatile LoopbackConfig config;
    private volatile State state = State.NEW;
    /** Set by {@link #initialize}, before {@code state} is published. */
    private TimingMode timingMode;

    private StallWindows stalls;
    /** The throughput cap, or {@code null} without one. */
    private SendPacer pacer;
    /** The configured faults' choice of messages, shared by every producer; {@code null} without faults. */
    private FaultPlan faults;

    private LoopbackScheduler scheduler;

    /** A driver with {@link LoopbackConfig#defaults()}, to be set by {@link #configure}. */
    public LoopbackDriver(Clock clock) {
        this(clock, LoopbackConfig.defaults());
    }

    /** A driver configured in code; {@link #configure} is then optional and would replace {@code config}. */
    public LoopbackDriver(Clock clock, LoopbackConfig config) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.config = Objects.requireNonNull(config, "config");
    }

    @Override
    public void configure(String driverYaml, String sourceName) throws DriverException {
        if (state != State.NEW) {
            throw new DriverException("configure the loopback driver before initialize(), not after");
        }
        config = LoopbackConfig.fromYaml(driverYaml, sourceName);
    }

    /** Chooses the timing mode and, when delays or freezes are configured, starts the scheduler thread. */
    @Override
    public synchronized void initialize() throws DriverException {
        if (state != State.NEW) {
            throw new DriverException(
                    "the loopback driver is already " + state.name().toLowerCase(Locale.ROOT));
        }
        LoopbackConfig settings = config;
        timingMode = settings.timingMode();
        stalls = StallWindows.of(settings.stalls());
        pacer = settings.maxSendRateMsgPerSec() > 0 ? new SendPacer(clock, settings.maxSendRateMsgPerSec()) : null;
        faults = settings.faults().isEmpty() ? null : new FaultPlan(settings.faults());
        if (timingMode == TimingMode.SCHEDULER) {
            scheduler = new LoopbackScheduler(clock, this);
            scheduler.start();
        }
        state = State.INITIALIZED;
        log.info("Loopback driver initialized: {}", describe());
    }

    @Override
    public String topicNamePrefix() {
        return config.topicPrefix();
    }

    /** Creates the topics that do not exist yet; an existing topic keeps its partition count. */
    @Override
    public CompletableFuture<Void> createTopics(List<TopicSpec> topicSpecs) {
        try {
            requireInitialized("create topics");
            for (TopicSpec spec : topicSpecs) {
                if (spec.name() == null || spec.name().isEmpty() || spec.partitions() < 1) {
                    throw new DriverException("cannot create loopback topic " + spec
                            + ": it needs a non-empty name and at least 1 partition");
                }
            }
            for (TopicSpec spec : topicSpecs) {
                topics.computeIfAbsent(spec.name(), name -> new LoopbackTopic(name, spec.partitions(), this));
            }
            return CompletableFuture.completedFuture(null);
        } catch (DriverException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    @Override
    public CompletableFuture<Map<String, Integer>> describeTopics(List<String> names) {
        try {
            requireInitialized("look up topics");
        } catch (DriverException e) {
            return CompletableFuture.failedFuture(e);
        }
        Map<String, Integer> partitions = new LinkedHashMap<>();
        for (String name : names) {
            LoopbackTopic topic = topics.get(name);
            if (topic != null) {
                partitions.put(name, topic.partitions);
            }
        }
        return CompletableFuture.completedFuture(partitions);
    }

    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
        try {
            requireInitialized("create a producer");
            LoopbackConfig settings = config;
            LoopbackProducer producer = new LoopbackProducer(
                    this,
                    requireTopic(topic),
                    clock,
                    timingMode,
                    stalls,
                    scheduler,
                    TimeUnit.MICROSECONDS.toNanos(settings.ackDelayMicros()),
                    TimeUnit.MICROSECONDS.toNanos(settings.deliveryDelayMicros()),
                    settings.maxHeldMessages(),
                    pacer,
                    faults);
            producers.add(producer);
            if (state == State.CLOSED) {
                producer.close();
            }
            return CompletableFuture.completedFuture(producer);
        } catch (DriverException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /**
     * Creates a consumer. It receives only messages sent after it joined its subscription (like a new
     * Kafka consumer group with {@code auto.offset.reset=latest}, or Pulsar's default subscription
     * position).
     */
    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(
            String topic, String subscriptionName, ConsumerCallback callback) {
        try {
            requireInitialized("create a consumer");
            if (subscriptionName == null || subscriptionName.isEmpty()) {
                throw new DriverException("a loopback consumer of " + topic + " needs a subscription name");
            }
            Objects.requireNonNull(callback, "callback");
            LoopbackConsumer consumer = requireTopic(topic).addConsumer(subscriptionName, callback);
            if (state == State.CLOSED) {
                consumer.close();
            }
            return CompletableFuture.completedFuture(consumer);
        } catch (DriverException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** {@code loopback.callbackFailures}: producer or consumer callbacks that threw (the driver goes on). */
    @Override
    public Map<String, Long> counters() {
        return Map.of("loopback.callbackFailures", callbackFailureCount());
    }

    /** {@code driver=loopback}, {@code timingMode}, and every setting. */
    @Override
    public Map<String, String> describe() {
        LoopbackConfig settings = config;
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("driver", LoopbackDriverProvider.ID);
        facts.put("timingMode", settings.timingMode().displayName());
        facts.put("ackDelayMicros", Long.toString(settings.ackDelayMicros()));
        facts.put("deliveryDelayMicros", Long.toString(settings.deliveryDelayMicros()));
        facts.put("topicPrefix", settings.topicPrefix());
        facts.put(
                "stalls",
                settings.stalls().stream().map(LoopbackStall::toString).collect(Collectors.joining(", ", "[", "]")));
        facts.put("synchronousDelays", Boolean.toString(settings.synchronousDelays()));
        facts.put("maxHeldMessages", Long.toString(settings.maxHeldMessages()));
        facts.put("maxSendRateMsgPerSec", Long.toString(settings.maxSendRateMsgPerSec()));
        return facts;
    }

    /**
     * Stops the scheduler thread, fails every acknowledgement still pending through its callback, closes
     * every producer and consumer, and drops held messages. Idempotent.
     */
    @Override
    public void close() {
        synchronized (this) {
            if (state == State.CLOSED) {
                return;
            }
            state = State.CLOSED;
        }
        for (LoopbackProducer producer : producers) {
            producer.close();
        }
        if (scheduler != null) {
            scheduler.close();
        }
        for (LoopbackTopic topic : topics.values()) {
            topic.closeAll();
        }
        long failures = callbackFailures.get();
        if (failures > 0) {
            log.warn("{} producer or consumer callbacks threw during this loopback run", failures);
        }
    }

    /** The effective settings. */
    public LoopbackConfig config() {
        return config;
    }

    /** Messages currently held in memory for paused consumers, over all topics and subscriptions. */
    public long heldMessageCount() {
        return heldMessages.get();
    }

    /** How many send or consumer callbacks threw; the driver logs the first, counts the rest, goes on. */
    public long callbackFailureCount() {
        return callbackFailures.get();
    }

    /** Acknowledgements plus message deliveries waiting in the scheduler (0 without a scheduler). */
    long scheduledCallbackCount() {
        return scheduler == null ? 0 : scheduler.pendingAcks() + scheduler.pendingDeliveries();
    }

    boolean schedulerRunning() {
        return scheduler != null && scheduler.isRunning();
    }

    boolean isClosed() {
        return state == State.CLOSED;
    }

    /** Calls {@code callback} once; a callback that throws is counted, not propagated. */
    void acknowledge(
            SendCallback callback,
            long intendedSendEpochNanos,
            long sentEpochNanos,
            int producerId,
            long sequence,
            Throwable error) {
        try {
            callback.sendCompleted(intendedSendEpochNanos, sentEpochNanos, producerId, sequence, error);
        } catch (RuntimeException e) {
            callbackFailed(e);
        }
    }

    void acknowledge(SendCallback callback, MessageStamp stamp, Throwable error) {
        acknowledge(
                callback,
                stamp.intendedSendEpochNanos(),
                stamp.sentEpochNanos(),
                stamp.producerId(),
                stamp.sequence(),
                error);
    }

    void callbackFailed(RuntimeException e) {
        if (callbackFailures.getAndIncrement() == 0) {
            log.error(
                    "A producer or consumer callback threw; the loopback driver counts such failures"
                            + " (callbackFailureCount()), logs only this first one and goes on",
                    e);
        }
    }

    void heldMessagesChanged(long delta) {
        heldMessages.addAndGet(delta);
    }

    DriverException heldLimitError() {
        return new DriverException("the loopback driver holds " + heldMessages.get()
                + " messages in memory for paused consumers, its limit maxHeldMessages is "
                + config.maxHeldMessages() + ": resume the consumers or raise maxHeldMessages");
    }

    private void requireInitialized(String action) throws DriverException {
        State current = state;
        if (current != State.INITIALIZED) {
            throw new DriverException("cannot " + action + ": the loopback driver is "
                    + (current == State.NEW ? "not initialized yet (call initialize() first)" : "closed"));
        }
    }

    private LoopbackTopic requireTopic(String name) throws DriverException {
        LoopbackTopic topic = topics.get(name);
        if (topic == null) {
            throw new DriverException("loopback topic '" + name + "' does not exist; create it with createTopics"
                    + " first (existing: " + topics.keySet() + ")");
        }
        return topic;
    }
}
