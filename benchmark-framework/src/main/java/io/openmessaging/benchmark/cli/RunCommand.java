package io.openmessaging.benchmark.cli;

import com.beust.jcommander.Parameter;
import com.beust.jcommander.ParametersDelegate;
import io.openmessaging.benchmark.config.ConfigException;
import io.openmessaging.benchmark.config.YamlMapping;
import io.openmessaging.benchmark.coordinator.Defaults;
import io.openmessaging.benchmark.coordinator.FaultSchedule;
import io.openmessaging.benchmark.coordinator.RunOptions;
import io.openmessaging.benchmark.coordinator.WorkerRoles;
import io.openmessaging.benchmark.coordinator.WorkloadRunner;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.SystemClock;
import io.openmessaging.benchmark.drivers.DriverConfigurationLoader;
import io.openmessaging.benchmark.drivers.DriverRegistry;
import io.openmessaging.benchmark.report.Numbers;
import io.openmessaging.benchmark.report.RunSummary;
import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.workload.DriverAssignments;
import io.openmessaging.benchmark.workload.DriverConfiguration;
import io.openmessaging.benchmark.workload.PayloadFiles;
import io.openmessaging.benchmark.workload.Workload;
import io.openmessaging.benchmark.workload.WorkloadLoader;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The main command: runs every workload with every driver and writes one result file per pair. */
final class RunCommand {

    @Parameter(
            names = {"-d", "--drivers"},
            description = "Driver YAML files, comma-separated or repeated (each workload runs with each driver)")
    List<String> drivers = new ArrayList<>();

    @Parameter(description = "WORKLOAD.yaml…")
    List<String> workloads = new ArrayList<>();

    @ParametersDelegate
    WorkerOptions workerOptions = new WorkerOptions();

    @Parameter(
            names = {"-x", "--extra"},
            description = "Extra consumer workers: a third of the workers produce instead of half (distributed mode)")
    boolean extraConsumers;

    @Parameter(
            names = "--topology",
            description = "Placement on workers: SPLIT (upstream's producer/consumer"
                    + " roles) or SWARM (every worker produces a share and runs every subscription's consumers). Default:"
                    + " SPLIT, or SWARM for the Redpanda fork's swarm driverClass")
    WorkerRoles.Topology topology;

    @Parameter(
            names = "--set",
            splitter = NoSplitter.class,
            description = "Workload key=value over every workload file, repeatable, e.g."
                    + " --set producerRate=20000 --set testDuration=5m; driver.KEY=VALUE or driver.BLOCK.PROPERTY=VALUE over"
                    + " every driver file, e.g. --set driver.producerConfig.linger.ms=5; the value is taken whole, commas"
                    + " included (recorded in the result's command line)")
    List<String> assignments = new ArrayList<>();

    @Parameter(
            names = "--fault",
            splitter = NoSplitter.class,
            description = "AT=COMMAND, repeatable: run COMMAND (by /bin/sh -c, on this machine) AT into the measured"
                    + " phase, e.g. --fault '20s=ssh broker-1 sudo systemctl kill -s KILL kafka'; the result lists each"
                    + " with when it ran and how it ended (faults)")
    List<String> faultTexts = new ArrayList<>();

    /** {@link #faultTexts}, parsed by {@link #setUp}. */
    private List<FaultSchedule.Fault> faults = List.of();

    @Parameter(
            names = {"-v", "--service-version"},
            description = "Version of the system under test, stored as the result's version (the Redpanda fork's"
                    + " option; default: the broker version the driver reads, when it can)")
    String serviceVersion;

    @Parameter(
            names = {"-o", "--output"},
            description = "Result file name, a file in a directory: its .hlog files go beside it (with several runs,"
                    + " each gets a numbered suffix; never overwrites; not standard output or a device)")
    String output;

    String outputDir = Defaults.OUTPUT_DIR;
    boolean outputDirGiven;

    @Parameter(names = "--output-dir", description = "Directory for result files (with -o: where a relative -o goes)")
    void outputDir(String directory) {
        outputDir = directory;
        outputDirGiven = true;
    }

    static final long MAX_TIMEOUT_SECONDS = 86_400;

    @Parameter(
            names = "--readiness-timeout-seconds",
            description = "Bound on waiting until every subscription receives a probe")
    long readinessTimeoutSeconds = Defaults.READINESS_TIMEOUT.toSeconds();

    @Parameter(
            names = "--drain-timeout-seconds",
            description = "Bound on waiting for in-flight messages after the load stopped")
    long drainTimeoutSeconds = Defaults.DRAIN_TIMEOUT.toSeconds();

