package io.openmessaging.benchmark.bench;

import io.openmessaging.benchmark.measure.LatencyMetric;
import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.TestResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * The table of {@code bin/perf-baseline}: one row per run and the medians per mode and rate. Each run is a
 * directory {@code <mode>-<rate>-r<repeat>} holding what the script left there: GNU time's {@code -v} report
 * of the benchmark JVM ({@code time.txt}), how the process ended ({@code exit.txt}: its status, or
 * {@code timeout} when it had to be killed), and the run's result file with its interval logs.
 *
 * <p>Per run: CPU seconds of the benchmark JVMs (user + system; with workers, of the coordinator and every
 * worker, each reported in its own {@code *time.txt}), the highest peak RSS of them, wall time of the coordinator, publish delay
 * p99 (µs), messages received in the measured phase, end-to-end samples recorded for them (from the
 * {@code end-to-end-latency} interval log, measured intervals), how many of those are 0 (values ≤ 0 are
 * recorded as 0) and how many are below 1 ms, and whether the process exited by itself with status 0.
 * Usage: {@code PerfBaselineTable RESULTS_DIR}.
 */
public final class PerfBaselineTable {

    private static final Pattern RUN_DIRECTORY = Pattern.compile("(?<mode>[a-z]+)-(?<rate>\\d+)-r(?<repeat>\\d+)");
    private static final long ONE_MILLISECOND_NANOS = 1_000_000;

    /** The figures of one run; {@code NaN} where the run left nothing to read. */
    record Run(
            String mode,
            long rate,
            int repeat,
            double cpuSeconds,
            double peakRssMib,
            double wallSeconds,
            double publishDelayP99Micros,
            double receivedMeasured,
            double endToEndSamples,
            double endToEndZero,
            double endToEndSubMillisecond,
            String exit) {

        boolean exitedByItself() {
            return exit.equals("0");
        }
    }

