package io.openmessaging.benchmark.worker;

import io.openmessaging.benchmark.workload.KeyDistributorType;
import java.util.Base64;
import java.util.SplittableRandom;

/**
 * Chooses the key of each message, as upstream's key distributors do: a pool of {@value #POOL_SIZE}
 * random 7-byte keys (base64url), walked round-robin or picked at random. One instance per producer;
 * not thread-safe.
 */
abstract class KeyDistributor {

    static final int POOL_SIZE = 10_000;

    abstract String next();

    static KeyDistributor of(KeyDistributorType type, long seed) {
        return switch (type) {
            case NO_KEY ->
                new KeyDistributor() {
                    @Override
                    String next() {
                        return null;
                    }
                };
            case KEY_ROUND_ROBIN ->
                new KeyDistributor() {
                    private final String[] keys = keyPool(seed);
                    private int index;

                    @Override
                    String next() {
                        String key = keys[index];
                        index = index + 1 == keys.length ? 0 : index + 1;
                        return key;
                    }
                };
            case RANDOM_NANO ->
                new KeyDistributor() {
                    private final String[] keys = keyPool(seed);
                    private final SplittableRandom random = new SplittableRandom(seed ^ System.nanoTime());

                    @Override
                    String next() {
                        return keys[random.nextInt(keys.length)];
                    }
                };
        };
    }

    private static String[] keyPool(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Base64.Encoder encoder = Base64.getUrlEncoder().withoutPadding();
        String[] keys = new String[POOL_SIZE];
        byte[] bytes = new byte[7];
        for (int i = 0; i < keys.length; i++) {
            for (int b = 0; b < bytes.length; b++) {
                bytes[b] = (byte) random.nextInt(256);
            }
            keys[i] = encoder.encodeToString(bytes);
        }
        return keys;
    }
}
