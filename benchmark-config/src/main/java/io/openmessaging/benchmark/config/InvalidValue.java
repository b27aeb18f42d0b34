package io.openmessaging.benchmark.config;

/** A key's value that does not fit the key. The message names the key, the value and what is allowed. */
public final class InvalidValue extends Exception {

    private static final long serialVersionUID = 1L;

    private final int line;
    private final int column;

    public InvalidValue(YamlMapping.Entry entry, String expected) {
        super(entry.key() + ": found " + entry.found() + ", expected " + expected);
        this.line = entry.valueLine();
        this.column = entry.valueColumn();
    }

    /** A problem inside a list or mapping value, at {@code line}:{@code column}. */
    public InvalidValue(int line, int column, String message) {
        super(message);
        this.line = line;
        this.column = column;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }
}
