package io.openmessaging.benchmark.logging;

import ch.qos.logback.classic.pattern.ThrowableHandlingConverter;
import ch.qos.logback.classic.pattern.ThrowableProxyConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.StackTraceElementProxy;
import ch.qos.logback.core.CoreConstants;

/**
 * Prints an exception as one line, {@code  [Type: message; cause Type: message; …]}, unless it started in
 * this tool's own code (its first stack frame is in {@code io.openmessaging}: a defect, whose stack trace
 * is needed) or the system property {@value #FULL_PROPERTY} is {@code true}. A client library's failure
 * (a missing truststore, a dead broker) is then one line instead of 20 to 40.
 */
public final class ShortThrowableConverter extends ThrowableHandlingConverter {

    /** {@code -Domb.log.stackTraces=true}: every stack trace in full. */
    public static final String FULL_PROPERTY = "omb.log.stackTraces";

    private static final int MAX_CAUSES = 5;

    private final ThrowableProxyConverter full = new ThrowableProxyConverter();

    @Override
    public void start() {
        full.setContext(getContext());
        full.start();
        super.start();
    }

    @Override
    public void stop() {
        full.stop();
        super.stop();
    }

    @Override
    public String convert(ILoggingEvent event) {
        IThrowableProxy thrown = event.getThrowableProxy();
        if (thrown == null) {
            return "";
        }
        if (Boolean.getBoolean(FULL_PROPERTY) || startedInOwnCode(thrown)) {
            return CoreConstants.LINE_SEPARATOR + full.convert(event).stripTrailing();
        }
        StringBuilder line = new StringBuilder(" [");
        int depth = 0;
        for (IThrowableProxy cause = thrown; cause != null && depth < MAX_CAUSES; cause = cause.getCause(), depth++) {
            if (depth > 0) {
                line.append("; cause ");
            }
            String type = cause.getClassName();
            line.append(type.substring(type.lastIndexOf('.') + 1));
            if (cause.getMessage() != null) {
                line.append(": ").append(cause.getMessage().replace('\n', ' '));
            }
        }
        return line.append("; stack trace left out, -D")
                .append(FULL_PROPERTY)
                .append("=true shows it]")
                .toString();
    }

    private static boolean startedInOwnCode(IThrowableProxy thrown) {
        StackTraceElementProxy[] frames = thrown.getStackTraceElementProxyArray();
        return frames != null
                && frames.length > 0
                && frames[0].getStackTraceElement().getClassName().startsWith("io.openmessaging.");
    }
}
