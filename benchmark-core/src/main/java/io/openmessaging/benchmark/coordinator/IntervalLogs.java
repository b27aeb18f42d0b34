package io.openmessaging.benchmark.coordinator;

import io.openmessaging.benchmark.measure.LatencyMetric;
import java.io.IOException;
import java.io.UncheckedIOException;
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
 * {@code .in-progress-*} directory of the output directory, and moved beside the result JSON when that is
 * written, so a run that dies leaves what it measured. Nothing touches the disk before the first interval
 * (or the move, for a run that measured nothing: its logs then hold only their headers).
 *
 * <p>Threading: called from the coordinator thread only.
 */
final class IntervalLogs {

    private final Path outputDir;
    private final Instant startTime;
    private final String workloadName;
    private final String driverName;
    private final Map<LatencyMetric, HistogramLogWriter> writers = new EnumMap<>(LatencyMetric.class);
    private Path directory;

    IntervalLogs(Path outputDir, Instant startTime, String workloadName, String driverName) {
        this.outputDir = outputDir;
        this.startTime = startTime;
        this.workloadName = workloadName;
        this.driverName = driverName;
    }

    /**
     * Appends one period of {@code metric}: its start and end time and its phase as the interval's tag.
     *
     * @throws UncheckedIOException when the logs cannot be created
     */
    void append(LatencyMetric metric, Histogram period, long startEpochNanos, long endEpochNanos, String phase) {
        open();
        period.setStartTimeStamp(startEpochNanos / 1_000_000);
        period.setEndTimeStamp(endEpochNanos / 1_000_000);
        period.setTag(phase);
        writers.get(metric).outputIntervalHistogram(period);
    }

    /** Where the logs are written while the run goes; {@code null} before the first interval. */
    Path directory() {
        return directory;
    }

    /**
     * Closes the logs and moves them beside {@code json}, named after it ({@link
     * LatencyMetric#hlogFileName}); returns the file names by metric field prefix.
     */
    Map<String, String> moveBeside(Path json) throws IOException {
        open();
        writers.values().forEach(HistogramLogWriter::close);
        String jsonBase = json.getFileName().toString().replaceFirst("\\.json$", "");
        Map<String, String> names = new LinkedHashMap<>();
        for (LatencyMetric metric : LatencyMetric.values()) {
            String name = metric.hlogFileName(jsonBase);
            Files.move(
                    directory.resolve(metric.hlogFileStem() + ".hlog"),
                    json.resolveSibling(name),
                    StandardCopyOption.ATOMIC_MOVE);
            names.put(metric.fieldPrefix(), name);
        }
        Files.deleteIfExists(directory);
        return names;
    }

    private void open() {
        if (directory != null) {
            return;
        }
        try {
            Files.createDirectories(outputDir);
            directory = Files.createTempDirectory(outputDir, ".in-progress-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the result directory " + outputDir + ": " + e, e);
        }
        for (LatencyMetric metric : LatencyMetric.values()) {
            try {
                HistogramLogWriter writer = new HistogramLogWriter(
                        directory.resolve(metric.hlogFileStem() + ".hlog").toFile());
                writer.outputComment("metric " + metric.fieldPrefix() + ", values in nanoseconds, workload "
                        + workloadName + ", driver " + driverName);
                writer.outputLogFormatVersion();
                writer.outputStartTime(startTime.toEpochMilli());
                writer.setBaseTime(startTime.toEpochMilli());
                writer.outputLegend();
                writers.put(metric, writer);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write interval logs in " + directory + ": " + e, e);
            }
        }
    }
}
