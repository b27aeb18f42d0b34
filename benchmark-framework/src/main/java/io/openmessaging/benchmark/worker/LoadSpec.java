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
 */
public record LoadSpec(double ratePerProducerMsgPerSec, List<byte[]> payloads, KeyDistributorType keyDistributor,
        int producerWakeIntervalMicros) {

    public LoadSpec {
        if (!(ratePerProducerMsgPerSec > 0) || Double.isInfinite(ratePerProducerMsgPerSec)) {
            throw new IllegalArgumentException(
                    "rate per producer must be a positive finite msg/s, got " + ratePerProducerMsgPerSec);
        }
        if (producerWakeIntervalMicros < 0) {
            throw new IllegalArgumentException(
                    "producer wake interval must be >= 0 µs, got " + producerWakeIntervalMicros);
        }
        if (payloads.isEmpty()) {
            throw new IllegalArgumentException("payload pool is empty");
        }
        payloads = List.copyOf(payloads);
    }
}
