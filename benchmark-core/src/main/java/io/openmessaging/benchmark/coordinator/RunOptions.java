package io.openmessaging.benchmark.coordinator;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Settings of a run that do not belong to the workload or the driver.
 *
 * @param outputDir where result files go
 * @param explicitOutputFile {@code -o}: the result file name, or {@code null} for the default naming
 * @param readinessTimeout how long to wait for every subscription to receive a probe
 * @param drainTimeout how long to wait, after the load stopped, for in-flight messages
 * @param stallTimeout a run whose sends neither complete nor fail for this long has failed
 * @param latencySignificantDigits HdrHistogram precision of every latency histogram
 * @param workerUnreachableTimeout a worker that does not answer for this long has failed
 * @param workerLease how long a worker keeps the run without hearing from this coordinator (then it stops
 *     its load by itself); the coordinator renews it every second
 * @param fallbackOutputDirs where the result goes, in this order, when it cannot be written where asked
 * @param faults commands to run at set times into the measured phase ({@code --fault}; {@link FaultSchedule})
 */
public record RunOptions(
        Path outputDir,
        Path explicitOutputFile,
        Duration readinessTimeout,
        Duration drainTimeout,
        Duration stallTimeout,
        int latencySignificantDigits,
        Duration workerUnreachableTimeout,
        Duration workerLease,
        List<Path> fallbackOutputDirs,
        List<FaultSchedule.Fault> faults) {

    public RunOptions {
        fallbackOutputDirs = List.copyOf(fallbackOutputDirs);
        faults = List.copyOf(faults);
    }

    /** Options with the default fallback directories ({@link Defaults#fallbackOutputDirs}). */
    public RunOptions(
            Path outputDir,
            Path explicitOutputFile,
            Duration readinessTimeout,
            Duration drainTimeout,
            Duration stallTimeout,
            int latencySignificantDigits,
            Duration workerUnreachableTimeout,
            Duration workerLease) {
        this(
                outputDir,
                explicitOutputFile,
                readinessTimeout,
                drainTimeout,
                stallTimeout,
                latencySignificantDigits,
                workerUnreachableTimeout,
                workerLease,
                Defaults.fallbackOutputDirs(),
                List.of());
    }

    /** These options with {@code directories} as the fallback directories. */
    public RunOptions withFallbackOutputDirs(List<Path> directories) {
        return new RunOptions(
                outputDir,
                explicitOutputFile,
                readinessTimeout,
                drainTimeout,
                stallTimeout,
                latencySignificantDigits,
                workerUnreachableTimeout,
                workerLease,
                directories,
                faults);
    }

    /** These options with {@code schedule} as the fault schedule. */
    public RunOptions withFaults(List<FaultSchedule.Fault> schedule) {
        return new RunOptions(
                outputDir,
                explicitOutputFile,
                readinessTimeout,
                drainTimeout,
                stallTimeout,
                latencySignificantDigits,
                workerUnreachableTimeout,
                workerLease,
                fallbackOutputDirs,
                schedule);
    }

    /** Where the result is asked to go: the {@code -o} file, or {@code <outputDir>/<baseName>.json}. */
    public Path requestedResultFile(String baseName) {
        return explicitOutputFile != null ? explicitOutputFile : outputDir.resolve(baseName + ".json");
    }

    public static RunOptions defaults(Path outputDir) {
        return new RunOptions(
                outputDir,
                null,
                Defaults.READINESS_TIMEOUT,
                Defaults.DRAIN_TIMEOUT,
                Defaults.STALL_TIMEOUT,
                Defaults.LATENCY_SIGNIFICANT_DIGITS,
                Defaults.WORKER_UNREACHABLE_TIMEOUT,
                Defaults.workerLease(Defaults.STALL_TIMEOUT));
    }
}
