package io.openmessaging.benchmark.config;

import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as people write them in workload files: one or more {@code <whole number><unit>} parts,
 * largest unit first, each unit at most once, no spaces. Units: {@code h}, {@code m}, {@code s},
 * {@code ms}. Examples: {@code 500ms}, {@code 30s}, {@code 2m}, {@code 1h30m}. A bare {@code 0} is
 * also accepted. At most {@link #MAX} (one year): no run lasts longer, and nanosecond arithmetic on
 * longer durations overflows.
 */
public final class DurationText {

    /** Units from largest to smallest; a text's parts must follow this order. */
    private static final List<String> UNITS = List.of("h", "m", "s", "ms");

    /** The longest duration a text may give: 365 days, written {@code 8760h}. */
    public static final Duration MAX = Duration.ofDays(365);

    private static final Pattern PART = Pattern.compile("(\\d+)(ms|h|m|s)");

    private DurationText() {}

    /**
     * Parses {@code text}.
     *
     * @throws IllegalArgumentException saying what is wrong with the text
     */
    public static Duration parse(String text) {
        if (text.equals("0")) {
            return Duration.ZERO;
        }
        if (text.startsWith("-")) {
            throw new IllegalArgumentException("a duration cannot be negative");
        }
        Matcher part = PART.matcher(text);
        Duration total = Duration.ZERO;
        int position = 0;
        int lastUnitIndex = -1;
        while (position < text.length()) {
            if (!part.find(position) || part.start() != position) {
                throw new IllegalArgumentException(
                        text.matches("\\d+") ? "a duration needs a unit: h, m, s or ms" : "not a duration");
            }
            int unitIndex = UNITS.indexOf(part.group(2));
            if (unitIndex <= lastUnitIndex) {
                throw new IllegalArgumentException("units must go from largest to smallest, each once");
            }
            lastUnitIndex = unitIndex;
            try {
                total = total.plus(of(Long.parseLong(part.group(1)), part.group(2)));
            } catch (ArithmeticException | NumberFormatException e) {
                throw new IllegalArgumentException("too long a duration");
            }
            position = part.end();
        }
        if (lastUnitIndex < 0) {
            throw new IllegalArgumentException("not a duration");
        }
        if (total.compareTo(MAX) > 0) {
            throw new IllegalArgumentException("too long a duration: at most " + format(MAX) + " (one year)");
        }
        return total;
    }

    /** The shortest text {@link #parse} reads back as {@code duration}, e.g. {@code 1h30m}, {@code 0s}. */
    public static String format(Duration duration) {
        if (duration.isNegative()) {
            throw new IllegalArgumentException("negative duration " + duration);
        }
        if (duration.isZero()) {
            return "0s";
        }
        StringBuilder text = new StringBuilder();
        append(text, duration.toHours(), "h");
        append(text, duration.toMinutesPart(), "m");
        append(text, duration.toSecondsPart(), "s");
        append(text, duration.toMillisPart(), "ms");
        if (text.length() == 0 || duration.getNano() % 1_000_000 != 0) {
            throw new IllegalArgumentException(duration + " is not a whole number of milliseconds");
        }
        return text.toString();
    }

    /**
     * {@code duration} for people: {@code 500 ms}, {@code 30 s}, {@code 2.5 s}, {@code 1 min 30 s},
     * {@code 2 h 5 min}; hours and minutes drop parts below a second.
     */
    public static String readable(Duration duration) {
        if (duration.isNegative()) {
            return "-" + readable(duration.negated());
        }
        long millis = duration.toMillis();
        if (millis < 1000) {
            return millis + " ms";
        }
        if (duration.toMinutes() == 0) {
            return millis % 1000 == 0
                    ? millis / 1000 + " s"
                    : String.format(java.util.Locale.ROOT, "%.3f s", millis / 1000.0)
                            .replaceAll("0+ s$", " s");
        }
        StringBuilder text = new StringBuilder();
        if (duration.toHours() > 0) {
            text.append(duration.toHours()).append(" h");
        }
        if (duration.toMinutesPart() > 0) {
            text.append(text.length() > 0 ? " " : "")
                    .append(duration.toMinutesPart())
                    .append(" min");
        }
        if (duration.toSecondsPart() > 0) {
            text.append(text.length() > 0 ? " " : "")
                    .append(duration.toSecondsPart())
                    .append(" s");
        }
        return text.toString();
    }

    private static Duration of(long amount, String unit) {
        return switch (unit) {
            case "h" -> Duration.ofHours(amount);
            case "m" -> Duration.ofMinutes(amount);
            case "s" -> Duration.ofSeconds(amount);
            default -> Duration.ofMillis(amount);
        };
    }

    private static void append(StringBuilder text, long amount, String unit) {
        if (amount != 0) {
            text.append(amount).append(unit);
        }
    }
}
