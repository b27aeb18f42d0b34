package io.openmessaging.benchmark.regression;

import io.openmessaging.benchmark.compare.Comparison;
import io.openmessaging.benchmark.report.ReportRun;
import io.openmessaging.benchmark.workload.Workload;
import java.util.List;
import java.util.Optional;

/**
 * The verdict on one case of a regression run.
 *
 * @param regressionCase the case
 * @param candidate the run's result file, when there is one and it could be read
 * @param workload the workload the run used (from the result's metadata), when known
 * @param baseline the baseline result, when there is one and it could be read
 * @param comparison baseline against candidate through {@code bin/benchmark compare}'s machinery, when both exist
 * @param failures why the case fails, one sentence each; empty when it passes
 * @param notes what a reader should know without failing the case
 */
public record CaseOutcome(
        RegressionCase regressionCase,
        Optional<ReportRun> candidate,
        Optional<Workload> workload,
        Optional<ReportRun> baseline,
        Optional<Comparison> comparison,
        List<String> failures,
        List<String> notes) {

    /** Whether the case passed every check. */
    public boolean passed() {
        return failures.isEmpty();
    }

    /** Sent × subscriptions: what the consumers must have received after the drain; empty when unknown. */
    public Optional<Long> expectedReceived() {
        if (candidate.isEmpty() || workload.isEmpty() || candidate.get().result().totalMessagesSent == null) {
            return Optional.empty();
        }
        return Optional.of(
                candidate.get().result().totalMessagesSent * workload.get().subscriptionsPerTopic());
    }
}
