package io.openmessaging.benchmark.cli;

import com.beust.jcommander.JCommander;
import com.beust.jcommander.Parameter;
import com.beust.jcommander.ParametersDelegate;
import io.openmessaging.benchmark.config.ConfigException;
import io.openmessaging.benchmark.config.DurationText;
import io.openmessaging.benchmark.config.Suggestions;
import io.openmessaging.benchmark.drivers.DriverRegistry;
import io.openmessaging.benchmark.result.BuildIdentity;
import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.study.Study;
import io.openmessaging.benchmark.study.StudyLoader;
import io.openmessaging.benchmark.studyrun.StudyRunFiles;
import io.openmessaging.benchmark.studyrun.StudyRunRecord;
import io.openmessaging.benchmark.studyrunner.LocalHosts;
import io.openmessaging.benchmark.studyrunner.PlannedRun;
import io.openmessaging.benchmark.studyrunner.StudyRunException;
import io.openmessaging.benchmark.studyrunner.StudyRunPlanner;
import io.openmessaging.benchmark.studyrunner.StudyRunResume;
import io.openmessaging.benchmark.studyrunner.StudyRunSettings;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * {@code bin/benchmark study run NAME}: parses and checks the command line, plans the runs
 * ({@link StudyRunPlanner}), decides what an earlier record in the output directory allows
 * ({@link StudyRunResume}) and hands the runs to {@link StudyRunExecution}. Every option of a plain run
 * (workers, timeouts) applies to every run. Exit code: 0 when every run is done, 1 when one failed (the rest
 * still ran), 2 bad command line, 130 interrupted. See {@code docs/studies.md}.
 */
final class StudyRunCommand {

    static final String USAGE = "usage: bin/benchmark study run NAME [--experiment E]… [--system S]…"
            + " [--local-brokers | --local-hosts] [--driver SYSTEM=FILE]… [--driver-set SYSTEM:driver.KEY=VALUE]…"
            + " [--scale F | --peak-fraction F]"
            + " [--duration D] [--warmup D] [--output-dir DIR] [run options]   (bin/benchmark study run --help)";

    @ParametersDelegate
    RunCommand run = new RunCommand();

    @Parameter(names = "--experiment", description = "Run only this experiment of the study (repeatable)")
    List<String> experiments = new ArrayList<>();

    @Parameter(names = "--system", description = "Run only on this system (repeatable), e.g. kafka")
    List<String> systems = new ArrayList<>();

    @Parameter(
            names = "--local-brokers",
            description = "Start a fresh single-node broker (bin/local-broker) for every run on 127.0.0.1, point"
                    + " the driver at it and stop it after the run; the experiment's brokerConfig is given to it")
    boolean localBrokers;

    @Parameter(
            names = "--local-hosts",
            description = "Per system (kafka, pulsar, rabbitmq) bring up a three-broker cluster on simulated hosts"
                    + " (bin/local-hosts up --layout SYSTEM, deploy), run that system's experiments on it, and take it"
                    + " down; root only")
    boolean localHosts;

    /** Whether this process may bring simulated hosts up (root); tests give their own answer. */
    BooleanSupplier root = LocalHosts::runningAsRoot;

    @Parameter(
            names = "--driver",
            splitter = NoSplitter.class,
            description = "SYSTEM=FILE: your cluster's driver file for SYSTEM instead of the experiment's (its"
                    + " set: settings still apply), repeatable")
    List<String> driverFiles = new ArrayList<>();

    @Parameter(
            names = "--driver-set",
            splitter = NoSplitter.class,
            description =
                    "SYSTEM:driver.KEY=VALUE: a driver setting for SYSTEM only, over everything else," + " repeatable")
    List<String> driverSets = new ArrayList<>();

    @Parameter(
            names = "--scale",
            description = "Multiply every fixed producerRate by this factor (a peak search stays a search), e.g. 0.1")
    Double scale;

    @Parameter(
            names = "--peak-fraction",
            description = "Produce every fixed-rate experiment at this fraction (above 0, at most 1) of the peak that"
                    + " the study's first peak experiment on the same system measured earlier in this study run,"
                    + " instead of its own rate, e.g. 0.5 (not with --scale)")
    Double peakFraction;

    @Parameter(names = "--duration", description = "testDuration of every run, e.g. 1m or 30s")
    String duration;