    private PerfBaselineTable() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: PerfBaselineTable RESULTS_DIR");
            System.exit(2);
        }
        List<Run> runs = readRuns(Path.of(args[0]));
        System.out.println("Runs:");
        printHeader();
        runs.forEach(run -> printRow(run.mode() + " " + run.rate() + " #" + run.repeat(), run));
        Map<String, List<Run>> groups = new LinkedHashMap<>();
        runs.stream()
                .sorted((a, b) -> a.mode().equals(b.mode())
                        ? Long.compare(a.rate(), b.rate())
                        : a.mode().compareTo(b.mode()))
                .forEach(run -> groups.computeIfAbsent(run.mode() + " " + run.rate(), key -> new ArrayList<>())
                        .add(run));
        System.out.println();
        System.out.println("Medians:");
        printHeader();
        groups.forEach((label, group) -> printRow(label + " (" + group.size() + ")", median(group)));
    }

    /** Every run directory of {@code resultsDirectory}, in name order. */
    static List<Run> readRuns(Path resultsDirectory) throws IOException {
        List<Run> runs = new ArrayList<>();
        try (Stream<Path> listing = Files.list(resultsDirectory)) {
            for (Path directory : listing.filter(Files::isDirectory).sorted().toList()) {
                Matcher name = RUN_DIRECTORY.matcher(directory.getFileName().toString());
                if (name.matches()) {
                    runs.add(read(
                            directory,
                            name.group("mode"),
                            Long.parseLong(name.group("rate")),
                            Integer.parseInt(name.group("repeat"))));
                }
            }
        }
        return runs;
    }

    private static Run read(Path directory, String mode, long rate, int repeat) throws IOException {
        String time = readOrEmpty(directory.resolve("time.txt"));
        double wall = wallSeconds(time);
        double cpu = 0;
        double rssMib = Double.NaN;
        List<Path> timeReports;
        try (Stream<Path> files = Files.list(directory)) {
            timeReports = files.filter(path -> path.getFileName().toString().endsWith("time.txt"))
                    .toList();
        }
        for (Path report : timeReports) {
            String text = readOrEmpty(report);
            cpu += number(text, "User time \\(seconds\\): ([\\d.]+)")
                    + number(text, "System time \\(seconds\\): ([\\d.]+)");
            double rss = number(text, "Maximum resident set size \\(kbytes\\): (\\d+)") / 1024;
            rssMib = Double.isNaN(rssMib) ? rss : Math.max(rssMib, rss);
        }
        String exit = readOrEmpty(directory.resolve("exit.txt")).strip();
        Path resultFile;
        try (Stream<Path> files = Files.list(directory)) {
            resultFile = files.filter(path -> path.toString().endsWith(".json"))
                    .findFirst()
                    .orElse(null);
        }
        if (resultFile == null) {
            return new Run(
                    mode,
                    rate,
                    repeat,
                    cpu,
                    rssMib,
                    wall,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    exit.isEmpty() ? "?" : exit);
        }
        TestResult result = ResultFiles.read(resultFile);
        double received = result.consumed.stream().mapToLong(Long::longValue).sum();
        Histogram endToEnd = measuredIntervals(resultFile.resolveSibling(
                result.hlogFiles.getOrDefault(LatencyMetric.END_TO_END_LATENCY.fieldPrefix(), "missing.hlog")));
        double delayP99 = result.aggregatedPublishDelayLatency99pct == null
                ? Double.NaN
                : result.aggregatedPublishDelayLatency99pct.doubleValue();
        return new Run(
                mode,
                rate,
                repeat,
                cpu,
                rssMib,
                wall,
                delayP99,
                received,
                endToEnd == null ? Double.NaN : endToEnd.getTotalCount(),
                endToEnd == null ? Double.NaN : endToEnd.getCountAtValue(0),
                endToEnd == null ? Double.NaN : endToEnd.getCountBetweenValues(0, ONE_MILLISECOND_NANOS - 1),
                exit);
    }

    /** The sum of the log's intervals tagged {@code measured}; {@code null} when there is no log. */
    private static Histogram measuredIntervals(Path hlog) throws IOException {
        if (!Files.isRegularFile(hlog)) {
            return null;
        }
        Histogram sum = null;
        HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
        try {
            EncodableHistogram interval;
            while ((interval = reader.nextIntervalHistogram()) != null) {
                if (interval instanceof Histogram histogram && "measured".equals(histogram.getTag())) {
                    if (sum == null) {
                        sum = new Histogram(
                                histogram.getLowestDiscernibleValue(),
                                histogram.getHighestTrackableValue(),
                                histogram.getNumberOfSignificantValueDigits());
                    }
                    sum.add(histogram);
                }
            }
        } finally {
            reader.close();
        }
        return sum;
    }

    /** The medians of a group of runs of one mode and rate; {@code exit} says how many exited by themselves. */
    static Run median(List<Run> group) {
        Run first = group.get(0);
        return new Run(
                first.mode(),
                first.rate(),
                group.size(),
                median(group, Run::cpuSeconds),
                median(group, Run::peakRssMib),
                median(group, Run::wallSeconds),
                median(group, Run::publishDelayP99Micros),
                median(group, Run::receivedMeasured),
                median(group, Run::endToEndSamples),
                median(group, Run::endToEndZero),
                median(group, Run::endToEndSubMillisecond),
                group.stream().filter(Run::exitedByItself).count() + "/" + group.size() + " exit 0");
    }

    private static double median(List<Run> group, java.util.function.ToDoubleFunction<Run> figure) {
        double[] values = group.stream()
                .mapToDouble(figure)
                .filter(value -> !Double.isNaN(value))
                .sorted()
                .toArray();
        if (values.length == 0) {
            return Double.NaN;
        }
        int middle = values.length / 2;
        return values.length % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
    }

    private static void printHeader() {
        System.out.printf(
                Locale.ROOT,
                "  %-22s %8s %9s %7s %11s %11s %11s %9s %11s  %s%n",
                "mode rate",
                "CPU s",
                "RSS MiB",
                "wall s",
                "delay p99",
                "received",
                "e2e values",
                "e2e = 0",
                "e2e < 1 ms",
                "exit");
        System.out.printf(
                Locale.ROOT,
                "  %-22s %8s %9s %7s %11s %11s %11s %9s %11s  %s%n",
                "",
                "",
                "",
                "",
                "µs",
                "(measured)",
                "(measured)",
                "",
                "",
                "");
    }

    private static void printRow(String label, Run run) {
        System.out.printf(
                Locale.ROOT,
                "  %-22s %8.1f %9.0f %7.0f %11.0f %11.0f %11.0f %9.0f %11.0f  %s%n",
                label,
                run.cpuSeconds(),
                run.peakRssMib(),
                run.wallSeconds(),
                run.publishDelayP99Micros(),
                run.receivedMeasured(),
                run.endToEndSamples(),
                run.endToEndZero(),
                run.endToEndSubMillisecond(),
                run.exit().equals("0") ? "0 (by itself)" : run.exit());
    }

    private static double number(String text, String regex) {
        Matcher matcher = Pattern.compile(regex).matcher(text);
        return matcher.find() ? Double.parseDouble(matcher.group(1)) : Double.NaN;
    }

    /** GNU time's "Elapsed (wall clock) time (h:mm:ss or m:ss): 3:12.45". */
    private static double wallSeconds(String time) {
        Matcher matcher = Pattern.compile("Elapsed \\(wall clock\\) time \\([^)]*\\): ([\\d:.]+)")
                .matcher(time);
        if (!matcher.find()) {
            return Double.NaN;
        }
        double seconds = 0;
        for (String part : matcher.group(1).split(":")) {
            seconds = seconds * 60 + Double.parseDouble(part);
        }
        return seconds;
    }

    private static String readOrEmpty(Path file) throws IOException {
        return Files.isRegularFile(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
    }
}
