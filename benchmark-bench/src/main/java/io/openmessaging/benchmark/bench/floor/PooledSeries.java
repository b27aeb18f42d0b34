package io.openmessaging.benchmark.bench.floor;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * {@code bin/perf-floor --table-only A --table-only B …}: several results directories of the same programs,
 * and files of ratios written down from earlier series ({@link RecordedRatios}), pooled repeat by repeat.
 * Series run at different hours meet the machine in different states, so only each repeat's own tool /
 * floor ratio (two runs made one after the other) is pooled, never the runs' medians.
 */
final class PooledSeries {

    private PooledSeries() {}

    /**
     * Per rate, each series' per-repeat tool / floor ratios of CPU s (whole life and measured phase) and all
     * of them pooled, each with its median's interval ({@link RepeatRatios}); a series that has no ratio at
     * a rate has no row there. The measured phase is pooled over the series that have it; the count of
     * repeats in each cell says how many.
     */
    static String format(Map<String, Map<Long, SeriesRatios>> series) {
        StringBuilder out = new StringBuilder();
        TreeSet<Long> rates = new TreeSet<>();
        series.values().forEach(byRate -> rates.addAll(byRate.keySet()));
        for (long rate : rates) {
            StringBuilder rows = new StringBuilder();
            int seriesOfRate = 0;
            List<Double> allWholeLife = new ArrayList<>();
            List<Double> allMeasured = new ArrayList<>();
            for (Map.Entry<String, Map<Long, SeriesRatios>> entry : series.entrySet()) {
                SeriesRatios ratios = entry.getValue().get(rate);
                if (ratios == null) {
                    continue; // this series did not run both programs at this rate
                }
                seriesOfRate++;
                allWholeLife.addAll(ratios.wholeLife());
                allMeasured.addAll(ratios.measured());
                rows.append(String.format(
                        Locale.ROOT,
                        "| %s | %s | %s |%n",
                        entry.getKey(),
                        RepeatRatios.of(ratios.wholeLife()).describe(),
                        describeMeasured(ratios.measured())));
            }
            out.append(String.format(
                    Locale.ROOT, "%n## %,d msg/s: tool / floor per repeat, %d series pooled%n%n", rate, seriesOfRate));
            out.append("| series | CPU s, whole life | CPU s, measured phase |\n|---|---|---|\n");
            out.append(rows);
            out.append(String.format(
                    Locale.ROOT,
                    "| **pooled** | %s | %s |%n",
                    RepeatRatios.of(allWholeLife).describe(),
                    describeMeasured(allMeasured)));
        }
        return out.toString();
    }

    /** The measured phase's ratios described, or "not recorded" when there are none (a file may lack them). */
    private static String describeMeasured(List<Double> measured) {
        return measured.isEmpty() ? "not recorded" : RepeatRatios.of(measured).describe();
    }
}
