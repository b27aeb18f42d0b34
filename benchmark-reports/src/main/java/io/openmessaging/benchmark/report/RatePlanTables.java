package io.openmessaging.benchmark.report;

import static io.openmessaging.benchmark.report.Html.escape;

import io.openmessaging.benchmark.result.RatePlanStep;
import io.openmessaging.benchmark.result.RateSearchSummary;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.schedule.RateSearchTrial;

/**
 * The step table of a run with a rate plan and the trial table of a max-rate search, for a run's details
 * in the HTML report; empty for runs without them.
 */
final class RatePlanTables {

    private RatePlanTables() {}

    /** One row per step of the rate plan ({@link TestResult#rateSteps}). */
    static String steps(TestResult result) {
        if (result.rateSteps == null || result.rateSteps.isEmpty()) {
            return "";
        }
        StringBuilder html = new StringBuilder("<h4>Rate plan</h4><table class=\"rate-steps\"><thead><tr>"
                + "<th>Step</th><th>Target msg/s</th><th>Start s</th><th>Duration s</th><th>Periods</th>"
                + "<th>Publish msg/s</th><th>Consume msg/s</th></tr></thead><tbody>");
        for (RatePlanStep step : result.rateSteps) {
            html.append("<tr>")
                    .append(cell(step.step))
                    .append(cell(step.targetRateMsgPerSec))
                    .append(cell(step.startSeconds))
                    .append(cell(step.durationSeconds))
                    .append(cell(step.periods))
                    .append(cell(step.publishRateAvg))
                    .append(cell(step.consumeRateAvg))
                    .append("</tr>");
        }
        return html.append("</tbody></table>").toString();
    }

    /** The rate found and one row per trial of the max-rate search ({@link TestResult#rateSearch}). */
    static String search(TestResult result) {
        RateSearchSummary search = result.rateSearch;
        if (search == null) {
            return "";
        }
        StringBuilder html = new StringBuilder("<h4>Max-rate search: ")
                .append(
                        search.foundRateMsgPerSec == null
                                ? "failed"
                                : escape(Numbers.format(search.foundRateMsgPerSec)) + " msg/s sustained")
                .append("</h4><table class=\"rate-search\"><thead><tr><th>Trial</th><th>Stage</th>"
                        + "<th>Target msg/s</th><th>Publish msg/s</th><th>Consume msg/s</th><th>Consume target"
                        + " msg/s</th><th>Backlog trend msg/s</th><th>Verdict</th><th>Recovery s</th></tr></thead>"
                        + "<tbody>");
        for (RateSearchTrial trial : search.trials) {
            html.append("<tr>")
                    .append(cell(trial.trial()))
                    .append(cell(trial.stage()))
                    .append(cell(trial.targetRateMsgPerSec()))
                    .append(cell(trial.publishRateMsgPerSec()))
                    .append(cell(trial.consumeRateMsgPerSec()))
                    .append(cell(trial.consumeTargetMsgPerSec()))
                    .append(cell(trial.backlogTrendMsgPerSec()))
                    .append(cell(trial.sustained() ? "sustained" : "not sustained"))
                    .append(cell(trial.recoverySeconds()))
                    .append("</tr>");
        }
        return html.append("</tbody></table>").toString();
    }

    private static String cell(Object value) {
        String text = value == null ? "—" : value instanceof Double number ? Numbers.format(number) : value.toString();
        return "<td>" + escape(text) + "</td>";
    }
}
