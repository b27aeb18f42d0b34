package io.openmessaging.benchmark.driver.pulsar;

/**
 * Every default and fixed setting of the Pulsar driver, in one place. The YAML defaults are upstream
 * OMB's (its config classes), so an upstream file that leaves a key out behaves as it did there.
 */
public final class PulsarDriverDefaults {

    // client
    public static final int IO_THREADS = 8;
    public static final int CONNECTIONS_PER_BROKER = 8;
    public static final long CLIENT_MEMORY_LIMIT_MB = 256;
    public static final int MAX_CONCURRENT_LOOKUP_REQUESTS = 1000;
    /** Bound of client operations (lookups, producer and consumer creation) and admin requests. */
    public static final long OPERATION_TIMEOUT_MS = 30_000;
    /** Tenant and namespace stem; the driver appends {@code -<random>} once per run. */
    public static final String NAMESPACE_PREFIX = "benchmark/ns";

    public static final String TOPIC_TYPE = "persistent";

    // client.persistence: the namespace's bookie ensemble, write quorum and ack quorum
    public static final int ENSEMBLE_SIZE = 3;
    public static final int WRITE_QUORUM = 3;
    public static final int ACK_QUORUM = 2;
    public static final boolean DEDUPLICATION_ENABLED = false;

    // producer
    public static final boolean BATCHING_ENABLED = true;
    public static final long BATCHING_MAX_PUBLISH_DELAY_MS = 1;
    public static final int BATCHING_MAX_BYTES = 1024 * 1024;
    public static final boolean BLOCK_IF_QUEUE_FULL = true;
    /** Pending messages per partition producer; 0 = no count limit (the client memory limit applies). */
    public static final int PENDING_QUEUE_SIZE = 0;
    /** Pending messages across the partitions of one producer; 0 = no count limit. */
    public static final int MAX_PENDING_MESSAGES_ACROSS_PARTITIONS = 0;

    // consumer
    public static final int RECEIVER_QUEUE_SIZE = 10_000;
    public static final String SUBSCRIPTION_TYPE = "Failover";

    // fixed, not configurable

    /** Last part of every topic name before the framework's {@code -<index>-<tag>}. */
    public static final String TOPIC_STEM = "test";

    /** Length of the random namespace suffix (letters and digits). */
    public static final int NAMESPACE_SUFFIX_LENGTH = 5;

    /**
     * Mark-delete rate of the namespace's persistence policy (cursor positions persisted at most once
     * a second), as upstream sets it.
     */
    public static final double MANAGED_LEDGER_MAX_MARK_DELETE_RATE = 1.0;

    /**
     * Bound of closing one producer, one consumer, the client or the admin client. Not 2 s as Kafka's: the
     * client's own close shuts its event loops down gracefully, which takes about 2 s with a live broker, and
     * longer on a busy machine (2 s failed the close in ConsumerPauseResumeIT and PulsarDriverContractIT).
     */
    public static final long CLOSE_TIMEOUT_MS = 5_000;

    private PulsarDriverDefaults() {}
}
