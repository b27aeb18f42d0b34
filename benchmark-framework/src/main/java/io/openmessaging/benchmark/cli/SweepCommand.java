package io.openmessaging.benchmark.cli;

import com.beust.jcommander.JCommander;
import com.beust.jcommander.Parameter;
import com.beust.jcommander.ParametersDelegate;
import io.openmessaging.benchmark.config.ConfigException;
import io.openmessaging.benchmark.coordinator.RunOptions;
import io.openmessaging.benchmark.report.SweepTable;
import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.sweep.StabilityRule;
import io.openmessaging.benchmark.sweep.StepWorkloads;
import io.openmessaging.benchmark.sweep.SweepSteps;
import io.openmessaging.benchmark.sweep.SweepSummary;
import io.openmessaging.benchmark.sweep.SweepSummaryFiles;
import io.openmessaging.benchmark.sweep.SweptParameter;
import io.openmessaging.benchmark.workload.DriverConfiguration;
import io.openmessaging.benchmark.workload.Workload;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code bin/benchmark sweep (--rates|--message-sizes|--partitions|--topics) V1,V2,… -d DRIVER… WORKLOAD}:
 * runs one workload at each value of one parameter with each driver, with every option of a plain run
 * (workers, output directory, timeouts); one result file per step and driver, a summary
 * ({@code sweep.json}) and a table per driver. Exit code: 0 when every step ran to its end (stable or
 * not), 1 when a step failed, 2 bad command line, 130 interrupted. See {@code docs/sweeps.md}.
 */
final class SweepCommand {

    static final String NAME = "sweep";
    static final String USAGE = "usage: bin/benchmark sweep (--rates|--message-sizes|--partitions|--topics) V1,V2,…"
            + " -d DRIVER.yaml… [run options] WORKLOAD.yaml   (bin/benchmark sweep --help for every option)";

    @ParametersDelegate
    RunCommand run = new RunCommand();

    @Parameter(names = "--rates", description = "Sweep producerRate over these msg/s values, e.g. 5000,10000,20000")
    String rates;

    @Parameter(names = "--message-sizes", description = "Sweep messageSize over these byte counts, e.g. 100,1024,10240")
    String messageSizes;

    @Parameter(names = "--partitions", description = "Sweep partitionsPerTopic over these counts, e.g. 1,6,16")
    String partitions;

    @Parameter(names = "--topics", description = "Sweep topics over these counts, e.g. 1,10,100")
    String topics;

    private final CountDownLatch summaryWritten = new CountDownLatch(1);
    private volatile boolean interruptRequested;

    /** Parses {@code args} (without the command name) and runs the sweep. */
    static int run(String[] args, PrintStream out, PrintStream err, boolean installSignalHandler) {
        SweepCommand command = new SweepCommand();
        command.run.typedArguments = TypedCommandLine.ofSubcommand(NAME, args);
        JCommander commander = CommandLineParser.parse("bin/benchmark " + NAME, command, args, USAGE, err);
        if (commander == null) {
            return Benchmark.EXIT_USAGE;
        }
        if (command.run.version) {
            out.println(Benchmark.version());
            return Benchmark.EXIT_OK;
        }
        if (command.run.help) {
            StringBuilder help = new StringBuilder();
            commander.getUsageFormatter().usage(help);
            out.print(help);
            out.println("Details, the stability rule and the summary's fields: docs/sweeps.md");
            return Benchmark.EXIT_OK;
        }
        return command.execute(out, err, installSignalHandler);
    }