    @Parameter(
            names = "--stall-timeout-seconds",
            description = "Fail the run when no send completes or fails for this long")
    long stallTimeoutSeconds = Defaults.STALL_TIMEOUT.toSeconds();

    @Parameter(
            names = "--worker-lease-seconds",
            description = "How long a worker keeps running the load without hearing from this coordinator"
                    + " (renewed every second; default: 3 + the stall timeout)")
    Long workerLeaseSeconds;

    @Parameter(names = "--latency-digits", description = "HdrHistogram significant digits (1-5)")
    int latencyDigits = Defaults.LATENCY_SIGNIFICANT_DIGITS;

    /** The command line as typed ({@link TypedCommandLine}): set by whoever parsed the arguments into this object. */
    List<String> typedArguments = List.of(TypedCommandLine.PROGRAM);

    @Parameter(
            names = "--dry-run",
            description = "Check the options, every workload and driver file (as a run reads them, --set included)"
                    + " and the output directory, then stop: no driver connects, nothing runs; exit code 0 when the"
                    + " command line would start")
    boolean dryRun;

    @Parameter(
            names = {"-h", "--help"},
            help = true,
            description = "Show this help")
    boolean help;

    @Parameter(
            names = {"-V", "--version"},
            help = true,
            description = "Print the tool's version and the commit it was built from")
    boolean version;

    int execute(PrintStream out, PrintStream err, boolean installSignalHandler) {
        if (drivers.isEmpty() || workloads.isEmpty()) {
            err.println("error: give at least one driver (-d DRIVER.yaml) and one workload file;"
                    + " e.g. bin/benchmark -d driver-kafka/kafka-local.yaml workloads/1-topic-16-partitions-1kb.yaml");
            return Benchmark.EXIT_USAGE;
        }
        Setup setup;
        try {
            setup = setUp(err);
        } catch (CommandFailure e) {
            err.println("error: " + e.getMessage());
            return e.exitCode();
        }
        if (dryRun) {
            out.println(dryRunSummary(setup));
            return Benchmark.EXIT_OK;
        }
        RunOptions options = runOptions(outputFile());
        int exitCode = Benchmark.EXIT_OK;
        for (Workload workload : setup.workloads()) {
            for (DriverConfiguration driverConfiguration : setup.drivers()) {
                int code = runOne(
                                workload,
                                driverConfiguration,
                                setup,
                                options,
                                commandLine(),
                                out,
                                err,
                                installSignalHandler)
                        .exitCode();
                if (code == Benchmark.EXIT_INTERRUPTED) {
                    return code;
                }
                exitCode = Math.max(exitCode, code);
            }
        }
        return exitCode;
    }

    /**
     * What every run of one command line shares: workers, token, the checked workload and driver files, and
     * what each driver said of its file that does not stop the run ({@link BenchmarkDriver#configWarnings}).
     */
    record Setup(
            List<String> workerUrls,
            String token,
            List<Workload> workloads,
            List<DriverConfiguration> drivers,
            Map<DriverConfiguration, List<String>> configWarnings) {}

    /** One run's exit code and, when it was written, its result file and result. */
    record Outcome(int exitCode, Path resultFile, TestResult result) {}

    /** A command line that cannot run, with the exit code to end with. */
    static final class CommandFailure extends Exception {
        private final int exitCode;

        CommandFailure(int exitCode, String message) {
            super(message);
            this.exitCode = exitCode;
        }

        int exitCode() {
            return exitCode;
        }
    }

    /**
     * Checks the options and loads every workload and driver file; used by the run and sweep commands. Prints
     * the drivers' warnings about their files on {@code err}, once for the whole command line.
     */
    Setup setUp(PrintStream err) throws CommandFailure {
        return setUp(err, true);
    }

