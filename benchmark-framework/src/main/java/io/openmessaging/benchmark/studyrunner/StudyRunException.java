package io.openmessaging.benchmark.studyrunner;

/** A study run that cannot start, with the exit code to end with (2: the command line, 1: a file). */
public final class StudyRunException extends Exception {

    private final int exitCode;

    public StudyRunException(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }
}
