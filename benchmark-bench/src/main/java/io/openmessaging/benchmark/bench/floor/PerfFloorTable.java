package io.openmessaging.benchmark.bench.floor;

import io.openmessaging.benchmark.bench.RunDirectory;
import io.openmessaging.benchmark.config.ConfigException;
import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.workload.Workload;
import io.openmessaging.benchmark.workload.WorkloadLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Prints {@code bin/perf-floor}'s table from its results directory: per rate, the medians of the tool's
 * and the floor's JVM CPU (whole life and per wall second, and over the measured phase alone: {@link
 * ThreadSamples}), peak RSS and wall time, their ratio, the
 * tool's publish delay and response-time p99, and the CPU of each thread group (thread names with their
 * numbers replaced by {@code #}) for both ({@link ThreadGroups}). With {@code bin/perf-floor --before},
 * the runs of the earlier version get the same rows, a median, the ratios before / floor and tool / before
 * (latency p99s included) and their own thread-group column; {@code commits.txt} names both commits.
 *
 * <p>Each run directory ({@code tool-<rate>-r<n>}, {@code floor-<rate>-r<n>}, {@code before-<rate>-r<n>})
 * holds GNU time's {@code time.txt}, {@code exit.txt}, {@code threads.txt} (the {@code
 * /proc/<pid>/task/<tid>/stat} lines sampled once a second, read by {@link ThreadSamples}) and, for the
 * tool and the earlier version, the result JSON ({@link RunDirectory} reads them); the tool's run also
 * holds the {@code workload.yaml} whose warm-up and duration mark the measured phase of every run of
 * its rate and repeat.
 */
public final class PerfFloorTable {

    private static final Pattern RUN_DIRECTORY =
            Pattern.compile("(?<kind>before|tool|floor)-(?<rate>\\d+)-r(?<repeat>\\d+)");
    /** One JVM's run. */
    record Run(
            String kind,
            long rate,
            int repeat,
            double cpuSeconds,
            double wallSeconds,
            double rssMib,
            double publishDelayP99Micros,
            double publishResponseP99Millis,
            double endToEndResponseP99Millis,
            Map<String, Double> threadCpuSeconds,
            double measuredCpuSeconds,
            double measuredWallSeconds,
            Map<String, Double> measuredThreadCpuSeconds,
            Map<String, Double> measuredTimesOnCpuPerMessage,
            ThreadSamples.Phases phases,
            double acknowledged,
            String exit) {
        double cpuPerWallSecond() {
            return cpuSeconds / wallSeconds;
        }

        double measuredCpuPerWallSecond() {
            return measuredCpuSeconds / measuredWallSeconds;
        }

        double cpuMicrosPerMessage() {
            return cpuSeconds * 1e6 / acknowledged;
        }
    }

    private PerfFloorTable() {}

    public static void main(String[] args) throws IOException {
        if (args.length == 0) {
            System.err.println("usage: PerfFloorTable RESULTS_DIR_OR_RATIOS_FILE [RESULTS_DIR_OR_RATIOS_FILE ...]");
            System.exit(2);
        }
        if (args.length == 1 && Files.isDirectory(Path.of(args[0]))) {
            System.out.print(format(readRunsOrExit(args[0]), commits(Path.of(args[0]))));
            return;
        }
        Map<String, Map<Long, SeriesRatios>> series = new LinkedHashMap<>();
        // a series is one name, whether a directory's own (its last path element) or a line's in a ratios file
        Map<String, String> sourceByName = new HashMap<>();
        for (String source : args) {
            Path path = Path.of(source);
            boolean directory = Files.isDirectory(path);
            Map<String, Map<Long, SeriesRatios>> read;
            if (directory) {
                read = Map.of(source, SeriesRatios.ofRuns(readRunsOrExit(source)));
            } else {
                try {
                    read = RecordedRatios.read(path);
                } catch (ConfigException e) {
                    exitWithError(e);
                    return;
                }
            }
            for (Map.Entry<String, Map<Long, SeriesRatios>> entry : read.entrySet()) {
                String name = directory
                        ? String.valueOf(path.toAbsolutePath().normalize().getFileName())
                        : entry.getKey();
                String earlier = sourceByName.putIfAbsent(name, source);
                if (earlier == null && series.containsKey(entry.getKey())) {
                    earlier = "another source";
                }
                if (earlier != null) {
                    System.err.println("perf-floor: error: series '" + name + "' is given twice (in " + earlier
                            + " and in " + source + "); pool each series once");
                    System.exit(1);
                }
                series.put(entry.getKey(), entry.getValue());
            }
        }
        System.out.print(PooledSeries.format(series));
    }

