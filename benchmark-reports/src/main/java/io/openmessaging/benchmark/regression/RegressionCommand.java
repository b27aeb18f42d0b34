package io.openmessaging.benchmark.regression;

import io.openmessaging.benchmark.compare.Comparison;
import io.openmessaging.benchmark.compare.ComparisonTable;
import io.openmessaging.benchmark.compare.Threshold;
import io.openmessaging.benchmark.config.ConfigException;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The Java half of {@code bin/regression}, which starts the brokers and runs the cases:
 *
 * <pre>
 * RegressionCommand plan  --suite FILE [options]    checks the options and the suite, prints the cases
 * RegressionCommand judge --suite FILE --results-dir DIR --baseline-dir DIR [options]
 *                                                    judges the results, prints the table
 * RegressionCommand ab-plan|ab-judge …              an A/B comparison of two broker versions ({@link AbCommand})
 * options: --cases NAME,…  --threshold METRIC.STAT=±N%  --rate-tolerance PERCENT  --update-baseline
 *          --root DIR (what the suite's paths are relative to; default: the working directory)
 *          --matrix --versions-file FILE [--versions SYSTEM=V,…]…   every case at every version of its system
 * </pre>
 *
 * <p>With {@code --matrix} ({@link RegressionMatrix}) {@code plan} prints {@code id broker version driver
 * workload} per entry (id {@code <case>@<version>}), and {@code judge} judges {@code <results>/<id>/} against
 * {@code <baseline dir>/<id>.json}, also failing a case whose broker reported another version than the one
 * requested ({@link BrokerVersionCheck}); its table has a version column.
 *
 * <p>{@code plan} prints one line per case, {@code name broker driver workload} separated by tabs, for the
 * script to run. {@code judge} prints {@link RegressionTable}, writes each case's full comparison with its
 * baseline ({@value #COMPARISON_FILE}) into the case's directory, and with {@code --update-baseline} copies
 * each case's result to {@code <baseline dir>/<case>.json}, only if every case passed. Exit codes: 0 every
 * case passed, 1 a case failed (or the baseline could not be written), 2 bad command line or suite file.
 * Other relative paths are relative to the working directory, the project root for {@code bin/regression}.
 */
public final class RegressionCommand {

    public static final int EXIT_PASSED = 0;
    public static final int EXIT_FAILED = 1;
    public static final int EXIT_USAGE = 2;
    /** Name of each case's full comparison with its baseline, in the case's directory. */
    public static final String COMPARISON_FILE = "compare-with-baseline.txt";

    static final String SEE_HELP = "run 'bin/regression --help' for the options";

    private String mode;
    private Path suiteFile;
    private Path root = Path.of("").toAbsolutePath();
    private Path resultsDir;
    private Path baselineDir;
    private final List<String> caseNames = new ArrayList<>();
    private final List<Threshold> thresholds = new ArrayList<>();
    private double rateTolerancePercent = RegressionJudge.DEFAULT_RATE_TOLERANCE_PERCENT;
    private boolean updateBaseline;
    private boolean matrix;
    private Path versionsFile;
    private final List<String> versionSelections = new ArrayList<>();

    private RegressionCommand() {}

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs {@code plan} or {@code judge} and returns the exit code; never exits the JVM. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length > 0 && AbCommand.handles(args[0])) {
            return AbCommand.run(args, out, err);
        }
        RegressionCommand command = new RegressionCommand();
        RegressionSuite suite;
        List<RegressionMatrix.Entry> entries;
        try {
            command.parse(args);
            suite = RegressionSuite.read(command.suiteFile, command.root).select(command.caseNames);
            entries = command.entries(suite);
        } catch (IllegalArgumentException e) {
            err.println("regression: error: " + e.getMessage());
            err.println(SEE_HELP);
            return EXIT_USAGE;
        } catch (VersionsFileException e) {
            err.println("regression: error: the versions file is invalid:");
            e.getCause().problems().forEach(problem -> err.println("  " + problem));
            return EXIT_USAGE;
        } catch (ConfigException e) {
            err.println("regression: error: the suite file is invalid:");
            e.problems().forEach(problem -> err.println("  " + problem));
            return EXIT_USAGE;
        }
        if (command.mode.equals("plan")) {
            for (RegressionMatrix.Entry entry : entries) {
                RegressionCase c = entry.suiteCase();
                out.println(
                        command.matrix
                                ? String.join(
                                        "\t", entry.id(), c.broker(), entry.version(), c.driverFile(), c.workloadFile())
                                : String.join("\t", c.name(), c.broker(), c.driverFile(), c.workloadFile()));
            }
            out.flush();
            return EXIT_PASSED;
        }
        return command.judge(entries, out, err);
    }

    /** The suite's cases, each at every version of its system with --matrix, else once without a version. */
    private List<RegressionMatrix.Entry> entries(RegressionSuite suite) throws VersionsFileException {
        if (!matrix) {
            return suite.cases().stream()
                    .map(c -> new RegressionMatrix.Entry(c, ""))
                    .toList();
        }
        RegressionVersions versions;
        try {
            versions = RegressionVersions.read(versionsFile);
        } catch (ConfigException e) {
            throw new VersionsFileException(e);
        }
        return RegressionMatrix.expand(suite, versions.narrow(versionSelections))
                .entries();
    }

    /** A versions file that cannot be used, told apart from a bad suite file. */
    private static final class VersionsFileException extends Exception {
        private static final long serialVersionUID = 1L;

        VersionsFileException(ConfigException cause) {
            super(cause);
        }

        @Override
        public synchronized ConfigException getCause() {
            return (ConfigException) super.getCause();
        }
    }

    private void parse(String[] args) {
        if (args.length == 0 || !(args[0].equals("plan") || args[0].equals("judge"))) {
            throw new IllegalArgumentException(
                    "the first argument must be 'plan', 'judge', 'ab-plan' or 'ab-judge', got "
                            + (args.length == 0 ? "nothing" : "'" + args[0] + "'"));
        }
        mode = args[0];
        for (int i = 1; i < args.length; i++) {
            String option = args[i];
            switch (option) {
                case "--update-baseline" -> updateBaseline = true;
                case "--suite" -> suiteFile = Path.of(value(args, i++));
                case "--root" -> root = Path.of(value(args, i++)).toAbsolutePath();
                case "--results-dir" -> resultsDir = Path.of(value(args, i++));
                case "--baseline-dir" -> baselineDir = Path.of(value(args, i++));
                case "--cases" -> caseNames.addAll(caseNames(value(args, i++)));
                case "--threshold" -> thresholds.add(Threshold.parse(value(args, i++)));
                case "--rate-tolerance" -> rateTolerancePercent = ratePercent(value(args, i++));
                case "--matrix" -> matrix = true;
                case "--versions-file" -> versionsFile = Path.of(value(args, i++));
                case "--versions" -> versionSelections.add(value(args, i++));
                default ->
                    throw new IllegalArgumentException("unknown option '" + option + "'"
                            + io.openmessaging.benchmark.config.Suggestions.didYouMean(
                                    option,
                                    java.util.List.of(
                                            "--update-baseline",
                                            "--suite",
                                            "--root",
                                            "--results-dir",
                                            "--baseline-dir",
                                            "--cases",
                                            "--threshold",
                                            "--rate-tolerance",
                                            "--matrix",
                                            "--versions-file",
                                            "--versions")));
            }
        }
        if (suiteFile == null) {
            throw new IllegalArgumentException("--suite FILE is required");
        }
        if (mode.equals("judge") && (resultsDir == null || baselineDir == null)) {
            throw new IllegalArgumentException("judge needs --results-dir DIR and --baseline-dir DIR");
        }
        if (matrix && versionsFile == null) {
            throw new IllegalArgumentException("--matrix needs --versions-file FILE");
        }
        if (!matrix && (versionsFile != null || !versionSelections.isEmpty())) {
            throw new IllegalArgumentException("--versions-file and --versions go with --matrix");
        }
        if (updateBaseline && !thresholds.isEmpty()) {
            throw new IllegalArgumentException("--threshold gates latency against the baseline and --update-baseline"
                    + " replaces it: give one or the other");
        }
    }

    /** The value after the option at {@code optionIndex}, for this command and {@link AbCommand}. */
    static String value(String[] args, int optionIndex) {
        if (optionIndex + 1 >= args.length || args[optionIndex + 1].startsWith("--")) {
            throw new IllegalArgumentException(args[optionIndex] + " needs a value");
        }
        return args[optionIndex + 1];
    }

    private static List<String> caseNames(String list) {
        List<String> names = Arrays.stream(list.split(",")).map(String::strip).toList();
        if (names.isEmpty() || names.stream().anyMatch(String::isEmpty)) {
            throw new IllegalArgumentException(
                    "--cases takes case names separated by commas, e.g. kafka,pulsar;" + " got '" + list + "'");
        }
        return names;
    }

    private static double ratePercent(String text) {
        String number = text.endsWith("%") ? text.substring(0, text.length() - 1) : text;
        double percent;
        try {
            percent = Double.parseDouble(number);
        } catch (NumberFormatException e) {
            percent = Double.NaN;
        }
        if (!(percent > 0 && percent < 100)) {
            throw new IllegalArgumentException("--rate-tolerance must be a percentage above 0 and below 100, e.g. 10"
                    + " or 10%; got '" + text + "'");
        }
        return percent;
    }

    private int judge(List<RegressionMatrix.Entry> entries, PrintStream out, PrintStream err) {
        RegressionJudge judge = new RegressionJudge(thresholds, rateTolerancePercent, updateBaseline);
        List<CaseOutcome> outcomes = new ArrayList<>();
        for (RegressionMatrix.Entry entry : entries) {
            RegressionCase regressionCase = entry.asCase();
            Path caseDir = resultsDir.resolve(regressionCase.name());
            CaseOutcome outcome = judge.judge(regressionCase, caseDir, baselineFile(regressionCase));
            if (matrix) {
                outcome = checkVersion(entry, outcome);
            }
            outcomes.add(outcome);
            if (outcome.comparison().isPresent()) {
                writeComparison(outcome.comparison().get(), caseDir.resolve(COMPARISON_FILE), err);
            }
        }
        RegressionReport report =
                new RegressionReport(outcomes, thresholds, rateTolerancePercent, COMPARISON_FILE, matrix);
        try {
            Writer writer = new OutputStreamWriter(out, StandardCharsets.UTF_8);
            new RegressionTable().writeOut(report, writer);
            writer.flush();
        } catch (IOException e) {
            err.println("regression: error: cannot write the table: " + e.getMessage());
            return EXIT_FAILED;
        }
        if (!report.passed()) {
            if (updateBaseline) {
                out.println("Baseline not updated: a baseline must come from a run that passes.");
            }
            return EXIT_FAILED;
        }
        return updateBaseline ? updateBaseline(outcomes, out, err) : EXIT_PASSED;
    }

    /** Adds the failure of a result whose broker reported another version than the entry requested. */
    private static CaseOutcome checkVersion(RegressionMatrix.Entry entry, CaseOutcome outcome) {
        if (entry.version().isEmpty() || outcome.candidate().isEmpty()) {
            return outcome;
        }
        String reported = outcome.candidate().get().result().version;
        return BrokerVersionCheck.failure(entry.suiteCase().broker(), entry.version(), reported)
                .map(failure -> {
                    List<String> failures = new ArrayList<>(outcome.failures());
                    failures.add(failure);
                    return new CaseOutcome(
                            outcome.regressionCase(),
                            outcome.candidate(),
                            outcome.workload(),
                            outcome.baseline(),
                            outcome.comparison(),
                            List.copyOf(failures),
                            outcome.notes());
                })
                .orElse(outcome);
    }

    private Path baselineFile(RegressionCase regressionCase) {
        return baselineDir.resolve(regressionCase.name() + ".json");
    }

    private int updateBaseline(List<CaseOutcome> outcomes, PrintStream out, PrintStream err) {
        try {
            Files.createDirectories(baselineDir);
            for (CaseOutcome outcome : outcomes) {
                Path target = baselineFile(outcome.regressionCase());
                Files.copy(outcome.candidate().orElseThrow().file(), target, StandardCopyOption.REPLACE_EXISTING);
                out.println("Baseline updated: " + target);
            }
        } catch (IOException e) {
            err.println("regression: error: cannot write the baseline: " + e);
            return EXIT_FAILED;
        }
        out.println("Commit the baseline files to make them the reference.");
        return EXIT_PASSED;
    }

    private static void writeComparison(Comparison comparison, Path file, PrintStream err) {
        try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            new ComparisonTable().writeOut(comparison, writer);
        } catch (IOException e) {
            err.println("regression: warning: cannot write " + file + ": " + e.getMessage());
        }
    }
}
