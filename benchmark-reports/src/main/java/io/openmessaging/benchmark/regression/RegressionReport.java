package io.openmessaging.benchmark.regression;

import io.openmessaging.benchmark.compare.Threshold;
import java.util.List;

/**
 * Every case's outcome of one regression run, with the settings it was judged by.
 *
 * @param outcomes one per case, in suite order
 * @param thresholds the latency gates given (usually none)
 * @param rateTolerancePercent the publish rate tolerance, in percent
 * @param comparisonFileName the name of each case's full comparison file in its directory
 * @param versionColumn whether the table shows the broker version each result reports ({@code --matrix})
 */
public record RegressionReport(
        List<CaseOutcome> outcomes,
        List<Threshold> thresholds,
        double rateTolerancePercent,
        String comparisonFileName,
        boolean versionColumn) {

    /** A report of the suite at its current versions, without a version column. */
    public RegressionReport(
            List<CaseOutcome> outcomes,
            List<Threshold> thresholds,
            double rateTolerancePercent,
            String comparisonFileName) {
        this(outcomes, thresholds, rateTolerancePercent, comparisonFileName, false);
    }

    /** Whether every case passed. */
    public boolean passed() {
        return outcomes.stream().allMatch(CaseOutcome::passed);
    }

    /** How many cases failed. */
    public long failedCount() {
        return outcomes.stream().filter(outcome -> !outcome.passed()).count();
    }
}