    /**
     * As {@link #setUp(PrintStream)}; with {@code checkOutput} false the output directory is left alone (not
     * made, not probed), for a check of the files alone.
     */
    Setup setUp(PrintStream err, boolean checkOutput) throws CommandFailure {
        try {
            faults = faultTexts.stream().map(FaultSchedule::parse).toList();
        } catch (IllegalArgumentException e) {
            throw new CommandFailure(Benchmark.EXIT_USAGE, e.getMessage());
        }
        for (String assignment : assignments) {
            String problem = DriverAssignments.isDriverAssignment(assignment)
                    ? DriverAssignments.syntaxProblem(assignment)
                    : YamlMapping.assignmentProblem(assignment);
            if (problem != null) {
                throw new CommandFailure(Benchmark.EXIT_USAGE, problem);
            }
        }
        if (workerOptions.bothGiven()) {
            throw new CommandFailure(Benchmark.EXIT_USAGE, "give either --workers or --workers-file, not both");
        }
        List<String> workerUrls;
        String token;
        try {
            workerUrls = workerOptions.urls();
            token = workerOptions.token();
        } catch (IOException e) {
            throw new CommandFailure(Benchmark.EXIT_USAGE, e.getMessage());
        }
        if (workerUrls.isEmpty() && (extraConsumers || (topology != null && topology != WorkerRoles.Topology.SPLIT))) {
            throw new CommandFailure(
                    Benchmark.EXIT_USAGE,
                    "--extra and --topology apply to distributed runs; give --workers or --workers-file");
        }
        if (latencyDigits < 1 || latencyDigits > 5) {
            throw new CommandFailure(Benchmark.EXIT_USAGE, "--latency-digits must be 1 to 5, got " + latencyDigits);
        }
        requireSeconds("--readiness-timeout-seconds", readinessTimeoutSeconds);
        requireSeconds("--drain-timeout-seconds", drainTimeoutSeconds);
        requireSeconds("--stall-timeout-seconds", stallTimeoutSeconds);
        if (workerLeaseSeconds != null && (workerLeaseSeconds < 3 || workerLeaseSeconds > MAX_TIMEOUT_SECONDS)) {
            throw new CommandFailure(
                    Benchmark.EXIT_USAGE,
                    "--worker-lease-seconds must be 3 to " + MAX_TIMEOUT_SECONDS + ", got " + workerLeaseSeconds);
        }
        DriverRegistry registry = new DriverRegistry();
        List<Workload> loadedWorkloads = new ArrayList<>();
        List<DriverConfiguration> loadedDrivers = new ArrayList<>();
        Map<DriverConfiguration, List<String>> configWarnings = new LinkedHashMap<>();
        try {
            List<Integer> messageBytes = new ArrayList<>();
            for (String file : workloads) {
                Workload workload = WorkloadLoader.load(Path.of(file), workloadAssignments());
                loadedWorkloads.add(workload);
                messageBytes.add(PayloadFiles.messageBytes(workload));
            }
            List<String> problems = new ArrayList<>();
            for (String file : drivers) {
                DriverConfiguration configuration = DriverConfigurationLoader.load(
                        Path.of(file),
                        registry,
                        assignments.stream()
                                .filter(DriverAssignments::isDriverAssignment)
                                .toList());
                try (BenchmarkDriver driver = registry.newConfiguredDriver(configuration)) {
                    List<String> warnings = driver.configWarnings();
                    warnings.forEach(warning -> err.println("warning: " + warning));
                    configWarnings.put(configuration, warnings);
                    for (int i = 0; i < loadedWorkloads.size(); i++) {
                        problems.addAll(PayloadFiles.loadProblems(loadedWorkloads.get(i), messageBytes.get(i), driver));
                    }
                }
                loadedDrivers.add(configuration);
            }
            if (!problems.isEmpty()) {
                throw new CommandFailure(Benchmark.EXIT_FAILED, String.join("\nerror: ", problems));
            }
        } catch (CommandFailure e) {
            throw e;
        } catch (ConfigException e) {
            throw new CommandFailure(Benchmark.EXIT_FAILED, e.getMessage());
        } catch (Exception e) {
            throw new CommandFailure(Benchmark.EXIT_FAILED, e.toString());
        }
        if (checkOutput) {
            checkOutputDirectory();
        }
        return new Setup(workerUrls, token, loadedWorkloads, loadedDrivers, configWarnings);
    }

    /** What {@code --dry-run} prints when the command line would start: what was checked, and that nothing ran. */
    static String dryRunSummary(Setup setup) {
        return "dry run: the options, " + setup.workloads().size() + " workload file(s) and "
                + setup.drivers().size() + " driver file(s) are valid; nothing ran";
    }

    /** The {@code --set} assignments of workload keys, as typed (the others are {@code driver.…}). */
    List<String> workloadAssignments() {
        return assignments.stream()
                .filter(assignment -> !DriverAssignments.isDriverAssignment(assignment))
                .toList();
    }

    /** A timeout option must be 1 s … one day: 0 or less would fail every run at once. */
    private static void requireSeconds(String option, long seconds) throws CommandFailure {
        if (seconds < 1 || seconds > MAX_TIMEOUT_SECONDS) {
            throw new CommandFailure(
                    Benchmark.EXIT_USAGE,
                    option + " must be 1 to " + MAX_TIMEOUT_SECONDS + " (seconds, one day), got " + seconds);
        }
    }

    /**
     * The {@code -o} file: as given, or inside {@code --output-dir} when that is given too and the name is
     * relative; {@code null} for the default names.
     */
    Path outputFile() {
        if (output == null) {
            return null;
        }
        Path file = Path.of(output);
        return outputDirGiven && !file.isAbsolute() ? Path.of(outputDir).resolve(file) : file;
    }

