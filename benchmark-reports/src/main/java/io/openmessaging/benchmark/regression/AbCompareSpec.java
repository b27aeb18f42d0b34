package io.openmessaging.benchmark.regression;

import io.openmessaging.benchmark.config.Suggestions;
import java.util.List;
import java.util.regex.Pattern;

/**
 * What {@code bin/regression --compare SYSTEM=A,B --repeats N} asks for: the broker, the two versions to
 * run against each other, and the runs per side.
 *
 * @param system {@code kafka}, {@code pulsar} or {@code rabbitmq}
 * @param versionA side A's broker version (the reference)
 * @param versionB side B's broker version
 * @param repeats runs per side, at least 2
 */
public record AbCompareSpec(String system, String versionA, String versionB, int repeats) {

    /** The systems {@code bin/local-broker} starts at a chosen version. */
    public static final List<String> SYSTEMS = List.of("kafka", "pulsar", "rabbitmq");

    static final String EXAMPLE = "e.g. --compare kafka=3.9.1,4.4.0";
    private static final Pattern VERSION = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

    /**
     * Parses the two options' values.
     *
     * @throws IllegalArgumentException one line naming the option, the value and what is allowed
     */
    public static AbCompareSpec parse(String compare, String repeats) {
        int equals = compare.indexOf('=');
        if (equals < 0) {
            throw new IllegalArgumentException(
                    "--compare '" + compare + "' is not SYSTEM=A,B (a broker and two versions), " + EXAMPLE);
        }
        String system = compare.substring(0, equals).strip();
        if (!SYSTEMS.contains(system)) {
            throw new IllegalArgumentException("--compare '" + compare + "': unknown system '" + system + "'"
                    + Suggestions.didYouMean(system, SYSTEMS) + "; allowed: " + String.join(", ", SYSTEMS));
        }
        String[] versions = compare.substring(equals + 1).split(",", -1);
        if (versions.length != 2) {
            throw new IllegalArgumentException("--compare '" + compare + "': give exactly two versions, A,B, " + EXAMPLE
                    + "; got " + versions.length);
        }
        for (String version : versions) {
            if (!VERSION.matcher(version).matches()) {
                throw new IllegalArgumentException("--compare '" + compare + "': version '" + version + "' must be"
                        + " letters, digits, '.', '_' and '-', starting with a letter or digit");
            }
        }
        if (repeats == null) {
            throw new IllegalArgumentException("--compare needs --repeats N, the runs per side (at least 2)");
        }
        int runs;
        try {
            runs = Integer.parseInt(repeats.strip());
        } catch (NumberFormatException e) {
            runs = -1;
        }
        if (runs < 2 || runs > 99) {
            throw new IllegalArgumentException(
                    "--repeats must be a whole number from 2 to 99 (runs per side), got '" + repeats + "'");
        }
        return new AbCompareSpec(system, versions[0], versions[1], runs);
    }

    /** The directory of side A's runs in the results directory: {@code A-<version>}. */
    public String directoryA() {
        return "A-" + versionA;
    }

    /** The directory of side B's runs: {@code B-<version>}. */
    public String directoryB() {
        return "B-" + versionB;
    }
}
