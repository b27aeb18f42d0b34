package io.openmessaging.benchmark.coordinator;

import io.openmessaging.benchmark.driver.Clock;
import io.openmessaging.benchmark.measure.PeriodStats;
import io.openmessaging.benchmark.result.RatePlanStep;
import io.openmessaging.benchmark.result.RateSearchSummary;
import io.openmessaging.benchmark.worker.StatsSnapshot;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a run prints while it goes: one line per sampling period ({@link ProgressFormatter}), labelled with
 * its phase and the stage the run was in when the period ended (e.g. "backlog build"), the phases' own
 * progress lines, and at the end the rate plan's steps, the max-rate search's outcome and the warnings.
 *
 * <p>Threading: called from the coordinator thread only.
 */
final class RunProgress {

    private final PrintStream out;
    private final Clock clock;
    private final TreeMap<Long, String> stages = new TreeMap<>();
    private final List<String> warnings = new ArrayList<>();

    RunProgress(PrintStream out, Clock clock) {
        this.out = out;
        this.clock = clock;
    }

    /**
     * What the run does from now on (e.g. "backlog build"; {@code null}: nothing special), added to the
     * label of the progress line of every period that ends from now on.
     */
    void stage(String currentStage) {
        stages.put(clock.epochNanos(), currentStage == null ? "" : " " + currentStage);
    }

    /**
     * The line of one period; {@code measuredNumber} counts the measured periods from 1 (ignored for the
     * other phases). A period shorter than a millisecond (a final cut right after a full one) is not printed.
     */
    void period(StatsSnapshot.Phase phase, int measuredNumber, PeriodStats stats, long backlog) {
        if (stats.durationSeconds() < 0.001) {
            return;
        }
        String label = switch (phase) {
            case WARMUP -> "warm-up";
            case MEASURED -> "measured " + measuredNumber;
            case DRAIN -> "drain";
        };
        Map.Entry<Long, String> stage = stages.floorEntry(stats.endEpochNanos());
        if (stage != null && phase != StatsSnapshot.Phase.DRAIN) {
            label += stage.getValue();
        }
        out.println(ProgressFormatter.line(label, stats, backlog));
    }

    /** Prints one progress line between the period lines. */
    void line(String line) {
        out.println(line);
    }

    /** A warning printed at the end of the run. */
    void warn(String warning) {
        warnings.add(warning);
    }

    /** The end of the run: the rate plan's steps, the max-rate search's outcome (when any), the warnings. */
    void finished(List<RatePlanStep> rateSteps, RateSearchSummary rateSearch) {
        if (rateSteps != null) {
            for (RatePlanStep row : rateSteps) {
                out.println(String.format(
                        Locale.ROOT,
                        "step %-3d | target %,12.1f msg/s | %3d period(s) | pub %s msg/s | cons %s msg/s",
                        row.step,
                        row.targetRateMsgPerSec,
                        row.periods,
                        average(row.publishRateAvg),
                        average(row.consumeRateAvg)));
            }
        }
        if (rateSearch != null && rateSearch.foundRateMsgPerSec != null) {
            out.println(String.format(
                    Locale.ROOT,
                    "max-rate search: %,.1f msg/s sustained after %d trial(s)%s",
                    rateSearch.foundRateMsgPerSec,
                    rateSearch.trials.size(),
                    rateSearch.lowestFailedRateMsgPerSec == null
                            ? " (its upper limit)"
                            : String.format(Locale.ROOT, ", %,.1f msg/s not", rateSearch.lowestFailedRateMsgPerSec)));
        }
        warnings.forEach(w -> out.println("warning: " + w));
    }

    private static String average(Double rate) {
        return rate == null ? "-" : String.format(Locale.ROOT, "%,.1f", rate);
    }
}
