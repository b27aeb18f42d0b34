package io.openmessaging.benchmark.result;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A result file could not be read as a {@link TestResult}: its message names the file, the line and
 * column of the offending JSON, and the field, when known.
 */
public class ResultFileException extends IOException {

    private final transient Path file;
    private final int line;
    private final int column;

    /**
     * @param line 1-based line of the problem, or 0 when unknown
     * @param column 1-based column of the problem, or 0 when unknown
     */
    public ResultFileException(Path file, int line, int column, String problem, Throwable cause) {
        super(file + (line > 0 ? ":" + line + ":" + column : "") + ": " + problem, cause);
        this.file = file;
        this.line = line;
        this.column = column;
    }

    /** The file that could not be read. */
    public Path file() {
        return file;
    }

    /** 1-based line of the problem in the file, or 0 when unknown. */
    public int line() {
        return line;
    }

    /** 1-based column of the problem in the file, or 0 when unknown. */
    public int column() {
        return column;
    }
}
