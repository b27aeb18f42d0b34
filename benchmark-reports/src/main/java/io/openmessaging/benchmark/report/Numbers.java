package io.openmessaging.benchmark.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/**
 * Numbers for people (tables of the HTML report and of {@code compare}): about four significant digits,
 * thousands grouped, so {@code 1553.007} reads {@code 1,553}, {@code 4.349} reads {@code 4.349} and
 * {@code 200034.6} reads {@code 200,035}. Machine outputs (CSV, JSON) keep every digit instead.
 */
public final class Numbers {

    private Numbers() {}

    /** {@code value} with about four significant digits; {@code —} when not finite. */
    public static String format(double value) {
        if (Double.isNaN(value)) {
            return "—";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "∞" : "−∞";
        }
        double magnitude = Math.abs(value);
        int decimals =
                magnitude >= 1000 || value == Math.rint(value) ? 0 : magnitude >= 100 ? 1 : magnitude >= 10 ? 2 : 3;
        return String.format(Locale.ROOT, "%,." + decimals + "f", value);
    }

    /**
     * Four significant digits, no grouping and no trailing zeros, for p-values and levels: {@code 0.007937},
     * {@code 0.01}, {@code 99}.
     */
    public static String plain(double value) {
        return new BigDecimal(value)
                .round(new MathContext(4))
                .stripTrailingZeros()
                .toPlainString();
    }

    /** As {@link #format}, with a sign: {@code +1.18}, {@code -3}. */
    public static String signed(double value) {
        return (value > 0 ? "+" : "") + format(value);
    }

    /** A percentage, {@code 21.8%}, {@code 0.05%}, {@code -3.0%}: two decimals below 1 %, none from 100 %. */
    public static String percent(double percent) {
        if (Double.isInfinite(percent)) {
            return "∞";
        }
        double magnitude = Math.abs(percent);
        return String.format(Locale.ROOT, magnitude < 1 ? "%.2f%%" : magnitude < 100 ? "%.1f%%" : "%,.0f%%", percent);
    }

    /** A percentage with its sign: {@code +21.8%}, {@code -0.05%}. */
    public static String signedPercent(double percent) {
        if (Double.isInfinite(percent)) {
            return percent > 0 ? "+∞" : "−∞";
        }
        return (percent >= 0 ? "+" : "") + percent(percent);
    }
}
