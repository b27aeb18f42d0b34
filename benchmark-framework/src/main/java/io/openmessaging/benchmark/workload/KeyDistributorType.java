package io.openmessaging.benchmark.workload;

/** TEMPORARY placeholder until the workload package lands. */
public enum KeyDistributorType {
    NO_KEY,
    KEY_ROUND_ROBIN,
    RANDOM_NANO
}