    @Parameter(names = "--warmup", description = "warmupDuration of every run, e.g. 30s")
    String warmup;

    /** Parses {@code args} (after {@code study run}) and runs the study in {@code project}. */
    static int run(String[] args, PrintStream out, PrintStream err, Path project, boolean installSignalHandler) {
        return run(args, out, err, project, installSignalHandler, LocalHosts::runningAsRoot);
    }

    /** As {@link #run(String[], PrintStream, PrintStream, Path, boolean)}, with {@code root} saying whether root. */
    static int run(
            String[] args,
            PrintStream out,
            PrintStream err,
            Path project,
            boolean installSignalHandler,
            BooleanSupplier root) {
        StudyRunCommand command = new StudyRunCommand();
        command.root = root;
        List<String> typed = new ArrayList<>(TypedCommandLine.ofSubcommand(StudyCommand.NAME, new String[0]));
        typed.add("run");
        typed.addAll(List.of(args));
        command.run.typedArguments = List.copyOf(typed);
        JCommander commander = CommandLineParser.parse("bin/benchmark study run", command, args, USAGE, err);
        if (commander == null) {
            return Benchmark.EXIT_USAGE;
        }
        if (command.run.help) {
            StringBuilder help = new StringBuilder();
            commander.getUsageFormatter().usage(help);
            out.println(USAGE);
            out.print(help);
            out.println("The study file, the record (study-run.json) and resuming: docs/studies.md");
            return Benchmark.EXIT_OK;
        }
        try {
            return command.execute(out, err, project, installSignalHandler);
        } catch (StudyRunException e) {
            err.println("error: " + e.getMessage());
            if (e.exitCode() == Benchmark.EXIT_USAGE && e.getMessage().startsWith("give")) {
                err.println(USAGE);
            }
            return e.exitCode();
        }
    }

    private int execute(PrintStream out, PrintStream err, Path project, boolean installSignalHandler)
            throws StudyRunException {
        if (run.workloads.size() != 1) {
            throw usage("give one study name" + (run.workloads.isEmpty() ? "" : ", got " + run.workloads)
                    + StudyCommand.namesHint(project));
        }
        if (!run.drivers.isEmpty()) {
            throw usage("-d/--drivers: a study run takes each experiment's driver file; give your cluster's as"
                    + " --driver SYSTEM=FILE");
        }
        if (!run.assignments.isEmpty()) {
            throw usage("--set: a study run takes its settings from the study file; use --scale, --duration,"
                    + " --warmup, or --driver-set SYSTEM:driver.KEY=VALUE");
        }
        if (run.output != null) {
            throw usage("-o/--output names one result file; a study run writes one per experiment and system in"
                    + " --output-dir");
        }
        String name = run.workloads.get(0);
        List<String> names;
        try {
            names = StudyLoader.names(project);
        } catch (IOException e) {
            throw new StudyRunException(Benchmark.EXIT_FAILED, "cannot list the studies of " + project + ": " + e);
        }
        if (!names.contains(name)) {
            throw usage(
                    "no study '" + name + "'" + Suggestions.didYouMean(name, names) + StudyCommand.namesHint(project));
        }
        Study study;
        try {
            study = StudyLoader.load(StudyLoader.fileOf(project, name), project);
        } catch (ConfigException e) {
            throw new StudyRunException(Benchmark.EXIT_FAILED, String.join("\nerror: ", e.problems()));
        }
        StudyRunSettings settings = settings();
        List<PlannedRun> runs = StudyRunPlanner.plan(study, project, settings, new DriverRegistry().knownIds());
        if (runs.stream().anyMatch(PlannedRun::localBroker)
                && !Files.isExecutable(project.resolve("bin/local-broker"))) {
            throw usage("--local-brokers starts brokers with " + project.resolve("bin/local-broker")
                    + ", which is not there (the package does not ship it); run from the repository, or give your"
                    + " brokers' driver files with --driver SYSTEM=FILE");
        }
        LocalHosts hosts = localHosts ? checkHosts(project) : null;
        Path directory = Path.of(run.outputDirGiven ? run.outputDir : "results/study-" + name);
        run.outputDir = directory.toString();
        run.outputDirGiven = true;
        StudyRunRecord previous = previousRecord(directory, name, settings);
        checkFiles(runs);
        if (run.dryRun) {
            dryRun(runs, directory, previous, out);
            return Benchmark.EXIT_OK;
        }
        StudyRunRecord record = newRecord(study, project, settings);
        if (previous != null) {
            record.beginTime = previous.beginTime;
        }
        StudyRunExecution execution = new StudyRunExecution(
                run, project, directory, record, previous, runs, settings, hosts, out, err, installSignalHandler);
        return execution.runAll();
    }

