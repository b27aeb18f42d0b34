package io.openmessaging.benchmark.driver.rabbitmq;

import java.util.concurrent.atomic.LongAdder;

/** Error counters of one driver instance, reported by {@code describe()}. Thread-safe. */
final class RabbitMqDriverStats {
    /** Messages whose stamp header could not be decoded (delivered with a null stamp). */
    final LongAdder malformedStamps = new LongAdder();
    /** Consumers that stopped for good (connection or channel lost, subscription cancelled by the broker). */
    final LongAdder consumerFailures = new LongAdder();
    /** Messages the broker nacked (publisher confirms). */
    final LongAdder confirmNacks = new LongAdder();
    /** Messages returned as unroutable: no queue was bound for their routing key. */
    final LongAdder unroutableMessages = new LongAdder();
    /** Connections reopened after a loss ({@code connectionRecovery}). */
    final LongAdder connectionRecoveries = new LongAdder();
    /** Messages published again after a connection loss because the broker had not confirmed them. */
    final LongAdder republishedMessages = new LongAdder();
    /** Sends that found the confirm window full and waited before being published ({@code maxOutstandingConfirms}). */
    final LongAdder confirmWindowWaitedMessages = new LongAdder();
    /** The time those sends waited for the confirm window, added up, in nanoseconds. */
    final LongAdder confirmWindowWaitNanos = new LongAdder();
}
