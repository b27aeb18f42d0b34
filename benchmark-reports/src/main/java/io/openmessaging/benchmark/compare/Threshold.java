package io.openmessaging.benchmark.compare;

import io.openmessaging.benchmark.config.Suggestions;
import io.openmessaging.benchmark.report.Metric;
import io.openmessaging.benchmark.report.Stat;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A limit on how much one figure may change from base to candidate, written
 * {@code <metric>.<stat>=<sign><percent>%}: {@code endToEndLatency.p99=+10%} is broken when the
 * candidate's p99 is more than 10 % above the base's, {@code publishRate.avg=-2%} when the candidate's
 * average rate is more than 2 % below. The sign is required, so the direction is never guessed.
 *
 * @param metric the metric, by its result field prefix
 * @param stat the statistic of it
 * @param limitsIncrease {@code true} for {@code +N%} (the figure may rise by at most N %), {@code false}
 *     for {@code -N%} (it may fall by at most N %)
 * @param percent N, zero or more
 * @param text the threshold as written
 */
public record Threshold(Metric metric, Stat stat, boolean limitsIncrease, double percent, String text) {

    private static final Pattern SYNTAX =
            Pattern.compile("(?<metric>[^.=]*)\\.(?<stat>[^=]*)=(?<sign>[+-]?)(?<number>\\d+(?:\\.\\d+)?)?(?<unit>.*)");
    static final String EXAMPLE = "e.g. endToEndLatency.p99=+10% or publishRate.avg=-2%";

    /**
     * Parses {@code text}.
     *
     * @throws IllegalArgumentException with a message that quotes {@code text}, says what is wrong and
     *     what would be right
     */
    public static Threshold parse(String text) {
        Matcher matcher = SYNTAX.matcher(text.strip());
        if (!matcher.matches()) {
            throw problem(text, "is not <metric>.<stat>=<+|-><percent>%, " + EXAMPLE);
        }
        String metricKey = matcher.group("metric");
        Optional<Metric> metric = Metric.byKey(metricKey);
        if (metric.isEmpty()) {
            throw problem(
                    text,
                    "unknown metric '" + metricKey + "'" + Suggestions.didYouMean(metricKey, Metric.keys())
                            + "; metrics: " + String.join(", ", Metric.keys()));
        }
        String statKey = matcher.group("stat");
        Optional<Stat> stat = Stat.byKey(statKey);
        if (stat.isEmpty()) {
            throw problem(
                    text,
                    "unknown stat '" + statKey + "'" + Suggestions.didYouMean(statKey, Stat.keys()) + "; stats: "
                            + String.join(", ", Stat.keys()));
        }
        String number = matcher.group("number");
        if (number == null) {
            throw problem(text, "the limit after '=' must be a percentage with a sign, " + EXAMPLE);
        }
        if (!matcher.group("unit").equals("%")) {
            throw problem(text, "the limit must end in '%' (only relative limits are supported), " + EXAMPLE);
        }
        if (matcher.group("sign").isEmpty()) {
            throw problem(
                    text,
                    "give the limit a sign: +" + number + "% fails when the candidate is more than " + number
                            + "% higher than the base, -" + number + "% when it is more than " + number + "% lower");
        }
        return new Threshold(
                metric.get(), stat.get(), matcher.group("sign").equals("+"), Double.parseDouble(number), text.strip());
    }

    /** {@code endToEndLatency.p99}. */
    public String figure() {
        return metric.key() + "." + stat.key();
    }

    /** The limit as written, e.g. {@code +10%}. */
    public String limit() {
        return text.substring(text.indexOf('=') + 1);
    }

    /** The limit as a signed number: {@code +10} or {@code -2}. */
    public double signedPercent() {
        return limitsIncrease ? percent : -percent;
    }

    /** Whether a change of {@code changePercent} (candidate relative to base, in %) breaks this threshold. */
    public boolean isBrokenBy(double changePercent) {
        return limitsIncrease ? changePercent > percent : changePercent < -percent;
    }

    private static IllegalArgumentException problem(String text, String what) {
        return new IllegalArgumentException("threshold '" + text + "': " + what);
    }
}
