package io.openmessaging.benchmark.regression;

import io.openmessaging.benchmark.abtest.AbFigure;
import io.openmessaging.benchmark.abtest.AbVerdict;
import io.openmessaging.benchmark.abtest.AbVerdicts;
import io.openmessaging.benchmark.abtest.AbVerdicts.FigureVerdict;
import io.openmessaging.benchmark.abtest.AbVerdicts.GateCheck;
import io.openmessaging.benchmark.compare.Threshold;
import io.openmessaging.benchmark.config.Suggestions;
import io.openmessaging.benchmark.report.Numbers;
import java.util.ArrayList;
import java.util.List;

/**
 * The gate of an A/B comparison: a {@link Threshold} on a figure is <b>broken only when B's change is
 * significant</b> (the figure's verdict is faster or slower) <b>and</b> the change of B's median from A's is
 * beyond the limit. A change beyond the limit that the runs cannot tell from noise meets the threshold; a
 * figure that was not compared fails it as not checked, like {@code compare}: a gate that cannot look must
 * not pass.
 */
public final class AbGate {

    private AbGate() {}

    /**
     * Checks that every threshold names a figure an A/B comparison gives a verdict on.
     *
     * @throws IllegalArgumentException naming the threshold and the figures allowed
     */
    public static void checkFigures(List<Threshold> thresholds) {
        for (Threshold threshold : thresholds) {
            if (AbFigure.byKey(threshold.figure()).isEmpty()) {
                throw new IllegalArgumentException("threshold '" + threshold.text() + "': an A/B comparison has no"
                        + " verdict on " + threshold.figure()
                        + Suggestions.didYouMean(threshold.figure(), AbFigure.keys())
                        + "; figures: " + String.join(", ", AbFigure.keys()));
            }
        }
    }

    /** {@code verdicts} with every threshold checked; a broken or unchecked one fails it. */
    public static AbVerdicts apply(AbVerdicts verdicts, List<Threshold> thresholds) {
        checkFigures(thresholds);
        List<GateCheck> checks = new ArrayList<>();
        for (Threshold threshold : thresholds) {
            AbFigure figure = AbFigure.byKey(threshold.figure()).orElseThrow();
            FigureVerdict verdict = verdicts.figure(figure).orElseThrow();
            checks.add(check(threshold, verdict));
        }
        return verdicts.withGate(checks);
    }

    private static GateCheck check(Threshold threshold, FigureVerdict verdict) {
        if (verdict.verdict() == AbVerdict.NOT_COMPARED
                || verdict.changePercent().isEmpty()) {
            return new GateCheck(
                    threshold.text(),
                    threshold.figure(),
                    threshold.signedPercent(),
                    null,
                    "not-checked",
                    threshold.figure() + " was not compared (" + verdict.why() + "), so " + threshold.text()
                            + " cannot be checked");
        }
        double change = verdict.changePercent().get();
        boolean significant = verdict.verdict().isSignificant();
        boolean beyond = threshold.isBrokenBy(change);
        String what = threshold.figure() + " " + (change >= 0 ? "rose" : "fell") + " by "
                + Numbers.percent(Math.abs(change)) + " (B against A, medians of the runs), "
                + (significant
                        ? verdict.verdict().label() + " (" + verdict.why() + ")"
                        : verdict.verdict().label());
        String outcome;
        String explanation;
        if (significant && beyond) {
            outcome = "broken";
            explanation = what + ": more than the " + threshold.limit() + " allowed";
        } else if (beyond) {
            outcome = "met";
            explanation = what + ": beyond " + threshold.limit() + " but not significant";
        } else {
            outcome = "met";
            explanation = what + ": within " + threshold.limit();
        }
        return new GateCheck(
                threshold.text(), threshold.figure(), threshold.signedPercent(), change, outcome, explanation);
    }
}
