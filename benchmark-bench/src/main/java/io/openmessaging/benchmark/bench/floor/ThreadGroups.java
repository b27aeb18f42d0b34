package io.openmessaging.benchmark.bench.floor;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * The per-thread parts of {@code bin/perf-floor}'s table: a figure per thread group of the median runs
 * (CPU seconds, or times on a CPU per message), largest first, leaving out groups below the figure's
 * threshold in every column; and the table side by side that they and the phase table share.
 */
final class ThreadGroups {

    /**
     * A figure of the tables: its name in the column headings, its number format (the differences get a
     * sign) and the least value a group needs in some column to be shown.
     */
    record Figure(String heading, String format, double shownFrom) {
        static final Figure CPU_SECONDS = new Figure("CPU s", "%.2f", 0.05);
        static final Figure PER_MESSAGE = new Figure("per message", "%.3f", 0.01);
    }

    private ThreadGroups() {}

    /**
     * The thread groups side by side, largest first: the earlier version's column ({@code before} is null
     * without one), the tool's and the floor's, and the tool's difference to each.
     */
    static String sideBySide(
            Figure figure, Map<String, Double> before, Map<String, Double> tool, Map<String, Double> floor) {
        List<Map<String, Double>> runs = before == null ? List.of(tool, floor) : List.of(before, tool, floor);
        return "\n" + table("thread group", shown(largestFirst(runs), runs, figure), figure, before, tool, floor);
    }

    /**
     * A table of one figure with one row per label, in the order given: the earlier version's column when
     * {@code before} is not null, the tool's, the floor's, tool − floor and, with the earlier version, tool −
     * before. A label missing from a map counts 0.
     */
    static String table(
            String labelHeading,
            List<String> labels,
            Figure figure,
            Map<String, Double> before,
            Map<String, Double> tool,
            Map<String, Double> floor) {
        String unit = " " + figure.heading();
        StringBuilder out = new StringBuilder(
                before == null
                        ? "| " + labelHeading + " | tool" + unit + " | floor" + unit + " | tool − floor |\n"
                                + "|---|---|---|---|\n"
                        : "| " + labelHeading + " | before" + unit + " | tool" + unit + " | floor" + unit
                                + " | tool − floor | tool − before |\n|---|---|---|---|---|---|\n");
        String value = " " + figure.format() + " |";
        String difference = " %+" + figure.format().substring(1) + " |";
        String row = before == null
                ? "| %s |" + value + value + difference + "%n"
                : "| %s |" + value + value + value + difference + difference + "%n";
        for (String label : labels) {
            double t = value(tool, label);
            double f = value(floor, label);
            if (before == null) {
                out.append(String.format(Locale.ROOT, row, label, t, f, t - f));
            } else {
                double b = value(before, label);
                out.append(String.format(Locale.ROOT, row, label, b, t, f, t - f, t - b));
            }
        }
        return out.toString();
    }

    /** The groups with at least the figure's threshold in some run, in the order given. */
    private static List<String> shown(List<String> groups, List<Map<String, Double>> runs, Figure figure) {
        return groups.stream()
                .filter(group -> runs.stream().anyMatch(run -> value(run, group) >= figure.shownFrom()))
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
            sum += value(run, group);
        }
        return sum;
    }

    private static double value(Map<String, Double> byGroup, String group) {
        return byGroup.getOrDefault(group, 0.0);
    }
}