    private static List<Run> readRunsOrExit(String directory) throws IOException {
        List<Run> runs = List.of();
        try {
            runs = readRuns(Path.of(directory));
        } catch (ConfigException e) {
            exitWithError(e);
        }
        if (runs.isEmpty()) {
            System.err.println("perf-floor: error: no tool-<rate>-r<n>, floor-<rate>-r<n> or"
                    + " before-<rate>-r<n> runs in " + directory);
            System.exit(1);
        }
        return runs;
    }

    private static void exitWithError(ConfigException e) {
        for (String problem : e.problems()) {
            System.err.println("perf-floor: error: " + problem);
        }
        System.exit(1);
    }

    static List<Run> readRuns(Path resultsDirectory) throws IOException, ConfigException {
        List<Run> runs = new ArrayList<>();
        for (RunDirectory directory : RunDirectory.list(resultsDirectory, RUN_DIRECTORY)) {
            runs.add(read(directory));
        }
        return runs;
    }

    private static Run read(RunDirectory directory) throws IOException, ConfigException {
        RunDirectory.TimeReport time = directory.time();
        double delay = Double.NaN;
        double publishResponse = Double.NaN;
        double endToEndResponse = Double.NaN;
        Path resultFile = directory.resultFile().orElse(null);
        if (resultFile != null) {
            TestResult result = ResultFiles.read(resultFile);
            delay = orNaN(result.aggregatedPublishDelayLatency99pct);
            publishResponse = orNaN(result.aggregatedPublishResponseTime99pct);
            endToEndResponse = orNaN(result.aggregatedEndToEndResponseTime99pct);
        }
        String exit = directory.exit();
        ThreadSamples samples = ThreadSamples.parse(directory.text("threads.txt"));
        Workload workload = workloadOf(directory);
        ThreadSamples.Stretch measured = ThreadSamples.Stretch.NONE;
        ThreadSamples.Phases phases = ThreadSamples.Phases.NONE;
        if (workload != null) {
            double warmupSeconds = workload.warmupDuration().toMillis() / 1e3;
            double durationSeconds = workload.testDuration().toMillis() / 1e3;
            measured = samples.measuredPhase(warmupSeconds, durationSeconds);
            phases = samples.phases(warmupSeconds, durationSeconds, time.cpuSeconds());
        }
        return new Run(
                directory.group("kind"),
                Long.parseLong(directory.group("rate")),
                Integer.parseInt(directory.group("repeat")),
                time.cpuSeconds(),
                time.wallSeconds(),
                time.peakRssMib(),
                delay,
                publishResponse,
                endToEndResponse,
                samples.wholeLife(),
                measured.cpuSeconds(),
                measured.wallSeconds(),
                measured.cpuSecondsByGroup(),
                perMessage(measured, Long.parseLong(directory.group("rate"))),
                phases,
                acknowledged(directory.text("out.log")),
                exit.isEmpty() ? "?" : exit);
    }

    /**
     * Each group's times on a CPU in the measured phase per message due in it (the rate times the phase's
     * length); empty without schedstat samples.
     */
    private static Map<String, Double> perMessage(ThreadSamples.Stretch measured, long rate) {
        Map<String, Double> perMessage = new TreeMap<>();
        double messages = rate * measured.wallSeconds();
        measured.timesOnCpuByGroup().forEach((group, times) -> perMessage.put(group, times / messages));
        return perMessage;
    }

