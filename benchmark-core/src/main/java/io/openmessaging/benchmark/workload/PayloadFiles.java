package io.openmessaging.benchmark.workload;

import io.openmessaging.benchmark.config.ConfigException;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.WorkloadShape;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Reads the payloads a workload's {@code payloadFile} names: a file (its bytes, upstream), or a directory
 * (one payload per regular file directly in it, in name order, hidden files skipped: the Redpanda fork's
 * extension; every file the same size). A relative {@code payloadFile} is looked up beside the workload
 * file, then in the current directory, then in the installation root ({@link PayloadSearch}). A payload file is a
 * regular file of 1 to {@value #MAX_PAYLOAD_BYTES} bytes, and its size equals {@code messageSize} when both are given.
 * Both {@code run} and {@code validate} read payloads here, so {@code validate} refuses every payload a run would
 * refuse.
 */
public final class PayloadFiles {

    /** The largest payload file: 100 MiB, above what Kafka (1 MiB), Pulsar (5 MiB) and most brokers take. */
    public static final long MAX_PAYLOAD_BYTES = 100L << 20;

    private PayloadFiles() {}

    /** The payload size of every message of {@code workload}: its payload file's, else its messageSize. */
    public static int messageBytes(Workload workload) throws ConfigException {
        return messageBytes(workload, PayloadSearch.ofThisProcess());
    }

    /** As {@link #messageBytes(Workload)}, looking for a relative payload file where {@code search} says. */
    public static int messageBytes(Workload workload, PayloadSearch search) throws ConfigException {
        return workload.payloadFile() != null ? read(workload, search).get(0).length : workload.messageSize();
    }

    /**
     * What {@code driver} says its system would refuse in {@code workload} ({@link
     * BenchmarkDriver#loadProblems}), each problem naming the workload file first.
     *
     * @param messageBytes the workload's {@link #messageBytes}, read once by the caller for every driver
     */
    public static List<String> loadProblems(Workload workload, int messageBytes, BenchmarkDriver driver) {
        int partitions = workload.usesExistingTopics() ? 0 : workload.partitionsPerTopic();
        int subscriptions = workload.consumerPerSubscription() > 0 ? workload.subscriptionsPerTopic() : 0;
        return driver.loadProblems(new WorkloadShape(messageBytes, partitions, subscriptions)).stream()
                .map(problem -> workload.sourceName() + " with " + problem)
                .toList();
    }

    /**
     * Why the generated payloads of {@code workload} do not fit a JVM of {@code maxHeapBytes}, or {@code null}:
     * payloads taking more than a quarter of the heap are refused (clients hold copies of the messages in
     * flight, workers a copy of the pool), a clear error instead of an OutOfMemoryError halfway through setting
     * up. The one rule of both the run and {@code validate}; a workload with a {@code payloadFile} is bounded
     * by {@link #MAX_PAYLOAD_BYTES} instead.
     */
    public static String heapProblem(Workload workload, long maxHeapBytes) {
        if (workload.payloadFile() != null) {
            return null;
        }
        long payloads = workload.useRandomizedPayloads() ? workload.randomizedPayloadPoolSize() : 1;
        long poolBytes = payloads * workload.messageSize();
        if (poolBytes <= maxHeapBytes / 4) {
            return null;
        }
        return String.format(
                java.util.Locale.ROOT,
                "%s: the payloads take %,d MiB (%,d × messageSize %,d bytes), more than a quarter of the %,d MiB"
                        + " heap; lower messageSize%s, or give the JVM more heap (HEAP_OPTS, e.g. -Xmx4g)",
                workload.sourceName(),
                poolBytes >> 20,
                payloads,
                workload.messageSize(),
                maxHeapBytes >> 20,
                workload.useRandomizedPayloads() ? " or randomizedPayloadPoolSize" : "");
    }

    /** The payloads of a workload that gives {@code payloadFile}. */
    public static List<byte[]> read(Workload workload) throws ConfigException {
        return read(workload, PayloadSearch.ofThisProcess());
    }

    /** As {@link #read(Workload)}, looking for a relative payload file where {@code search} says. */
    public static List<byte[]> read(Workload workload, PayloadSearch search) throws ConfigException {
        Path path = search.resolve(workload);
        return Files.isDirectory(path) ? readDirectory(workload, path) : List.of(readFile(workload, path));
    }

    private static byte[] readFile(Workload workload, Path file) throws ConfigException {
        byte[] bytes;
        try {
            bytes = InputFiles.readBytes(file, MAX_PAYLOAD_BYTES, "a payload file");
        } catch (IOException e) {
            throw new ConfigException(workload.sourceName() + ": payloadFile '" + workload.payloadFile()
                    + "' cannot be read: " + InputFiles.problem(e));
        }
        if (workload.messageSize() != 0 && bytes.length != workload.messageSize()) {
            throw new ConfigException(workload.sourceName() + ": payloadFile '" + file + "' has " + bytes.length
                    + " bytes but messageSize is " + workload.messageSize() + "; they must be equal");
        }
        if (bytes.length == 0) {
            throw new ConfigException(
                    workload.sourceName() + ": payloadFile '" + file + "' is empty; a payload needs at least 1 byte");
        }
        return bytes;
    }

    private static List<byte[]> readDirectory(Workload workload, Path directory) throws ConfigException {
        List<Path> files;
        try (Stream<Path> children = Files.list(directory)) {
            files = children.filter(Files::isRegularFile)
                    .filter(file -> !file.getFileName().toString().startsWith("."))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new ConfigException(workload.sourceName() + ": payloadFile directory '" + directory
                    + "' cannot be listed: " + InputFiles.problem(e));
        }
        if (files.isEmpty()) {
            throw new ConfigException(workload.sourceName() + ": payloadFile directory '" + directory
                    + "' holds no payload files; put one file per payload in it (hidden files are skipped)");
        }
        List<byte[]> pool = new ArrayList<>(files.size());
        for (Path file : files) {
            byte[] bytes = readFile(workload, file);
            if (!pool.isEmpty() && bytes.length != pool.get(0).length) {
                throw new ConfigException(workload.sourceName() + ": payloadFile directory '" + directory
                        + "' mixes sizes: '" + files.get(0).getFileName() + "' has " + pool.get(0).length
                        + " bytes but '" + file.getFileName() + "' has " + bytes.length
                        + "; every payload file must have the same size");
            }
            pool.add(bytes);
        }
        return pool;
    }
}
