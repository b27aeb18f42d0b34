package io.openmessaging.benchmark.bench.floor;

import io.openmessaging.benchmark.bench.floor.PerfFloorTable.Run;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One series' tool / floor ratios of CPU s at one rate, one per repeat: over the JVMs' whole life and over
 * the measured phase (empty when not known, as for ratios written down without it).
 */
record SeriesRatios(List<Double> wholeLife, List<Double> measured) {

    /**
     * The ratios of a results directory's runs, by rate: each repeat's tool run over its floor run; a rate
     * where no repeat ran both programs has none.
     */
    static Map<Long, SeriesRatios> ofRuns(List<Run> runs) {
        Map<Long, SeriesRatios> byRate = new TreeMap<>();
        for (Run run : runs) {
            long rate = run.rate();
            if (byRate.containsKey(rate)) {
                continue;
            }
            List<Run> tool = PerfFloorTable.runsOf(runs, rate, "tool");
            List<Run> floor = PerfFloorTable.runsOf(runs, rate, "floor");
            List<Double> wholeLife = PerfFloorTable.pairedRatios(tool, floor, Run::cpuSeconds);
            if (!wholeLife.isEmpty()) {
                byRate.put(
                        rate,
                        new SeriesRatios(wholeLife, PerfFloorTable.pairedRatios(tool, floor, Run::measuredCpuSeconds)));
            }
        }
        return byRate;
    }
}
