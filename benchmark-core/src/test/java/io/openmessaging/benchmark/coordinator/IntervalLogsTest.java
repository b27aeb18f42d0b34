package io.openmessaging.benchmark.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.measure.HistogramSpec;
import io.openmessaging.benchmark.measure.LatencyMetric;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The interval logs: nothing on disk before the first period (none at all without one), then one log per metric
 * moved beside the JSON.
 */
class IntervalLogsTest {

    private static final Instant START = Instant.parse("2026-11-25T10:00:00Z");
    private static final long START_NANOS = START.toEpochMilli() * 1_000_000;

    @TempDir
    Path dir;

    @Test
    void nothingIsWrittenBeforeTheFirstPeriodThenEveryPeriodLandsBesideTheResult() throws IOException {
        Path output = dir.resolve("results");
        IntervalLogs logs = new IntervalLogs(output, START, "w", "kafka");
        assertThat(output).doesNotExist();
        assertThat(logs.directory()).isNull();

        for (int period = 0; period < 3; period++) {
            for (LatencyMetric metric : LatencyMetric.values()) {
                Histogram histogram = HistogramSpec.DEFAULT.newHistogram();
                histogram.recordValue(1_000_000L * (period + 1) + metric.ordinal());
                long periodStart = START_NANOS + period * 10_000_000_000L;
                logs.append(metric, histogram, periodStart, periodStart + 10_000_000_000L, "measured");
            }
        }
        Path inProgress = logs.directory();
        assertThat(inProgress.getParent()).isEqualTo(output);
        assertThat(inProgress.getFileName().toString()).startsWith(".in-progress-");
        assertThat(list(inProgress)).hasSize(LatencyMetric.values().length);

        Path json = output.resolve("w-kafka-2026-11-25-10-00-00.json");
        Map<String, String> names = logs.moveBeside(json);

        assertThat(inProgress).doesNotExist();
        assertThat(names).hasSize(LatencyMetric.values().length);
        for (LatencyMetric metric : LatencyMetric.values()) {
            String name = names.get(metric.fieldPrefix());
            assertThat(name).isEqualTo(metric.hlogFileName("w-kafka-2026-11-25-10-00-00"));
            List<Histogram> intervals = read(output.resolve(name));
            assertThat(intervals).hasSize(3);
            for (int period = 0; period < 3; period++) {
                Histogram interval = intervals.get(period);
                assertThat(interval.getTag()).isEqualTo("measured");
                assertThat(interval.getStartTimeStamp()).isEqualTo(START.toEpochMilli() + period * 10_000L);
                assertThat(interval.getMaxValue())
                        .isEqualTo(interval.highestEquivalentValue(1_000_000L * (period + 1) + metric.ordinal()));
            }
        }
    }

    @Test
    void aPeriodIsWrittenAsItIsAndLeftUntouched() throws IOException {
        IntervalLogs logs = new IntervalLogs(dir, START, "w", "kafka");
        List<Histogram> periods = new ArrayList<>();
        for (int period = 0; period < 2; period++) {
            Histogram histogram = HistogramSpec.DEFAULT.newHistogram();
            for (long value = 1; value < 5_000_000_000L; value = value * 3 + period) {
                histogram.recordValueWithCount(value, value % 7 + 1);
            }
            histogram.setTag("kept");
            periods.add(histogram);
            long periodStart = START_NANOS + period * 10_000_000_000L;
            logs.append(
                    LatencyMetric.PUBLISH_LATENCY, histogram, periodStart, periodStart + 10_000_000_000L, "measured");
        }
        Map<String, String> names = logs.moveBeside(dir.resolve("w-kafka.json"));

        List<Histogram> intervals = read(dir.resolve(names.get(LatencyMetric.PUBLISH_LATENCY.fieldPrefix())));
        assertThat(intervals).hasSize(2);
        for (int period = 0; period < 2; period++) {
            Histogram written = intervals.get(period);
            Histogram given = periods.get(period);
            assertThat(written).as("period %d as read back", period).isEqualTo(given);
            assertThat(written.getTotalCount()).isEqualTo(given.getTotalCount());
            assertThat(written.getEndTimeStamp()).isEqualTo(START.toEpochMilli() + (period + 1) * 10_000L);
            assertThat(given.getTag())
                    .as("the caller's histogram keeps its tag")
                    .isEqualTo("kept");
            assertThat(given.getStartTimeStamp())
                    .as("the caller's histogram keeps its start")
                    .isEqualTo(Long.MAX_VALUE);
        }
    }

    @Test
    void everyIntervalStatesTheFullRangeHoweverFarAGrowingPeriodReaches() throws IOException {
        IntervalLogs logs = new IntervalLogs(dir, START, "w", "kafka");
        long[] largestNanos = {5_000, 3_000_000_000L, 20_000};
        for (int period = 0; period < largestNanos.length; period++) {
            Histogram histogram = HistogramSpec.DEFAULT.newGrowingHistogram();
            histogram.recordValue(largestNanos[period]);
            long periodStart = START_NANOS + period * 10_000_000_000L;
            logs.append(
                    LatencyMetric.PUBLISH_LATENCY, histogram, periodStart, periodStart + 10_000_000_000L, "measured");
        }
        Map<String, String> names = logs.moveBeside(dir.resolve("w-kafka.json"));

        List<Histogram> intervals = read(dir.resolve(names.get(LatencyMetric.PUBLISH_LATENCY.fieldPrefix())));
        assertThat(intervals).hasSize(largestNanos.length);
        for (int period = 0; period < largestNanos.length; period++) {
            Histogram written = intervals.get(period);
            assertThat(written.getHighestTrackableValue())
                    .as("range of interval %d", period)
                    .isEqualTo(HistogramSpec.DEFAULT.newHistogram().getHighestTrackableValue());
            assertThat(written.getTotalCount()).isEqualTo(1);
            assertThat(written.getMaxValue()).isEqualTo(written.highestEquivalentValue(largestNanos[period]));
        }
    }

    @Test
    void aRunThatTookNoIntervalLeavesNoLogs() throws IOException {
        Path output = dir.resolve("results");
        IntervalLogs logs = new IntervalLogs(output, START, "w", "kafka");
        Files.createDirectories(output);

        Map<String, String> names = logs.moveBeside(output.resolve("w-kafka.json"));

        assertThat(names).isEmpty();
        assertThat(logs.written()).isFalse();
        assertThat(list(output)).isEmpty();
    }

    private static List<Histogram> read(Path log) throws IOException {
        List<Histogram> intervals = new ArrayList<>();
        HistogramLogReader reader = new HistogramLogReader(log.toFile());
        for (EncodableHistogram interval = reader.nextIntervalHistogram();
                interval != null;
                interval = reader.nextIntervalHistogram()) {
            intervals.add((Histogram) interval);
        }
        reader.close();
        return intervals;
    }

    private static List<Path> list(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.toList();
        }
    }
}
