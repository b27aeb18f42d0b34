package io.openmessaging.benchmark.regression;

import io.openmessaging.benchmark.abtest.AbAnalysis;
import io.openmessaging.benchmark.abtest.AbRunsDirectory;
import io.openmessaging.benchmark.abtest.AbVerdicts;
import io.openmessaging.benchmark.abtest.AbVerdictsFiles;
import io.openmessaging.benchmark.compare.Threshold;
import io.openmessaging.benchmark.config.ConfigException;
import io.openmessaging.benchmark.config.Suggestions;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The Java half of {@code bin/regression --compare} and {@code --judge-compare}:
 *
 * <pre>
 * RegressionCommand ab-plan  --suite FILE --compare SYSTEM=A,B --repeats N [--threshold T]... [--alpha P] [--root DIR]
 *     checks everything and prints the runs, interleaved A B A B …, one a line:
 *     run-NN  side  version  directory  broker  driver  workload   (tab-separated)
 * RegressionCommand ab-judge --results-dir DIR [--threshold T]... [--alpha P]
 *     analyses DIR/A-&lt;label&gt; against DIR/B-&lt;label&gt;, prints the table, writes DIR/ab-verdicts.json
 * </pre>
 *
 * <p>The driver and workload are those of the suite's first case whose broker is SYSTEM. Exit codes: 0
 * every run usable and every threshold met, 1 a run failed, a side has fewer than 2 usable runs or a
 * threshold is broken (or cannot be checked), 2 bad command line or suite file.
 */
final class AbCommand {

    private static final List<String> OPTIONS =
            List.of("--suite", "--root", "--results-dir", "--compare", "--repeats", "--threshold", "--alpha");

    private String mode;
    private Path suiteFile;
    private Path root = Path.of("").toAbsolutePath();
    private Path resultsDir;
    private String compare;
    private String repeats;
    private double alpha = AbAnalysis.DEFAULT_ALPHA;
    private final List<Threshold> thresholds = new ArrayList<>();

    private AbCommand() {}

    static boolean handles(String mode) {
        return mode.equals("ab-plan") || mode.equals("ab-judge");
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        AbCommand command = new AbCommand();
        try {
            command.parse(args);
            return command.mode.equals("ab-plan") ? command.plan(out) : command.judge(out, err);
        } catch (IllegalArgumentException e) {
            err.println("regression: error: " + e.getMessage());
            err.println(RegressionCommand.SEE_HELP);
            return RegressionCommand.EXIT_USAGE;
        } catch (ConfigException e) {
            err.println("regression: error: the suite file is invalid:");
            e.problems().forEach(problem -> err.println("  " + problem));
            return RegressionCommand.EXIT_USAGE;
        }
    }

    private void parse(String[] args) {
        mode = args[0];
        for (int i = 1; i < args.length; i++) {
            String option = args[i];
            switch (option) {
                case "--suite" -> suiteFile = Path.of(RegressionCommand.value(args, i++));
                case "--root" ->
                    root = Path.of(RegressionCommand.value(args, i++)).toAbsolutePath();
                case "--results-dir" -> resultsDir = Path.of(RegressionCommand.value(args, i++));
                case "--compare" -> compare = RegressionCommand.value(args, i++);
                case "--repeats" -> repeats = RegressionCommand.value(args, i++);
                case "--threshold" -> thresholds.add(Threshold.parse(RegressionCommand.value(args, i++)));
                case "--alpha" -> alpha = alpha(RegressionCommand.value(args, i++));
                default ->
                    throw new IllegalArgumentException(
                            "unknown option '" + option + "'" + Suggestions.didYouMean(option, OPTIONS));
            }
        }
        AbGate.checkFigures(thresholds);
        if (mode.equals("ab-plan") && (suiteFile == null || compare == null)) {
            throw new IllegalArgumentException("ab-plan needs --suite FILE and --compare SYSTEM=A,B");
        }
        if (mode.equals("ab-judge") && resultsDir == null) {
            throw new IllegalArgumentException("ab-judge needs --results-dir DIR");
        }
        if (mode.equals("ab-judge") && (compare != null || repeats != null)) {
            throw new IllegalArgumentException("ab-judge analyses runs already made; --compare and --repeats start"
                    + " new ones: give one or the other");
        }
    }

    private int plan(PrintStream out) throws ConfigException {
        AbCompareSpec spec = AbCompareSpec.parse(compare, repeats);
        RegressionSuite suite = RegressionSuite.read(suiteFile, root);
        RegressionCase regressionCase = suite.cases().stream()
                .filter(c -> c.broker().equals(spec.system()))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("the suite file " + suiteFile + " has no case with"
                        + " broker '" + spec.system() + "', whose driver and workload --compare would run"));
        for (int run = 1; run <= spec.repeats(); run++) {
            String runName = String.format("run-%02d", run);
            line(out, runName, "A", spec.versionA(), spec.directoryA() + "/" + runName, regressionCase);
            line(out, runName, "B", spec.versionB(), spec.directoryB() + "/" + runName, regressionCase);
        }
        out.flush();
        return RegressionCommand.EXIT_PASSED;
    }

    private static void line(
            PrintStream out, String run, String side, String version, String directory, RegressionCase c) {
        out.println(String.join("\t", run, side, version, directory, c.broker(), c.driverFile(), c.workloadFile()));
    }

    private int judge(PrintStream out, PrintStream err) {
        AbRunsDirectory runs;
        try {
            runs = AbRunsDirectory.read(resultsDir);
        } catch (IOException e) {
            err.println("regression: error: cannot read " + resultsDir + ": " + e.getMessage());
            return RegressionCommand.EXIT_FAILED;
        }
        AbVerdicts verdicts = AbGate.apply(
                new AbAnalysis(alpha, AbAnalysis.DEFAULT_BOOTSTRAP_RESAMPLES, AbAnalysis.DEFAULT_BOOTSTRAP_SEED)
                        .compare(runs.labelA(), runs.runsA(), runs.labelB(), runs.runsB()),
                thresholds);
        Path json = resultsDir.resolve(AbVerdictsFiles.FILE_NAME);
        try {
            Writer writer = new OutputStreamWriter(out, StandardCharsets.UTF_8);
            new AbTable().writeOut(verdicts, writer);
            AbVerdictsFiles.write(verdicts, json);
            writer.write("Verdicts: " + json + " (HTML: bin/benchmark report " + json + ")\n");
            writer.flush();
        } catch (IOException e) {
            err.println("regression: error: cannot write " + json + ": " + e.getMessage());
            return RegressionCommand.EXIT_FAILED;
        }
        return verdicts.passed() ? RegressionCommand.EXIT_PASSED : RegressionCommand.EXIT_FAILED;
    }

    private static double alpha(String text) {
        double value;
        try {
            value = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            value = Double.NaN;
        }
        if (!(value > 0 && value < 0.5)) {
            throw new IllegalArgumentException(
                    "--alpha must be a significance level above 0 and below 0.5, e.g. 0.01; got '" + text + "'");
        }
        return value;
    }
}