    int execute(PrintStream out, PrintStream err, boolean installSignalHandler) {
        Map<SweptParameter, String> given = new LinkedHashMap<>();
        putIfGiven(given, SweptParameter.PRODUCER_RATE, rates);
        putIfGiven(given, SweptParameter.MESSAGE_SIZE, messageSizes);
        putIfGiven(given, SweptParameter.PARTITIONS_PER_TOPIC, partitions);
        putIfGiven(given, SweptParameter.TOPICS, topics);
        if (given.size() != 1) {
            err.println(
                    "error: give exactly one of --rates, --message-sizes, --partitions, --topics (a sweep varies one"
                            + " parameter)"
                            + (given.isEmpty()
                                    ? ""
                                    : "; got "
                                            + String.join(
                                                    ", ",
                                                    given.keySet().stream()
                                                            .map(SweptParameter::option)
                                                            .toList())));
            err.println(USAGE);
            return Benchmark.EXIT_USAGE;
        }
        SweptParameter parameter = given.keySet().iterator().next();
        List<Double> values;
        try {
            values = parameter.parseValues(given.get(parameter));
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return Benchmark.EXIT_USAGE;
        }
        if (run.drivers.isEmpty() || run.workloads.size() != 1) {
            err.println("error: give at least one driver (-d DRIVER.yaml) and exactly one workload file; got "
                    + run.workloads.size() + " workload file(s)");
            err.println(USAGE);
            return Benchmark.EXIT_USAGE;
        }
        for (String assignment : run.workloadAssignments()) {
            if (assignment.strip().startsWith(parameter.workloadKey() + "=")) {
                err.println("error: --set " + assignment + ": the sweep sets " + parameter.workloadKey()
                        + " at every step (" + parameter.option() + "); leave this --set out");
                return Benchmark.EXIT_USAGE;
            }
        }
        if (run.output != null) {
            err.println(
                    "error: -o/--output names one result file; a sweep writes a directory of them, so use --output-dir");
            return Benchmark.EXIT_USAGE;
        }
        RunCommand.Setup setup;
        List<Workload> stepWorkloads = new ArrayList<>();
        Path outputDirectory = Path.of(run.outputDir);
        boolean outputDirectoryExisted = Files.exists(outputDirectory);
        try {
            setup = run.setUp(err);
            Workload base = setup.workloads().get(0);
            for (int i = 0; i < values.size(); i++) {
                stepWorkloads.add(StepWorkloads.of(
                        base, parameter, values.get(i), i + 1, values.size(), run.workloadAssignments()));
            }
        } catch (RunCommand.CommandFailure e) {
            err.println("error: " + e.getMessage());
            return e.exitCode();
        } catch (ConfigException e) {
            err.println("error: " + parameter.option() + ": " + e.getMessage());
            if (!outputDirectoryExisted) {
                try {
                    Files.deleteIfExists(outputDirectory); // made by the set-up's check, and still empty
                } catch (IOException notEmptyOrGone) {
                    // leave it
                }
            }
            return Benchmark.EXIT_FAILED;
        }
        if (run.dryRun) {
            out.println(RunCommand.dryRunSummary(setup) + " (" + stepWorkloads.size() + " sweep steps)");
            return Benchmark.EXIT_OK;
        }
        Thread hook = new Thread(this::awaitSummaryOnShutdown, "sweep-shutdown");
        if (installSignalHandler) {
            Runtime.getRuntime().addShutdownHook(hook);
        }
        try {
            return sweep(setup, parameter, values, stepWorkloads, out, err, installSignalHandler);
        } finally {
            summaryWritten.countDown();
            if (installSignalHandler) {
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException shuttingDown) {
                    // the JVM is ending; the hook has seen the summary written
                }
            }
        }
    }

    private int sweep(
            RunCommand.Setup setup,
            SweptParameter parameter,
            List<Double> values,
            List<Workload> stepWorkloads,
            PrintStream out,
            PrintStream err,
            boolean installSignalHandler) {
        Workload base = setup.workloads().get(0);
        String baseName = baseName(base.sourceName());
        Instant start = Instant.now();
        Path directory;
        try {
            directory = SweepSummaryFiles.createSweepDirectory(Path.of(run.outputDir), baseName, parameter, start);
        } catch (IOException e) {
            err.println("error: cannot create the sweep's directory in " + run.outputDir + ": " + e.getMessage());
            return Benchmark.EXIT_FAILED;
        }
        Path summaryFile = directory.resolve(SweepSummaryFiles.SUMMARY_FILE_NAME);
        SweepSummary summary = new SweepSummary();
        summary.workload = base.name();
        summary.workloadFile = base.sourceName();
        summary.parameter = parameter.workloadKey();
        summary.parameterUnit = parameter.unit();
        summary.values = values;
        summary.beginTime = ResultFiles.formatTimestamp(start);
        summary.stabilityRule = StabilityRule.CONFLUENT;
        summary.commandLine = run.typedArguments;
        summary.complete = false;
        out.printf(
                "=== sweep of %s over %s with %d driver(s): %d runs, results in %s%n",
                parameter.workloadKey(),
                String.join(", ", values.stream().map(parameter::format).toList()),
                setup.drivers().size(),
                values.size() * setup.drivers().size(),
                directory);
        int exitCode = Benchmark.EXIT_OK;
        String failure = null;
        sweep:
        for (DriverConfiguration driver : setup.drivers()) {
            SweepSummary.DriverSweep driverSweep = new SweepSummary.DriverSweep();
            driverSweep.driver = driver.name();
            driverSweep.driverFile = driver.sourceName();
            summary.drivers.add(driverSweep);
            for (int i = 0; i < values.size(); i++) {
                if (interruptRequested) {
                    failure = "interrupted";
                    exitCode = Benchmark.EXIT_INTERRUPTED;
                    break sweep;
                }
                Workload step = stepWorkloads.get(i);
                out.printf(
                        "=== sweep step %d of %d: %s %s%n",
                        i + 1, values.size(), parameter.workloadKey(), parameter.format(values.get(i)));
                Path stepFile = directory.resolve(
                        SweepSummaryFiles.stepFileName(baseName, driver.name(), parameter, values.get(i)));
                RunOptions options = run.runOptions(stepFile);
                RunCommand.Outcome outcome =
                        run.runOne(step, driver, setup, options, summary.commandLine, out, err, installSignalHandler);
                String stepFailure = outcome.exitCode() == Benchmark.EXIT_OK
                        ? null
                        : outcome.result() != null && outcome.result().failureReason != null
                                ? outcome.result().failureReason
                                : "the run ended with exit code " + outcome.exitCode();
                driverSweep.steps.add(SweepSteps.step(
                        values.get(i),
                        step.producerRate(),
                        step.subscriptionsPerTopic(),
                        outcome.result(),
                        outcome.resultFile() == null
                                ? null
                                : directory
                                        .toAbsolutePath() // both absolute, whatever --output-dir was
                                        .relativize(outcome.resultFile().toAbsolutePath())
                                        .toString(),
                        stepFailure,
                        summary.stabilityRule));
                SweepSteps.conclude(driverSweep, parameter);
                if (stepFailure != null && failure == null) {
                    failure = driver.name() + ", " + parameter.workloadKey() + " " + parameter.format(values.get(i))
                            + ": " + stepFailure;
                }
                if (outcome.exitCode() == Benchmark.EXIT_INTERRUPTED) {
                    exitCode = Benchmark.EXIT_INTERRUPTED;
                    break sweep;
                }
                exitCode = Math.max(exitCode, outcome.exitCode());
                writeSummary(summary, summaryFile, err);
            }
        }
        summary.complete = failure == null;
        summary.failureReason = failure;
        summary.endTime = ResultFiles.formatTimestamp(Instant.now());
        if (!writeSummary(summary, summaryFile, err)) {
            exitCode = Math.max(exitCode, Benchmark.EXIT_FAILED);
        }
        out.println();
        out.print(SweepTable.format(summary));
        out.println("Sweep summary written to " + summaryFile);
        out.println("Report: bin/benchmark report " + summaryFile);
        return exitCode;
    }

    private static boolean writeSummary(SweepSummary summary, Path file, PrintStream err) {
        try {
            SweepSummaryFiles.write(summary, file.toAbsolutePath());
            return true;
        } catch (IOException e) {
            err.println("error: could not write the sweep summary " + file + ": " + e);
            return false;
        }
    }

    /** On Ctrl-C / SIGTERM: stop before the next step and let the summary be written before the JVM ends. */
    private void awaitSummaryOnShutdown() {
        interruptRequested = true;
        try {
            summaryWritten.await(120, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void putIfGiven(Map<SweptParameter, String> given, SweptParameter parameter, String text) {
        if (text != null) {
            given.put(parameter, text);
        }
    }

    private static String baseName(String source) {
        return Path.of(source).getFileName().toString().replaceFirst("\\.ya?ml$", "");
    }
}
