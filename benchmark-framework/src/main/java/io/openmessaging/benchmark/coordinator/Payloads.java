package io.openmessaging.benchmark.coordinator;

import io.openmessaging.benchmark.workload.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Builds the payload pool of a workload: the bytes of {@code payloadFile}, or {@code
 * randomizedPayloadPoolSize} payloads whose first {@code randomBytesRatio} part is random and the rest
 * zeros (upstream's compression-friendly pool), or by default one payload of random bytes (so
 * compression gains nothing it would not gain on real data of that entropy).
 */
final class Payloads {

    private Payloads() {}

    static List<byte[]> forWorkload(Workload workload) throws RunFailedException {
        SplittableRandom random = new SplittableRandom(0x5eed_0f_b17e5L);
        if (workload.payloadFile() != null) {
            return List.of(readPayloadFile(workload));
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

    private static byte[] readPayloadFile(Workload workload) throws RunFailedException {
        Path asGiven = Path.of(workload.payloadFile());
        Path file = asGiven;
        if (!asGiven.isAbsolute() && !Files.exists(asGiven) && workload.sourceName() != null) {
            Path besideWorkload = Path.of(workload.sourceName()).toAbsolutePath().getParent().resolve(asGiven);
            if (Files.exists(besideWorkload)) {
                file = besideWorkload;
            }
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new RunFailedException(workload.sourceName() + ": payloadFile '" + workload.payloadFile()
                    + "' cannot be read (looked in the current directory and beside the workload file): " + e);
        }
        if (workload.messageSize() != 0 && bytes.length != workload.messageSize()) {
            throw new RunFailedException(workload.sourceName() + ": payloadFile '" + file + "' has " + bytes.length
                    + " bytes but messageSize is " + workload.messageSize() + "; they must be equal");
        }
        return bytes;
    }
}
