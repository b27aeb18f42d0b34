package io.openmessaging.benchmark.driver.rabbitmq;

import java.util.ArrayList;
import java.util.List;

/**
 * How a benchmark topic maps onto RabbitMQ: one exchange per topic (named like the topic), and per
 * subscription one queue per partition ({@code <topic>.<subscription>.<k>}, bound with routing key
 * {@code "k"}) or, for a fanout exchange, one queue ({@code <topic>.<subscription>}, bound with the
 * empty key). Stateless.
 */
final class Topology {

    private Topology() {}

    static String exchangeName(String topic) {
        return topic;
    }

    /** The routing key of partition {@code k}. */
    static String routingKey(int partition) {
        return Integer.toString(partition);
    }

    /** The queues of one subscription, in partition order. */
    static List<QueueBinding> subscriptionQueues(
            String topic, String subscription, int partitions, ExchangeType exchangeType) {
        String base = topic + "." + subscription;
        if (!exchangeType.routesByKey()) {
            return List.of(new QueueBinding(base, exchangeName(topic), ""));
        }
        List<QueueBinding> queues = new ArrayList<>(partitions);
        for (int k = 0; k < partitions; k++) {
            queues.add(new QueueBinding(base + "." + k, exchangeName(topic), routingKey(k)));
        }
        return queues;
    }

    /** A queue and the one binding that feeds it. */
    record QueueBinding(String queue, String exchange, String routingKey) {}
}
