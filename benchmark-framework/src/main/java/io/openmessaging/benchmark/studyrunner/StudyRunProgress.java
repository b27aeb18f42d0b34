package io.openmessaging.benchmark.studyrunner;

import io.openmessaging.benchmark.report.Numbers;
import io.openmessaging.benchmark.result.TestResult;
import java.util.ArrayList;
import java.util.List;

/** The lines {@code study run} prints as each run starts and ends, and at the end. */
public final class StudyRunProgress {

    private StudyRunProgress() {}

    /** {@code [3/12] EXPERIMENT on SYSTEM: }, the start of every line of a run. */
    public static String prefix(int index, int count, PlannedRun run) {
        return "[" + index + "/" + count + "] " + run.experiment() + " on " + run.system() + ": ";
    }

    /** What a run measured, in one line: publish and end-to-end p99, the average publish rate. */
    public static String measured(TestResult result) {
        List<String> parts = new ArrayList<>();
        if (result.aggregatedPublishResponseTime99pct != null) {
            parts.add("publish p99 " + Numbers.format(result.aggregatedPublishResponseTime99pct) + " ms");
        }
        if (result.aggregatedEndToEndLatency99pct != null) {
            parts.add("end-to-end p99 " + Numbers.format(result.aggregatedEndToEndLatency99pct) + " ms");
        }
        if (!result.publishRate.isEmpty()) {
            double average = result.publishRate.stream()
                    .mapToDouble(Double::doubleValue)
                    .average()
                    .orElse(0);
            parts.add(Numbers.format(Math.rint(average)) + " msg/s");
        }
        if (result.rateSearch != null && result.rateSearch.foundRateMsgPerSec != null) {
            parts.add("peak " + Numbers.format(result.rateSearch.foundRateMsgPerSec) + " msg/s");
        }
        return String.join(", ", parts);
    }
}