    /**
     * Messages acknowledged over the whole run (warm-up included): the tool's summary line ({@code
     * messages N due, N acknowledged, ...}) or the floor's ({@code floor: sent=N acknowledged=N ...}).
     */
    static double acknowledged(String log) {
        Matcher tool = Pattern.compile("messages\\s+[\\d,]+ due, ([\\d,]+) acknowledged")
                .matcher(log);
        if (tool.find()) {
            return Double.parseDouble(tool.group(1).replace(",", ""));
        }
        Matcher floor = Pattern.compile("floor: sent=\\d+ acknowledged=(\\d+)").matcher(log);
        return floor.find() ? Double.parseDouble(floor.group(1)) : Double.NaN;
    }

    /**
     * The workload whose warm-up and duration mark the run's phases: the one {@code bin/perf-floor} wrote
     * for the tool's run of the same rate and repeat ({@code tool-<rate>-r<n>/workload.yaml}, read by the
     * tool's own loader), which the floor and the earlier version ran too; null without it.
     */
    private static Workload workloadOf(RunDirectory directory) throws ConfigException {
        Path workloadFile = directory
                .path()
                .resolveSibling("tool-" + directory.group("rate") + "-r" + directory.group("repeat"))
                .resolve("workload.yaml");
        return Files.isRegularFile(workloadFile) ? WorkloadLoader.load(workloadFile) : null;
    }

    static String format(List<Run> runs) {
        return format(runs, Map.of());
    }

    /**
     * The table; with runs of an earlier version ({@code before-<rate>-r<n>}) it adds their rows, their
     * median, the ratios before / floor and tool / before (latency p99s too) and their thread groups, and
     * names both versions' commits (from {@code commits.txt}) at the top.
     */
    static String format(List<Run> runs, Map<String, String> commits) {
        StringBuilder out = new StringBuilder();
        if (!commits.isEmpty()) {
            out.append(String.format(
                    Locale.ROOT,
                    "%n# before: commit %s%s; tool: commit %s%n",
                    commits.getOrDefault("before", "unknown"),
                    commits.containsKey("before-dir") ? " (" + commits.get("before-dir") + ")" : "",
                    commits.getOrDefault("tool", "unknown")));
        }
        TreeSet<Long> rates = new TreeSet<>();
        runs.forEach(run -> rates.add(run.rate()));
        for (long rate : rates) {
            List<Run> before = runsOf(runs, rate, "before");
            List<Run> tool = runsOf(runs, rate, "tool");
            List<Run> floor = runsOf(runs, rate, "floor");
            boolean withBefore = !before.isEmpty();
            out.append(String.format(Locale.ROOT, "%n## %,d msg/s (", rate));
            if (withBefore) {
                out.append(before.size()).append(" before runs, ");
            }
            out.append(
                    String.format(Locale.ROOT, "%d tool runs, %d floor runs; medians)%n%n", tool.size(), floor.size()));
            out.append("| run | CPU s | CPU s per wall s | measured phase CPU s | measured phase CPU s per wall s"
                    + " | acknowledged (whole run) | CPU µs per message | peak RSS MiB | wall s"
                    + " | publish delay p99 µs | publish response p99 ms | e2e response p99 ms | exit |\n");
            out.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
            for (Run run : runs.stream().filter(run -> run.rate() == rate).toList()) {
                out.append(row(run.kind() + " #" + run.repeat(), run));
            }
            Run beforeMedian = median("**before median**", before);
            Run toolMedian = median("**tool median**", tool);
            Run floorMedian = median("**floor median**", floor);
            if (withBefore) {
                out.append(row(beforeMedian.kind(), beforeMedian));
            }
            out.append(row(toolMedian.kind(), toolMedian));
            out.append(row(floorMedian.kind(), floorMedian));
            if (withBefore) {
                out.append(ratioRow("before / floor", beforeMedian, floorMedian, false));
            }
            out.append(ratioRow("tool / floor", toolMedian, floorMedian, false));
            out.append(pairedRatioRow("tool / floor, per repeat (median)", tool, floor));
            if (withBefore) {
                out.append(ratioRow("tool / before", toolMedian, beforeMedian, true));
                out.append(pairedRatioRow("tool / before, per repeat (median)", tool, before));
            }
            out.append(repeatRatios("Tool / floor", tool, floor));
            if (withBefore) {
                out.append(repeatRatios("Tool / before", tool, before));
            }
            Run shownBefore = withBefore ? beforeMedian : null;
            out.append(phaseTable(shownBefore, toolMedian, floorMedian));
            out.append(threadGroups(
                    "CPU s per thread group, whole life",
                    ThreadGroups.Figure.CPU_SECONDS,
                    Run::threadCpuSeconds,
                    shownBefore,
                    toolMedian,
                    floorMedian));
            out.append(threadGroups(
                    "CPU s per thread group, measured phase",
                    ThreadGroups.Figure.CPU_SECONDS,
                    Run::measuredThreadCpuSeconds,
                    shownBefore,
                    toolMedian,
                    floorMedian));
            out.append(threadGroups(
                    "Times on a CPU per message due, per thread group, measured phase (wake-ups and preemptions,"
                            + " from /proc/<pid>/task/<tid>/schedstat)",
                    ThreadGroups.Figure.PER_MESSAGE,
                    Run::measuredTimesOnCpuPerMessage,
                    shownBefore,
                    toolMedian,
                    floorMedian));
        }
        return out.toString();
    }

