package io.openmessaging.benchmark.workload;

import io.openmessaging.benchmark.config.DurationText;
import io.openmessaging.benchmark.config.InvalidValue;
import io.openmessaging.benchmark.config.Suggestions;
import io.openmessaging.benchmark.config.YamlMapping;
import io.openmessaging.benchmark.config.YamlNode;
import io.openmessaging.benchmark.schedule.RatePlan;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads the rate plan keys of a workload file ({@code producerRateSteps}, {@code producerRateRamp})
 * into a {@link RatePlan}; every problem names the nested key, its line and what is allowed.
 */
final class RatePlanYaml {

    static final String STEPS_EXAMPLE =
            "e.g. producerRateSteps: [{rate: 10000, duration: 1m}, {rate: 50000," + " duration: 1m}]";
    static final String RAMP_EXAMPLE = "e.g. producerRateRamp: {from: 10000, to: 100000, duration: 5m, steps: 10}";
    static final int DEFAULT_RAMP_STEPS = 10;

    private RatePlanYaml() {}

    /** {@code producerRateSteps}: a non-empty list of {@code {rate, duration}} mappings. */
    static RatePlan steps(YamlMapping.Entry entry) throws InvalidValue {
        YamlNode list = entry.nested();
        if (list == null || list.kind() != YamlMapping.Kind.LIST || list.items().isEmpty()) {
            throw new InvalidValue(
                    entry.valueLine(),
                    entry.valueColumn(),
                    entry.key() + ": found " + entry.found() + ", expected a non-empty list of {rate, duration} steps; "
                            + STEPS_EXAMPLE);
        }
        List<RatePlan.Step> steps = new ArrayList<>();
        for (int i = 0; i < list.items().size(); i++) {
            String where = entry.key() + "[" + (i + 1) + "]";
            YamlNode step = list.items().get(i);
            Map<String, YamlNode> fields = mapping(step, where, List.of("rate", "duration"), STEPS_EXAMPLE);
            double rate = positiveNumber(fields, step, where, "rate", "messages per second");
            Duration duration = positiveDuration(fields, step, where, "duration");
            steps.add(new RatePlan.Step(rate, duration));
        }
        return RatePlan.ofSteps(steps);
    }

    /** {@code producerRateRamp}: a {@code {from, to, duration, steps}} mapping. */
    static RatePlan ramp(YamlMapping.Entry entry) throws InvalidValue {
        YamlNode node = entry.nested();
        if (node == null) {
            throw new InvalidValue(
                    entry.valueLine(),
                    entry.valueColumn(),
                    entry.key() + ": found " + entry.found() + ", expected a mapping {from, to, duration, steps}; "
                            + RAMP_EXAMPLE);
        }
        String where = entry.key();
        Map<String, YamlNode> fields = mapping(node, where, List.of("from", "to", "duration", "steps"), RAMP_EXAMPLE);
        double from = positiveNumber(fields, node, where, "from", "messages per second");
        double to = positiveNumber(fields, node, where, "to", "messages per second");
        Duration duration = positiveDuration(fields, node, where, "duration");
        int stepCount = DEFAULT_RAMP_STEPS;
        YamlNode steps = fields.get("steps");
        if (steps != null) {
            BigDecimal count = decimal(steps);
            if (count == null
                    || count.stripTrailingZeros().scale() > 0
                    || count.compareTo(BigDecimal.ONE) < 0
                    || count.compareTo(BigDecimal.valueOf(100_000)) > 0) {
                throw new InvalidValue(
                        steps.line(),
                        steps.column(),
                        where + ".steps: found " + steps.found()
                                + ", expected a whole number of steps from 1 to 100000");
            }
            stepCount = count.intValueExact();
        }
        if (duration.toNanos() % 1_000_000 != 0 || duration.toMillis() % stepCount != 0) {
            YamlNode at = fields.get("duration");
            throw new InvalidValue(
                    at.line(),
                    at.column(),
                    where + ".duration: "
                            + DurationText.format(duration) + " does not split into " + stepCount
                            + " steps of whole milliseconds; choose a duration and steps that divide evenly");
        }
        return RatePlan.ramp(from, to, duration, stepCount);
    }

    private static Map<String, YamlNode> mapping(YamlNode node, String where, List<String> keys, String example)
            throws InvalidValue {
        if (node.kind() != YamlMapping.Kind.MAPPING) {
            throw new InvalidValue(
                    node.line(),
                    node.column(),
                    where + ": found " + node.found() + ", expected a mapping with keys " + String.join(", ", keys)
                            + "; " + example);
        }
        for (Map.Entry<String, YamlNode> field : node.fields().entrySet()) {
            if (!keys.contains(field.getKey())) {
                throw new InvalidValue(
                        field.getValue().line(),
                        field.getValue().column(),
                        where
                                + ": unknown key '" + field.getKey() + "'"
                                + Suggestions.didYouMean(field.getKey(), keys)
                                + "; allowed keys: " + String.join(", ", keys));
            }
        }
        return node.fields();
    }

    private static double positiveNumber(
            Map<String, YamlNode> fields, YamlNode parent, String where, String key, String unit) throws InvalidValue {
        YamlNode node = fields.get(key);
        if (node == null) {
            throw new InvalidValue(
                    parent.line(),
                    parent.column(),
                    where + ": missing key '" + key + "', expected a number of " + unit + " above 0");
        }
        BigDecimal value = decimal(node);
        if (value == null || value.signum() <= 0 || Double.isInfinite(value.doubleValue())) {
            throw new InvalidValue(
                    node.line(),
                    node.column(),
                    where + "." + key + ": found " + node.found() + ", expected a number of " + unit + " above 0");
        }
        return value.doubleValue();
    }

    private static Duration positiveDuration(Map<String, YamlNode> fields, YamlNode parent, String where, String key)
            throws InvalidValue {
        YamlNode node = fields.get(key);
        String expected = "expected a duration above 0 such as 500ms, 30s, 2m or 1h30m";
        if (node == null) {
            throw new InvalidValue(parent.line(), parent.column(), where + ": missing key '" + key + "', " + expected);
        }
        if (node.kind() == YamlMapping.Kind.MAPPING
                || node.kind() == YamlMapping.Kind.LIST
                || node.kind() == YamlMapping.Kind.NULL) {
            throw new InvalidValue(
                    node.line(), node.column(), where + "." + key + ": found " + node.found() + ", " + expected);
        }
        try {
            Duration duration = DurationText.parse(node.text());
            if (!duration.isZero()) {
                return duration;
            }
        } catch (IllegalArgumentException e) {
            throw new InvalidValue(
                    node.line(),
                    node.column(),
                    where + "." + key + ": found " + node.found() + ", " + expected + "; " + e.getMessage());
        }
        throw new InvalidValue(
                node.line(), node.column(), where + "." + key + ": found " + node.found() + ", " + expected);
    }

    private static BigDecimal decimal(YamlNode node) {
        if (node.value() instanceof Double number) {
            return number.isNaN() || number.isInfinite() ? null : BigDecimal.valueOf(number);
        }
        if (node.value() instanceof Number number) {
            return new BigDecimal(number.toString());
        }
        if (node.value() instanceof String text) {
            try {
                return new BigDecimal(text.strip());
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }
}
