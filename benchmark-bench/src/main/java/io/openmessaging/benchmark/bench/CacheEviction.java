package io.openmessaging.benchmark.bench;

/**
 * Pushes a bench's own data out of the CPU caches, as the broker and the other threads do between two
 * messages of one thread at 10,000 msg/s: {@link #touchAll} reads and writes one byte of each cache line
 * of a {@value #BYTES}-byte array, many times the first- and second-level caches, so a bench's lines are
 * no longer in those afterwards (a third-level cache of 32 MiB, as the VMs of docs/performance.md report,
 * may still hold some). One instance is shared by the benches of a {@code bin/bench-overhead} run, so the
 * array is allocated once.
 */
final class CacheEviction {

    /** Bytes touched per call. */
    static final int BYTES = 16 << 20;

    private static final int CACHE_LINE_BYTES = 64;

    private final byte[] lines = new byte[BYTES];

    /**
     * Reads and writes one byte in every cache line of the array; {@code round} picks which byte of the
     * line, so that consecutive calls do not write the same bytes.
     */
    void touchAll(int round) {
        for (int b = round & (CACHE_LINE_BYTES - 1); b < BYTES; b += CACHE_LINE_BYTES) {
            lines[b]++;
        }
    }
}