    /**
     * CPU s by phase of the run (medians), from the per-thread samples: start-up, warm-up, measured phase,
     * end (the whole life's CPU less the CPU at the measured phase's last sample); nothing when the runs have
     * no phases. Each phase's median is of its own: the four medians need not add up to the whole life's.
     */
    private static String phaseTable(Run before, Run tool, Run floor) {
        if (Double.isNaN(tool.phases().measuredSeconds())
                && Double.isNaN(floor.phases().measuredSeconds())) {
            return "";
        }
        Map<String, Double> toolSeconds = phaseSeconds(tool);
        return String.format(Locale.ROOT, "%nCPU s by phase of the run (medians):%n%n")
                + ThreadGroups.table(
                        "phase",
                        List.copyOf(toolSeconds.keySet()),
                        ThreadGroups.Figure.CPU_SECONDS,
                        before == null ? null : phaseSeconds(before),
                        toolSeconds,
                        phaseSeconds(floor));
    }

    /** A run's phases by their row labels, in the order of the run. */
    private static Map<String, Double> phaseSeconds(Run run) {
        ThreadSamples.Phases phases = run.phases();
        Map<String, Double> seconds = new LinkedHashMap<>();
        seconds.put("start-up (until the load starts)", phases.startUpSeconds());
        seconds.put("warm-up", phases.warmupSeconds());
        seconds.put("measured phase", phases.measuredSeconds());
        seconds.put("end (drain, results, exit)", phases.endSeconds());
        return seconds;
    }

    /**
     * The thread-group table of one figure (nothing when neither program has it); {@code before} is null
     * without runs of an earlier version.
     */
    private static String threadGroups(
            String title,
            ThreadGroups.Figure figure,
            Function<Run, Map<String, Double>> groups,
            Run before,
            Run tool,
            Run floor) {
        if (groups.apply(tool).isEmpty() && groups.apply(floor).isEmpty()) {
            return "";
        }
        return String.format(Locale.ROOT, "%n%s (medians):%n", title)
                + ThreadGroups.sideBySide(
                        figure, before == null ? null : groups.apply(before), groups.apply(tool), groups.apply(floor));
    }

    static List<Run> runsOf(List<Run> runs, long rate, String kind) {
        return runs.stream()
                .filter(run -> run.rate() == rate && run.kind().equals(kind))
                .toList();
    }

