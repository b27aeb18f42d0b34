package io.openmessaging.benchmark.workload;

import io.openmessaging.benchmark.config.ConfigException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code run --set driver.KEY=VALUE}: edits the text of every driver file before its driver reads it, so a
 * driver setting can change without a copy of the file. {@code driver.KEY=VALUE} sets a top-level key
 * ({@code driver.replicationFactor=1}); {@code driver.BLOCK.PROPERTY=VALUE} sets one property inside a
 * block: a line {@code PROPERTY=VALUE} in a Java-properties block ({@code driver.producerConfig.linger.ms=5}
 * for Kafka's {@code producerConfig: |}), or {@code PROPERTY: VALUE} in a nested mapping. The text is
 * edited line by line: an existing setting's line is replaced where it is (comments and the other lines'
 * numbers stay), a new one is added at the end of its block or file. The driver then checks the result as
 * it checks any file, so an unknown key or a refused value is still an error, naming the assignment.
 */
public final class DriverAssignments {

    /** Prefix that sends a {@code --set} to the driver files instead of the workloads. */
    public static final String PREFIX = "driver.";

    private static final Pattern TOP_LEVEL_KEY = Pattern.compile("^([A-Za-z_][A-Za-z0-9_.-]*)\\s*:(.*)$");

    private DriverAssignments() {}

    /** Whether {@code assignment} is for the driver files. */
    public static boolean isDriverAssignment(String assignment) {
        return assignment.startsWith(PREFIX);
    }

    /**
     * Why {@code assignment} (one for the driver files) is no {@code driver.KEY[.PROPERTY]=VALUE}, in one line
     * naming it; {@code null} when it has that shape.
     */
    public static String syntaxProblem(String assignment) {
        int equals = assignment.indexOf('=');
        String path = equals < PREFIX.length()
                ? ""
                : assignment.substring(PREFIX.length(), equals).strip();
        if (path.isEmpty() || path.startsWith(".") || path.endsWith(".")) {
            return "--set " + assignment + ": expected driver.KEY=VALUE (a top-level key of the"
                    + " driver file) or driver.BLOCK.PROPERTY=VALUE (a property in one of its blocks, e.g."
                    + " driver.producerConfig.linger.ms=5)";
        }
        return null;
    }

    /**
     * The driver file's text with {@code assignments} ({@code driver.…=…}, in order) applied.
     *
     * @throws ConfigException naming the assignment when it is not {@code driver.KEY[.PROPERTY]=VALUE}, or sets
     *     a whole block as one value
     */
    public static String apply(String yaml, String sourceName, List<String> assignments) throws ConfigException {
        List<String> lines = new ArrayList<>(Arrays.asList(yaml.split("\n", -1)));
        if (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
            lines.remove(lines.size() - 1);
        }
        for (String assignment : assignments) {
            String problem = syntaxProblem(assignment);
            if (problem != null) {
                throw new ConfigException(problem);
            }
            int equals = assignment.indexOf('=');
            String path = assignment.substring(PREFIX.length(), equals).strip();
            String value = assignment.substring(equals + 1).strip();
            int dot = path.indexOf('.');
            if (dot < 0) {
                setTopLevel(lines, path, value, sourceName, assignment);
            } else {
                setInBlock(lines, path.substring(0, dot), path.substring(dot + 1), value);
            }
        }
        return String.join("\n", lines) + "\n";
    }

    private static void setTopLevel(List<String> lines, String key, String value, String sourceName, String assignment)
            throws ConfigException {
        int line = find(lines, key);
        if (line < 0) {
            lines.add(key + ": " + value);
            return;
        }
        Matcher matcher = TOP_LEVEL_KEY.matcher(lines.get(line));
        matcher.matches();
        String rest = matcher.group(2).strip();
        int end = blockEnd(lines, line);
        if (rest.isEmpty() && end > line + 1 && value.startsWith("[") && isList(lines, line + 1, end)) {
            // a list block (amqpUris: - a - b) replaced by the flow list given
            lines.subList(line + 1, end).clear();
            lines.set(line, key + ": " + value);
            return;
        }
        if (rest.isEmpty() || rest.startsWith("|") || rest.startsWith(">") || blockEnd(lines, line) > line + 1) {
            throw new ConfigException(ConfigException.at(
                    sourceName,
                    line + 1,
                    1,
                    "--set " + assignment + ": '" + key
                            + "' is a block; set one of its properties instead: --set driver." + key
                            + ".PROPERTY=VALUE"));
        }
        lines.set(line, key + ": " + value);
    }

