package io.openmessaging.benchmark.report;

import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * The plain-text tables printed on a terminal ({@code compare}, the sweep table, {@code bin/regression} and its A/B
 * tables): every
 * column padded to its widest cell, columns two blanks apart, no trailing blanks.
 */
public final class AlignedColumns {

    private AlignedColumns() {}

    /**
     * Writes {@code rows}, one line each; a {@code null} row is an empty line.
     *
     * @param leftAligned whether the column of that index (from 0) is aligned left; the others are aligned right
     */
    public static void write(Writer out, List<String[]> rows, IntPredicate leftAligned) throws IOException {
        out.write(format(rows, leftAligned));
    }

    /** As {@link #write}, as text. */
    public static String format(List<String[]> rows, IntPredicate leftAligned) {
        int columns = rows.stream()
                .filter(row -> row != null)
                .mapToInt(row -> row.length)
                .max()
                .orElse(0);
        int[] widths = new int[columns];
        for (String[] row : rows) {
            for (int i = 0; row != null && i < row.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        StringBuilder text = new StringBuilder();
        for (String[] row : rows) {
            if (row == null) {
                text.append('\n');
                continue;
            }
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                String padding = " ".repeat(widths[i] - row[i].length());
                line.append(i == 0 ? "" : "  ").append(leftAligned.test(i) ? row[i] + padding : padding + row[i]);
            }
            text.append(line.toString().stripTrailing()).append('\n');
        }
        return text.toString();
    }
}