    private StudyRunSettings settings() throws StudyRunException {
        Map<String, String> files = new LinkedHashMap<>();
        for (String option : driverFiles) {
            int equals = option.indexOf('=');
            if (equals < 1 || equals == option.length() - 1) {
                throw usage("--driver " + option + ": expected SYSTEM=FILE, e.g. --driver kafka=my-cluster.yaml");
            }
            String file = option.substring(equals + 1);
            if (!Files.isRegularFile(Path.of(file))) {
                throw usage("--driver " + option + ": '" + file + "' is no file (relative to the current directory)");
            }
            files.put(option.substring(0, equals), file);
        }
        Map<String, List<String>> sets = new LinkedHashMap<>();
        for (String option : driverSets) {
            int colon = option.indexOf(':');
            String setting = colon < 1 ? "" : option.substring(colon + 1);
            if (colon < 1 || !setting.startsWith("driver.") || !setting.contains("=")) {
                throw usage("--driver-set " + option + ": expected SYSTEM:driver.KEY=VALUE, e.g. --driver-set"
                        + " kafka:driver.producerConfig.linger.ms=5");
            }
            sets.computeIfAbsent(option.substring(0, colon), system -> new ArrayList<>())
                    .add(setting);
        }
        checkDuration("--duration", duration);
        checkDuration("--warmup", warmup);
        return new StudyRunSettings(
                experiments,
                systems,
                files,
                sets,
                scale == null ? 1.0 : scale,
                duration,
                warmup,
                localBrokers,
                localHosts,
                peakFraction);
    }

