package io.openmessaging.benchmark.cli;

import com.beust.jcommander.JCommander;
import com.beust.jcommander.Parameter;
import io.openmessaging.benchmark.compare.Comparison;
import io.openmessaging.benchmark.compare.ComparisonJson;
import io.openmessaging.benchmark.compare.ComparisonTable;
import io.openmessaging.benchmark.compare.Threshold;
import io.openmessaging.benchmark.compare.WorkloadCheck;
import io.openmessaging.benchmark.config.Suggestions;
import io.openmessaging.benchmark.report.Metric;
import io.openmessaging.benchmark.report.ReportRun;
import io.openmessaging.benchmark.report.ResultFormat;
import io.openmessaging.benchmark.report.Stat;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code bin/benchmark compare BASE… -- CANDIDATE… [--threshold METRIC.STAT=±N%]… [--json]
 * [--allow-different-workloads]}: base and candidate side by side; exit code 1 when a threshold is broken
 * or cannot be checked, 2 when the files did not run the same workload (unless allowed).
 *
 * <p>Parsed here rather than by JCommander because {@code --} separates the two lists of files. Options
 * may stand anywhere.
 */
final class CompareCommand {

    static final String NAME = "compare";
    static final String USAGE =
            "usage: bin/benchmark compare BASE… -- CANDIDATE… [--threshold METRIC.STAT=±N%]… [--json]"
                    + " [--allow-different-workloads]   (bin/benchmark compare --help for every option)";

    /** What {@code --help} prints after the options. */
    static final String HELP_NOTES = String.join(
            System.lineSeparator(),
            "  BASE, CANDIDATE: result files or directories of them; several on a side are combined by the median of",
            "  each figure. Every file must have run the same workload: producer rate or rate plan, message size,",
            "  payload, topics, partitions, producers, subscriptions, consumers, warm-up and test durations, … (the",
            "  driver may differ); fields a file does not record are listed, not compared.",
            "  Metrics: " + String.join(", ", Metric.keys()),
            "  Stats:   " + String.join(", ", Stat.keys()),
            "  Exit code: 0 every threshold met, 1 a threshold broken or not checkable (or an unreadable file),",
            "  2 bad command line, or files of different workloads without --allow-different-workloads",
            "Details: docs/reports.md");

    static final String ALLOW_DIFFERENT_WORKLOADS = "--allow-different-workloads";

    /**
     * The options as {@code --help} lists them, in the format of every other command's help. The command line
     * itself is read by {@link #parse}, because {@code --} separates the two lists of files.
     */
    static final class HelpListing {
        @Parameter(description = "BASE… -- CANDIDATE…")
        List<String> files = new ArrayList<>();

        @Parameter(
                names = {"-t", "--threshold"},
                description = "METRIC.STAT=±N%, repeatable: endToEndLatency.p99=+10% fails when the candidate is more"
                        + " than 10% higher, publishRate.avg=-2% when it is more than 2% lower (also --threshold=T)")
        List<String> thresholds = new ArrayList<>();

        @Parameter(names = "--json", description = "Print the comparison as JSON instead of a table")
        boolean json;

        @Parameter(
                names = ALLOW_DIFFERENT_WORKLOADS,
                description = "Compare files of different workloads anyway, listing the differences above the"
                        + " table (and under \"workload\" in the JSON)")
        boolean allowDifferentWorkloads;

        @Parameter(
                names = {"-h", "--help"},
                help = true,
                description = "Show this help")
        boolean help;

        static JCommander commander() {
            return JCommander.newBuilder()
                    .programName("bin/benchmark " + NAME)
                    .addObject(new HelpListing())
                    .build();
        }

        static List<String> optionNames() {
            JCommander commander = commander();
            commander.parse(); // JCommander describes the options once it has parsed
            return commander.getParameters().stream()
                    .flatMap(parameter -> List.of(parameter.getParameter().names()).stream())
                    .sorted()
                    .toList();
        }
    }

    private final List<Path> base = new ArrayList<>();
    private final List<Path> candidate = new ArrayList<>();
    private final List<Threshold> thresholds = new ArrayList<>();
    private boolean json;
    private boolean allowDifferentWorkloads;

