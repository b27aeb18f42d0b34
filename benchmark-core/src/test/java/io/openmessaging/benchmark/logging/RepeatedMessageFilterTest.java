package io.openmessaging.benchmark.logging;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A flood becomes one line and a count per window; different messages and our own info lines pass. */
class RepeatedMessageFilterTest {

    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    private final LoggerContext context = new LoggerContext();
    private final ListAppender<ILoggingEvent> printed = new ListAppender<>();
    private RepeatedMessageFilter filter;

    @BeforeEach
    void setUp() {
        filter = new RepeatedMessageFilter(nanos::get);
        filter.setContext(context);
        filter.startWithoutFlusher();
        context.addTurboFilter(filter);
        printed.setContext(context);
        printed.start();
        Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.INFO);
        root.addAppender(printed);
    }

    private List<String> lines() {
        return printed.list.stream()
                .map(e -> e.getLevel() + " " + e.getLoggerName() + ": " + e.getFormattedMessage())
                .toList();
    }

    private void advanceSeconds(long seconds) {
        nanos.addAndGet(TimeUnit.SECONDS.toNanos(seconds));
    }

    @Test
    void aClientLibraryFloodIsOneLineAndACountPerWindow() {
        Logger pulsar = context.getLogger("org.apache.pulsar.client.impl.ConnectionHandler");
        for (int i = 0; i < 1_141; i++) {
            pulsar.warn("[{}] Could not get connection to broker: {}", "persistent://t-" + (i % 16), "refused");
            if (i == 600) {
                advanceSeconds(10); // the second window starts with the next message (i = 601: t-9)
            }
        }
        filter.flush(true);

        assertThat(lines())
                .containsExactly(
                        "WARN org.apache.pulsar.client.impl.ConnectionHandler: [persistent://t-0] Could not get connection to"
                                + " broker: refused",
                        "WARN org.apache.pulsar.client.impl.ConnectionHandler: 600 more like this in 10 s (left out):"
                                + " [persistent://t-0] Could not get connection to broker: refused",
                        "WARN org.apache.pulsar.client.impl.ConnectionHandler: [persistent://t-9] Could not get connection to"
                                + " broker: refused",
                        "WARN org.apache.pulsar.client.impl.ConnectionHandler: 539 more like this in 10 s (left out):"
                                + " [persistent://t-9] Could not get connection to broker: refused");
    }

    @Test
    void theCountOfAWindowIsPrintedWhenItEndsEvenIfTheFloodStopped() {
        Logger kafka = context.getLogger("org.apache.kafka.clients.NetworkClient");
        kafka.warn("Connection to node {} could not be established", 1);
        kafka.warn("Connection to node {} could not be established", 1);
        advanceSeconds(5);
        filter.flush(false);
        assertThat(lines()).hasSize(1);
        advanceSeconds(5);
        filter.flush(false);
        assertThat(lines())
                .containsExactly(
                        "WARN org.apache.kafka.clients.NetworkClient: Connection to node 1 could"
                                + " not be established",
                        "WARN org.apache.kafka.clients.NetworkClient: 1 more like this in 10 s (left"
                                + " out): Connection to node 1 could not be established");
        advanceSeconds(30);
        filter.flush(false);
        kafka.warn("Connection to node {} could not be established", 2);
        assertThat(lines())
                .as("a new window after a quiet one prints its first message")
                .hasSize(3);
    }

    @Test
    void differentMessagesLevelsAndLoggersAreCountedApart() {
        Logger a = context.getLogger("org.example.A");
        Logger b = context.getLogger("org.example.B");
        a.warn("one {}", 1);
        a.warn("two {}", 1);
        a.error("one {}", 1);
        b.warn("one {}", 1);
        assertThat(lines()).hasSize(4);
    }

    @Test
    void ourOwnInformationLinesAreNeverCollapsedOurWarningsAre() {
        Logger own = context.getLogger("io.openmessaging.benchmark.coordinator.Ensemble");
        own.info("Worker {} ready", 1);
        own.info("Worker {} ready", 2);
        own.warn("Worker {} did not answer: {}", 1, "refused");
        own.warn("Worker {} did not answer: {}", 1, "refused");
        own.warn("Worker {} did not answer: {}", 2, "refused");
        filter.flush(true);
        assertThat(lines())
                .containsExactly(
                        "INFO io.openmessaging.benchmark.coordinator.Ensemble: Worker 1 ready",
                        "INFO io.openmessaging.benchmark.coordinator.Ensemble: Worker 2 ready",
                        "WARN io.openmessaging.benchmark.coordinator.Ensemble: Worker 1 did not answer: refused",
                        "WARN io.openmessaging.benchmark.coordinator.Ensemble: 2 more like this in 10 s (left out): Worker 1"
                                + " did not answer: refused");
    }

    @Test
    void disabledLevelsAreNeitherPrintedNorCounted() {
        Logger kafka = context.getLogger("org.apache.kafka.clients.NetworkClient");
        for (int i = 0; i < 100; i++) {
            kafka.debug("Sending request {}", i);
        }
        filter.flush(true);
        assertThat(lines()).isEmpty();
    }
}
