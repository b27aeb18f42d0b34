package io.openmessaging.benchmark.coordinator;

import io.openmessaging.benchmark.config.ConfigException;
import io.openmessaging.benchmark.workload.PayloadFiles;
import io.openmessaging.benchmark.workload.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Builds the payload pool of a workload, from which every message takes one payload at random:
 *
 * <ul>
 *   <li>{@code payloadFile} naming a file: that file's bytes (upstream);
 *   <li>{@code payloadFile} naming a directory: one payload per regular file directly in it, in name
 *       order, hidden files skipped (the Redpanda fork's extension); every file must have the same size;
 *   <li>{@code useRandomizedPayloads}: {@code randomizedPayloadPoolSize} payloads whose first {@code
 *       randomBytesRatio} part is random and the rest zeros (upstream's compression-friendly pool);
 *   <li>otherwise one payload of random bytes (so compression gains nothing it would not gain on real
 *       data of that entropy).
 * </ul>
 *
 * Payload files are read by {@link PayloadFiles}, which {@code validate} uses too.
 * Random payloads come from a fixed seed, so every run of a workload sends the same bytes.
 */
final class Payloads {

    private static final long SEED = 0x5eed_0f_b17e5L;

    private Payloads() {}

    static List<byte[]> forWorkload(Workload workload) throws RunFailedException {
        return forWorkload(workload, Runtime.getRuntime().maxMemory());
    }

    /** The pool, refused when it does not fit {@code maxHeapBytes} ({@link PayloadFiles#heapProblem}). */
    static List<byte[]> forWorkload(Workload workload, long maxHeapBytes) throws RunFailedException {
        SplittableRandom random = new SplittableRandom(SEED);
        String heapProblem = PayloadFiles.heapProblem(workload, maxHeapBytes);
        if (heapProblem != null) {
            throw new RunFailedException(heapProblem);
        }
        if (workload.payloadFile() != null) {
            try {
                return PayloadFiles.read(workload);
            } catch (ConfigException e) {
                throw new RunFailedException(e.getMessage(), e);
            }
        }
        int size = workload.messageSize();
        if (workload.useRandomizedPayloads()) {
            int randomBytes = (int) (size * workload.randomBytesRatio());
            List<byte[]> pool = new ArrayList<>(workload.randomizedPayloadPoolSize());
            for (int i = 0; i < workload.randomizedPayloadPoolSize(); i++) {
                byte[] payload = new byte[size];
                fill(random, payload, randomBytes);
                pool.add(payload);
            }
            return pool;
        }
        byte[] payload = new byte[size];
        fill(random, payload, size);
        return List.of(payload);
    }

    private static void fill(SplittableRandom random, byte[] payload, int count) {
        for (int i = 0; i < count; i++) {
            payload[i] = (byte) random.nextInt(256);
        }
    }
}
