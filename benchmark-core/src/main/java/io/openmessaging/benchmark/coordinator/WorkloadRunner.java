package io.openmessaging.benchmark.coordinator;

import io.openmessaging.benchmark.driver.Clock;
import io.openmessaging.benchmark.measure.HistogramSpec;
import io.openmessaging.benchmark.result.ClockOffset;
import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.worker.LocalWorker;
import io.openmessaging.benchmark.worker.WorkerHandle;
import io.openmessaging.benchmark.worker.http.HttpWorkerClient;
import io.openmessaging.benchmark.workload.DriverConfiguration;
import io.openmessaging.benchmark.workload.Workload;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Runs one workload with one driver, start to result file: reaches the workers (one in-process worker when
 * no URL is given), measures their clock offsets, runs {@link BenchmarkRun}, names the broker's version,
 * writes the result and says how it went. A signal (Ctrl-C, SIGTERM) during the run aborts it and still
 * writes what was measured; the caller's summary is printed before the JVM may halt.
 */
public final class WorkloadRunner {

    /** How a run ended. */
    public enum Status {
        /** Delivered what the workload asked; result written. */
        PASSED,
        /** Ran and failed (its reason is printed and in the result), or a worker could not be used. */
        FAILED,
        /** Stopped by a signal or an interrupt. */
        INTERRUPTED,
        /** Not started: the workers, the driver and the placement cannot run together. */
        REFUSED
    }

    /** A run's status and, when it got that far, its result and the file it was written to. */
    public record Outcome(Status status, Path resultFile, TestResult result) {}

    /** The workers of every run: their URLs (none: one in-process worker) and the token they require. */
    public record Workers(List<String> urls, String token, boolean extraConsumers) {
        public Workers {
            urls = List.copyOf(urls);
        }
    }

    /** Prints what the user reads at the end of a run (the summary), given the run's result. */
    @FunctionalInterface
    public interface Summary {
        void print(Workload workload, TestResult result, PrintStream out);
    }

    private final Workers workers;
    private final RunOptions options;
    private final String serviceVersion;
    private final List<String> commandLine;
    private final Summary summary;
    private final Clock clock;
    private final PrintStream out;
    private final PrintStream err;
    private final boolean installSignalHandler;

    /**
     * @param serviceVersion the user's label of the broker's version ({@code -v}); null: what the driver read
     * @param commandLine goes into the result's metadata as it is: the command line as typed
     * @param installSignalHandler whether a signal aborts the run (false in tests that share the JVM)
     */
    public WorkloadRunner(
            Workers workers,
            RunOptions options,
            String serviceVersion,
            List<String> commandLine,
            Summary summary,
            Clock clock,
            PrintStream out,
            PrintStream err,
            boolean installSignalHandler) {
        this.workers = workers;
        this.options = options;
        this.serviceVersion = serviceVersion;
        this.commandLine = List.copyOf(commandLine);
        this.summary = summary;
        this.clock = clock;
        this.out = out;
        this.err = err;
        this.installSignalHandler = installSignalHandler;
    }

    /**
     * Runs {@code workload} with {@code driver}, its clients placed on the workers as {@code placement}
     * decides (asked after the run's heading is printed, so that what it says follows the heading).
     *
     * @param configWarnings what the driver said of its file that does not stop the run, for the result's
     *     metadata (printed when the file was loaded)
     */
    public Outcome run(
            Workload workload,
            DriverConfiguration driver,
            List<String> configWarnings,
            Function<DriverConfiguration, WorkerRoles.Topology> placement) {
        List<String> urls = workers.urls();
        out.printf(
                "=== workload %s (%s) with driver %s (%s)%s%n",
                workload.name(),
                workload.sourceName(),
                driver.name(),
                driver.sourceName(),
                urls.isEmpty() ? "" : " on " + urls.size() + " worker(s)");
        WorkerRoles.Topology topology = placement.apply(driver);
        if (urls.size() > 1 && topology == WorkerRoles.Topology.SPLIT && "loopback".equals(driver.driverId())) {
            err.println("error: the loopback driver keeps messages inside one worker process, so with producers and"
                    + " consumers on different workers nothing would arrive; add --topology SWARM");
            return new Outcome(Status.REFUSED, null, null);
        }
        List<WorkerHandle> handles = new ArrayList<>();
        List<HttpWorkerClient> remote = new ArrayList<>();
        if (urls.isEmpty()) {
            handles.add(new LocalWorker(clock, new HistogramSpec(options.latencySignificantDigits())));
        } else {
            for (String url : urls) {
                HttpWorkerClient client;
                try {
                    client = new HttpWorkerClient(
                            url, workers.token(), workload.name(), driver.name(), options.workerLease());
                } catch (IllegalArgumentException e) {
                    err.println("error: " + e.getMessage());
                    return new Outcome(Status.REFUSED, null, null);
                }
                remote.add(client);
                handles.add(client);
            }
        }
        RunRecorder recorder = new RunRecorder(workload, driver, options, clock, out, commandLine);
        recorder.configWarnings(configWarnings);
        String notReady = measureClockOffsets(remote, recorder);
        if (notReady != null) {
            err.println("error: " + notReady);
            return new Outcome(Status.FAILED, null, null);
        }
        WorkerRoles roles = WorkerRoles.of(handles, topology, workers.extraConsumers());
        recorder.topology(roles, handles.size(), urls.isEmpty(), workers.extraConsumers());
        BenchmarkRun run = new BenchmarkRun(workload, driver, roles, options, clock, recorder);
        return execute(workload, run, remote, recorder);
    }

