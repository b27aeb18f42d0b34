package io.openmessaging.benchmark.report;

import io.openmessaging.benchmark.sweep.SweepSummary;
import java.nio.file.Path;

/**
 * One sweep summary as reports show it.
 *
 * @param file the summary file ({@code sweep.json})
 * @param summary its content
 */
public record ReportSweep(Path file, SweepSummary summary) {

    /** Heading: {@code Sweep of producerRate · workload}. */
    public String title() {
        return "Sweep of " + summary.parameter + " · " + summary.workload;
    }
}
