package io.openmessaging.benchmark.coordinator;

import io.openmessaging.benchmark.workload.InputFiles;
import io.openmessaging.benchmark.workload.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

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
 * A relative {@code payloadFile} is looked up in the current directory, then beside the workload file. A
 * payload file must be a regular file of at most {@value #MAX_PAYLOAD_BYTES} bytes.
 * Random payloads come from a fixed seed, so every run of a workload sends the same bytes.
 */
final class Payloads {

    private static final long SEED = 0x5eed_0f_b17e5L;
    /** The largest payload file: 100 MiB, above what Kafka (1 MiB), Pulsar (5 MiB) and most brokers take. */
    static final long MAX_PAYLOAD_BYTES = 100L << 20;

    private Payloads() {}

    static List<byte[]> forWorkload(Workload workload) throws RunFailedException {
        SplittableRandom random = new SplittableRandom(SEED);
        if (workload.payloadFile() != null) {
            Path path = resolve(workload);
            return Files.isDirectory(path) ? readDirectory(workload, path) : List.of(readFile(workload, path));
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

    private static Path resolve(Workload workload) {
        Path asGiven = Path.of(workload.payloadFile());
        if (!asGiven.isAbsolute() && !Files.exists(asGiven) && workload.sourceName() != null) {
            Path besideWorkload = Path.of(workload.sourceName()).toAbsolutePath().getParent().resolve(asGiven);
            if (Files.exists(besideWorkload)) {
                return besideWorkload;
            }
        }
        return asGiven;
    }

    private static byte[] readFile(Workload workload, Path file) throws RunFailedException {
        byte[] bytes;
        try {
            bytes = InputFiles.readBytes(file, MAX_PAYLOAD_BYTES, "a payload file");
        } catch (IOException e) {
            throw new RunFailedException(workload.sourceName() + ": payloadFile '" + workload.payloadFile()
                    + "' cannot be read (looked in the current directory and beside the workload file): " + e);
        }
        if (workload.messageSize() != 0 && bytes.length != workload.messageSize()) {
            throw new RunFailedException(workload.sourceName() + ": payloadFile '" + file + "' has " + bytes.length
                    + " bytes but messageSize is " + workload.messageSize() + "; they must be equal");
        }
        if (bytes.length == 0) {
            throw new RunFailedException(workload.sourceName() + ": payloadFile '" + file
                    + "' is empty; a payload needs at least 1 byte");
        }
        return bytes;
    }

    private static List<byte[]> readDirectory(Workload workload, Path directory) throws RunFailedException {
        List<Path> files;
        try (Stream<Path> children = Files.list(directory)) {
            files = children
                    .filter(Files::isRegularFile)
                    .filter(file -> !file.getFileName().toString().startsWith("."))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new RunFailedException(workload.sourceName() + ": payloadFile directory '" + directory
                    + "' cannot be listed: " + e);
        }
        if (files.isEmpty()) {
            throw new RunFailedException(workload.sourceName() + ": payloadFile directory '" + directory
                    + "' holds no payload files; put one file per payload in it (hidden files are skipped)");
        }
        List<byte[]> pool = new ArrayList<>(files.size());
        for (Path file : files) {
            byte[] bytes = readFile(workload, file);
            if (!pool.isEmpty() && bytes.length != pool.get(0).length) {
                throw new RunFailedException(workload.sourceName() + ": payloadFile directory '" + directory
                        + "' mixes sizes: '" + files.get(0).getFileName() + "' has " + pool.get(0).length
                        + " bytes but '" + file.getFileName() + "' has " + bytes.length
                        + "; every payload file must have the same size");
            }
            pool.add(bytes);
        }
        return pool;
    }
}
