package io.openmessaging.benchmark.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.slf4j.Marker;
import org.slf4j.helpers.MessageFormatter;

/**
 * Collapses floods: a message with the same logger and the same format (its arguments may differ) that
 * comes again within {@value #WINDOW_SECONDS} s of its first is not printed but counted; when the window
 * ends, one line says how many were left out and quotes the first. A broker that dies leaves one line
 * per kind of client complaint every {@value #WINDOW_SECONDS} s instead of hundreds per second.
 *
 * <p>Applies to warnings and errors of every logger, and to messages of any level from the client
 * libraries (every logger outside {@code io.openmessaging}); this tool's own information lines are never
 * collapsed. Counts still open when the logging stops (at JVM exit, through Logback's shutdown hook) are
 * printed then.
 */
public final class RepeatedMessageFilter extends TurboFilter {

    /** How long a message's repeats are counted before the count is printed. */
    public static final int WINDOW_SECONDS = 10;

    private static final long WINDOW_NANOS = TimeUnit.SECONDS.toNanos(WINDOW_SECONDS);
    private static final String OWN_LOGGERS = "io.openmessaging.";

    /** Set while this filter prints a count, so that the count itself is not filtered. */
    private static final ThreadLocal<Boolean> PRINTING_COUNT = ThreadLocal.withInitial(() -> false);

    private final Map<Key, Window> windows = new ConcurrentHashMap<>();
    private final LongSupplier nanoClock;
    private ScheduledExecutorService flusher;

    public RepeatedMessageFilter() {
        this(System::nanoTime);
    }

    /** With a clock of its own, for tests; {@link #flush} then runs only when called. */
    RepeatedMessageFilter(LongSupplier nanoClock) {
        this.nanoClock = nanoClock;
    }

    private record Key(Logger logger, Level level, String format) {}

    /**
     * One message's current window: when it began, the first message as printed, and the repeats left out
     * (counted under the map's lock for its key, read once the window is out of the map).
     */
    private static final class Window {
        final long startNanos;
        final String firstMessage;
        int leftOut;

        Window(long startNanos, String firstMessage) {
            this.startNanos = startNanos;
            this.firstMessage = firstMessage;
        }
    }

    @Override
    public void start() {
        flusher = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "log-repeat-counter");
            thread.setDaemon(true);
            return thread;
        });
        flusher.scheduleWithFixedDelay(() -> flush(false), 1, 1, TimeUnit.SECONDS);
        super.start();
    }

    /** Starts without the background flusher (tests call {@link #flush}). */
    void startWithoutFlusher() {
        super.start();
    }

    @Override
    public void stop() {
        if (flusher != null) {
            flusher.shutdownNow();
        }
        flush(true);
        super.stop();
    }

    @Override
    public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params, Throwable t) {
        if (format == null
                || !isStarted()
                || PRINTING_COUNT.get()
                || !level.isGreaterOrEqual(logger.getEffectiveLevel())
                || (level.levelInt < Level.WARN_INT && logger.getName().startsWith(OWN_LOGGERS))) {
            return FilterReply.NEUTRAL; // an isEnabled() check, a disabled level, or one of our info lines
        }
        Key key = new Key(logger, level, format);
        long now = nanoClock.getAsLong();
        boolean[] repeat = new boolean[1];
        Window[] ended = new Window[1];
        windows.compute(key, (k, window) -> {
            if (window != null && now - window.startNanos < WINDOW_NANOS) {
                window.leftOut++;
                repeat[0] = true;
                return window;
            }
            ended[0] = window;
            return new Window(now, MessageFormatter.basicArrayFormat(format, params));
        });
        if (repeat[0]) {
            return FilterReply.DENY;
        }
        if (ended[0] != null) {
            printCount(key, ended[0]);
        }
        return FilterReply.NEUTRAL;
    }

    /**
     * Prints the counts of windows that have ended (all, with {@code everything}) and forgets windows that
     * ended with nothing left out.
     */
    void flush(boolean everything) {
        long now = nanoClock.getAsLong();
        for (Map.Entry<Key, Window> entry : windows.entrySet()) {
            Window window = entry.getValue();
            if ((everything || now - window.startNanos >= WINDOW_NANOS) && windows.remove(entry.getKey(), window)) {
                printCount(entry.getKey(), window);
            }
        }
    }

    private static void printCount(Key key, Window window) {
        int leftOut = window.leftOut;
        if (leftOut == 0) {
            return;
        }
        PRINTING_COUNT.set(true);
        try {
            String text = "{} more like this in {} s (left out): {}";
            Object[] args = {leftOut, WINDOW_SECONDS, window.firstMessage};
            switch (key.level().levelInt) {
                case Level.ERROR_INT -> key.logger().error(text, args);
                case Level.WARN_INT -> key.logger().warn(text, args);
                case Level.INFO_INT -> key.logger().info(text, args);
                case Level.DEBUG_INT -> key.logger().debug(text, args);
                default -> key.logger().trace(text, args);
            }
        } finally {
            PRINTING_COUNT.set(false);
        }
    }
}
