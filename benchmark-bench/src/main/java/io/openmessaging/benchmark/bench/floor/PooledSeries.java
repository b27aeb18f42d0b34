package io.openmessaging.benchmark.bench.floor;

import io.openmessaging.benchmark.bench.floor.PerfFloorTable.Run;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * {@code bin/perf-floor --table-only A --table-only B …}: several results directories of the same programs
 * pooled repeat by repeat. Series run at different hours meet the machine in different states, so only
 * each repeat's own tool / floor ratio (two runs made one after the other) is pooled, never the runs'
 * medians.
 */
final class PooledSeries {

    private PooledSeries() {}

    /**
     * Per rate, each series' per-repeat tool / floor ratios of CPU s (whole life and measured phase) and all
     * of them pooled, each with its median's interval ({@link RepeatRatios}); a series that did not run both
     * programs at a rate has no row there.
     */
    static String format(Map<String, List<Run>> series) {
        StringBuilder out = new StringBuilder();
        TreeSet<Long> rates = new TreeSet<>();
        series.values().forEach(runs -> runs.forEach(run -> rates.add(run.rate())));
        for (long rate : rates) {
            StringBuilder rows = new StringBuilder();
            int seriesOfRate = 0;
            List<Double> allWholeLife = new ArrayList<>();
            List<Double> allMeasured = new ArrayList<>();
            for (Map.Entry<String, List<Run>> entry : series.entrySet()) {
                List<Run> tool = PerfFloorTable.runsOf(entry.getValue(), rate, "tool");
                List<Run> floor = PerfFloorTable.runsOf(entry.getValue(), rate, "floor");
                List<Double> wholeLife = PerfFloorTable.pairedRatios(tool, floor, Run::cpuSeconds);
                if (wholeLife.isEmpty()) {
                    continue; // this series did not run both programs at this rate
                }
                seriesOfRate++;
                List<Double> measured = PerfFloorTable.pairedRatios(tool, floor, Run::measuredCpuSeconds);
                allWholeLife.addAll(wholeLife);
                allMeasured.addAll(measured);
                rows.append(String.format(
                        Locale.ROOT,
                        "| %s | %s | %s |%n",
                        entry.getKey(),
                        RepeatRatios.of(wholeLife).describe(),
                        RepeatRatios.of(measured).describe()));
            }
            out.append(String.format(
                    Locale.ROOT, "%n## %,d msg/s: tool / floor per repeat, %d series pooled%n%n", rate, seriesOfRate));
            out.append("| series | CPU s, whole life | CPU s, measured phase |\n|---|---|---|\n");
            out.append(rows);
            out.append(String.format(
                    Locale.ROOT,
                    "| **pooled** | %s | %s |%n",
                    RepeatRatios.of(allWholeLife).describe(),
                    RepeatRatios.of(allMeasured).describe()));
        }
        return out.toString();
    }
}
