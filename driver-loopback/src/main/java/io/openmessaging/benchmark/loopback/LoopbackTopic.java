package io.openmessaging.benchmark.loopback;

import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One in-memory topic: a number of partitions and the subscriptions that currently have consumers.
 *
 * <p>Senders read the subscription array without a lock (copy on write); joining and leaving
 * consumers change it under this topic's monitor. Lock order: topic, then subscription.
 */
final class LoopbackTopic {

    private static final LoopbackSubscription[] NO_SUBSCRIPTIONS = new LoopbackSubscription[0];

    final String name;
    final int partitions;
    private final LoopbackDriver driver;
    private final Map<String, LoopbackSubscription> subscriptionsByName = new LinkedHashMap<>();
    private volatile LoopbackSubscription[] subscriptions = NO_SUBSCRIPTIONS;

    LoopbackTopic(String name, int partitions, LoopbackDriver driver) {
        this.name = name;
        this.partitions = partitions;
        this.driver = driver;
    }

    LoopbackDriver driver() {
        return driver;
    }

    /** The subscriptions a message sent now goes to. */
    LoopbackSubscription[] subscriptions() {
        return subscriptions;
    }

    /** Creates a consumer in {@code subscriptionName}, creating the subscription when it has none. */
    synchronized LoopbackConsumer addConsumer(String subscriptionName, ConsumerCallback callback) {
        LoopbackSubscription subscription = subscriptionsByName.get(subscriptionName);
        if (subscription == null) {
            subscription = new LoopbackSubscription(subscriptionName, this, driver);
            subscriptionsByName.put(subscriptionName, subscription);
            publishSubscriptions();
        }
        LoopbackConsumer consumer = new LoopbackConsumer(this, subscription, callback);
        subscription.join(consumer);
        return consumer;
    }

    /** Removes a closing consumer; a subscription whose last consumer left is removed. */
    synchronized void removeConsumer(LoopbackConsumer consumer) {
        LoopbackSubscription subscription = consumer.subscription;
        if (subscription.leave(consumer)) {
            subscriptionsByName.remove(subscription.name, subscription);
            publishSubscriptions();
        }
    }

    /** Closes every consumer and drops every subscription. */
    synchronized void closeAll() {
        for (LoopbackSubscription subscription : subscriptionsByName.values()) {
            subscription.closeAll();
        }
        subscriptionsByName.clear();
        publishSubscriptions();
    }

    private void publishSubscriptions() {
        subscriptions = subscriptionsByName.isEmpty()
                ? NO_SUBSCRIPTIONS
                : subscriptionsByName.values().toArray(NO_SUBSCRIPTIONS);
    }

    @Override
    public String toString() {
        return name + " (" + partitions + " partitions, subscriptions "
                + Arrays.toString(Arrays.stream(subscriptions).map(s -> s.name).toArray()) + ")";
    }
}
