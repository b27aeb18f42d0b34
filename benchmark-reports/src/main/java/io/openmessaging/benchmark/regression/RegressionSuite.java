package io.openmessaging.benchmark.regression;

import io.openmessaging.benchmark.config.ConfigException;
import io.openmessaging.benchmark.config.Suggestions;
import io.openmessaging.benchmark.workload.Workload;
import io.openmessaging.benchmark.workload.WorkloadLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The fixed set of cases {@code bin/regression} runs, read from a plain text file ({@code regression/suite}):
 * one case a line, four fields separated by blanks, {@code #} starts a comment.
 *
 * <pre>
 * # case     broker     driver                                workload
 * kafka      kafka      driver-kafka/kafka-local.yaml         regression/workloads/regression.yaml
 * </pre>
 *
 * <p>Every problem is reported with the file, line and column, what was found and what is allowed.
 *
 * @param file the suite file as given
 * @param cases the cases, in file order (the order they run in)
 */
public record RegressionSuite(Path file, List<RegressionCase> cases) {

    /** Brokers a case may name: {@code bin/local-broker}'s systems, and {@code none}. */
    public static final List<String> BROKERS = List.of("kafka", "pulsar", "rabbitmq", RegressionCase.NO_BROKER);

    private static final Pattern CASE_NAME = Pattern.compile("[a-z0-9][a-z0-9_-]*");

    /**
     * Reads and checks a suite file.
     *
     * @param root the directory the driver and workload paths are relative to (the project root)
     * @throws ConfigException listing every problem, one a line
     */
    public static RegressionSuite read(Path file, Path root) throws ConfigException {
        String source = file.toString();
        Path absoluteRoot = root.toAbsolutePath();
        List<String> problems = new ArrayList<>();
        Map<String, RegressionCase> cases = new LinkedHashMap<>();
        for (ColumnFile.Line line : ColumnFile.read(file, "suite file")) {
            String[] fields = line.fields(0);
            if (fields.length != 4) {
                problems.add(line.problem("expected 4 fields (case broker driver workload), found " + fields.length
                        + ": '" + line.content() + "'"));
                continue;
            }
            RegressionCase regressionCase =
                    new RegressionCase(fields[0], fields[1], fields[2], fields[3], line.number());
            List<String> caseProblems = check(regressionCase, absoluteRoot);
            if (cases.containsKey(regressionCase.name())) {
                caseProblems.add(
                        0,
                        "case '" + regressionCase.name() + "' is already declared on line "
                                + cases.get(regressionCase.name()).line() + "; case names must be unique");
            }
            caseProblems.forEach(problem -> problems.add(line.problem(problem)));
            cases.putIfAbsent(regressionCase.name(), regressionCase);
        }
        if (cases.isEmpty() && problems.isEmpty()) {
            problems.add(source + ": no case; add a line 'NAME BROKER DRIVER.yaml WORKLOAD.yaml'");
        }
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
        return new RegressionSuite(file, List.copyOf(cases.values()));
    }

    /**
     * The cases named in {@code names}, in suite order; all cases when {@code names} is empty.
     *
     * @throws IllegalArgumentException naming an unknown case and the suite's cases
     */
    public RegressionSuite select(List<String> names) {
        if (names.isEmpty()) {
            return this;
        }
        List<String> known = cases.stream().map(RegressionCase::name).toList();
        for (String name : names) {
            if (!known.contains(name)) {
                throw new IllegalArgumentException("unknown case '" + name + "'" + Suggestions.didYouMean(name, known)
                        + "; the cases of " + file + " are: " + String.join(", ", known));
            }
        }
        return new RegressionSuite(
                file, cases.stream().filter(c -> names.contains(c.name())).toList());
    }

    private static List<String> check(RegressionCase regressionCase, Path root) {
        List<String> problems = new ArrayList<>();
        if (!CASE_NAME.matcher(regressionCase.name()).matches()) {
            problems.add("case name '" + regressionCase.name() + "' must be lower-case letters, digits, '-' and '_',"
                    + " starting with a letter or digit (it names a directory and a baseline file)");
        }
        if (!BROKERS.contains(regressionCase.broker())) {
            problems.add("unknown broker '" + regressionCase.broker() + "'"
                    + Suggestions.didYouMean(regressionCase.broker(), BROKERS)
                    + "; allowed: " + String.join(", ", BROKERS));
        }
        if (!Files.isRegularFile(root.resolve(regressionCase.driverFile()))) {
            problems.add("driver file " + regressionCase.driverFile() + " does not exist (paths are relative to " + root
                    + ")");
        }
        Path workloadFile = root.resolve(regressionCase.workloadFile());
        if (!Files.isRegularFile(workloadFile)) {
            problems.add("workload file " + regressionCase.workloadFile() + " does not exist (paths are relative to "
                    + root + ")");
            return problems;
        }
        try {
            Workload workload = WorkloadLoader.load(workloadFile);
            if (workload.producerRate() <= 0) {
                problems.add("workload " + regressionCase.workloadFile() + " has producerRate "
                        + workload.producerRate() + "; a regression case needs a fixed rate above 0, which its"
                        + " publish rate is checked against (0 searches for the maximum rate)");
            }
            if (workload.consumerOnly()) {
                problems.add("workload " + regressionCase.workloadFile() + " is consumerOnly; a regression case"
                        + " runs producers at a fixed rate");
            }
        } catch (ConfigException e) {
            problems.add(
                    "workload " + regressionCase.workloadFile() + " is invalid: " + String.join("; ", e.problems()));
        }
        return problems;
    }
}
