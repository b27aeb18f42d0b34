package io.openmessaging.benchmark.cli;

import io.openmessaging.benchmark.coordinator.RunOptions;
import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.studyrun.StudyRunFiles;
import io.openmessaging.benchmark.studyrun.StudyRunRecord;
import io.openmessaging.benchmark.studyrunner.LocalBroker;
import io.openmessaging.benchmark.studyrunner.LocalHosts;
import io.openmessaging.benchmark.studyrunner.PlannedRun;
import io.openmessaging.benchmark.studyrunner.StudyRunPlanner;
import io.openmessaging.benchmark.studyrunner.StudyRunProgress;
import io.openmessaging.benchmark.studyrunner.StudyRunResume;
import io.openmessaging.benchmark.studyrunner.StudyRunSettings;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The runs of one {@code study run}, in order: keeps those an earlier record says are done (with their result
 * files), runs the others with {@link RunCommand#runOne}, each with a fresh local broker when asked, or, with
 * {@code --local-hosts}, the runs of each system on a cluster deployed on simulated hosts for them and taken down
 * after the last of them, and rewrites {@code study-run.json} before the first run and after every run. On Ctrl-C
 * the running run ends as a plain run does (a deployment under way is ended), its broker is stopped or its
 * hosts taken down, and the record written before the JVM ends.
 */
final class StudyRunExecution {

    private final RunCommand run;
    private final Path project;
    private final Path directory;
    private final StudyRunRecord record;
    private final StudyRunRecord previous;
    private final List<PlannedRun> runs;
    private final StudyRunSettings settings;
    private final LocalHosts hosts;
    private final PrintStream out;
    private final PrintStream err;
    private final boolean installSignalHandler;
    private final CountDownLatch recordWritten = new CountDownLatch(1);
    private volatile boolean interruptRequested;

    StudyRunExecution(
            RunCommand run,
            Path project,
            Path directory,
            StudyRunRecord record,
            StudyRunRecord previous,
            List<PlannedRun> runs,
            StudyRunSettings settings,
            LocalHosts hosts,
            PrintStream out,
            PrintStream err,
            boolean installSignalHandler) {
        this.run = run;
        this.project = project;
        this.directory = directory;
        this.record = record;
        this.previous = previous;
        this.runs = runs;
        this.settings = settings;
        this.hosts = hosts;
        this.out = out;
        this.err = err;
        this.installSignalHandler = installSignalHandler;
    }

    int runAll() {
        List<StudyRunRecord.Run> entries = new ArrayList<>();
        List<Boolean> kept = new ArrayList<>();
        for (PlannedRun planned : runs) {
            StudyRunRecord.Run earlier = previous == null
                    ? null
                    : previous.run(planned.experiment(), planned.system()).orElse(null);
            boolean keep = earlier != null && StudyRunResume.keeps(earlier, directory);
            kept.add(keep);
            entries.add(keep ? earlier : entry(planned));
        }
        record.runs.addAll(entries);
        if (previous != null) {
            // runs of the earlier invocation this one did not choose stay in the record as they were
            previous.runs.stream()
                    .filter(earlier ->
                            record.run(earlier.experiment, earlier.system).isEmpty())
                    .forEach(record.runs::add);
        }
        Path recordFile = StudyRunFiles.recordFile(directory);
        try {
            java.nio.file.Files.createDirectories(directory);
        } catch (IOException e) {
            err.println("error: cannot create " + directory + ": " + e);
            return Benchmark.EXIT_FAILED;
        }
        if (!write(recordFile)) {
            return Benchmark.EXIT_FAILED;
        }
        Thread hook = new Thread(this::awaitRecordOnShutdown, "study-run-shutdown");
        if (installSignalHandler) {
            Runtime.getRuntime().addShutdownHook(hook);
        }
        try {
            return runEach(entries, kept, recordFile);
        } finally {
            recordWritten.countDown();
            if (installSignalHandler) {
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException shuttingDown) {
                    // the JVM is ending; the hook has seen the record written
                }
            }
        }
    }

    private int runEach(List<StudyRunRecord.Run> entries, List<Boolean> kept, Path recordFile) {
        int done = 0;
        int failed = 0;
        int keptCount = 0;
        int exitCode = Benchmark.EXIT_OK;
        java.util.Set<String> notAppliedSaid = new java.util.HashSet<>();
        out.printf("=== study run of %s: %d run(s), results in %s%n", record.study, runs.size(), directory);
        LocalHosts.Cluster cluster = null;
        String clusterSystem = null;
        String clusterFailure = null;
        try {
            for (int i = 0; i < runs.size(); i++) {
                PlannedRun planned = runs.get(i);
                StudyRunRecord.Run entry = entries.get(i);
                String prefix = StudyRunProgress.prefix(i + 1, runs.size(), planned);
                if (kept.get(i)) {
                    out.println(prefix + "kept (done " + entry.endTime + ") -> " + directory.resolve(entry.resultFile));
                    keptCount++;
                    continue;
                }
                if (interruptRequested) {
                    exitCode = Benchmark.EXIT_INTERRUPTED;
                    break;
                }
                if (cluster != null && !cluster.system().equals(planned.system())) {
                    takeDown(cluster.system());
                    cluster = null;
                }
                if (planned.localHosts()) {
                    if (!planned.system().equals(clusterSystem)) {
                        clusterSystem = planned.system();
                        clusterFailure = null;
                        try {
                            cluster = bringUp(planned.system());
                        } catch (IOException | InterruptedException e) {
                            clusterFailure = interruptRequested || e instanceof InterruptedException
                                    ? "interrupted while the simulated " + planned.system() + " cluster came up ("
                                            + e.getMessage() + ")"
                                    : "the simulated " + planned.system() + " cluster did not come up: "
                                            + e.getMessage();
                        }
                    }
                    if (clusterFailure != null) {
                        out.println(prefix + "failed: " + clusterFailure);
                        fail(entry, clusterFailure);
                        write(recordFile);
                        failed++;
                        if (interruptRequested) {
                            exitCode = Benchmark.EXIT_INTERRUPTED;
                            break;
                        }
                        exitCode = Benchmark.EXIT_FAILED;
                        continue;
                    }
                    planned = planned.onCluster(
                            cluster.driverSettings(),
                            settings.driverSettingsOf(planned.system()).size());
                    entry.driverSettings = new ArrayList<>(planned.driverSettings());
                    entry.commandLine = planned.commandLine(directory.toString());
                    entry.brokerVersion = cluster.version();
                    entry.brokerCount = cluster.brokers();
                }
                if (planned.brokerNotApplied() != null && notAppliedSaid.add(planned.experiment())) {
                    out.println(
                            "[" + planned.experiment() + "] not applied to the brokers: " + planned.brokerNotApplied());
                }
                int code = runOne(planned, entry, prefix, cluster);
                write(recordFile);
                if (StudyRunRecord.DONE.equals(entry.status)) {
                    done++;
                } else {
                    failed++;
                }
                if (code == Benchmark.EXIT_INTERRUPTED || interruptRequested) {
                    exitCode = Benchmark.EXIT_INTERRUPTED;
                    break;
                }
                if (code != Benchmark.EXIT_OK) {
                    exitCode = Benchmark.EXIT_FAILED;
                }
            }
        } finally {
            if (cluster != null) {
                takeDown(cluster.system());
            }
        }
        record.complete = record.runs.stream().allMatch(entry -> StudyRunRecord.DONE.equals(entry.status));
        record.endTime = ResultFiles.formatTimestamp(Instant.now());
        if (!write(recordFile) && exitCode == Benchmark.EXIT_OK) {
            exitCode = Benchmark.EXIT_FAILED;
        }
        out.println();
        out.printf(
                "Study run of %s: %d done, %d failed, %d kept%s; record %s%n",
                record.study,
                done,
                failed,
                keptCount,
                exitCode == Benchmark.EXIT_INTERRUPTED ? ", interrupted (run the same command again to resume)" : "",
                recordFile);
        out.println("Report: bin/benchmark study report " + directory);
        return exitCode;
    }

    /**
     * Brings up the simulated hosts of {@code system}'s layout and deploys it, printing the script's lines
     * indented; the hosts are down again when this fails.
     */
    private LocalHosts.Cluster bringUp(String system) throws IOException, InterruptedException {
        out.println("=== " + system + ": simulated hosts (bin/local-hosts up --layout " + system
                + ") and a three-broker " + system + " cluster on them (bin/local-hosts deploy, about 4 to 6 minutes)");
        LocalHosts.Cluster cluster = hosts.deploy(system, line -> out.println("  " + line));
        out.println("=== " + system + ": " + cluster.brokers() + " brokers up in " + cluster.upSeconds()
                + " s and deployed in " + cluster.deploySeconds() + " s ("
                + system + " " + (cluster.version() == null ? "version unknown" : cluster.version())
                + "); the runs take their addresses from " + cluster.workerHost() + ":"
                + LocalHosts.deployedDriverFile(system));
        return cluster;
    }

    /** {@code bin/local-hosts down}, saying how it went. */
    private void takeDown(String system) {
        String problem = hosts.down();
        if (problem == null) {
            out.println("=== " + system + ": simulated hosts down (bin/local-hosts down)");
        } else {
            out.println("=== " + system + ": the simulated hosts may not be down: " + problem);
            err.println("error: " + problem + "; run bin/local-hosts down");
        }
    }

    /** Runs one experiment on one system, updating {@code entry}; returns the run's exit code. */
    private int runOne(PlannedRun planned, StudyRunRecord.Run entry, String prefix, LocalHosts.Cluster cluster) {
        Instant start = Instant.now();
        entry.status = StudyRunRecord.RUNNING;
        entry.failureReason = null;
        entry.beginTime = ResultFiles.formatTimestamp(start);
        entry.endTime = null;
        if (planned.peakExperiment() != null) {
            String rate;
            try {
                rate = "producerRate=" + StudyRunPlanner.rate(peakOf(planned) * planned.peakFraction());
            } catch (IOException e) {
                out.println(prefix + "failed: " + e.getMessage());
                return fail(entry, e.getMessage());
            }
            planned = planned.withRate(rate);
            entry.workloadSettings = new ArrayList<>(planned.workloadSettings());
            entry.commandLine = planned.commandLine(directory.toString());
        }
        write(StudyRunFiles.recordFile(directory));
        LocalBroker broker = null;
        try {
            if (planned.localBroker()) {
                out.print(prefix + "starting a local broker");
                out.flush();
                try {
                    broker = LocalBroker.start(project, planned.system(), planned.brokerConfig());
                } catch (IOException e) {
                    out.println();
                    out.println(prefix + "failed: " + e.getMessage());
                    return fail(entry, "the local broker did not start: " + e.getMessage());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    out.println();
                    fail(entry, "interrupted while the local broker started");
                    return Benchmark.EXIT_INTERRUPTED;
                }
                entry.brokerVersion = broker.version();
                entry.brokerCount = 1;
                out.println(" (" + planned.system() + " "
                        + (broker.version() == null ? "version unknown" : broker.version()) + ")");
            } else if (planned.localHosts() && cluster != null) {
                out.println(prefix + "starting on the simulated cluster (" + cluster.brokers() + " brokers, "
                        + planned.system() + " " + (cluster.version() == null ? "version unknown" : cluster.version())
                        + ")");
            } else {
                out.println(prefix + "starting");
            }
            run.drivers = new ArrayList<>(List.of(planned.driverPath().toString()));
            run.workloads = new ArrayList<>(List.of(planned.workloadPath().toString()));
            run.assignments = new ArrayList<>(planned.driverSettings());
            run.assignments.addAll(planned.workloadSettings());
            RunCommand.Setup setup;
            try {
                setup = run.setUp(err);
            } catch (RunCommand.CommandFailure e) {
                out.println(prefix + "failed: " + e.getMessage());
                return fail(entry, e.getMessage());
            }
            RunOptions options = run.runOptions(directory.resolve(planned.resultFileName()));
            RunCommand.Outcome outcome = run.runOne(
                    setup.workloads().get(0),
                    setup.drivers().get(0),
                    setup,
                    options,
                    List.of(entry.commandLine.split(" ")),
                    out,
                    err,
                    installSignalHandler);
            if (outcome.resultFile() != null) {
                entry.resultFile = directory
                        .toAbsolutePath()
                        .relativize(outcome.resultFile().toAbsolutePath())
                        .toString();
            }
            entry.endTime = ResultFiles.formatTimestamp(Instant.now());
            long seconds = Duration.between(start, Instant.now()).toSeconds();
            TestResult result = outcome.result();
            String target = outcome.resultFile() == null ? "" : " -> " + directory.resolve(entry.resultFile);
            if (outcome.exitCode() == Benchmark.EXIT_OK) {
                entry.status = StudyRunRecord.DONE;
                String measured = result == null ? "" : StudyRunProgress.measured(result);
                out.println(
                        prefix + "done in " + seconds + " s" + (measured.isEmpty() ? "" : ", " + measured) + target);
            } else {
                String reason = result != null && result.failureReason != null
                        ? result.failureReason
                        : outcome.exitCode() == Benchmark.EXIT_INTERRUPTED
                                ? "interrupted"
                                : "the run ended with exit code " + outcome.exitCode();
                entry.status = StudyRunRecord.FAILED;
                entry.failureReason = reason;
                out.println(prefix + "failed in " + seconds + " s: " + reason + target);
            }
            return outcome.exitCode();
        } finally {
            if (broker != null) {
                boolean failed = !StudyRunRecord.DONE.equals(entry.status);
                // named after the result file this run wrote (-1, -2, … when an earlier one was kept)
                Path logs = directory.resolve(brokerLogsName(
                        entry.resultFile == null
                                ? planned.resultFileName()
                                : Path.of(entry.resultFile).getFileName().toString()));
                List<Path> kept = broker.close(failed ? logs : null);
                if (!kept.isEmpty()) {
                    out.println(prefix + "the local broker's logs: " + logs);
                }
            }
        }
    }

    /** Where the logs of a failed run's local broker go: {@code <result file name without .json>-broker-logs}. */
    static String brokerLogsName(String resultFileName) {
        return resultFileName.replaceFirst("\\.json$", "") + "-broker-logs";
    }

    /** The peak rate (msg/s) the run's {@code peakExperiment} measured on its system in this study run. */
    private double peakOf(PlannedRun planned) throws IOException {
        String what =
                "no peak of experiment " + planned.peakExperiment() + " on " + planned.system() + " in this study run";
        StudyRunRecord.Run peak = record.run(planned.peakExperiment(), planned.system())
                .filter(entry -> StudyRunResume.keeps(entry, directory))
                .orElseThrow(() -> new IOException(
                        what + " (it is not done); run it first: --experiment " + planned.peakExperiment()));
        TestResult result = ResultFiles.read(directory.resolve(peak.resultFile));
        if (result.rateSearch == null || result.rateSearch.foundRateMsgPerSec == null) {
            throw new IOException(what + " (its result " + peak.resultFile + " has no rate found by the search)");
        }
        return result.rateSearch.foundRateMsgPerSec;
    }

    private int fail(StudyRunRecord.Run entry, String reason) {
        entry.status = StudyRunRecord.FAILED;
        entry.failureReason = reason;
        entry.endTime = ResultFiles.formatTimestamp(Instant.now());
        return Benchmark.EXIT_FAILED;
    }

    private StudyRunRecord.Run entry(PlannedRun planned) {
        StudyRunRecord.Run entry = new StudyRunRecord.Run();
        entry.experiment = planned.experiment();
        entry.system = planned.system();
        entry.driverFile = planned.driverFile();
        entry.driverSettings = new ArrayList<>(planned.driverSettings());
        entry.workloadSettings = new ArrayList<>(planned.workloadSettings());
        entry.peakSearch = planned.peakSearch();
        entry.brokerConfig = new ArrayList<>(planned.brokerConfig());
        entry.brokerNotApplied = planned.brokerNotApplied();
        entry.commandLine = planned.commandLine(directory.toString());
        return entry;
    }

    private boolean write(Path recordFile) {
        try {
            StudyRunFiles.write(record, recordFile.toAbsolutePath());
            return true;
        } catch (IOException e) {
            err.println("error: could not write the study run record " + recordFile + ": " + e);
            return false;
        }
    }

    /** On Ctrl-C / SIGTERM: start no further run and let the record be written before the JVM ends. */
    private void awaitRecordOnShutdown() {
        interruptRequested = true;
        if (hosts != null) {
            hosts.abort();
        }
        try {
            recordWritten.await(120, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
