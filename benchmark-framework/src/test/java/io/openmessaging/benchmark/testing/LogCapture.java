package io.openmessaging.benchmark.testing;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.PatternLayout;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import io.openmessaging.benchmark.logging.ShortThrowableConverter;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.LoggerFactory;

/**
 * What the tool logs while it is open, each event as {@code bin/benchmark}'s {@code logback.xml} renders it
 * ({@code [LEVEL] logger - message} and the exception as the short converter writes it), for tests that check
 * what a user would read on standard error. Attached to the root logger; {@link #close()} detaches it.
 */
public final class LogCapture implements AutoCloseable {

    private final Logger root;
    private final Appender appender;

    private LogCapture(Logger root, Appender appender) {
        this.root = root;
        this.appender = appender;
    }

    /** Starts capturing every event of level WARN and above that reaches the root logger. */
    public static LogCapture warningsAndErrors() {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        PatternLayout layout = new PatternLayout();
        layout.setContext(context);
        layout.getInstanceConverterMap().put("shortEx", ShortThrowableConverter::new);
        layout.setPattern("[%level] %logger{0} - %msg%shortEx");
        layout.start();
        Appender appender = new Appender(layout);
        appender.setContext(context);
        appender.start();
        Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        root.addAppender(appender);
        return new LogCapture(root, appender);
    }

    /** The events so far, rendered. */
    public List<String> events() {
        synchronized (appender.rendered) {
            return List.copyOf(appender.rendered);
        }
    }

    /** The events so far that a user reads as more than one line (e.g. with a stack trace). */
    public List<String> multiLineEvents() {
        return events().stream().filter(e -> e.strip().contains("\n")).toList();
    }

    @Override
    public void close() {
        root.detachAppender(appender);
        appender.stop();
    }

    private static final class Appender extends AppenderBase<ILoggingEvent> {
        private final PatternLayout layout;
        private final List<String> rendered = new ArrayList<>();

        Appender(PatternLayout layout) {
            this.layout = layout;
        }

        @Override
        protected void append(ILoggingEvent event) {
            if (event.getLevel().isGreaterOrEqual(ch.qos.logback.classic.Level.WARN)) {
                String line = layout.doLayout(event);
                synchronized (rendered) {
                    rendered.add(line);
                }
            }
        }
    }
}