    /**
     * What {@code --local-hosts} needs before anything runs: {@code bin/local-hosts} in the project and, unless
     * this is a dry run, root and no simulated hosts already up (one cluster at a time, and this study run takes
     * down what it brings up).
     */
    private LocalHosts checkHosts(Path project) throws StudyRunException {
        LocalHosts hosts = LocalHosts.of(project);
        if (!Files.isExecutable(hosts.script())) {
            throw usage("--local-hosts brings up simulated hosts with " + hosts.script() + ", which is not there (the"
                    + " package does not ship it); run from the repository, or give your brokers' driver files with"
                    + " --driver SYSTEM=FILE");
        }
        if (run.dryRun) {
            return hosts;
        }
        if (!root.getAsBoolean()) {
            throw usage(
                    "--local-hosts needs root (it starts systemd-nspawn hosts): run as root or use --local-brokers");
        }
        boolean up;
        try {
            up = hosts.anyUp();
        } catch (IOException e) {
            throw usage("--local-hosts: cannot tell whether simulated hosts are up: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StudyRunException(Benchmark.EXIT_INTERRUPTED, "interrupted");
        }
        if (up) {
            throw usage("--local-hosts: simulated hosts are already up (bin/local-hosts status); a study run brings"
                    + " up its own, one cluster at a time: take them down with bin/local-hosts down");
        }
        return hosts;
    }

    private static void checkDuration(String option, String text) throws StudyRunException {
        if (text == null) {
            return;
        }
        try {
            DurationText.parse(text);
        } catch (IllegalArgumentException e) {
            throw usage(option + " " + text + ": " + e.getMessage() + "; give e.g. 1m or 30s");
        }
    }

    /** The record already in {@code directory}, when it may be resumed; refuses one that may not. */
    private static StudyRunRecord previousRecord(Path directory, String study, StudyRunSettings settings)
            throws StudyRunException {
        Path file = StudyRunFiles.recordFile(directory);
        if (!Files.exists(file)) {
            return null;
        }
        StudyRunRecord previous;
        try {
            previous = StudyRunFiles.read(file);
        } catch (IOException e) {
            throw usage(e.getMessage() + "; give another --output-dir");
        }
        String refusal = StudyRunResume.refusal(previous, study, settings, directory);
        if (refusal != null) {
            throw usage(refusal);
        }
        return previous;
    }

    private StudyRunRecord newRecord(Study study, Path project, StudyRunSettings settings) {
        StudyRunRecord record = new StudyRunRecord();
        record.study = study.name();
        record.studyFile = project.relativize(StudyLoader.fileOf(project, study.name()))
                .toString()
                .replace('\\', '/');
        record.scale = settings.scale();
        record.peakFraction = settings.peakFraction();
        record.testDurationMinutes = StudyRunResume.minutes(settings.testDuration());
        record.warmupDurationMinutes = StudyRunResume.minutes(settings.warmupDuration());
        record.brokers = settings.brokersMode();
        BuildIdentity build = BuildIdentity.ofThisBuild();
        record.projectVersion = build.version();
        record.gitSha = build.gitSha();
        record.commandLine = String.join(" ", run.typedArguments);
        record.beginTime = ResultFiles.formatTimestamp(java.time.Instant.now());
        record.complete = false;
        return record;
    }

    /**
     * Loads every planned run's workload and driver file with its settings, as the run will, so that a file or a
     * setting that cannot work is refused before any broker starts or any run takes its time; every problem at
     * once, each under its run. A run whose rate comes from a peak measured in this study run is checked at its
     * planned rate.
     */
    private void checkFiles(List<PlannedRun> runs) throws StudyRunException {
        List<String> problems = new ArrayList<>();
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
        for (PlannedRun planned : runs) {
            run.drivers = new ArrayList<>(List.of(planned.driverPath().toString()));
            run.workloads = new ArrayList<>(List.of(planned.workloadPath().toString()));
            run.assignments = new ArrayList<>(planned.driverSettings());
            run.assignments.addAll(planned.workloadSettings());
            try {
                run.setUp(quiet, false);
            } catch (RunCommand.CommandFailure e) {
                problems.add(planned.experiment() + " on " + planned.system() + ": " + e.getMessage());
            }
        }
        if (!problems.isEmpty()) {
            throw new StudyRunException(
                    Benchmark.EXIT_FAILED,
                    problems.size() + " run(s) cannot start with their files and settings; nothing ran:\nerror: "
                            + String.join("\nerror: ", problems));
        }
    }

    static void dryRun(List<PlannedRun> runs, Path directory, StudyRunRecord previous, PrintStream out) {
        for (int i = 0; i < runs.size(); i++) {
            PlannedRun planned = runs.get(i);
            boolean firstOfCluster =
                    planned.localHosts() && (i == 0 || !runs.get(i - 1).system().equals(planned.system()));
            if (firstOfCluster) {
                out.println("hosts: bin/local-hosts up --layout " + planned.system() + "; bin/local-hosts deploy (a"
                        + " three-broker " + planned.system() + " cluster; the runs below take its addresses from"
                        + " the driver file it renders, " + LocalHosts.deployedDriverFile(planned.system()) + ")");
            }
            boolean kept = previous != null
                    && previous.run(planned.experiment(), planned.system())
                            .filter(run -> StudyRunResume.keeps(run, directory))
                            .isPresent();
            out.println("[" + (i + 1) + "/" + runs.size() + "] " + planned.experiment() + " on " + planned.system()
                    + (kept ? ": kept (done in " + directory + ")" : ""));
            out.println("  " + planned.commandLine(directory.toString()));
            if (planned.peakExperiment() != null) {
                out.println("  rate: " + planned.peakFraction() + " of the peak " + planned.peakExperiment()
                        + " measures on " + planned.system());
            }
            if (planned.localBroker()) {
                out.println("  local broker: bin/local-broker " + planned.system() + " start"
                        + planned.brokerConfig().stream()
                                .map(setting -> " --config " + setting)
                                .reduce("", String::concat));
            }
            if (planned.brokerNotApplied() != null) {
                out.println("  not applied: " + planned.brokerNotApplied());
            }
            boolean lastOfCluster = planned.localHosts()
                    && (i == runs.size() - 1 || !runs.get(i + 1).system().equals(planned.system()));
            if (lastOfCluster) {
                out.println("hosts: bin/local-hosts down (the " + planned.system() + " cluster)");
            }
        }
        out.println("dry run: " + runs.size() + " run(s) planned, results in " + directory + "; nothing ran");
    }

    private static StudyRunException usage(String message) {
        return new StudyRunException(Benchmark.EXIT_USAGE, message);
    }
}
