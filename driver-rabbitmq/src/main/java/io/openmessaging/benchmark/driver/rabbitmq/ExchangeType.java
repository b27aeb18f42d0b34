package io.openmessaging.benchmark.driver.rabbitmq;

import com.rabbitmq.client.BuiltinExchangeType;

/**
 * The exchange every topic gets, and so how partitions are emulated.
 *
 * <ul>
 *   <li>{@link #DIRECT} and {@link #TOPIC}: partition {@code k} is the routing key {@code "k"}; each
 *       subscription has one queue per partition, bound with that key. The two differ only in the
 *       broker's routing code (exact-match table or topic trie), which is what a benchmark of them
 *       compares.
 *   <li>{@link #FANOUT}: the exchange ignores routing keys, so partitions cannot be emulated; each
 *       subscription has exactly one queue, and every message reaches every subscription once.
 * </ul>
 */
public enum ExchangeType {
    DIRECT(BuiltinExchangeType.DIRECT),
    TOPIC(BuiltinExchangeType.TOPIC),
    FANOUT(BuiltinExchangeType.FANOUT);

    private final BuiltinExchangeType amqpType;

    ExchangeType(BuiltinExchangeType amqpType) {
        this.amqpType = amqpType;
    }

    /** The AMQP exchange type (public for the client library floor in benchmark-bench). */
    public BuiltinExchangeType amqpType() {
        return amqpType;
    }

    /** Whether routing keys select a queue, i.e. whether partitions are emulated. */
    public boolean routesByKey() {
        return this != FANOUT;
    }
}
