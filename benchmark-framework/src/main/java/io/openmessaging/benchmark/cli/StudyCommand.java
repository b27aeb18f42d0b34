package io.openmessaging.benchmark.cli;

import io.openmessaging.benchmark.config.ConfigException;
import io.openmessaging.benchmark.config.Suggestions;
import io.openmessaging.benchmark.study.Experiment;
import io.openmessaging.benchmark.study.Figure;
import io.openmessaging.benchmark.study.Study;
import io.openmessaging.benchmark.study.StudyLoader;
import io.openmessaging.benchmark.workload.PayloadSearch;
import java.io.IOException;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * {@code bin/benchmark study list} and {@code bin/benchmark study show NAME}: the published studies of the
 * project directory ({@code studies/NAME/study.yaml}), one line each, or one study's setup, experiments (with
 * their workload and driver settings, and the command line that runs each), published figures, what it measured
 * but did not publish as a number, and its claims (what each compares, and the figures behind it). The project
 * directory is the installation root {@code bin/benchmark} passes ({@value PayloadSearch#INSTALLATION_ROOT_PROPERTY}),
 * else the current directory.
 */
final class StudyCommand {

    static final String NAME = "study";
    static final List<String> ACTIONS = List.of("list", "show", "run", StudyReportCommand.ACTION);
    static final String USAGE = "usage: bin/benchmark study list | bin/benchmark study show NAME"
            + " | bin/benchmark study run NAME [options] | bin/benchmark study report DIR";

    private StudyCommand() {}

    static int run(String[] args, PrintStream out, PrintStream err, boolean installSignalHandler) {
        return run(args, out, err, projectDirectory(), installSignalHandler);
    }

    /** As {@link #run(String[], PrintStream, PrintStream, boolean)}, with the studies of {@code project}. */
    static int run(String[] args, PrintStream out, PrintStream err, Path project) {
        return run(args, out, err, project, false);
    }

    /** As {@link #run(String[], PrintStream, PrintStream, boolean)}, with the studies of {@code project}. */
    static int run(String[] args, PrintStream out, PrintStream err, Path project, boolean installSignalHandler) {
        if (args.length == 1 && (args[0].equals("--help") || args[0].equals("-h"))) {
            out.println(USAGE);
            out.println(
                    "  bin/benchmark study list         one line per study: name, systems, experiments, figures, title");
            out.println(
                    "  bin/benchmark study show NAME    its setup, experiments (workload, driver settings, command");
            out.println("                                   line), published figures, what it measured but did not");
            out.println("                                   publish as a number, and its claims");
            out.println("  bin/benchmark study run NAME     runs its experiments, one result file per experiment and");
            out.println("                                   system and a record (study run --help for the options)");
            out.println("  bin/benchmark study report DIR   the published figures beside those a study run in DIR");
            out.println("                                   measured, its claims and setup differences");
            out.println("The studies are the files studies/NAME/study.yaml of " + project);
            return Benchmark.EXIT_OK;
        }
        if (args.length == 0) {
            err.println("error: give an action: " + String.join(" or ", ACTIONS));
            err.println(USAGE);
            return Benchmark.EXIT_USAGE;
        }
        String action = args[0];
        if (action.equals("list")) {
            if (args.length > 1) {
                err.println("error: 'study list' takes no arguments, got '"
                        + String.join(" ", List.of(args).subList(1, args.length)) + "'");
                err.println(USAGE);
                return Benchmark.EXIT_USAGE;
            }
            return list(out, err, project);
        }
        if (action.equals("show")) {
            if (args.length != 2) {
                err.println("error: 'study show' takes one study name" + namesHint(project));
                err.println(USAGE);
                return Benchmark.EXIT_USAGE;
            }
            return show(args[1], out, err, project);
        }
        if (action.equals(StudyReportCommand.ACTION)) {
            return StudyReportCommand.run(List.of(args).subList(1, args.length), out, err, project);
        }
        if (action.equals("run")) {
            return StudyRunCommand.run(
                    List.of(args).subList(1, args.length).toArray(String[]::new),
                    out,
                    err,
                    project,
                    installSignalHandler);
        }
        err.println("error: unknown study action '" + action + "'" + Suggestions.didYouMean(action, ACTIONS)
                + "; the actions are "
                + String.join(", ", ACTIONS));
        err.println(USAGE);
        return Benchmark.EXIT_USAGE;
    }

    private static int list(PrintStream out, PrintStream err, Path project) {
        List<String> names;
        try {
            names = StudyLoader.names(project);
        } catch (IOException e) {
            err.println("error: cannot list " + project.resolve(StudyLoader.STUDIES_DIRECTORY) + ": " + e);
            return Benchmark.EXIT_FAILED;
        }
        if (names.isEmpty()) {
            err.println("error: no study in " + project.resolve(StudyLoader.STUDIES_DIRECTORY)
                    + " (each is a folder NAME with a study.yaml)");
            return Benchmark.EXIT_FAILED;
        }
        int width = names.stream().mapToInt(String::length).max().orElse(0);
        boolean failed = false;
        for (String name : names) {
            try {
                Study study = StudyLoader.load(StudyLoader.fileOf(project, name), project);
                out.printf(
                        "%-" + width + "s  %-24s %2d experiments %4d figures  %s%n",
                        name,
                        String.join(",", study.systems()),
                        study.experiments().size(),
                        study.figures().size(),
                        study.title());
            } catch (ConfigException e) {
                e.problems().forEach(problem -> err.println("error: " + problem));
                failed = true;
            }
        }
        return failed ? Benchmark.EXIT_FAILED : Benchmark.EXIT_OK;
    }

    private static int show(String name, PrintStream out, PrintStream err, Path project) {
        List<String> names;
        try {
            names = StudyLoader.names(project);
        } catch (IOException e) {
            err.println("error: cannot list " + project.resolve(StudyLoader.STUDIES_DIRECTORY) + ": " + e);
            return Benchmark.EXIT_FAILED;
        }
        if (!names.contains(name)) {
            err.println("error: no study '" + name + "'" + Suggestions.didYouMean(name, names) + namesHint(project));
            return Benchmark.EXIT_USAGE;
        }
        Study study;
        try {
            study = StudyLoader.load(StudyLoader.fileOf(project, name), project);
        } catch (ConfigException e) {
            e.problems().forEach(problem -> err.println("error: " + problem));
            return Benchmark.EXIT_FAILED;
        }
        out.print(describe(study, project));
        return Benchmark.EXIT_OK;
    }

    /** The text of {@code study show}. */
    static String describe(Study study, Path project) {
        StringBuilder text = new StringBuilder();
        text.append(study.name()).append(": ").append(study.title()).append('\n');
        text.append("Source: ").append(study.source()).append('\n');
        text.append("File: ")
                .append(project.relativize(StudyLoader.fileOf(project, study.name()))
                        .toString()
                        .replace('\\', '/'))
                .append('\n');
        Study.Setup setup = study.setup();
        text.append("\nSetup\n");
        row(text, "hardware", setup.hardware());
        row(text, "brokers", setup.brokers() + (setup.brokerNote() == null ? "" : " (" + setup.brokerNote() + ")"));
        row(
                text,
                "versions",
                setup.versions().entrySet().stream()
                        .map(version -> version.getKey() + " " + version.getValue())
                        .collect(Collectors.joining(", ")));
        row(text, "replication", setup.replication());
        row(text, "fsync", setup.fsync());
        row(text, "disks", setup.disks());
        row(text, "network", setup.network());
        row(text, "runs", setup.runs());
        text.append("\nExperiments\n");
        for (Experiment experiment : study.experiments()) {
            text.append("  ")
                    .append(experiment.name())
                    .append(experiment.description() == null ? "" : ": " + experiment.description())
                    .append('\n');
            text.append("    workload   ").append(experiment.workload()).append('\n');
            for (Map.Entry<String, Experiment.DriverSettings> driver :
                    experiment.drivers().entrySet()) {
                text.append(String.format(
                        "    %-10s %s", driver.getKey(), driver.getValue().file()));
                driver.getValue()
                        .set()
                        .forEach(setting -> text.append(" --set ").append(setting));
                text.append('\n');
            }
            if (!experiment.overrides().isEmpty()) {
                text.append("    overrides  ")
                        .append(String.join(" ", experiment.overrides()))
                        .append('\n');
            }
            if (experiment.broker() != null) {
                text.append("    broker     ").append(experiment.broker()).append('\n');
            }
            for (String system : experiment.systems()) {
                text.append("    run        ")
                        .append(experiment.commandLine(system))
                        .append('\n');
            }
        }
        text.append("\nFigures (").append(study.figures().size()).append(")\n");
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"id", "experiment", "system", "metric", "stat", "value", "unit", "", "configuration"});
        for (Figure figure : study.figures()) {
            rows.add(new String[] {
                figure.id(),
                figure.experiment(),
                figure.system(),
                figure.metric().name(),
                figure.percentile() == null ? "-" : figure.percentile().toString(),
                figure.valueText(),
                figure.unit().toString(),
                figure.uncertain() ? "uncertain" : "",
                figure.configuration()
            });
        }
        int[] widths = new int[rows.get(0).length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder("  ");
            for (int i = 0; i < row.length; i++) {
                boolean number = i == 5;
                String cell = row[i];
                String padded = i == row.length - 1
                        ? cell
                        : number
                                ? " ".repeat(widths[i] - cell.length()) + cell
                                : cell + " ".repeat(widths[i] - cell.length());
                line.append(padded).append(i == row.length - 1 ? "" : "  ");
            }
            text.append(line.toString().stripTrailing()).append('\n');
        }
        List<Figure> uncertain =
                study.figures().stream().filter(Figure::uncertain).toList();
        if (!uncertain.isEmpty()) {
            text.append("\nUncertain figures\n");
            uncertain.forEach(figure -> text.append("  ")
                    .append(figure.id())
                    .append(": ")
                    .append(figure.reason())
                    .append('\n'));
        }
        if (!study.unpublished().isEmpty()) {
            text.append("\nNot published as a number (")
                    .append(study.unpublished().size())
                    .append(")\n");
            study.unpublished()
                    .forEach(item -> text.append("  ")
                            .append(Study.runReference(item.experiment(), item.system()))
                            .append(": ")
                            .append(item.what())
                            .append("; ")
                            .append(item.source())
                            .append('\n'));
        }
        if (!study.claims().isEmpty()) {
            text.append("\nClaims (").append(study.claims().size()).append(")\n");
            for (Study.Claim claim : study.claims()) {
                text.append("  ")
                        .append(claim.id())
                        .append(": ")
                        .append(claim.text())
                        .append('\n');
                String compared = claimMetric(claim.metric(), claim.percentile());
                if (claim.order() == null) {
                    text.append(String.format(
                            "    %-10s %s of %s over %s of %s, %s%n",
                            "ratio",
                            compared,
                            claim.of(),
                            claimMetric(claim.metric(), claim.overPercentile()),
                            claim.over(),
                            ratioBounds(claim)));
                } else {
                    String sign = claim.order() == Study.Order.increasing ? " < " : " > ";
                    text.append(String.format(
                            "    %-10s %s: %s%n", claim.order().name(), compared, String.join(sign, claim.runs())));
                }
                if (!claim.varies().isEmpty()) {
                    text.append(String.format("    %-10s %s%n", "about", String.join(", ", claim.varies())));
                }
                List<String> figures = figuresBehind(study, claim);
                text.append(String.format(
                        "    %-10s %s%n",
                        "figures", figures.isEmpty() ? "none published" : String.join(", ", figures)));
                text.append(String.format("    %-10s %s%n", "source", claim.source()));
            }
        }
        return text.toString();
    }

    private static String claimMetric(Figure.Metric metric, Figure.Percentile percentile) {
        return metric.name() + (percentile == null ? "" : " " + percentile);
    }

    /** A ratio claim's bounds in words: {@code at least 1.5}, {@code at most 1.25}, {@code between 1.5 and 3}. */
    private static String ratioBounds(Study.Claim claim) {
        if (claim.min() != null && claim.max() != null) {
            return "between " + plain(claim.min()) + " and " + plain(claim.max());
        }
        return claim.min() != null ? "at least " + plain(claim.min()) : "at most " + plain(claim.max());
    }

    private static String plain(double number) {
        return BigDecimal.valueOf(number).stripTrailingZeros().toPlainString();
    }

    /**
     * The ids of the published figures a claim restates: those of its runs with its metric and statistic, and
     * the ratios between two of its runs of the matching kind ({@code throughputRatio} for a rate,
     * {@code latencyRatio} of the same statistic for an end-to-end latency).
     */
    static List<String> figuresBehind(Study study, Study.Claim claim) {
        List<String> runs = claim.order() == null ? List.of(claim.of(), claim.over()) : claim.runs();
        List<String> ids = new ArrayList<>();
        for (Figure figure : study.figures()) {
            boolean behind;
            if (figure.isRatio()) {
                Figure.Metric ratioOf = figure.metric() == Figure.Metric.throughputRatio
                        ? Figure.Metric.publishRate
                        : Figure.Metric.endToEndLatency;
                behind = runs.contains(figure.of())
                        && runs.contains(figure.over())
                        && ratioOf == claim.metric()
                        && Objects.equals(figure.percentile(), claim.percentile());
            } else {
                String run = Study.runReference(figure.experiment(), figure.system());
                boolean overStatistic = claim.order() == null
                        && run.equals(claim.over())
                        && Objects.equals(figure.percentile(), claim.overPercentile());
                behind = runs.contains(run)
                        && figure.metric() == claim.metric()
                        && (Objects.equals(figure.percentile(), claim.percentile()) || overStatistic);
            }
            if (behind) {
                ids.add(figure.id());
            }
        }
        return ids;
    }

    private static void row(StringBuilder text, String key, String value) {
        if (value != null) {
            text.append(String.format("  %-12s %s%n", key, value));
        }
    }

    /** "; the studies are …" (or that there is none), for an error about a study name; empty when unreadable. */
    static String namesHint(Path project) {
        try {
            List<String> names = StudyLoader.names(project);
            return names.isEmpty()
                    ? "; there is no study in " + project.resolve(StudyLoader.STUDIES_DIRECTORY)
                    : "; the studies are " + String.join(", ", names);
        } catch (IOException e) {
            return "";
        }
    }

    /** The names of the studies of this process's project directory, for completion; none when unreadable. */
    static List<String> studyNames() {
        try {
            return StudyLoader.names(projectDirectory());
        } catch (IOException e) {
            return List.of();
        }
    }

    /** The installation root {@code bin/benchmark} passes, else the current directory. */
    static Path projectDirectory() {
        PayloadSearch search = PayloadSearch.ofThisProcess();
        return search.installationRoot().orElse(search.currentDirectory());
    }
}
