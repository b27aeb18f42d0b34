package io.openmessaging.benchmark.coordinator;

import io.openmessaging.benchmark.measure.HistogramSpec;
import io.openmessaging.benchmark.measure.LatencyMetric;
import io.openmessaging.benchmark.result.ResultFiles;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * The run's HdrHistogram interval logs, one per latency metric: written period by period into a hidden
 * {@code .in-progress-*} directory of the directory the result goes to, and renamed beside the result JSON
 * when that is written, so a run that dies leaves what it measured. Nothing touches the disk before the
 * first interval.
 * When the result goes to a fallback directory instead, the logs are copied there and the hidden directory
 * is removed ({@link #discard}). A run that recorded no interval (it failed before its load started, or in
 * its warm-up) has no logs: nothing of them is written.
 *
 * <p>A failure to write (a full disk) never stops the run: the first one is kept, the logs stop growing,
 * and {@link #close} reports it, so that the result is not published as if its logs were whole.
 *
 * <p>Threading: called from the coordinator thread only.
 */
final class IntervalLogs {

    private final Path resultDirectory;
    private final Instant startTime;
    private final String workloadName;
    private final String driverName;
    private final Map<LatencyMetric, HistogramLogWriter> writers = new EnumMap<>(LatencyMetric.class);
    /**
     * The histogram each period is copied into to be written. HdrHistogram keeps the buffer it encodes a
     * histogram through (about 300 KB at full range) inside that histogram; encoding the period's own
     * histogram left one such buffer in each of them, and the periods live on (in a worker's history of
     * snapshots, for minutes), so every period carried twice its size through the young collections that
     * copied it until it was old. Coordinator thread only.
     */
    private Histogram encoded;

    private Path directory;
    private IOException failure;
    private boolean closed;

    /** @param resultDirectory the directory the result JSON will be written to */
    IntervalLogs(Path resultDirectory, Instant startTime, String workloadName, String driverName) {
        this.resultDirectory = resultDirectory;
        this.startTime = startTime;
        this.workloadName = workloadName;
        this.driverName = driverName;
    }

    /**
     * Appends one period of {@code metric}: its start and end time and its phase as the interval's tag.
     * {@code period} is left as it is: it is copied into {@link #encoded}, which is what gets the time
     * stamps and the tag and what HdrHistogram encodes. {@link #encoded} has the full range, so every
     * interval of every log states the same range, however far a (growing) period's counts reach.
     */
    void append(LatencyMetric metric, Histogram period, long startEpochNanos, long endEpochNanos, String phase) {
        open();
        HistogramLogWriter writer = writers.get(metric);
        if (writer == null) {
            return;
        }
        if (encoded == null) {
            encoded = new HistogramSpec(period.getNumberOfSignificantValueDigits()).newHistogram();
        }
        encoded.reset();
        encoded.add(period);
        encoded.setStartTimeStamp(startEpochNanos / 1_000_000);
        encoded.setEndTimeStamp(endEpochNanos / 1_000_000);
        encoded.setTag(phase);
        writer.outputIntervalHistogram(encoded);
    }

    /** Where the logs are written while the run goes; {@code null} before the first interval. */
    Path directory() {
        return directory;
    }

    /**
     * Closes the logs.
     *
     * @throws IOException when they could not be written in full (the first failure, e.g. {@code No space
     *     left on device}); what was written stays in {@link #directory()}
     */
    void close() throws IOException {
        if (!closed) {
            writers.values().forEach(HistogramLogWriter::close);
            closed = true;
        }
        if (failure != null) {
            throw new IOException(
                    "the interval logs could not be written in full in "
                            + (directory != null ? directory : resultDirectory) + ": "
                            + ResultFiles.reason(failure),
                    failure);
        }
    }

    /** Whether any interval was taken, so that there are logs to keep. */
    boolean written() {
        return directory != null;
    }

    /** The log file names, by metric field prefix, of the result file {@code json}. */
    static Map<String, String> namesBeside(Path json) {
        String jsonBase = json.getFileName().toString().replaceFirst("\\.json$", "");
        Map<String, String> names = new LinkedHashMap<>();
        for (LatencyMetric metric : LatencyMetric.values()) {
            names.put(metric.fieldPrefix(), metric.hlogFileName(jsonBase));
        }
        return names;
    }

    /**
     * Closes the logs and renames them beside {@code json} (in the same directory as they are: an atomic
     * rename), named after it ({@link LatencyMetric#hlogFileName}); returns the file names by metric field prefix,
     * none when no interval was taken.
     */
    Map<String, String> moveBeside(Path json) throws IOException {
        close();
        if (directory == null) {
            return Map.of();
        }
        Map<String, String> names = namesBeside(json);
        for (LatencyMetric metric : LatencyMetric.values()) {
            Files.move(
                    logFile(metric),
                    json.resolveSibling(names.get(metric.fieldPrefix())),
                    StandardCopyOption.ATOMIC_MOVE);
        }
        Files.deleteIfExists(directory);
        return names;
    }

    /**
     * Copies what the logs hold beside {@code json}, in another directory than theirs (a fallback when the
     * result could not be written where asked): each to a temporary file there, renamed into place when
     * complete. Logs that could not even be created are left out.
     *
     * @return the file names copied, by metric field prefix
     */
    Map<String, String> copyBeside(Path json) throws IOException {
        try {
            close();
        } catch (IOException incomplete) {
            // copied as far as they got; the caller already says why
        }
        Map<String, String> names = new LinkedHashMap<>();
        for (Map.Entry<String, String> name : namesBeside(json).entrySet()) {
            LatencyMetric metric = metricOf(name.getKey());
            if (directory == null || !Files.isRegularFile(logFile(metric))) {
                continue;
            }
            Path target = json.resolveSibling(name.getValue());
            Path temporary = target.resolveSibling("." + name.getValue() + ".tmp");
            try {
                Files.copy(logFile(metric), temporary, StandardCopyOption.REPLACE_EXISTING);
                Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(temporary);
            }
            names.put(name.getKey(), name.getValue());
        }
        return names;
    }

    /**
     * Deletes the logs and their {@code .in-progress-*} directory, after {@link #copyBeside} saved them
     * elsewhere: left behind, they took room on the file system that had just run full. Best effort: what
     * cannot be deleted stays, and is returned as the reason.
     *
     * @return null when nothing is left, else why not
     */
    String discard() {
        try {
            close();
        } catch (IOException incomplete) {
            // discarded as they are
        }
        if (directory == null) {
            return null;
        }
        try {
            for (LatencyMetric metric : LatencyMetric.values()) {
                Files.deleteIfExists(logFile(metric));
            }
            Files.deleteIfExists(directory);
            return null;
        } catch (IOException e) {
            return directory + " could not be removed: " + ResultFiles.reason(e);
        }
    }

    private static LatencyMetric metricOf(String fieldPrefix) {
        for (LatencyMetric metric : LatencyMetric.values()) {
            if (metric.fieldPrefix().equals(fieldPrefix)) {
                return metric;
            }
        }
        throw new IllegalArgumentException(fieldPrefix);
    }

    private Path logFile(LatencyMetric metric) {
        return directory.resolve(metric.hlogFileStem() + ".hlog");
    }

    private void open() {
        if (directory != null || failure != null) {
            return;
        }
        try {
            Files.createDirectories(resultDirectory);
            directory = Files.createTempDirectory(resultDirectory, ".in-progress-");
            for (LatencyMetric metric : LatencyMetric.values()) {
                HistogramLogWriter writer = new HistogramLogWriter(new FailureKeepingStream(
                        new FileOutputStream(logFile(metric).toFile())));
                writer.outputComment("metric " + metric.fieldPrefix() + ", values in nanoseconds, workload "
                        + workloadName + ", driver " + driverName);
                writer.outputLogFormatVersion();
                writer.outputStartTime(startTime.toEpochMilli());
                writer.setBaseTime(startTime.toEpochMilli());
                writer.outputLegend();
                writers.put(metric, writer);
            }
        } catch (IOException e) {
            failure = e;
        }
    }

    /**
     * Passes whole writes through to the file and keeps the first failure: the log writer's {@code
     * PrintStream} would swallow it. After a failure nothing more is written, so the log ends where the
     * disk filled instead of going on with holes.
     */
    private final class FailureKeepingStream extends FilterOutputStream {

        FailureKeepingStream(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            if (failure != null) {
                throw new IOException("not written after an earlier failure", failure);
            }
            try {
                out.write(bytes, offset, length);
            } catch (IOException e) {
                failure = e;
                throw e;
            }
        }
    }
}
