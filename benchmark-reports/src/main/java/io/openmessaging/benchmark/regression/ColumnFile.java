package io.openmessaging.benchmark.regression;

import io.openmessaging.benchmark.config.ConfigException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Reads the line-based files of this package ({@code regression/suite}, {@code regression/versions}): one entry a
 * line, fields separated by blanks, {@code #} starts a comment, blank and comment-only lines are skipped.
 *
 * <p>Checking the fields is the caller's; {@link Line#problem} words a problem with the file, line and column.
 */
final class ColumnFile {

    private static final Pattern BLANKS = Pattern.compile("\\s+");

    private ColumnFile() {}

    /**
     * One non-empty line, without its comment.
     *
     * @param source the file as given, for messages
     * @param number the line number, from 1
     * @param column the column of the first field, from 1
     * @param content the line without its comment and surrounding blanks (never empty)
     */
    record Line(String source, int number, int column, String content) {

        /** The fields split at runs of blanks; at most {@code limit} of them when above 0, the last one the rest. */
        String[] fields(int limit) {
            return BLANKS.split(content, limit);
        }

        /** The problem worded as {@code FILE:LINE:COLUMN: PROBLEM}. */
        String problem(String problem) {
            return ConfigException.at(source, number, column, problem);
        }
    }

    /**
     * The non-empty lines of {@code file}, in file order.
     *
     * @param what what the file is, for the message when it cannot be read (e.g. {@code "suite file"})
     * @throws ConfigException {@code FILE: cannot read the WHAT: CAUSE} when the file cannot be read
     */
    static List<Line> read(Path file, String what) throws ConfigException {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ConfigException(file + ": cannot read the " + what + ": " + e);
        }
        String source = file.toString();
        List<Line> contentLines = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int comment = line.indexOf('#');
            String content = (comment >= 0 ? line.substring(0, comment) : line).strip();
            if (!content.isEmpty()) {
                contentLines.add(new Line(source, i + 1, line.indexOf(content.charAt(0)) + 1, content));
            }
        }
        return contentLines;
    }
}
