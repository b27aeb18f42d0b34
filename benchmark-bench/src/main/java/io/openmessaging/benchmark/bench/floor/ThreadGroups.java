package io.openmessaging.benchmark.bench.floor;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * The per-thread parts of {@code bin/perf-floor}'s table: CPU seconds per thread group of the median runs,
 * largest first, leaving out groups below 0.05 s in every column; and the table of CPU seconds side by
 * side that they and the phase table share.
 */
final class ThreadGroups {

    private static final double SHOWN_FROM_SECONDS = 0.05;

    private ThreadGroups() {}

    /**
     * The thread groups side by side, largest first: the earlier version's column ({@code before} is null
     * without one), the tool's and the floor's, and the tool's difference to each.
     */
    static String sideBySide(Map<String, Double> before, Map<String, Double> tool, Map<String, Double> floor) {
        List<Map<String, Double>> runs = before == null ? List.of(tool, floor) : List.of(before, tool, floor);
        return "\n" + table("thread group", shown(largestFirst(runs), runs), before, tool, floor);
    }

    /**
     * A table of CPU seconds with one row per label, in the order given: the earlier version's column when
     * {@code before} is not null, the tool's, the floor's, tool − floor and, with the earlier version, tool −
     * before. A label missing from a map counts 0.
     */
    static String table(
            String labelHeading,
            List<String> labels,
            Map<String, Double> before,
            Map<String, Double> tool,
            Map<String, Double> floor) {
        StringBuilder out = new StringBuilder(
                before == null
                        ? "| " + labelHeading + " | tool CPU s | floor CPU s | tool − floor |\n|---|---|---|---|\n"
                        : "| " + labelHeading + " | before CPU s | tool CPU s | floor CPU s | tool − floor"
                                + " | tool − before |\n|---|---|---|---|---|---|\n");
        for (String label : labels) {
            double t = seconds(tool, label);
            double f = seconds(floor, label);
            if (before == null) {
                out.append(String.format(Locale.ROOT, "| %s | %.2f | %.2f | %+.2f |%n", label, t, f, t - f));
            } else {
                double b = seconds(before, label);
                out.append(String.format(
                        Locale.ROOT, "| %s | %.2f | %.2f | %.2f | %+.2f | %+.2f |%n", label, b, t, f, t - f, t - b));
            }
        }
        return out.toString();
    }

    /** The groups with at least {@link #SHOWN_FROM_SECONDS} in some run, in the order given. */
    private static List<String> shown(List<String> groups, List<Map<String, Double>> runs) {
        return groups.stream()
                .filter(group -> runs.stream().anyMatch(run -> seconds(run, group) >= SHOWN_FROM_SECONDS))
                .toList();
    }

    /** Every group of the runs, by the sum of its CPU over them, largest first (ties in name order). */
    private static List<String> largestFirst(List<Map<String, Double>> runs) {
        TreeSet<String> groups = new TreeSet<>();
        for (Map<String, Double> run : runs) {
            groups.addAll(run.keySet());
        }
        List<String> ordered = new ArrayList<>(groups);
        ordered.sort((a, b) -> Double.compare(total(b, runs), total(a, runs)));
        return ordered;
    }

    private static double total(String group, List<Map<String, Double>> runs) {
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
