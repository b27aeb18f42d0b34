package io.openmessaging.benchmark.driver.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Helpers for integration tests: one {@link LocalRabbitMqBroker} shared by every test class of the
 * JVM (started on first use, stopped by the fixture's shutdown hook), shipped driver YAMLs pointed
 * at a local node, and waiting for the broker's connection count.
 */
final class SharedLocalRabbitMq {

    private static LocalRabbitMqBroker shared;

    private SharedLocalRabbitMq() {}

    static synchronized LocalRabbitMqBroker broker() {
        if (shared == null) {
            long started = System.nanoTime();
            shared = LocalRabbitMqBroker.start();
            System.out.printf(
                    "shared RabbitMQ %s ready in %.1f s, RSS %d MB%n",
                    shared.version(), (System.nanoTime() - started) / 1e9, shared.residentSetBytes() >> 20);
        }
        return shared;
    }

    /**
     * A shipped driver YAML (path relative to the module directory) whose {@code amqpUris} list holds
     * the local node instead, with its other settings unchanged.
     */
    static String shippedYamlFor(String file, LocalRabbitMqBroker broker) {
        String yaml;
        try {
            yaml = Files.readString(Path.of(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String rewritten = yaml.replaceAll("(?m)^(\\s+- )amqps?://\\S+$", "$1" + broker.amqpUri());
        assertThat(rewritten).as(file).contains(broker.amqpUri());
        return rewritten;
    }

    /**
     * {@code yaml} with top-level {@code key: value} set: an existing line of that key is replaced,
     * else the line is appended.
     */
    static String withSetting(String yaml, String key, String value) {
        String line = key + ": " + value;
        Matcher existing =
                Pattern.compile("(?m)^" + Pattern.quote(key) + ":.*$").matcher(yaml);
        if (existing.find()) {
            return existing.replaceAll(Matcher.quoteReplacement(line));
        }
        return yaml + (yaml.endsWith("\n") ? "" : "\n") + line + "\n";
    }

    /**
     * Waits until the broker lists {@code expected} client connections: it drops a closed connection
     * from its list shortly after the close handshake, not at once.
     */
    static void awaitConnectionCount(LocalRabbitMqBroker broker, int expected, Duration timeout)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        int count;
        while ((count = broker.connectionCount()) != expected && System.nanoTime() < deadline) {
            Thread.sleep(250);
        }
        assertThat(count).as("client connections listed by the broker").isEqualTo(expected);
    }
}
