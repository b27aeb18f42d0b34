package io.openmessaging.benchmark.studyrunner;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What study run reads from bin/local-broker's output, and which systems it starts brokers for. */
class LocalBrokerTest {

    @Test
    void theVersionIsTheOneOfTheReadyLine() {
        assertThat(LocalBroker.versionIn("local-broker: started Kafka 4.4.0 as pid 1; waiting …\n"
                        + "Kafka 4.4.0 ready on 127.0.0.1:19092 (PLAINTEXT, KRaft) after 6 s\n"))
                .isEqualTo("4.4.0");
        assertThat(LocalBroker.versionIn("Pulsar 4.2.4 standalone ready on 127.0.0.1:16650 after 30 s\n"))
                .isEqualTo("4.2.4");
        assertThat(LocalBroker.versionIn("RabbitMQ 3.12.1 ready on 127.0.0.1:17672 (node x) after 4 s\n"))
                .isEqualTo("3.12.1");
        assertThat(LocalBroker.versionIn("local-broker: error: port in use\n")).isNull();
    }

    @Test
    void kafkaPulsarAndRabbitMqHaveLocalBrokersAndLoopbackNeedsNone() {
        assertThat(LocalBroker.runs("kafka")).isTrue();
        assertThat(LocalBroker.runs("pulsar")).isTrue();
        assertThat(LocalBroker.runs("rabbitmq")).isTrue();
        assertThat(LocalBroker.runs("redpanda")).isFalse();
        assertThat(LocalBroker.needsNoBroker("loopback")).isTrue();
        assertThat(LocalBroker.driverSettings("rabbitmq")).containsExactly("driver.amqpUris=[amqp://127.0.0.1:17672]");
    }

    /**
     * A failed run's broker logs outlive the broker: close copies every {@code *.log} of the data directory and of
     * its {@code log} directory before the data directory goes (one of the same name as another keeps its directory in
     * its name; one that cannot be copied is skipped); a plain close copies nothing. A fake {@code
     * bin/local-broker} writes the logs as the real one does (RabbitMQ's under {@code log/}).
     */
    @Test
    void closeKeepsTheLogsOfTheDataDirectoryWhereAskedAndDeletesTheRest(@TempDir Path project) throws Exception {
        Path script = Files.createDirectories(project.resolve("bin")).resolve("local-broker");
        Files.writeString(
                script,
                String.join(
                        "\n",
                        "#!/usr/bin/env bash",
                        "dir=$4",
                        "if [ \"$2\" = start ]; then",
                        "  mkdir -p \"$dir/log\" \"$dir/data\"",
                        "  echo broker-line > \"$dir/broker.log\"",
                        "  echo node-line > \"$dir/log/node.log\"",
                        "  echo start-line > \"$dir/log/broker.log\"",
                        "  ln -s \"$dir/gone\" \"$dir/a-dangling.log\"",
                        "  echo data > \"$dir/data/segment.log.index\"",
                        "  echo 'RabbitMQ 9.9.9 ready on 127.0.0.1:17672'",
                        "fi",
                        ""));
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));

        LocalBroker failed = LocalBroker.start(project, "rabbitmq", List.of());
        Path keep = project.resolve("out/run-broker-logs");
        List<Path> kept = failed.close(keep);

        assertThat(kept)
                .as("a log that cannot be copied (a dangling link) does not cost the others")
                .containsExactly(keep.resolve("broker.log"), keep.resolve("log-broker.log"), keep.resolve("node.log"));
        assertThat(Files.readString(keep.resolve("broker.log"))).isEqualTo("broker-line\n");
        assertThat(Files.readString(keep.resolve("log-broker.log")))
                .as("log/broker.log does not overwrite broker.log")
                .isEqualTo("start-line\n");
        assertThat(Files.readString(keep.resolve("node.log"))).isEqualTo("node-line\n");
        assertThat(failed.close(keep)).as("a second close").isEmpty();

        LocalBroker done = LocalBroker.start(project, "rabbitmq", List.of());
        assertThat(done.close(null)).isEmpty();
        assertThat(keep)
                .isDirectoryNotContaining(path -> !path.getFileName().toString().endsWith(".log"));
    }
}
