package io.openmessaging.benchmark.bench.floor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PooledSeriesTest {

    @Test
    void pooledSeriesListEachSeriesPerRateAndAllTheirRepeatsTogether() {
        Map<String, Map<Long, SeriesRatios>> series = new LinkedHashMap<>();
        series.put(
                "morning",
                SeriesRatios.ofRuns(List.of(
                        PerfFloorTableTest.runAt("tool", 10_000, 1, 105),
                        PerfFloorTableTest.runAt("floor", 10_000, 1, 100),
                        PerfFloorTableTest.runAt("tool", 10_000, 2, 99),
                        PerfFloorTableTest.runAt("floor", 10_000, 2, 100),
                        PerfFloorTableTest.runAt("tool", 50_000, 1, 103),
                        PerfFloorTableTest.runAt("floor", 50_000, 1, 100))));
        series.put(
                "evening",
                SeriesRatios.ofRuns(List.of(
                        PerfFloorTableTest.runAt("floor", 10_000, 1, 100),
                        PerfFloorTableTest.runAt("tool", 10_000, 1, 110),
                        PerfFloorTableTest.runAt("floor", 10_000, 2, 100),
                        PerfFloorTableTest.runAt("tool", 10_000, 2, 102),
                        PerfFloorTableTest.runAt("floor", 10_000, 3, 100),
                        PerfFloorTableTest.runAt("tool", 10_000, 3, 101))));

        String pooled = PooledSeries.format(series);

        assertThat(pooled)
                .contains("## 10,000 msg/s: tool / floor per repeat, 2 series pooled")
                .contains("| morning | 0.990, 1.050 (2 repeats): median 1.02×, between 0.990× and 1.050× with 50 %"
                        + " confidence |")
                .contains("| evening | 1.010, 1.020, 1.100 (3 repeats): median 1.02×,")
                .contains("| **pooled** | 0.990, 1.010, 1.020, 1.050, 1.100 (5 repeats): median 1.02×, between"
                        + " 0.990× and 1.100× with 93 % confidence |")
                // the evening ran nothing at 50,000 msg/s: one series there, and no row for the evening
                .contains("## 50,000 msg/s: tool / floor per repeat, 1 series pooled")
                .contains("| **pooled** | 1.030 (1 repeat): median 1.03×, no interval from one repeat |");
        assertThat(pooled.substring(pooled.indexOf("## 50,000"))).doesNotContain("evening");
    }

    @Test
    void recordedRatiosArePooledWithRunsAndTheirMissingMeasuredPhaseSaysSo() throws Exception {
        Map<String, Map<Long, SeriesRatios>> series = new LinkedHashMap<>();
        series.put(
                "today",
                SeriesRatios.ofRuns(List.of(
                        PerfFloorTableTest.runAt("tool", 50_000, 1, 104),
                        PerfFloorTableTest.runAt("floor", 50_000, 1, 100))));
        series.putAll(RecordedRatios.parse("series=last-week rate=50000 whole-life=1.070,0.990\n", "ratios.txt"));

        String pooled = PooledSeries.format(series);

        assertThat(pooled)
                .contains("## 50,000 msg/s: tool / floor per repeat, 2 series pooled")
                .contains("| last-week | 0.990, 1.070 (2 repeats): median 1.03×, between 0.990× and 1.070× with 50 %"
                        + " confidence | not recorded |")
                .contains("| **pooled** | 0.990, 1.040, 1.070 (3 repeats): median 1.04×, between 0.990× and"
                        + " 1.070× with 75 % confidence |");
    }
}
