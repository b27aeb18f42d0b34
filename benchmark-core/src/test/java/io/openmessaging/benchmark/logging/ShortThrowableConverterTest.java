package io.openmessaging.benchmark.logging;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.LoggingEvent;
import java.io.FileNotFoundException;
import java.io.IOException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A client library's exception is one line with its causes; one that started in our code keeps its trace. */
class ShortThrowableConverterTest {

    private final LoggerContext context = new LoggerContext();
    private final ShortThrowableConverter converter = new ShortThrowableConverter();

    @BeforeEach
    void setUp() {
        converter.setContext(context);
        converter.start();
    }

    @AfterEach
    void tearDown() {
        System.clearProperty(ShortThrowableConverter.FULL_PROPERTY);
    }

    private String convert(Throwable thrown) {
        Logger logger = context.getLogger("org.apache.kafka.common.network.SslTransportLayer");
        return converter.convert(new LoggingEvent(Logger.FQCN, logger, Level.WARN, "failed", thrown, null));
    }

    /** An exception whose first frame is in a library's code, as a client library throws it. */
    private static <T extends Throwable> T thrownBy(String className, T thrown) {
        thrown.setStackTrace(new StackTraceElement[] {
            new StackTraceElement(className, "run", "Lib.java", 10),
            new StackTraceElement("java.lang.Thread", "run", "Thread.java", 840)
        });
        return thrown;
    }

    @Test
    void aLibrarysExceptionIsOneLineWithItsCauses() {
        IOException thrown = thrownBy(
                "org.apache.kafka.common.security.ssl.DefaultSslEngineFactory",
                new IOException(
                        "Failed to load SSL keystore",
                        thrownBy(
                                "java.io.FileInputStream",
                                new FileNotFoundException("/etc/omb/truststore.jks (No such file or directory)"))));

        assertThat(convert(thrown))
                .isEqualTo(" [IOException: Failed to load SSL keystore; cause FileNotFoundException:"
                        + " /etc/omb/truststore.jks (No such file or directory); stack trace left out,"
                        + " -Domb.log.stackTraces=true shows it]");
    }

    @Test
    void anExceptionThatStartedInOurCodeKeepsItsStackTrace() {
        IllegalStateException bug =
                thrownBy("io.openmessaging.benchmark.worker.LocalWorker", new IllegalStateException("unreachable"));

        assertThat(convert(bug))
                .startsWith(System.lineSeparator() + "java.lang.IllegalStateException: unreachable")
                .contains("at io.openmessaging.benchmark.worker.LocalWorker.run(Lib.java:10)");
    }

    @Test
    void thePropertyShowsEveryStackTrace() {
        System.setProperty(ShortThrowableConverter.FULL_PROPERTY, "true");
        IOException thrown = thrownBy("org.apache.kafka.Lib", new IOException("x"));

        assertThat(convert(thrown)).contains("java.io.IOException: x").contains("at org.apache.kafka.Lib.run");
    }

    @Test
    void noExceptionPrintsNothing() {
        assertThat(convert(null)).isEmpty();
    }
}