    /** The ratio of two medians' CPU, CPU per wall second, CPU per message and RSS (and latency p99s). */
    private static String ratioRow(String label, Run a, Run b, boolean latencies) {
        String ratios = String.format(
                Locale.ROOT,
                "| **%s** | %s | %s | %s | %s | | %s | %s | |",
                label,
                bold(ratio(a.cpuSeconds(), b.cpuSeconds())),
                bold(ratio(a.cpuPerWallSecond(), b.cpuPerWallSecond())),
                bold(ratio(a.measuredCpuSeconds(), b.measuredCpuSeconds())),
                bold(ratio(a.measuredCpuPerWallSecond(), b.measuredCpuPerWallSecond())),
                ratio(a.cpuMicrosPerMessage(), b.cpuMicrosPerMessage()),
                ratio(a.rssMib(), b.rssMib()));
        String tail = latencies
                ? String.format(
                        " %s | %s | %s | |%n",
                        ratio(a.publishDelayP99Micros(), b.publishDelayP99Micros()),
                        ratio(a.publishResponseP99Millis(), b.publishResponseP99Millis()),
                        ratio(a.endToEndResponseP99Millis(), b.endToEndResponseP99Millis()))
                : String.format(" | | | |%n");
        return ratios + tail;
    }

    /**
     * The median over the repeats that ran both programs of each repeat's own ratio ({@code a} #n / {@code
     * b} #n) of CPU s, CPU s per wall second and the measured phase's two: the two runs of a repeat ran one
     * after the other, so a change of the machine's speed over a long series (another tenant, the host)
     * shows in both and cancels in their ratio, where the ratio of the medians takes each median from
     * other repeats. Nothing when no repeat ran both.
     */
    private static String pairedRatioRow(String label, List<Run> a, List<Run> b) {
        List<ToDoubleFunction<Run>> figures =
                List.of(Run::cpuSeconds, Run::cpuPerWallSecond, Run::measuredCpuSeconds, Run::measuredCpuPerWallSecond);
        String[] medians = new String[figures.size()];
        for (int i = 0; i < medians.length; i++) {
            List<Double> ratios = pairedRatios(a, b, figures.get(i));
            if (ratios.isEmpty()) {
                return "";
            }
            medians[i] = times(RunDirectory.median(ratios, ratio -> finiteOrNaN(ratio)));
        }
        return String.format(
                Locale.ROOT,
                "| **%s** | %s | %s | %s | %s | | | | | | | | |%n",
                label,
                bold(medians[0]),
                medians[1],
                bold(medians[2]),
                medians[3]);
    }

    /** Each repeat's own ratio {@code a} #n / {@code b} #n of one figure, over the repeats that ran both. */
    static List<Double> pairedRatios(List<Run> a, List<Run> b, ToDoubleFunction<Run> figure) {
        List<Double> ratios = new ArrayList<>();
        for (Run first : a) {
            for (Run second : b) {
                if (first.repeat() == second.repeat()) {
                    ratios.add(figure.applyAsDouble(first) / figure.applyAsDouble(second));
                }
            }
        }
        return ratios;
    }

    /**
     * The per-repeat ratios of CPU s, whole life and measured phase, in order, with their median's interval
     * ({@link RepeatRatios}): what the repeats can tell apart. Nothing when no repeat ran both.
     */
    private static String repeatRatios(String label, List<Run> a, List<Run> b) {
        RepeatRatios wholeLife = RepeatRatios.of(pairedRatios(a, b, Run::cpuSeconds));
        if (wholeLife.count() == 0) {
            return ""; // no repeat ran both, or none has figures (a broker that did not start)
        }
        RepeatRatios measured = RepeatRatios.of(pairedRatios(a, b, Run::measuredCpuSeconds));
        return String.format(
                        Locale.ROOT, "%n%s, per repeat, CPU s over the whole life: %s.%n", label, wholeLife.describe())
                + (measured.count() == 0
                        ? ""
                        : String.format(
                                Locale.ROOT,
                                "%s, per repeat, CPU s over the measured phase: %s.%n",
                                label,
                                measured.describe()));
    }

    private static double finiteOrNaN(double value) {
        return Double.isInfinite(value) ? Double.NaN : value;
    }

    private static String ratio(double a, double b) {
        return times(a / b);
    }

