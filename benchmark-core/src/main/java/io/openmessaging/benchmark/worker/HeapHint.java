package io.openmessaging.benchmark.worker;

/**
 * What to do about a failure that ran out of heap. The default heap of {@code bin/benchmark} is small on
 * purpose (docs/performance.md), and a client's buffers at hundreds of MB/s can outgrow it: Kafka consumers
 * fetching 10 MB per partition of 100 partitions at 300 MB/s did. The failure then says how large the heap
 * was and how to give more, instead of only {@code OutOfMemoryError: Java heap space}.
 */
final class HeapHint {

    /** Causes looked at, at most. */
    private static final int MAX_CAUSE_DEPTH = 32;

    private HeapHint() {}

    /** {@code ""}, or the hint (with a leading space) when {@code failure} or one of its causes ran out of memory. */
    static String of(Throwable failure) {
        return of(failure, Runtime.getRuntime().maxMemory());
    }

    static String of(Throwable failure, long maxHeapBytes) {
        // bounded: a chain of causes may loop (a → b → a), which getCause does not prevent
        Throwable cause = failure;
        for (int depth = 0; cause != null && depth < MAX_CAUSE_DEPTH; depth++, cause = cause.getCause()) {
            if (cause instanceof OutOfMemoryError) {
                return String.format(
                        " (this JVM's heap is at most %,d MiB; give it more with HEAP_OPTS, e.g."
                                + " HEAP_OPTS=\"-Xms1g -Xmx4g\")",
                        maxHeapBytes >> 20);
            }
        }
        return "";
    }
}