    private static void setInBlock(List<String> lines, String block, String property, String value) {
        int header = find(lines, block);
        if (header < 0) {
            // a new block: a Java-properties block, which the Kafka-family files use for their client settings
            lines.add(block + ": |");
            lines.add("  " + property + "=" + value);
            return;
        }
        Matcher matcher = TOP_LEVEL_KEY.matcher(lines.get(header));
        matcher.matches();
        boolean properties = matcher.group(2).strip().startsWith("|")
                || matcher.group(2).strip().startsWith(">");
        int end = blockEnd(lines, header);
        if (!properties) {
            // a mapping: the property is one of its own entries (not of a mapping nested in it), added after its
            // last entry at the indentation of its entries
            int lastContent = end;
            while (lastContent > header + 1 && lines.get(lastContent - 1).isBlank()) {
                lastContent--;
            }
            if (setNested(lines, header + 1, lastContent, property, value)) {
                return;
            }
        }
        String indent = "  ";
        for (int i = header + 1; i < end; i++) {
            String text = lines.get(i);
            if (text.isBlank() || text.strip().startsWith("#")) {
                continue;
            }
            indent = text.substring(0, text.length() - text.stripLeading().length());
            String stripped = text.strip();
            if (properties ? isProperty(stripped, property) : stripped.startsWith(property + ":")) {
                lines.set(i, indent + property + (properties ? "=" : ": ") + value);
                return;
            }
        }
        lines.add(end, indent + property + (properties ? "=" : ": ") + value);
    }

    /**
     * Sets {@code path} ({@code persistence.ensembleSize}) in the mapping whose entries are lines {@code from} …
     * {@code to}, descending into nested mappings; {@code false} when a mapping on the way is not there.
     */
    private static boolean setNested(List<String> lines, int from, int to, String path, String value) {
        int dot = path.indexOf('.');
        String head = dot < 0 ? path : path.substring(0, dot);
        String entryIndent = null;
        for (int i = from; i < to; i++) {
            String text = lines.get(i);
            if (text.isBlank() || text.strip().startsWith("#")) {
                continue;
            }
            String indent =
                    text.substring(0, text.length() - text.stripLeading().length());
            if (entryIndent == null) {
                entryIndent = indent;
            }
            if (!indent.equals(entryIndent) || !text.strip().startsWith(head + ":")) {
                continue;
            }
            if (dot < 0) {
                lines.set(i, indent + head + ": " + value);
                return true;
            }
            int end = i + 1;
            int lastContent = i + 1;
            while (end < to
                    && (lines.get(end).isBlank()
                            || lines.get(end).length()
                                            - lines.get(end).stripLeading().length()
                                    > indent.length())) {
                end++;
                if (!lines.get(end - 1).isBlank()) {
                    lastContent = end;
                }
            }
            return setNested(lines, i + 1, lastContent, path.substring(dot + 1), value);
        }
        if (dot < 0 && entryIndent != null) {
            lines.add(to, entryIndent + head + ": " + value);
            return true;
        }
        return false;
    }

    /** Whether the non-blank lines {@code from} … {@code to} are the items of a YAML list. */
    private static boolean isList(List<String> lines, int from, int to) {
        return lines.subList(from, to).stream()
                .filter(line -> !line.isBlank() && !line.strip().startsWith("#"))
                .allMatch(line -> line.strip().startsWith("- ") || line.strip().equals("-"));
    }

    /** Whether a Java-properties line sets {@code property} ({@code p=v}, {@code p: v} or {@code p v}). */
    private static boolean isProperty(String line, String property) {
        if (!line.startsWith(property) || line.length() == property.length()) {
            return line.equals(property);
        }
        char next = line.charAt(property.length());
        return next == '=' || next == ':' || Character.isWhitespace(next);
    }

    /** The line index of top-level {@code key}, or -1. */
    private static int find(List<String> lines, String key) {
        for (int i = 0; i < lines.size(); i++) {
            Matcher matcher = TOP_LEVEL_KEY.matcher(lines.get(i));
            if (matcher.matches() && matcher.group(1).equals(key)) {
                return i;
            }
        }
        return -1;
    }

    /** The index after the last line of the block starting at {@code header} (indented or blank lines). */
    private static int blockEnd(List<String> lines, int header) {
        int end = header + 1;
        int lastContent = header + 1;
        while (end < lines.size()
                && (lines.get(end).isBlank()
                        || Character.isWhitespace(lines.get(end).charAt(0)))) {
            end++;
            if (!lines.get(end - 1).isBlank()) {
                lastContent = end;
            }
        }
        return lastContent;
    }
}
