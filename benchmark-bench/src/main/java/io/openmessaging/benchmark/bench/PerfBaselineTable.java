package io.openmessaging.benchmark.bench;

import io.openmessaging.benchmark.measure.LatencyMetric;
import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.TestResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
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
 * worker, each reported in its own {@code *time.txt}), the highest peak RSS of them, wall time of the
 * coordinator, publish delay p99 (µs), messages received in the measured phase, end-to-end samples recorded
 * for them (from the {@code end-to-end-latency} interval log, measured intervals), how many of those are 0
 * (values ≤ 0 are recorded as 0) and how many are below 1 ms, and whether the process exited by itself with
 * status 0.
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
        System.out.print(format(readRuns(Path.of(args[0]))));
    }

    /** The table: every run, then the medians per mode and rate. */
    static String format(List<Run> runs) {
        StringBuilder out = new StringBuilder();
        out.append(String.format("Runs:%n"));
        appendHeader(out);
        runs.forEach(run -> appendRow(out, run.mode() + " " + run.rate() + " #" + run.repeat(), run));
        Map<String, List<Run>> groups = new LinkedHashMap<>();
        runs.stream()
                .sorted((a, b) -> a.mode().equals(b.mode())
                        ? Long.compare(a.rate(), b.rate())
                        : a.mode().compareTo(b.mode()))
                .forEach(run -> groups.computeIfAbsent(run.mode() + " " + run.rate(), key -> new ArrayList<>())
                        .add(run));
        out.append(String.format("%nMedians:%n"));
        appendHeader(out);
        groups.forEach((label, group) -> appendRow(out, label + " (" + group.size() + ")", median(group)));
        return out.toString();
    }

    /** Every run directory of {@code resultsDirectory}, in name order. */
    static List<Run> readRuns(Path resultsDirectory) throws IOException {
        List<Run> runs = new ArrayList<>();
        for (RunDirectory directory : RunDirectory.list(resultsDirectory, RUN_DIRECTORY)) {
            runs.add(read(
                    directory,
                    directory.group("mode"),
                    Long.parseLong(directory.group("rate")),
                    Integer.parseInt(directory.group("repeat"))));
        }
        return runs;
    }

    private static Run read(RunDirectory directory, String mode, long rate, int repeat) throws IOException {
        double wall = directory.time().wallSeconds();
        double cpu = 0;
        double rssMib = Double.NaN;
        for (RunDirectory.TimeReport report : directory.timeReports()) {
            cpu += report.cpuSeconds();
            double rss = report.peakRssMib();
            rssMib = Double.isNaN(rssMib) ? rss : Math.max(rssMib, rss);
        }
        String exit = directory.exit();
        Path resultFile = directory.resultFile().orElse(null);
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
                RunDirectory.median(group, Run::cpuSeconds),
                RunDirectory.median(group, Run::peakRssMib),
                RunDirectory.median(group, Run::wallSeconds),
                RunDirectory.median(group, Run::publishDelayP99Micros),
                RunDirectory.median(group, Run::receivedMeasured),
                RunDirectory.median(group, Run::endToEndSamples),
                RunDirectory.median(group, Run::endToEndZero),
                RunDirectory.median(group, Run::endToEndSubMillisecond),
                group.stream().filter(Run::exitedByItself).count() + "/" + group.size() + " exit 0");
    }

    private static void appendHeader(StringBuilder out) {
        out.append(String.format(
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
                "exit"));
        out.append(String.format(
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
                ""));
    }

    private static void appendRow(StringBuilder out, String label, Run run) {
        out.append(String.format(
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
                run.exit().equals("0") ? "0 (by itself)" : run.exit()));
    }
}
