package io.openmessaging.benchmark.driver.rabbitmq;

/**
 * Chooses the routing key (the emulated partition) of each message of one producer: messages
 * without a key go round-robin over the partitions, starting at a given one; a keyed message always
 * goes to the partition of its key ({@code floorMod(key.hashCode(), partitions)}, the same on every
 * JVM). For a fanout exchange every key is empty. Not thread-safe: one per producer.
 */
final class PartitionRouter {

    private final String[] routingKeys;
    private int next;

    PartitionRouter(int partitions, ExchangeType exchangeType, int firstPartition) {
        if (partitions < 1) {
            throw new IllegalArgumentException("partitions must be 1 or more, got " + partitions);
        }
        this.routingKeys = new String[exchangeType.routesByKey() ? partitions : 1];
        for (int k = 0; k < routingKeys.length; k++) {
            routingKeys[k] = exchangeType.routesByKey() ? Topology.routingKey(k) : "";
        }
        this.next = Math.floorMod(firstPartition, routingKeys.length);
    }

    String routingKeyFor(String messageKey) {
        if (messageKey != null) {
            return routingKeys[Math.floorMod(messageKey.hashCode(), routingKeys.length)];
        }
        String key = routingKeys[next];
        next = next + 1 == routingKeys.length ? 0 : next + 1;
        return key;
    }
}