    private Outcome execute(Workload workload, BenchmarkRun run, List<HttpWorkerClient> remote, RunRecorder recorder) {
        CountDownLatch finished = new CountDownLatch(1);
        Thread hook = new Thread(
                () -> {
                    run.abort("interrupted by a signal (Ctrl-C / SIGTERM)");
                    try {
                        finished.await(90, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                "benchmark-shutdown");
        if (installSignalHandler) {
            Runtime.getRuntime().addShutdownHook(hook);
        }
        boolean interrupted = false;
        Path written = null;
        try {
            run.execute();
            measureClockOffsets(remote, recorder); // again at the end: a drift during the run shows
        } catch (InterruptedException e) {
            interrupted = true;
            recorder.fail("interrupted");
        }
        if (recorder.result() != null) {
            recorder.result().version = serviceVersion != null ? serviceVersion : brokerVersion(recorder.result());
        }
        try {
            boolean whereAsked = true;
            try {
                written = recorder.write();
            } catch (IOException | RuntimeException e) {
                String problem = e instanceof IOException io ? ResultFiles.reason(io) : e.toString();
                err.println("error: could not write the result to "
                        + recorder.requestedFile().toAbsolutePath().getParent() + ": " + problem);
                whereAsked = false;
                written = recorder.writeElsewhere(
                        problem, options.fallbackOutputDirs(), failure -> err.println("error: " + failure));
            }
            // printed before the shutdown hook is released: once it returns, a signalled JVM halts at once
            if (recorder.result() != null) {
                out.println();
                summary.print(workload, recorder.result(), out);
            }
            if (written != null) {
                out.println(
                        whereAsked
                                ? "Result written to " + written
                                : "Result NOT written where asked; written to " + written + " instead");
                out.println("  HTML report: bin/benchmark report " + written);
            }
            if (recorder.failureReason() != null) {
                err.println("error: run failed: " + recorder.failureReason());
            }
            out.flush();
            err.flush();
        } finally {
            finished.countDown();
            if (installSignalHandler) {
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException shuttingDown) {
                    interrupted = true;
                }
            }
        }
        if (recorder.failureReason() == null) {
            return new Outcome(Status.PASSED, written, recorder.result());
        }
        boolean signalled = interrupted || recorder.failureReason().startsWith("interrupted");
        return new Outcome(signalled ? Status.INTERRUPTED : Status.FAILED, written, recorder.result());
    }

    /** The version a driver read from its broker (a {@code …brokerVersion} fact), or null. */
    private static String brokerVersion(TestResult result) {
        return result.metadata.brokerInfo.entrySet().stream()
                .filter(fact -> fact.getKey().endsWith("brokerVersion"))
                .map(Map.Entry::getValue)
                .findFirst()
                .orElse(null);
    }

    /**
     * Measures every remote worker's clock offset into the result (warning when it is too uncertain or too
     * large for end-to-end numbers to be trusted); returns why a worker cannot be used, or null.
     */
    private String measureClockOffsets(List<HttpWorkerClient> remote, RunRecorder recorder) {
        for (HttpWorkerClient worker : remote) {
            try {
                ClockOffset offset = worker.clockOffset(clock, 10);
                recorder.clockOffset(offset);
                String warning = ClockOffsetCheck.warning(offset, worker.id());
                if (warning != null) {
                    err.println("warning: " + warning);
                }
            } catch (HttpWorkerClient.TokenRefused e) {
                return e.getMessage();
            } catch (IOException e) {
                return "worker " + worker.id() + " is not reachable: " + e.getMessage();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return "interrupted";
            }
        }
        return null;
    }
}