    /**
     * Makes sure results can be written where they go, before anything runs: refuses an {@code -o} that is
     * not a file in a directory ({@link OutputFile#runOutputProblem}), creates the directory and writes, syncs
     * and deletes a probe file in it; says why not.
     */
    private void checkOutputDirectory() throws CommandFailure {
        Path file = outputFile();
        String problem = file == null ? null : OutputFile.runOutputProblem(output, file);
        if (problem != null) {
            throw new CommandFailure(Benchmark.EXIT_USAGE, problem);
        }
        Path directory =
                file == null ? Path.of(outputDir) : file.toAbsolutePath().getParent();
        try {
            ResultFiles.probeWritable(directory);
        } catch (IOException | SecurityException e) {
            throw new CommandFailure(
                    Benchmark.EXIT_USAGE,
                    "results cannot be written in " + directory + " (" + ResultFiles.reason(e)
                            + "); choose another --output-dir or -o");
        }
    }

    /** The run options of this command line, writing to {@code explicitOutputFile} (or the default names when null). */
    RunOptions runOptions(Path explicitOutputFile) {
        return new RunOptions(
                        Path.of(outputDir),
                        explicitOutputFile,
                        Duration.ofSeconds(readinessTimeoutSeconds),
                        Duration.ofSeconds(drainTimeoutSeconds),
                        Duration.ofSeconds(stallTimeoutSeconds),
                        latencyDigits,
                        Defaults.WORKER_UNREACHABLE_TIMEOUT,
                        workerLeaseSeconds != null
                                ? Duration.ofSeconds(workerLeaseSeconds)
                                : Defaults.workerLease(Duration.ofSeconds(stallTimeoutSeconds)))
                .withFaults(faults);
    }

    /** Runs {@code workload} with one driver and writes its result; {@code commandLine} goes into the metadata. */
    Outcome runOne(
            Workload workload,
            DriverConfiguration driverConfiguration,
            Setup setup,
            RunOptions options,
            List<String> commandLine,
            PrintStream out,
            PrintStream err,
            boolean installSignalHandler) {
        WorkloadRunner runner = new WorkloadRunner(
                new WorkloadRunner.Workers(setup.workerUrls(), setup.token(), extraConsumers),
                options,
                serviceVersion,
                commandLine,
                (run, result, to) ->
                        RunSummary.lines(result, target(run, result)).forEach(to::println),
                SystemClock.INSTANCE,
                out,
                err,
                installSignalHandler);
        WorkloadRunner.Outcome outcome = runner.run(
                workload,
                driverConfiguration,
                setup.configWarnings().getOrDefault(driverConfiguration, List.of()),
                configuration -> topology(configuration, out));
        int exitCode = switch (outcome.status()) {
            case PASSED -> Benchmark.EXIT_OK;
            case FAILED -> Benchmark.EXIT_FAILED;
            case INTERRUPTED -> Benchmark.EXIT_INTERRUPTED;
            case REFUSED -> Benchmark.EXIT_USAGE;
        };
        return new Outcome(exitCode, outcome.resultFile(), outcome.result());
    }

    /** --topology, else what the driver file's driverClass implies, else SPLIT. */
    WorkerRoles.Topology topology(DriverConfiguration driverConfiguration, PrintStream out) {
        String implied = driverConfiguration.impliedTopology();
        if (topology != null) {
            if (implied != null && !implied.equals(topology.name())) {
                out.printf(
                        "note: %s names a driverClass that places workers %s; --topology %s wins%n",
                        driverConfiguration.sourceName(), implied, topology);
            }
            return topology;
        }
        return implied != null ? WorkerRoles.Topology.valueOf(implied) : WorkerRoles.Topology.SPLIT;
    }

    /** What the measured phase aimed at, for the summary: the workload's rate, the searched one, or the plan. */
    private static String target(Workload workload, TestResult result) {
        if (workload.ratePlan() != null) {
            return "target: a rate plan of " + workload.ratePlan().steps().size() + " steps (the result's rateSteps)";
        }
        if (workload.producerRate() > 0) {
            return "target " + Numbers.format(workload.producerRate()) + " msg/s";
        }
        return result.rateSearch != null && result.rateSearch.foundRateMsgPerSec != null
                ? "target " + Numbers.format(result.rateSearch.foundRateMsgPerSec) + " msg/s (found by the search)"
                : "target: none (the max-rate search found no sustainable rate)";
    }

    /** The command line as typed, for the result's metadata ({@link TypedCommandLine}). */
    List<String> commandLine() {
        return typedArguments;
    }
}
