package io.openmessaging.benchmark.driver.rabbitmq;

/** Every default of the RabbitMQ driver in one place; a driver YAML overrides the configurable ones. */
public final class RabbitMqDefaults {

    /** Start of every topic (exchange) name when the YAML sets no {@code topicPrefix}. */
    public static final String TOPIC_PREFIX = "test-topic";

    public static final ExchangeType EXCHANGE_TYPE = ExchangeType.DIRECT;

    public static final QueueType QUEUE_TYPE = QueueType.CLASSIC;

    /** Upstream's default: transient messages (delivery mode 1). */
    public static final boolean MESSAGE_PERSISTENCE = false;

    /** A send counts as acknowledged when the broker confirms it (at-least-once publishing). */
    public static final boolean PUBLISHER_CONFIRMS = true;

    /** Consumers acknowledge every message after the callback returned. */
    public static final boolean AUTO_ACK = false;

    /** Unacknowledged deliveries per queue subscription of a consumer; 0 means unlimited. */
    public static final int PREFETCH_COUNT = 100;

    /** Sends a producer may have published and not yet confirmed; 0 means no limit. */
    public static final int MAX_OUTSTANDING_CONFIRMS = 0;

    /** Connections per broker URI shared by the channels of all producers. */
    public static final int PRODUCER_CONNECTIONS_PER_URI = 1;

    /** Connections per broker URI shared by the channels of all consumers. */
    public static final int CONSUMER_CONNECTIONS_PER_URI = 1;

    /** Declarations (exchange, queue, binding) sent without waiting before one round trip checks them. */
    public static final int TOPOLOGY_BATCH_SIZE = 200;

    /** Queues and exchanges this driver declared are deleted when it closes. */
    public static final boolean DELETE_TOPOLOGY_ON_CLOSE = true;

    /** TCP connect timeout, and bound of the AMQP handshake. */
    public static final int CONNECTION_TIMEOUT_MS = 10_000;

    /** A lost connection fails its clients (the run reports it) unless the driver file asks for recovery. */
    public static final boolean CONNECTION_RECOVERY = false;

    /** Wait between two attempts to reopen a lost connection, when recovery is on. */
    public static final int CONNECTION_RECOVERY_INTERVAL_MS = 1_000;

    /**
     * Heartbeat interval requested from the broker, seconds: a broker that vanished without closing
     * the TCP connection is noticed after about two intervals.
     */
    public static final int HEARTBEAT_SECONDS = 10;

    /**
     * Bound of closing one connection or channel. Closing follows the run's verdict, often against a broker
     * that is gone, so it is short.
     */
    public static final int CLOSE_TIMEOUT_MS = 2_000;

    /** How long {@code pause()} waits for the broker to confirm that every subscription is cancelled. */
    public static final long CANCEL_TIMEOUT_MS = 10_000;

    private RabbitMqDefaults() {}
}
