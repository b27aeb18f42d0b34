package io.openmessaging.benchmark.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.driver.ManualClock;
import io.openmessaging.benchmark.measure.Counters;
import io.openmessaging.benchmark.measure.HistogramSpec;
import io.openmessaging.benchmark.measure.LatencyMetric;
import io.openmessaging.benchmark.measure.PeriodStats;
import io.openmessaging.benchmark.result.RatePlanStep;
import io.openmessaging.benchmark.result.RateSearchSummary;
import io.openmessaging.benchmark.worker.StatsSnapshot.Phase;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The lines a run prints: one per period, labelled with phase and stage, then the end-of-run lines. */
class RunProgressTest {

    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    private final ManualClock clock = new ManualClock();
    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final RunProgress progress = new RunProgress(new PrintStream(printed, true, StandardCharsets.UTF_8), clock);

    @Test
    void periodLinesCarryTheirPhaseAndTheStageTheRunWasInWhenTheyEnded() {
        progress.period(Phase.WARMUP, 1, period(0, 10), 0);
        clock.advance(10, TimeUnit.SECONDS);
        progress.stage("backlog build");
        progress.period(Phase.MEASURED, 1, period(10, 20), 5);
        clock.advance(10, TimeUnit.SECONDS);
        progress.stage(null);
        progress.period(Phase.MEASURED, 2, period(20, 30), 0);
        progress.period(Phase.DRAIN, 3, period(30, 31), 0);

        assertThat(lines())
                .extracting(line -> line.substring(0, line.indexOf(" |")).strip())
                .containsExactly("warm-up", "measured 1 backlog build", "measured 2", "drain");
        assertThat(lines().get(1)).contains("pub    1000.0 msg/s").contains("backlog        5");
    }

    @Test
    void aPeriodShorterThanAMillisecondIsNotPrinted() {
        PeriodStats sliver = new PeriodStats(
                clock.epochNanos(), clock.epochNanos() + 500_000, Counters.ZERO, Counters.ZERO, histograms());

        progress.period(Phase.MEASURED, 1, sliver, 0);

        assertThat(printed.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void theEndPrintsTheRatePlanStepsTheSearchOutcomeAndTheWarningsInThatOrder() {
        progress.warn("the backlog of 2.00 GiB was reached only in part");
        RatePlanStep step = new RatePlanStep();
        step.step = 1;
        step.targetRateMsgPerSec = 5000.0;
        step.periods = 3;
        step.publishRateAvg = 4999.5;
        RateSearchSummary search = new RateSearchSummary();
        search.foundRateMsgPerSec = 12_000.0;
        search.lowestFailedRateMsgPerSec = 13_000.0;
        search.trials = List.of();

        progress.finished(List.of(step), search);

        assertThat(lines())
                .containsExactly(
                        "step 1   | target      5,000.0 msg/s |   3 period(s) | pub 4,999.5 msg/s | cons - msg/s",
                        "max-rate search: 12,000.0 msg/s sustained after 0 trial(s), 13,000.0 msg/s not",
                        "warning: the backlog of 2.00 GiB was reached only in part");
    }

    /** A period from {@code fromSecond} to {@code toSecond} of the clock's epoch, at 1,000 msg/s. */
    private PeriodStats period(long fromSecond, long toSecond) {
        long start = clock.toEpochNanos(0) + fromSecond * SECOND;
        long messages = 1000 * (toSecond - fromSecond);
        Counters delta = new Counters(messages, messages * 100, 0, messages, messages, messages * 100, 0, 0, 0, 0);
        return new PeriodStats(start, clock.toEpochNanos(0) + toSecond * SECOND, delta, delta, histograms());
    }

    private static Histogram[] histograms() {
        Histogram[] histograms = new Histogram[LatencyMetric.values().length];
        for (int i = 0; i < histograms.length; i++) {
            histograms[i] = HistogramSpec.DEFAULT.newHistogram();
        }
        return histograms;
    }

    private List<String> lines() {
        return printed.toString(StandardCharsets.UTF_8).lines().toList();
    }
}
