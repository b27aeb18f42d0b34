package io.openmessaging.benchmark.report;

import java.io.IOException;
import java.io.Writer;

/**
 * One way of writing results out for people or tools: the HTML report and CSV for a list of runs
 * ({@link HtmlReport}, {@link CsvFormat}), the text table and JSON of a comparison
 * ({@code io.openmessaging.benchmark.compare}). The command line picks one per output.
 *
 * @param <T> what is written: runs, or a comparison
 */
public interface ResultFormat<T> {

    /** Writes {@code subject} to {@code out} in full; does not close {@code out}. */
    void writeOut(T subject, Writer out) throws IOException;
}