    /** A ratio as {@code 1.23×}, or nothing when it is unknown or infinite. */
    private static String times(double ratio) {
        return Double.isNaN(ratio) || Double.isInfinite(ratio) ? "" : String.format(Locale.ROOT, "%.2f×", ratio);
    }

    /** {@code value} in {@code format}, or nothing when it is unknown ({@code NaN}). */
    private static String blankOr(String format, double value) {
        return Double.isNaN(value) ? "" : String.format(Locale.ROOT, format, value);
    }

    private static String bold(String text) {
        return text.isEmpty() ? text : "**" + text + "**";
    }

    /** The commits {@code bin/perf-floor --before} recorded ({@code key=value} lines); empty without the file. */
    static Map<String, String> commits(Path resultsDirectory) throws IOException {
        Map<String, String> commits = new TreeMap<>();
        for (String line : RunDirectory.readOrEmpty(resultsDirectory.resolve("commits.txt"))
                .split("\n")) {
            int equals = line.indexOf('=');
            if (equals > 0) {
                commits.put(
                        line.substring(0, equals).strip(),
                        line.substring(equals + 1).strip());
            }
        }
        return commits;
    }

    private static String row(String label, Run run) {
        return String.format(
                Locale.ROOT,
                "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n",
                label,
                blankOr("%.1f", run.cpuSeconds()),
                blankOr("%.3f", run.cpuPerWallSecond()),
                blankOr("%.1f", run.measuredCpuSeconds()),
                blankOr("%.3f", run.measuredCpuPerWallSecond()),
                blankOr("%,.0f", run.acknowledged()),
                blankOr("%.2f", run.cpuMicrosPerMessage()),
                blankOr("%.0f", run.rssMib()),
                blankOr("%.0f", run.wallSeconds()),
                blankOr("%,.0f", run.publishDelayP99Micros()),
                blankOr("%.2f", run.publishResponseP99Millis()),
                blankOr("%.2f", run.endToEndResponseP99Millis()),
                run.exit());
    }

    /** A run of the medians of each figure (per thread group too); exit counts the runs that exited 0. */
    static Run median(String label, List<Run> group) {
        long exitedZero = group.stream().filter(run -> run.exit().equals("0")).count();
        return new Run(
                label,
                group.isEmpty() ? 0 : group.get(0).rate(),
                0,
                RunDirectory.median(group, Run::cpuSeconds),
                RunDirectory.median(group, Run::wallSeconds),
                RunDirectory.median(group, Run::rssMib),
                RunDirectory.median(group, Run::publishDelayP99Micros),
                RunDirectory.median(group, Run::publishResponseP99Millis),
                RunDirectory.median(group, Run::endToEndResponseP99Millis),
                medianGroups(group, Run::threadCpuSeconds),
                RunDirectory.median(group, Run::measuredCpuSeconds),
                RunDirectory.median(group, Run::measuredWallSeconds),
                medianGroups(group, Run::measuredThreadCpuSeconds),
                medianGroups(group, Run::measuredTimesOnCpuPerMessage),
                new ThreadSamples.Phases(
                        RunDirectory.median(group, run -> run.phases().startUpSeconds()),
                        RunDirectory.median(group, run -> run.phases().warmupSeconds()),
                        RunDirectory.median(group, run -> run.phases().measuredSeconds()),
                        RunDirectory.median(group, run -> run.phases().endSeconds())),
                RunDirectory.median(group, Run::acknowledged),
                exitedZero + "/" + group.size() + " exit 0");
    }

    /** Each thread group's median over the runs (0 for a run without the group). */
    private static Map<String, Double> medianGroups(List<Run> group, Function<Run, Map<String, Double>> groups) {
        Map<String, Double> medians = new TreeMap<>();
        TreeSet<String> names = new TreeSet<>();
        group.forEach(run -> names.addAll(groups.apply(run).keySet()));
        for (String name : names) {
            medians.put(
                    name, RunDirectory.median(group, run -> groups.apply(run).getOrDefault(name, 0.0)));
        }
        return medians;
    }

    private static double orNaN(Number value) {
        return value == null ? Double.NaN : value.doubleValue();
    }
}
