package io.openmessaging.benchmark.study;

import io.openmessaging.benchmark.config.ConfigException;
import io.openmessaging.benchmark.config.ConfigKey;
import io.openmessaging.benchmark.config.ConfigSchema;
import io.openmessaging.benchmark.config.ConfigValues;
import io.openmessaging.benchmark.config.InvalidValue;
import io.openmessaging.benchmark.config.Suggestions;
import io.openmessaging.benchmark.config.YamlMapping;
import io.openmessaging.benchmark.config.YamlNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Reads and checks study files ({@link StudySchema}): every key of the top level, the setup, each experiment,
 * each system's driver settings and each figure, then what refers to something else: the workload and
 * driver files exist in the project directory, each system has driver settings whose file is that system's,
 * each figure names an experiment of the study and one of its systems. Every problem is reported at once, one
 * a line, as {@code file:line:column: key: …}.
 *
 * <p>Paths in a study file are relative to the <em>project directory</em>: the directory that holds {@code
 * studies/} when the file is under one ({@link #projectDirectoryOf}), as the repository and the unpacked
 * package are laid out.
 */
public final class StudyLoader {

    /** The directory of the project directory that holds one folder per study. */
    public static final String STUDIES_DIRECTORY = "studies";

    /** The file in a study's folder that describes it. */
    public static final String STUDY_FILE = "study.yaml";

    private StudyLoader() {}

    /** Whether a file's top level is a study's (it has the {@code study} key). */
    public static boolean isStudyFile(YamlMapping mapping) {
        return mapping.has(StudySchema.STUDY.name());
    }

    /**
     * The project directory of {@code studyFile}: the parent of the nearest enclosing {@code studies}
     * directory, or {@code fallback} when the file is under none.
     */
    public static Path projectDirectoryOf(Path studyFile, Path fallback) {
        Path directory = studyFile.toAbsolutePath().normalize().getParent();
        while (directory != null) {
            if (directory.getFileName() != null
                    && directory.getFileName().toString().equals(STUDIES_DIRECTORY)
                    && directory.getParent() != null) {
                return directory.getParent();
            }
            directory = directory.getParent();
        }
        return fallback;
    }

    /** The names of the studies of {@code projectDirectory}: its {@code studies/NAME/study.yaml}, sorted. */
    public static List<String> names(Path projectDirectory) throws IOException {
        Path studies = projectDirectory.resolve(STUDIES_DIRECTORY);
        if (!Files.isDirectory(studies)) {
            return List.of();
        }
        try (Stream<Path> folders = Files.list(studies)) {
            return folders.filter(folder -> Files.isRegularFile(folder.resolve(STUDY_FILE)))
                    .map(folder -> folder.getFileName().toString())
                    .sorted()
                    .toList();
        }
    }

    /** The file of the study called {@code name} in {@code projectDirectory} (which may not exist). */
    public static Path fileOf(Path projectDirectory, String name) {
        return projectDirectory.resolve(STUDIES_DIRECTORY).resolve(name).resolve(STUDY_FILE);
    }

    /** Reads and checks the study file {@code file}; its paths are relative to its project directory. */
    public static Study load(Path file, Path fallbackProjectDirectory) throws ConfigException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ConfigException(ConfigException.at(file.toString(), 0, 0, "cannot read the file: " + e), e);
        }
        return parse(text, file.toString(), projectDirectoryOf(file, fallbackProjectDirectory), folderName(file));
    }

    /**
     * Parses and checks a study.
     *
     * @param yaml the file's text
     * @param sourceName where the text came from, for messages
     * @param projectDirectory what the file's paths are relative to
     * @param folderName the name of the study's folder, which the {@code study} key must equal, or {@code null}
     * @throws ConfigException listing every problem, one a line
     */
    public static Study parse(String yaml, String sourceName, Path projectDirectory, String folderName)
            throws ConfigException {
        ConfigValues top = StudySchema.SCHEMA.read(YamlMapping.read(yaml, sourceName), sourceName);
        List<String> problems = new ArrayList<>();
        String name = top.get(StudySchema.STUDY);
        if (folderName != null && !folderName.equals(name)) {
            problems.add(at(
                    sourceName,
                    top.entry(StudySchema.STUDY),
                    "study: '" + name + "' is not the name of its folder '" + folderName
                            + "'; give the folder's name"));
        }
        Study.Setup setup = setup(top.get(StudySchema.SETUP), sourceName, problems);
        List<Experiment> experiments = new ArrayList<>();
        Map<String, YamlNode> experimentNodes = new LinkedHashMap<>();
        List<YamlNode> items = top.get(StudySchema.EXPERIMENTS).items();
        if (items.isEmpty()) {
            problems.add(at(
                    sourceName,
                    top.entry(StudySchema.EXPERIMENTS),
                    "experiments: the list is empty;" + " give at least one experiment"));
        }
        for (int i = 0; i < items.size(); i++) {
            String path = "experiments[" + i + "]";
            Experiment experiment = experiment(items.get(i), path, sourceName, projectDirectory, problems);
            if (experiment == null) {
                continue;
            }
            if (experimentNodes.containsKey(experiment.name())) {
                problems.add(ConfigException.at(
                        sourceName,
                        items.get(i).line(),
                        items.get(i).column(),
                        path + ".name: '" + experiment.name() + "' is the name of an earlier experiment (line "
                                + experimentNodes.get(experiment.name()).line() + "); give each its own"));
                continue;
            }
            experimentNodes.put(experiment.name(), items.get(i));
            experiments.add(experiment);
        }
        checkPeakExperiments(experiments, experimentNodes, sourceName, problems);
        // a figure may name an experiment that has problems of its own: those are reported once, there
        List<String> declared = items.stream()
                .map(item -> item.fields().get(StudySchema.NAME.name()))
                .filter(nameNode -> nameNode != null && nameNode.text() != null)
                .map(YamlNode::text)
                .distinct()
                .toList();
        List<Figure> figures = readUnique(
                top.get(StudySchema.FIGURES).items(),
                "figures",
                "figure",
                (node, path) -> figure(node, path, sourceName, declared, experiments, problems),
                Figure::id,
                sourceName,
                problems);
        List<Study.Unpublished> unpublished = new ArrayList<>();
        if (top.given(StudySchema.UNPUBLISHED)) {
            List<YamlNode> unpublishedItems = top.get(StudySchema.UNPUBLISHED).items();
            for (int i = 0; i < unpublishedItems.size(); i++) {
                Study.Unpublished item = unpublished(
                        unpublishedItems.get(i), "unpublished[" + i + "]", sourceName, declared, experiments, problems);
                if (item != null) {
                    unpublished.add(item);
                }
            }
        }
        List<Study.Claim> claims = top.given(StudySchema.CLAIMS)
                ? readUnique(
                        top.get(StudySchema.CLAIMS).items(),
                        "claims",
                        "claim",
                        (node, path) -> claim(node, path, sourceName, declared, experiments, problems),
                        Study.Claim::id,
                        sourceName,
                        problems)
                : List.of();
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
        return new Study(
                name,
                top.get(StudySchema.TITLE),
                top.get(StudySchema.SOURCE),
                setup,
                experiments,
                figures,
                unpublished,
                claims,
                sourceName);
    }

    private static Study.Unpublished unpublished(
            YamlNode node,
            String path,
            String sourceName,
            List<String> names,
            List<Experiment> experiments,
            List<String> problems) {
        ConfigValues values = readItem(StudySchema.UNPUBLISHED_SCHEMA, node, path, sourceName, problems);
        if (values == null) {
            return null;
        }
        String reference = Study.runReference(values.get(StudySchema.EXPERIMENT), values.get(StudySchema.SYSTEM));
        if (!checkRun(
                reference, values.entry(StudySchema.EXPERIMENT), path, sourceName, names, experiments, problems)) {
            return null;
        }
        return new Study.Unpublished(
                values.get(StudySchema.EXPERIMENT),
                values.get(StudySchema.SYSTEM),
                values.get(StudySchema.WHAT),
                values.get(StudySchema.UNPUBLISHED_SOURCE));
    }

    private static Study.Claim claim(
            YamlNode node,
            String path,
            String sourceName,
            List<String> names,
            List<Experiment> experiments,
            List<String> problems) {
        ConfigValues values = readItem(StudySchema.CLAIM_SCHEMA, node, path, sourceName, problems);
        if (values == null) {
            return null;
        }
        int before = problems.size();
        Figure.Metric metric = values.get(StudySchema.CLAIM_METRIC);
        Figure.Percentile percentile = values.get(StudySchema.PERCENTILE);
        YamlMapping.Entry metricEntry = values.entry(StudySchema.CLAIM_METRIC);
        boolean latency = metric == Figure.Metric.publishLatency || metric == Figure.Metric.endToEndLatency;
        if (metric != Figure.Metric.publishRate && !latency) {
            problems.add(at(
                    sourceName,
                    metricEntry,
                    path + ".metric: a claim compares publishRate, publishLatency or endToEndLatency, not " + metric));
        } else if (latency && percentile == null) {
            problems.add(at(
                    sourceName,
                    metricEntry,
                    path + ".percentile: missing for " + metric + "; give the statistic compared (e.g. p99)"));
        } else if (!latency && percentile != null) {
            problems.add(at(
                    sourceName,
                    values.entry(StudySchema.PERCENTILE),
                    path + ".percentile: a rate has no statistic; remove it"));
        }
        List<ConfigKey<?>> forms = Stream.of(StudySchema.INCREASING, StudySchema.DECREASING, StudySchema.RATIO)
                .<ConfigKey<?>>map(key -> key)
                .filter(values::given)
                .toList();
        if (forms.size() != 1) {
            problems.add(ConfigException.at(
                    sourceName,
                    node.line(),
                    node.column(),
                    path + ": give exactly one of increasing, decreasing or ratio"
                            + (forms.isEmpty()
                                    ? ""
                                    : ", not "
                                            + String.join(
                                                    " and ",
                                                    forms.stream()
                                                            .map(ConfigKey::name)
                                                            .toList()))));
            return null;
        }
        Study.Order order = null;
        List<String> runs = List.of();
        String of = null;
        String over = null;
        Figure.Percentile overPercentile = percentile;
        Double min = null;
        Double max = null;
        if (values.given(StudySchema.RATIO)) {
            ConfigValues ratio = readItem(
                    StudySchema.RATIO_SCHEMA, values.get(StudySchema.RATIO), path + ".ratio", sourceName, problems);
            if (ratio == null) {
                return null;
            }
            of = ratio.get(StudySchema.RATIO_OF);
            over = ratio.get(StudySchema.RATIO_OVER);
            if (ratio.given(StudySchema.OVER_PERCENTILE)) {
                overPercentile = ratio.get(StudySchema.OVER_PERCENTILE);
                if (!latency) {
                    problems.add(at(
                            sourceName,
                            ratio.entry(StudySchema.OVER_PERCENTILE),
                            path + ".ratio.overPercentile: a rate has no statistic; remove it"));
                }
            }
            min = ratio.get(StudySchema.RATIO_MIN);
            max = ratio.get(StudySchema.RATIO_MAX);
            checkRun(
                    of,
                    ratio.entry(StudySchema.RATIO_OF),
                    path + ".ratio.of",
                    sourceName,
                    names,
                    experiments,
                    problems);
            checkRun(
                    over,
                    ratio.entry(StudySchema.RATIO_OVER),
                    path + ".ratio.over",
                    sourceName,
                    names,
                    experiments,
                    problems);
            if (min == null && max == null) {
                problems.add(at(
                        sourceName,
                        values.entry(StudySchema.RATIO),
                        path + ".ratio: give min, max or both; without a bound no ratio can fail the claim"));
            } else if (min != null && max != null && min > max) {
                problems.add(at(
                        sourceName,
                        values.entry(StudySchema.RATIO),
                        path + ".ratio: min " + min + " is above max " + max));
            }
        } else {
            ConfigKey<List<String>> key =
                    values.given(StudySchema.INCREASING) ? StudySchema.INCREASING : StudySchema.DECREASING;
            order = key == StudySchema.INCREASING ? Study.Order.increasing : Study.Order.decreasing;
            runs = values.get(key);
            YamlMapping.Entry entry = values.entry(key);
            if (runs.size() < 2) {
                problems.add(at(
                        sourceName, entry, path + "." + key.name() + ": give at least two runs (EXPERIMENT/SYSTEM)"));
            }
            for (String run : runs) {
                checkRun(run, entry, path + "." + key.name(), sourceName, names, experiments, problems);
            }
        }
        List<String> varies = values.get(StudySchema.VARIES);
        checkVaries(varies, values.entry(StudySchema.VARIES), path, sourceName, problems);
        if (of != null && of.equals(over) && !varies.isEmpty()) {
            problems.add(at(
                    sourceName,
                    values.entry(StudySchema.VARIES),
                    path + ".varies: the ratio divides two statistics of one run, which differs from itself in"
                            + " nothing; remove it"));
        }
        if (problems.size() > before) {
            return null;
        }
        return new Study.Claim(
                values.get(StudySchema.ID),
                values.get(StudySchema.TEXT),
                values.get(StudySchema.FIGURE_SOURCE),
                metric,
                percentile,
                order,
                runs,
                of,
                over,
                overPercentile,
                min,
                max,
                varies);
    }

    /**
     * Whether {@code reference} ({@code EXPERIMENT/SYSTEM}) names an experiment of the study and one of its
     * systems; adds a problem if not.
     */
    private static boolean checkRun(
            String reference,
            YamlMapping.Entry entry,
            String path,
            String sourceName,
            List<String> names,
            List<Experiment> experiments,
            List<String> problems) {
        int slash = reference.lastIndexOf('/');
        if (slash <= 0 || slash == reference.length() - 1) {
            problems.add(at(
                    sourceName,
                    entry,
                    path + ": '" + reference + "' is not EXPERIMENT/SYSTEM (e.g. " + names.get(0) + "/kafka)"));
            return false;
        }
        String experimentName = reference.substring(0, slash);
        String system = reference.substring(slash + 1);
        if (!names.contains(experimentName)) {
            problems.add(at(
                    sourceName,
                    entry,
                    path + ": '" + experimentName + "' is no experiment of this study"
                            + Suggestions.didYouMean(experimentName, names)
                            + "; the experiments are " + String.join(", ", names)));
            return false;
        }
        Optional<Experiment> experiment = experiments.stream()
                .filter(candidate -> candidate.name().equals(experimentName))
                .findFirst();
        if (experiment.isPresent() && !experiment.get().systems().contains(system)) {
            problems.add(at(
                    sourceName,
                    entry,
                    path + ": '" + system + "' is not one of the systems of experiment '" + experimentName + "'"
                            + Suggestions.didYouMean(system, experiment.get().systems()) + "; they are "
                            + String.join(", ", experiment.get().systems())));
            return false;
        }
        return experiment.isPresent();
    }

    private static Study.Setup setup(YamlNode node, String sourceName, List<String> problems) {
        ConfigValues values = readItem(StudySchema.SETUP_SCHEMA, node, "setup", sourceName, problems);
        if (values == null) {
            return null;
        }
        return new Study.Setup(
                values.get(StudySchema.HARDWARE),
                values.get(StudySchema.BROKERS),
                values.get(StudySchema.BROKER_NOTE),
                values.get(StudySchema.VERSIONS),
                values.get(StudySchema.REPLICATION),
                values.get(StudySchema.FSYNC),
                values.get(StudySchema.DISKS),
                values.get(StudySchema.NETWORK),
                values.get(StudySchema.RUNS));
    }

    private static Experiment experiment(
            YamlNode node, String path, String sourceName, Path projectDirectory, List<String> problems) {
        ConfigValues values = readItem(StudySchema.EXPERIMENT_SCHEMA, node, path, sourceName, problems);
        if (values == null) {
            return null;
        }
        int before = problems.size();
        String workload = values.get(StudySchema.WORKLOAD);
        checkFile(
                projectDirectory,
                workload,
                values.entry(StudySchema.WORKLOAD),
                "a workload file",
                sourceName,
                problems);
        List<String> systems = values.get(StudySchema.SYSTEMS);
        YamlMapping.Entry systemsEntry = values.entry(StudySchema.SYSTEMS);
        if (systems.isEmpty()) {
            problems.add(at(
                    sourceName,
                    systemsEntry,
                    systemsEntry.key() + ": the list is empty; name the systems" + " the experiment ran on"));
        }
        YamlNode driversNode = values.get(StudySchema.DRIVERS);
        Map<String, Experiment.DriverSettings> drivers = new LinkedHashMap<>();
        for (Map.Entry<String, YamlNode> field : driversNode.fields().entrySet()) {
            String system = field.getKey();
            String driverPath = path + ".drivers." + system;
            YamlNode settingsNode = field.getValue();
            if (!systems.contains(system)) {
                problems.add(ConfigException.at(
                        sourceName,
                        settingsNode.line(),
                        settingsNode.column(),
                        driverPath
                                + ": '" + system + "' is not one of the experiment's systems " + systems
                                + Suggestions.didYouMean(system, systems)
                                + "; add it to systems or remove these settings"));
                continue;
            }
            ConfigValues settings = readItem(StudySchema.DRIVER_SCHEMA, settingsNode, driverPath, sourceName, problems);
            if (settings == null) {
                continue;
            }
            String file = settings.get(StudySchema.FILE);
            YamlMapping.Entry fileEntry = settings.entry(StudySchema.FILE);
            if (checkFile(projectDirectory, file, fileEntry, "a driver file", sourceName, problems)) {
                checkDriverOf(projectDirectory.resolve(file), system, fileEntry, sourceName, problems);
            }
            List<String> set = settings.get(StudySchema.SET);
            for (String assignment : set) {
                String problem = YamlMapping.assignmentProblem(assignment);
                if (problem == null && !assignment.startsWith("driver.")) {
                    problem = "'" + assignment + "' is no driver setting; write driver.KEY=VALUE or"
                            + " driver.BLOCK.PROPERTY=VALUE (workload settings go in overrides)";
                }
                if (problem != null) {
                    problems.add(at(sourceName, settings.entry(StudySchema.SET), driverPath + ".set: " + problem));
                }
            }
            drivers.put(system, new Experiment.DriverSettings(file, set));
        }
        for (String system : systems) {
            if (!driversNode.fields().containsKey(system)) {
                problems.add(at(
                        sourceName,
                        values.entry(StudySchema.DRIVERS),
                        path + ".drivers: system '" + system
                                + "' has no driver settings here; give drivers." + system + ".file, a driver file of"
                                + " this repository (e.g. driver-" + system + "/…yaml)"));
            }
        }
        List<String> overrides = values.get(StudySchema.OVERRIDES);
        for (String assignment : overrides) {
            String problem = YamlMapping.assignmentProblem(assignment);
            if (problem == null && assignment.startsWith("driver.")) {
                problem = "'" + assignment + "' is a driver setting; put it in the system's drivers.SYSTEM.set";
            }
            if (problem != null) {
                problems.add(at(sourceName, values.entry(StudySchema.OVERRIDES), path + ".overrides: " + problem));
            }
        }
        Map<String, List<String>> brokerConfig = values.get(StudySchema.BROKER_CONFIG);
        for (String system : brokerConfig.keySet()) {
            if (!systems.contains(system)) {
                problems.add(at(
                        sourceName,
                        values.entry(StudySchema.BROKER_CONFIG),
                        path + ".brokerConfig." + system + ": '" + system + "' is not one of the experiment's systems "
                                + systems + Suggestions.didYouMean(system, systems)));
            }
        }
        boolean peak = values.get(StudySchema.PEAK);
        String peakExperiment = values.get(StudySchema.PEAK_EXPERIMENT);
        Double peakFraction = values.get(StudySchema.PEAK_FRACTION);
        if (peak && peakExperiment != null) {
            problems.add(at(
                    sourceName,
                    values.entry(StudySchema.PEAK_EXPERIMENT),
                    path + ".peakExperiment: given with peak: true; an experiment either searches its peak or"
                            + " runs at a fraction of another's, not both"));
        }
        if ((peakExperiment == null) != (peakFraction == null)) {
            YamlMapping.Entry entry =
                    values.entry(peakExperiment == null ? StudySchema.PEAK_FRACTION : StudySchema.PEAK_EXPERIMENT);
            problems.add(at(
                    sourceName,
                    entry,
                    path + (peakExperiment == null ? ".peakFraction" : ".peakExperiment")
                            + ": give peakExperiment and peakFraction together (the rate is the fraction of that"
                            + " experiment's measured peak)"));
        }
        if (peakFraction != null && !(peakFraction > 0 && peakFraction <= 1)) {
            problems.add(at(
                    sourceName,
                    values.entry(StudySchema.PEAK_FRACTION),
                    path + ".peakFraction: " + peakFraction + " is out of range; give a fraction above 0, at most 1"));
        }
        if (problems.size() > before) {
            return null;
        }
        // sorted as the systems are listed
        Map<String, Experiment.DriverSettings> ordered = new LinkedHashMap<>();
        systems.forEach(system -> ordered.put(system, drivers.get(system)));
        return new Experiment(
                values.get(StudySchema.NAME),
                values.get(StudySchema.DESCRIPTION),
                workload,
                systems,
                ordered,
                values.get(StudySchema.BROKER),
                overrides,
                brokerConfig,
                peak,
                peakExperiment,
                peakFraction);
    }

    /**
     * A {@code peakExperiment} must be an earlier experiment (it runs first) with {@code peak: true} that ran on
     * every system of the experiment naming it.
     */
    private static void checkPeakExperiments(
            List<Experiment> experiments, Map<String, YamlNode> nodes, String sourceName, List<String> problems) {
        List<String> earlier = new ArrayList<>();
        for (Experiment experiment : experiments) {
            String peakName = experiment.peakExperiment();
            if (peakName != null) {
                YamlNode node = nodes.get(experiment.name());
                YamlNode value = node.fields().get(StudySchema.PEAK_EXPERIMENT.name());
                String path = "experiments[" + experiments.indexOf(experiment) + "].peakExperiment";
                Optional<Experiment> peak = experiments.stream()
                        .filter(other -> other.name().equals(peakName))
                        .findFirst();
                String problem = null;
                if (peak.isEmpty() || !earlier.contains(peakName)) {
                    problem = "'" + peakName + "' is no earlier experiment of this study"
                            + Suggestions.didYouMean(peakName, earlier)
                            + "; name one above this one, with peak: true";
                } else if (!peak.get().peak()) {
                    problem = "'" + peakName + "' has no peak: true, so it measures no peak; give one that does";
                } else if (!peak.get().systems().containsAll(experiment.systems())) {
                    List<String> missing = experiment.systems().stream()
                            .filter(system -> !peak.get().systems().contains(system))
                            .toList();
                    problem = "'" + peakName + "' did not run on " + String.join(", ", missing)
                            + ", so it gives no peak for it; its systems are "
                            + String.join(", ", peak.get().systems());
                }
                if (problem != null) {
                    problems.add(ConfigException.at(sourceName, value.line(), value.column(), path + ": " + problem));
                }
            }
            earlier.add(experiment.name());
        }
    }

    /**
     * Each item of a list read by {@code read} (which adds its own problems and gives {@code null} for an item it
     * cannot read), in file order; an item with the id of an earlier one is a problem and left out.
     *
     * @param list the list's key, for the items' paths ({@code figures[3]})
     * @param what what an item is, for the message ({@code figure})
     */
    private static <T> List<T> readUnique(
            List<YamlNode> items,
            String list,
            String what,
            BiFunction<YamlNode, String, T> read,
            Function<T, String> id,
            String sourceName,
            List<String> problems) {
        List<T> kept = new ArrayList<>();
        Map<String, Integer> lines = new LinkedHashMap<>();
        for (int i = 0; i < items.size(); i++) {
            String path = list + "[" + i + "]";
            YamlNode node = items.get(i);
            T item = read.apply(node, path);
            if (item == null) {
                continue;
            }
            Integer earlier = lines.putIfAbsent(id.apply(item), node.line());
            if (earlier != null) {
                problems.add(ConfigException.at(
                        sourceName,
                        node.line(),
                        node.column(),
                        path + ".id: '" + id.apply(item) + "' is the id of an earlier " + what + " (line " + earlier
                                + "); give each its own"));
                continue;
            }
            kept.add(item);
        }
        return kept;
    }

    private static Figure figure(
            YamlNode node,
            String path,
            String sourceName,
            List<String> names,
            List<Experiment> experiments,
            List<String> problems) {
        ConfigValues values = readItem(StudySchema.FIGURE_SCHEMA, node, path, sourceName, problems);
        if (values == null) {
            return null;
        }
        int before = problems.size();
        String experimentName = values.get(StudySchema.EXPERIMENT);
        Optional<Experiment> experiment = experiments.stream()
                .filter(candidate -> candidate.name().equals(experimentName))
                .findFirst();
        if (!names.contains(experimentName)) {
            problems.add(at(
                    sourceName,
                    values.entry(StudySchema.EXPERIMENT),
                    path + ".experiment: '"
                            + experimentName + "' is no experiment of this study"
                            + Suggestions.didYouMean(experimentName, names)
                            + "; the experiments are " + String.join(", ", names)));
        } else if (experiment.isPresent() && !experiment.get().systems().contains(values.get(StudySchema.SYSTEM))) {
            String system = values.get(StudySchema.SYSTEM);
            problems.add(at(
                    sourceName,
                    values.entry(StudySchema.SYSTEM),
                    path + ".system: '" + system
                            + "' is not one of the systems of experiment '" + experimentName + "'"
                            + Suggestions.didYouMean(system, experiment.get().systems()) + "; they are "
                            + String.join(", ", experiment.get().systems())));
        }
        if (values.get(StudySchema.UNCERTAIN) && !values.given(StudySchema.REASON)) {
            problems.add(at(
                    sourceName,
                    values.entry(StudySchema.UNCERTAIN),
                    path + ".uncertain: true needs a"
                            + " reason; say what the figure clashes with or why its attribution is unclear"));
        }
        if (!values.get(StudySchema.UNCERTAIN) && values.given(StudySchema.REASON)) {
            problems.add(at(
                    sourceName,
                    values.entry(StudySchema.REASON),
                    path + ".reason: given for a figure"
                            + " that is not uncertain; add uncertain: true or remove the reason"));
        }
        Figure.Metric metric = values.get(StudySchema.METRIC);
        boolean ratio = metric == Figure.Metric.throughputRatio || metric == Figure.Metric.latencyRatio;
        for (ConfigKey<String> key : List.of(StudySchema.OF, StudySchema.OVER)) {
            if (ratio && !values.given(key)) {
                problems.add(at(
                        sourceName,
                        values.entry(StudySchema.METRIC),
                        path + "." + key.name() + ": missing for the ratio metric " + metric
                                + "; give the run " + (key == StudySchema.OF ? "divided" : "divided by")
                                + " as EXPERIMENT/SYSTEM"));
            } else if (!ratio && values.given(key)) {
                problems.add(at(
                        sourceName,
                        values.entry(key),
                        path + "." + key.name() + ": only a ratio (throughputRatio, latencyRatio) names runs;"
                                + " remove it"));
            } else if (ratio) {
                checkRun(
                        values.get(key),
                        values.entry(key),
                        path + "." + key.name(),
                        sourceName,
                        names,
                        experiments,
                        problems);
            }
        }
        List<String> varies = values.get(StudySchema.VARIES);
        if (!ratio && !varies.isEmpty()) {
            problems.add(at(
                    sourceName,
                    values.entry(StudySchema.VARIES),
                    path + ".varies: only a ratio (throughputRatio, latencyRatio) compares two runs' settings;"
                            + " remove it"));
        } else {
            checkVaries(varies, values.entry(StudySchema.VARIES), path, sourceName, problems);
        }
        if (problems.size() > before || experiment.isEmpty()) {
            return null;
        }
        return new Figure(
                values.get(StudySchema.ID),
                experimentName,
                values.get(StudySchema.SYSTEM),
                values.get(StudySchema.METRIC),
                values.get(StudySchema.PERCENTILE),
                values.get(StudySchema.VALUE),
                values.get(StudySchema.VALUE_MIN),
                values.get(StudySchema.APPROX),
                values.get(StudySchema.BOUND),
                values.get(StudySchema.UNIT),
                values.get(StudySchema.CONFIGURATION),
                values.get(StudySchema.UNCERTAIN),
                values.get(StudySchema.REASON),
                values.get(StudySchema.FIGURE_SOURCE),
                values.get(StudySchema.OF),
                values.get(StudySchema.OVER),
                varies);
    }

    /** The kinds of setting a {@code varies} entry may name, each a prefix of the key. */
    private static final List<String> VARIED_SETTING_KINDS = List.of("driver.", "workload.", "broker.");

    /** Adds a problem for every {@code varies} entry that names no driver, workload or broker setting. */
    private static void checkVaries(
            List<String> varies, YamlMapping.Entry entry, String path, String sourceName, List<String> problems) {
        for (String setting : varies) {
            boolean named = VARIED_SETTING_KINDS.stream()
                    .anyMatch(kind -> setting.startsWith(kind) && setting.length() > kind.length());
            if (!named || setting.contains("=")) {
                problems.add(at(
                        sourceName,
                        entry,
                        path + ".varies: '" + setting + "' names no setting; give driver.KEY, workload.KEY or"
                                + " broker.KEY (e.g. driver.replicationFactor, broker.journalSyncData), as --set"
                                + " names them, without a value"));
            }
        }
    }

    /**
     * Reads a mapping nested in the file by {@code schema}, adding a problem for every key that does not fit
     * (as {@link ConfigSchema#readItem}, which stops at the first); {@code null} when there was one.
     */
    private static ConfigValues readItem(
            ConfigSchema schema, YamlNode node, String path, String sourceName, List<String> problems) {
        if (node.kind() != YamlMapping.Kind.MAPPING) {
            problems.add(ConfigException.at(
                    sourceName,
                    node.line(),
                    node.column(),
                    path + ": found " + node.found() + ", expected a mapping with the keys "
                            + String.join(", ", schema.allowedKeys())));
            return null;
        }
        int before = problems.size();
        ConfigValues values = new ConfigValues();
        for (Map.Entry<String, YamlNode> field : node.fields().entrySet()) {
            YamlNode value = field.getValue();
            Optional<ConfigKey<?>> key = schema.key(field.getKey());
            if (key.isEmpty()) {
                problems.add(ConfigException.at(
                        sourceName,
                        value.line(),
                        value.column(),
                        path + ": unknown key '"
                                + field.getKey() + "'" + Suggestions.didYouMean(field.getKey(), schema.allowedKeys())
                                + "; allowed keys: " + String.join(", ", schema.allowedKeys())));
                continue;
            }
            YamlMapping.Entry entry =
                    YamlMapping.entryOf(path + "." + field.getKey(), value.line(), value.column(), value);
            try {
                values.put(key.get(), key.get().convert(entry), entry);
            } catch (InvalidValue e) {
                problems.add(ConfigException.at(sourceName, e.line(), e.column(), e.getMessage()));
            }
        }
        Set<String> given = new HashSet<>(node.fields().keySet());
        for (ConfigKey<?> key : schema.keys()) {
            if (key.required() && !given.contains(key.name())) {
                problems.add(ConfigException.at(
                        sourceName,
                        node.line(),
                        node.column(),
                        path + ": missing key '" + key.name() + "' (" + key.meaning() + ") Expected " + key.expected()
                                + "."));
            }
        }
        return problems.size() > before ? null : values;
    }

    /** Whether {@code relative} is a regular file of the project directory; adds a problem if not. */
    private static boolean checkFile(
            Path projectDirectory,
            String relative,
            YamlMapping.Entry entry,
            String what,
            String sourceName,
            List<String> problems) {
        Path file = projectDirectory.resolve(relative);
        if (Files.isRegularFile(file)) {
            return true;
        }
        problems.add(at(
                sourceName,
                entry,
                entry.key() + ": '" + relative + "' does not exist in the project" + " directory " + projectDirectory
                        + "; give " + what + " of this repository, relative to it"));
        return false;
    }

    /** Adds a problem when the driver file's {@code driver} key is not {@code system}. */
    private static void checkDriverOf(
            Path driverFile, String system, YamlMapping.Entry entry, String sourceName, List<String> problems) {
        try {
            YamlMapping driver =
                    YamlMapping.read(Files.readString(driverFile, StandardCharsets.UTF_8), driverFile.toString());
            String id = driver.has("driver") ? driver.get("driver").text() : null;
            if (!system.equals(id)) {
                problems.add(at(
                        sourceName,
                        entry,
                        entry.key() + ": '" + entry.text() + "' is a driver file of "
                                + (id == null ? "no driver (it has no driver key)" : "driver '" + id + "'")
                                + ", not of system '" + system + "'; give a driver file whose driver is " + system));
            }
        } catch (IOException | ConfigException e) {
            problems.add(
                    at(sourceName, entry, entry.key() + ": cannot read '" + entry.text() + "': " + e.getMessage()));
        }
    }

    private static String at(String sourceName, YamlMapping.Entry entry, String detail) {
        return entry == null
                ? ConfigException.at(sourceName, 0, 0, detail)
                : ConfigException.at(sourceName, entry.valueLine(), entry.valueColumn(), detail);
    }

    /** The name of the folder of a file under {@code studies/NAME/}, or {@code null} for a file elsewhere. */
    private static String folderName(Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        Path folder = absolute.getParent();
        if (folder == null || folder.getParent() == null || folder.getParent().getFileName() == null) {
            return null;
        }
        return folder.getParent().getFileName().toString().equals(STUDIES_DIRECTORY)
                ? folder.getFileName().toString()
                : null;
    }
}
