package io.openmessaging.benchmark.config;

import java.util.List;

/**
 * A workload or driver file that cannot be used as written. Each problem is one complete sentence a
 * person can act on, prefixed with where it is: {@code file:line:column: } (or {@code file: } when
 * the problem has no single place, such as a missing key). The message is the problems, one a line.
 */
public class ConfigException extends Exception {

    private static final long serialVersionUID = 1L;

    private final List<String> problems;

    /** One problem; {@code message} already says where. */
    public ConfigException(String message) {
        this(message, null);
    }

    /** One problem caused by {@code cause}; {@code message} already says where. */
    public ConfigException(String message, Throwable cause) {
        super(message, cause);
        this.problems = List.of(message);
    }

    /** Several problems found in one file, in file order. */
    public ConfigException(List<String> problems) {
        super(String.join("\n", problems));
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("a ConfigException needs at least one problem");
        }
        this.problems = List.copyOf(problems);
    }

    /** The problems, each a complete line starting with its place. */
    public List<String> problems() {
        return problems;
    }

    /**
     * Formats a problem at a place: {@code source:line:column: detail}, or {@code source: detail} when
     * {@code line} is not positive.
     */
    public static String at(String sourceName, int line, int column, String detail) {
        if (line == YamlMapping.FROM_COMMAND_LINE) {
            return sourceName + " (--set): " + detail;
        }
        if (line <= 0) {
            return sourceName + ": " + detail;
        }
        return sourceName + ":" + line + ":" + column + ": " + detail;
    }
}
