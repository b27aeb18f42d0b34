package io.openmessaging.benchmark.driver.kafka;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
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

    /** Kafka transactions committed ({@code requestsPerTransaction}). */
    final LongAdder transactionsCommitted = new LongAdder();

    /** Kafka transactions aborted or failed: none of their messages was committed. */
    final LongAdder transactionsAborted = new LongAdder();

    /**
     * Upper bounds (ms) of the commit-latency buckets: counts per fixed bucket add up over workers, which
     * percentiles would not, and still give the distribution ({@link #commitLatencyCounters}).
     */
    static final long[] COMMIT_BUCKET_UPPER_MS = {
        1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 30_000, 60_000, Long.MAX_VALUE
    };

    private final LongAdder[] commitBuckets = new LongAdder[COMMIT_BUCKET_UPPER_MS.length];

    KafkaDriverStats() {
        for (int i = 0; i < commitBuckets.length; i++) {
            commitBuckets[i] = new LongAdder();
        }
    }

    /** One {@code commitTransaction()} that succeeded after {@code nanos}. */
    void transactionCommitted(long nanos) {
        transactionsCommitted.increment();
        double millis = nanos / (double) TimeUnit.MILLISECONDS.toNanos(1);
        int bucket = 0;
        while (millis > COMMIT_BUCKET_UPPER_MS[bucket]) {
            bucket++;
        }
        commitBuckets[bucket].increment();
    }

    /**
     * The commit latencies as counters, one per non-empty bucket: {@code <prefix>transactionCommitMs.le.<bound>}
     * (or {@code .le.inf}), counting the commits that took at most that long and more than the bound before.
     */
    Map<String, Long> commitLatencyCounters(String prefix) {
        Map<String, Long> counters = new LinkedHashMap<>();
        for (int i = 0; i < commitBuckets.length; i++) {
            long count = commitBuckets[i].sum();
            if (count > 0) {
                long bound = COMMIT_BUCKET_UPPER_MS[i];
                counters.put(prefix + "transactionCommitMs.le." + (bound == Long.MAX_VALUE ? "inf" : bound), count);
            }
        }
        return counters;
    }
}
