package io.openmessaging.benchmark.bench.floor;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * The per-thread parts of {@code bin/perf-floor}'s table: CPU seconds per thread group of the median runs,
 * largest first, leaving out groups below 0.05 s in every column.
 */
final class ThreadGroups {

    private static final double SHOWN_FROM_SECONDS = 0.05;

    private ThreadGroups() {}

    /** Tool and floor side by side, and their difference. */
    static String toolAndFloor(Map<String, Double> tool, Map<String, Double> floor) {
        StringBuilder out =
                new StringBuilder("\n| thread group | tool CPU s | floor CPU s | tool − floor |\n|---|---|---|---|\n");
        for (String group : largestFirst(tool, floor)) {
            double t = seconds(tool, group);
            double f = seconds(floor, group);
            if (t >= SHOWN_FROM_SECONDS || f >= SHOWN_FROM_SECONDS) {
                out.append(String.format(Locale.ROOT, "| %s | %.2f | %.2f | %+.2f |%n", group, t, f, t - f));
            }
        }
        return out.toString();
    }

    /** The earlier version, the tool and the floor side by side, and the tool's difference to each. */
    static String withBefore(Map<String, Double> before, Map<String, Double> tool, Map<String, Double> floor) {
        StringBuilder out =
                new StringBuilder("\n| thread group | before CPU s | tool CPU s | floor CPU s | tool − floor"
                        + " | tool − before |\n|---|---|---|---|---|---|\n");
        for (String group : largestFirst(before, tool, floor)) {
            double b = seconds(before, group);
            double t = seconds(tool, group);
            double f = seconds(floor, group);
            if (b >= SHOWN_FROM_SECONDS || t >= SHOWN_FROM_SECONDS || f >= SHOWN_FROM_SECONDS) {
                out.append(String.format(
                        Locale.ROOT, "| %s | %.2f | %.2f | %.2f | %+.2f | %+.2f |%n", group, b, t, f, t - f, t - b));
            }
        }
        return out.toString();
    }

    /** Every group of the runs, by the sum of its CPU over them, largest first (ties in name order). */
    @SafeVarargs
    private static List<String> largestFirst(Map<String, Double>... runs) {
        TreeSet<String> groups = new TreeSet<>();
        for (Map<String, Double> run : runs) {
            groups.addAll(run.keySet());
        }
        List<String> ordered = new ArrayList<>(groups);
        ordered.sort((a, b) -> Double.compare(total(b, runs), total(a, runs)));
        return ordered;
    }

    @SafeVarargs
    private static double total(String group, Map<String, Double>... runs) {
        double sum = 0;
        for (Map<String, Double> run : runs) {
            sum += seconds(run, group);
        }
        return sum;
    }

    private static double seconds(Map<String, Double> byGroup, String group) {
        return byGroup.getOrDefault(group, 0.0);
    }
}
