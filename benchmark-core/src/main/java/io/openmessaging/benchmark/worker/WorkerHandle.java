package io.openmessaging.benchmark.worker;

import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.driver.TopicSpec;
import io.openmessaging.benchmark.measure.SequenceReport;
import io.openmessaging.benchmark.workload.DriverConfiguration;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * What the coordinator can ask of a worker, in this JVM ({@link LocalWorker}) or over HTTP ({@code
 * HttpWorkerClient}). Methods block until the worker has done it; {@link IOException} means the worker
 * could not be reached or answered with a failure, {@link DriverException} that its driver refused.
 *
 * <p>Threading: called from the coordinator's threads, one call per worker at a time.
 */
public interface WorkerHandle extends AutoCloseable {

    /** A name for messages and results: "local" or the worker's URL. */
    String id();

    /** Loads, configures and initializes the driver described by {@code configuration}. */
    Map<String, String> initializeDriver(DriverConfiguration configuration)
            throws DriverException, IOException, InterruptedException;

    /** Creates {@code count} topics with fresh names (only one worker of a run is asked). */
    List<TopicSpec> createTopics(int count, int partitionsPerTopic)
            throws DriverException, IOException, InterruptedException;

    /**
     * Makes sure the given topics exist for this worker's driver (they exist already when the driver
     * talks to a shared broker; a driver with per-process topics, like loopback, creates them).
     */
    void ensureTopics(List<TopicSpec> topics) throws DriverException, IOException, InterruptedException;

    /**
     * Partition counts of the named topics that exist for this worker's driver; a topic that does not
     * exist has no entry. Creates nothing (for workloads with existing topics).
     */
    default Map<String, Integer> describeTopics(List<String> names)
            throws DriverException, IOException, InterruptedException {
        throw new DriverException(id() + " cannot look up existing topics");
    }

    void createConsumers(List<ConsumerAssignment> assignments)
            throws DriverException, IOException, InterruptedException;

    void createProducers(List<ProducerAssignment> assignments)
            throws DriverException, IOException, InterruptedException;

    /** One readiness probe message from every producer. */
    void sendProbes() throws IOException, InterruptedException;

    /** Probe messages received per "topic / subscription". */
    Map<String, Long> probesReceived() throws IOException, InterruptedException;

    /** Starts the producers on their schedules and sampling in the warm-up phase. */
    void startLoad(LoadSpec load, long samplePeriodMillis) throws IOException, InterruptedException;

    /** New per-producer rate, without resetting schedules. */
    void adjustRate(double ratePerProducerMsgPerSec) throws IOException, InterruptedException;

    void pauseConsumers() throws DriverException, IOException, InterruptedException;

    void resumeConsumers() throws DriverException, IOException, InterruptedException;

    /** Ends the warm-up; sampling restarts aligned to now. */
    void beginMeasuredPhase(long samplePeriodMillis) throws IOException, InterruptedException;

    /** Snapshots after {@code afterSeq}, running totals, and the worker's failure if any. Idempotent. */
    WorkerStatus status(long afterSeq) throws IOException, InterruptedException;

    /** Stops sampling and cuts the last period in {@code phase}. */
    void cutFinal(StatsSnapshot.Phase phase) throws IOException, InterruptedException;

    /** The driver's counters ({@code BenchmarkDriver.counters()}); empty when no driver is loaded. */
    Map<String, Long> driverCounters() throws IOException, InterruptedException;

    /**
     * Stops the producers: each still sends what came due before now, at once; in-flight sends keep
     * completing.
     */
    void stopLoad() throws IOException, InterruptedException;

    /**
     * Ends the accounting (stopping the load first if it runs): due messages never sent and messages
     * still in flight are recorded as written off, with their age; nothing is recorded after that.
     * Idempotent.
     */
    void closeBooks() throws IOException, InterruptedException;

    /**
     * Which sequence numbers of this worker's producers the broker acknowledged and which its consumers
     * received, per subscription: for after {@link #closeBooks} and the drain.
     */
    SequenceReport sequenceReport() throws IOException, InterruptedException;

    /** Stops everything and closes producers, consumers and the driver; the worker becomes idle. */
    @Override
    void close() throws IOException, InterruptedException;
}
