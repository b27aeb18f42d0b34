package io.openmessaging.benchmark.driver.kafka;

import java.util.concurrent.atomic.LongAdder;

/**
 * Driver-level error counters that the SPI has no channel for, shown by {@code describe()} so a run's
 * metadata records them. Thread-safe.
 */
final class KafkaDriverStats {

    /** Consumers whose poll loop stopped on an error (see {@link KafkaBenchmarkConsumer#failure()}). */
    final LongAdder consumerFailures = new LongAdder();

    /** Offset commits (asynchronous or synchronous) that failed; the next commit includes their offsets. */
    final LongAdder offsetCommitFailures = new LongAdder();

    /** Records whose stamp header could not be decoded; they were delivered with a null stamp. */
    final LongAdder malformedStamps = new LongAdder();
}
