package io.openmessaging.benchmark.bench;

import java.lang.management.ManagementFactory;

/**
 * Bytes allocated by one thread, from HotSpot's per-thread allocation counter
 * ({@link com.sun.management.ThreadMXBean#getThreadAllocatedBytes(long)}): exact to the byte for TLAB and
 * outside-TLAB allocations, and unaffected by other threads, so it tells whether a hot path allocates.
 */
final class ThreadAllocation {

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private ThreadAllocation() {}

    /**
     * Bytes {@code thread} has allocated so far.
     *
     * @throws IllegalStateException when the JVM cannot measure it (not HotSpot, or switched off)
     */
    @SuppressWarnings("deprecation") // Thread.getId: threadId() is Java 19+, and this project targets 17
    static long allocatedBytes(Thread thread) {
        if (!THREADS.isThreadAllocatedMemorySupported() || !THREADS.isThreadAllocatedMemoryEnabled()) {
            throw new IllegalStateException("this JVM does not measure per-thread allocation"
                    + " (com.sun.management.ThreadMXBean.isThreadAllocatedMemoryEnabled is false)");
        }
        long bytes = THREADS.getThreadAllocatedBytes(thread.getId());
        if (bytes < 0) {
            throw new IllegalStateException("thread " + thread.getName() + " is not alive");
        }
        return bytes;
    }

    /** The live thread named {@code name}. */
    static Thread named(String name) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no live thread named " + name));
    }
}
