package io.openmessaging.benchmark.driver.pulsar;

import java.util.concurrent.atomic.LongAdder;

/** Error counters of one driver instance, reported by {@link PulsarBenchmarkDriver#describe()}. Thread-safe. */
final class PulsarDriverStats {

    /** Messages whose stamp property could not be decoded (delivered with a {@code null} stamp). */
    final LongAdder malformedStamps = new LongAdder();

    /** Acknowledgements the client refused or failed. */
    final LongAdder ackFailures = new LongAdder();

    /** Benchmark consumers reported to the framework as failed for good. */
    final LongAdder consumerFailures = new LongAdder();
}
