package io.openmessaging.benchmark.cli;

import io.openmessaging.benchmark.compare.Comparison;
import io.openmessaging.benchmark.compare.ComparisonJson;
import io.openmessaging.benchmark.compare.ComparisonTable;
import io.openmessaging.benchmark.compare.Threshold;
import io.openmessaging.benchmark.compare.WorkloadCheck;
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
    static final String USAGE = String.join(
            System.lineSeparator(),
            "usage: bin/benchmark compare BASE… -- CANDIDATE… [--threshold METRIC.STAT=±N%]… [--json]",
            "                             [--allow-different-workloads]",
            "  BASE, CANDIDATE     result files or directories of them; several on a side are combined",
            "                      by the median of each figure",
            "  every file must have run the same workload: producer rate or rate plan, message size,",
            "  payload, topics, partitions, producers, subscriptions, consumers, warm-up and test",
            "  durations, … (the driver may differ); fields a file does not record are listed, not compared",
            "  --threshold T       e.g. endToEndLatency.p99=+10% (fail when the candidate is more than",
            "                      10% higher) or publishRate.avg=-2% (fail when more than 2% lower); repeatable",
            "  --json              print the comparison as JSON instead of a table",
            "  --allow-different-workloads",
            "                      compare files of different workloads anyway, listing the differences",
            "                      above the table (and under \"workload\" in the JSON)",
            "  metrics: " + String.join(", ", Metric.keys()),
            "  stats:   " + String.join(", ", Stat.keys()),
            "  exit code: 0 every threshold met, 1 a threshold broken or not checkable (or an unreadable file),",
            "             2 bad command line, or files of different workloads without --allow-different-workloads");

    static final String ALLOW_DIFFERENT_WORKLOADS = "--allow-different-workloads";

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
                out.println(USAGE);
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
                throw new IllegalArgumentException("unknown option '" + arg + "'"
                        + io.openmessaging.benchmark.config.Suggestions.didYouMean(
                                arg, java.util.List.of("--help", "--json", "--threshold", ALLOW_DIFFERENT_WORKLOADS)));
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
