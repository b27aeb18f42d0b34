package io.openmessaging.benchmark.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.result.RatePlanStep;
import io.openmessaging.benchmark.result.RateSearchSummary;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.schedule.RateSearchTrial;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rate plan's step table and the max-rate search's trial table in a run's report details. */
class RatePlanTablesTest {

    @Test
    void stepTableHasOneRowPerStep() {
        TestResult result = new TestResult();
        result.rateSteps = List.of(step(1, 2000, 0, 1990.5), step(2, 6000, 3, 5990));

        String html = RatePlanTables.steps(result);

        assertThat(html)
                .contains("<h4>Rate plan</h4>")
                .contains("<tr><td>1</td><td>2,000</td><td>0</td><td>3</td><td>3</td><td>1,991</td>")
                .contains("<tr><td>2</td><td>6,000</td><td>3</td>");
    }

    @Test
    void searchTableShowsTheRateFoundAndEveryTrial() {
        TestResult result = new TestResult();
        result.rateSearch = new RateSearchSummary();
        result.rateSearch.foundRateMsgPerSec = 3830.0;
        result.rateSearch.trials = List.of(
                new RateSearchTrial(1, "bracket", 4000, 3600, 3600, 4000, 0, 0, 0, 0, false, 1.5),
                new RateSearchTrial(2, "confirm", 3830, 3829, 3829, 3830, 0, 0, 0, 0, true, null));

        String html = RatePlanTables.search(result);

        assertThat(html)
                .contains("Max-rate search: 3,830 msg/s sustained")
                .contains("<td>1</td><td>bracket</td><td>4,000</td><td>3,600</td>")
                .contains("<td>not sustained</td><td>1.500</td>")
                .contains("<td>sustained</td><td>—</td>");
    }

    @Test
    void runsWithoutPlanOrSearchShowNothing() {
        assertThat(RatePlanTables.steps(new TestResult())).isEmpty();
        assertThat(RatePlanTables.search(new TestResult())).isEmpty();
    }

    private static RatePlanStep step(int number, double target, double start, double publish) {
        RatePlanStep step = new RatePlanStep();
        step.step = number;
        step.targetRateMsgPerSec = target;
        step.startSeconds = start;
        step.durationSeconds = 3.0;
        step.periods = 3;
        step.publishRateAvg = publish;
        step.consumeRateAvg = publish;
        return step;
    }
}
