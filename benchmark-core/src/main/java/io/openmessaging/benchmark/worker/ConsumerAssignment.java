package io.openmessaging.benchmark.worker;

/**
 * One consumer a worker must create.
 *
 * @param topic the topic it reads
 * @param subscription the subscription (consumer group) it joins
 */
public record ConsumerAssignment(String topic, String subscription) {

    /** Key of the (topic, subscription) pair in readiness counts. */
    public String pairKey() {
        return topic + " / " + subscription;
    }
}
