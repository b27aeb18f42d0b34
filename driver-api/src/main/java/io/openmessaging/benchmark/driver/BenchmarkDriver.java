package io.openmessaging.benchmark.driver;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * One messaging system's client side, as the benchmark sees it.
 *
 * <p>Lifecycle: {@link #configure} (parse and check the driver YAML, no network), then {@link
 * #initialize} (connect), then any number of topic, producer and consumer creations, then {@link
 * #close}. A worker holds one driver at a time.
 *
 * <p>Threading: {@code configure}, {@code initialize} and {@code close} are called from one control
 * thread. The {@code create…} methods may be called from any thread; the futures they return may be
 * completed from any thread.
 */
public interface BenchmarkDriver extends AutoCloseable {

    /**
     * Parses and checks the driver YAML. Must not open connections: {@code bin/benchmark validate}
     * calls it on its own.
     *
     * @param driverYaml the whole driver file, including the framework's keys ({@code name}, {@code
     *     driver}, {@code driverClass}), which the driver must accept and may ignore
     * @param sourceName the file name, for error messages
     * @throws DriverException naming the file, the key (and line when known) and what is allowed
     */
    void configure(String driverYaml, String sourceName) throws DriverException;

    /** Opens clients and admin connections. Blocks until ready or failed. */
    void initialize() throws DriverException;

    /** Prefix of every topic this run creates, e.g. {@code test-topic}. */
    String topicNamePrefix();

    /**
     * Creates topics. Completes when every topic exists (an already existing topic counts as created)
     * or exceptionally with a {@link DriverException} after the driver's bounded retries.
     */
    CompletableFuture<Void> createTopics(List<TopicSpec> topics);

    /**
     * Partition counts of topics that should already exist, for workloads that use existing topics
     * ({@code existingTopicList}) instead of creating their own. The map has an entry for each of
     * {@code topics} that exists and none for a topic that does not. Must not create anything.
     *
     * <p>The default completes exceptionally: a driver that cannot look topics up cannot run such
     * workloads.
     */
    default CompletableFuture<Map<String, Integer>> describeTopics(List<String> topics) {
        return CompletableFuture.failedFuture(
                new DriverException(
                        "the " + getClass().getSimpleName()
                                + " driver cannot look up existing topics, so workloads with existingTopicList,"
                                + " existingProduceTopicList or existingConsumeTopicList cannot run on it; give topics instead"));
    }

    /** Creates one producer writing to {@code topic}. */
    CompletableFuture<BenchmarkProducer> createProducer(String topic);

    /**
     * Creates one consumer of {@code topic} in the subscription (consumer group) {@code
     * subscriptionName}. The driver calls {@code callback} once for every message received.
     */
    CompletableFuture<BenchmarkConsumer> createConsumer(
            String topic, String subscriptionName, ConsumerCallback callback);

    /**
     * What the configured clients or the system would refuse in a workload of this shape, known without
     * connecting: {@code bin/benchmark validate} (given a workload and a driver file) and a run before it
     * starts ask. Called after {@link #configure}. Each problem is a sentence naming the workload's value,
     * the limit and the setting that sets it. The default finds none.
     */
    default List<String> loadProblems(WorkloadShape workload) {
        return List.of();
    }

    /**
     * What the driver file sets that runs as written but was likely meant otherwise, above all a client
     * property the client library does not define (a misspelt {@code linger.ms} is otherwise passed on and
     * ignored by the client). Called after {@link #configure}; {@code bin/benchmark validate} prints each as a
     * warning and still accepts the file, and a run prints them before it starts and records them in the
     * result's metadata. Each is a sentence in the form of {@code configure}'s errors: {@code
     * file:line:column: …}. The default finds none.
     */
    default List<String> configWarnings() {
        return List.of();
    }

    /**
     * Facts for the result metadata: client library version, broker version when the driver can ask,
     * effective settings. Called after {@link #initialize}. Keys are free-form.
     */
    default Map<String, String> describe() {
        return Map.of();
    }

    /**
     * Counts of trouble the SPI has no other channel for (consumers that stopped, failed offset
     * commits, malformed stamps, nacked or returned messages, …), since {@link #initialize}. Read at the
     * end of a run, after the drain and also after a failure, before {@link #close}; summed over the
     * workers into the result's {@code driverCounters}. Keys are free-form. Thread-safe.
     */
    default Map<String, Long> counters() {
        return Map.of();
    }

    /** Closes the admin client and anything else the driver opened. Idempotent. */
    @Override
    void close() throws Exception;
}
