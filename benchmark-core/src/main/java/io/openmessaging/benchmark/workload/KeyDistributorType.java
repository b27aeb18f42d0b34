package io.openmessaging.benchmark.workload;

/** How producers choose the key of each message (upstream's {@code keyDistributor}). */
public enum KeyDistributorType {
    /** No key: the driver's default partitioning (round-robin or sticky, per client). */
    NO_KEY,
    /** Keys taken in turn from a pool of random keys, so partitions are hit evenly. */
    KEY_ROUND_ROBIN,
    /** A key drawn uniformly at random from the pool (upstream's name; it indexed the pool by {@code nanoTime}). */
    RANDOM_NANO
}