    /** Parses {@code args} (without the command name) and compares. */
    static int run(String[] args, PrintStream out, PrintStream err) {
        CompareCommand command = new CompareCommand();
        try {
            if (!command.parse(args)) {
                StringBuilder help = new StringBuilder();
                HelpListing.commander().getUsageFormatter().usage(help);
                out.print(help);
                out.println(HELP_NOTES);
                return Benchmark.EXIT_OK;
            }
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            err.println(USAGE);
            return Benchmark.EXIT_USAGE;
        }
        return command.execute(out, err);
    }

    /**
     * @return false when help was asked for
     * @throws IllegalArgumentException for a bad command line, with a message saying what is wrong
     */
    private boolean parse(String[] args) {
        boolean afterSeparator = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("-h") || arg.equals("--help")) {
                return false;
            } else if (arg.equals("--")) {
                if (afterSeparator) {
                    throw new IllegalArgumentException(
                            "'--' given twice: put base files before it and candidate files after it");
                }
                afterSeparator = true;
            } else if (arg.equals("--json")) {
                json = true;
            } else if (arg.equals(ALLOW_DIFFERENT_WORKLOADS)) {
                allowDifferentWorkloads = true;
            } else if (arg.equals("--threshold") || arg.equals("-t")) {
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException(
                            arg + " needs a value, e.g. --threshold endToEndLatency.p99=+10%");
                }
                thresholds.add(Threshold.parse(args[++i]));
            } else if (arg.startsWith("--threshold=")) {
                thresholds.add(Threshold.parse(arg.substring("--threshold=".length())));
            } else if (arg.startsWith("-") && arg.length() > 1) {
                throw new IllegalArgumentException(
                        "unknown option '" + arg + "'" + Suggestions.didYouMean(arg, HelpListing.optionNames()));
            } else {
                (afterSeparator ? candidate : base).add(Path.of(arg));
            }
        }
        if (!afterSeparator) {
            throw new IllegalArgumentException("no '--' between base and candidate files");
        }
        if (base.isEmpty()) {
            throw new IllegalArgumentException("no base file before '--'");
        }
        if (candidate.isEmpty()) {
            throw new IllegalArgumentException("no candidate file after '--'");
        }
        return true;
    }

    private int execute(PrintStream out, PrintStream err) {
        List<Path> inputs = new ArrayList<>(base);
        inputs.addAll(candidate);
        String inputProblem = OutputFile.inputProblem(inputs);
        if (inputProblem != null) {
            err.println("error: " + inputProblem);
            return Benchmark.EXIT_USAGE;
        }
        Comparison comparison;
        try {
            comparison = Comparison.of(ReportRun.load(base), ReportRun.load(candidate), thresholds);
        } catch (IOException e) {
            err.println("error: " + e.getMessage());
            return Benchmark.EXIT_FAILED;
        }
        WorkloadCheck workload = comparison.workload();
        if (!workload.sameWorkload() && !allowDifferentWorkloads) {
            err.println("error: the files did not run the same workload, so their figures are no comparison" + " (give "
                    + ALLOW_DIFFERENT_WORKLOADS + " to compare them anyway):");
            workload.differences().forEach(difference -> err.println("  " + difference.text()));
            workload.unreadable().forEach(line -> err.println("  not compared: " + line));
            workload.notComparedLines().forEach(line -> err.println("  not compared: " + line));
            return Benchmark.EXIT_USAGE;
        }
        ResultFormat<Comparison> format = json ? new ComparisonJson() : new ComparisonTable();
        try {
            Writer writer = new OutputStreamWriter(out, StandardCharsets.UTF_8);
            format.writeOut(comparison, writer);
            writer.flush();
        } catch (IOException e) {
            err.println("error: cannot write the comparison: " + e.getMessage());
            return Benchmark.EXIT_FAILED;
        }
        if (json) {
            workload.differences()
                    .forEach(difference -> err.println("workload differs (allowed): " + difference.text()));
            comparison
                    .failedChecks()
                    .forEach(check -> err.println("threshold " + check.verdict().label() + ": " + check.explanation()));
        }
        return comparison.passed() ? Benchmark.EXIT_OK : Benchmark.EXIT_FAILED;
    }
}
