package io.openmessaging.benchmark.driver.rabbitmq;

/** The {@code x-queue-type} of every queue the driver declares. */
public enum QueueType {
    /** Classic queues; messages survive a restart only when {@code messagePersistence} is on. */
    CLASSIC("classic"),
    /** Raft-replicated quorum queues; messages are always persisted. */
    QUORUM("quorum"),
    /**
     * Append-only stream queues read over AMQP: reading does not remove messages, so every consumer
     * of a stream sees every message. Needs manual acks and a prefetch.
     */
    STREAM("stream");

    private final String argument;

    QueueType(String argument) {
        this.argument = argument;
    }

    /** The value of the {@code x-queue-type} queue argument (public for the floor in benchmark-bench). */
    public String argument() {
        return argument;
    }
}
