package io.openmessaging.benchmark.worker;

import io.openmessaging.benchmark.workload.KeyDistributorType;
import java.util.List;

/**
 * What a worker's producers send.
 *
 * @param ratePerProducerMsgPerSec rate of every producer of this worker, msg/s (the workload rate split
 *     per producer, not per worker)
 * @param payloads payload pool; each message takes one at random (one entry: always that one)
 * @param keyDistributor how message keys are chosen
 * @param producerWakeIntervalMicros shortest time between two wake-ups of a producer thread, µs (the
 *     workload's {@code producerWakeIntervalMicros}; 0 wakes for every message)
 * @param endToEndCopies how many end-to-end values a message stands for (the subscriptions per topic; 0
 *     when nothing consumes): a message that fails or is never sent is recorded that many times in the
 *     end-to-end response time, as the subscriptions would each have received it
 */
public record LoadSpec(
        double ratePerProducerMsgPerSec,
        List<byte[]> payloads,
        KeyDistributorType keyDistributor,
        int producerWakeIntervalMicros,
        int endToEndCopies) {

    /** A load whose messages each stand for one end-to-end value. */
    public LoadSpec(
            double ratePerProducerMsgPerSec,
            List<byte[]> payloads,
            KeyDistributorType keyDistributor,
            int producerWakeIntervalMicros) {
        this(ratePerProducerMsgPerSec, payloads, keyDistributor, producerWakeIntervalMicros, 1);
    }

    public LoadSpec {
        if (!(ratePerProducerMsgPerSec > 0) || Double.isInfinite(ratePerProducerMsgPerSec)) {
            throw new IllegalArgumentException(
                    "rate per producer must be a positive finite msg/s, got " + ratePerProducerMsgPerSec);
        }
        if (producerWakeIntervalMicros < 0) {
            throw new IllegalArgumentException(
                    "producer wake interval must be >= 0 µs, got " + producerWakeIntervalMicros);
        }
        if (endToEndCopies < 0) {
            throw new IllegalArgumentException("end-to-end copies must be >= 0, got " + endToEndCopies);
        }
        if (payloads.isEmpty()) {
            throw new IllegalArgumentException("payload pool is empty");
        }
        payloads = List.copyOf(payloads);
    }
}
