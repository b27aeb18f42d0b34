package io.openmessaging.benchmark.testing;

import java.util.UUID;

/** Names for what tests create on a shared broker (topics, subscriptions, groups, queues). */
public final class TestNames {

    private TestNames() {}

    /** {@code prefix} with a random suffix, so that tests sharing a broker never share what they create. */
    public static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }
}
