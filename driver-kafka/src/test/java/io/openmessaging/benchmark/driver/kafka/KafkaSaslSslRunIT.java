package io.openmessaging.benchmark.driver.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.cli.Benchmark;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Whole benchmark runs over the local broker's SASL_SSL (SCRAM-SHA-512) listener. */
class KafkaSaslSslRunIT {

    private static LocalKafkaBroker broker;

    @TempDir
    Path dir;

    @BeforeAll
    static void startBroker() {
        broker = LocalKafkaBroker.start(true);
    }

    @AfterAll
    static void stopBroker() {
        if (broker != null) {
            broker.close();
        }
    }

    /** The shipped kafka-local-sasl-ssl.yaml pointed at this broker's port and truststore. */
    private Path driverFile(String password) throws Exception {
        String truststore = broker.clientSecurityProperties().getProperty("ssl.truststore.location");
        String yaml = SharedLocalKafka.shippedYamlFor("kafka-local-sasl-ssl.yaml", broker)
                .replaceAll("ssl\\.truststore\\.location=\\S+", "ssl.truststore.location=" + truststore)
                .replace("password=\"bench-secret\"", "password=\"" + password + "\"");
        return Files.writeString(dir.resolve("kafka-local-sasl-ssl.yaml"), yaml);
    }

    @Test
    void workloadRunsOverSaslSsl() throws Exception {
        Path workload = BenchmarkRuns.workload(dir, "1-topic-16-partitions-1kb", 16, 2, 2, 5000, "5s", "15s", 5000);

        BenchmarkRuns.Outcome outcome =
                BenchmarkRuns.run(dir, "-d", driverFile("bench-secret").toString(), workload.toString());

        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        assertThat(outcome.result().complete).isTrue();
        assertThat(outcome.result().totalSendErrors).isZero();
        assertThat(outcome.result().totalMessagesReceived).isEqualTo(outcome.result().totalMessagesSent);
        assertThat(outcome.result().publishRate).hasSize(3);
    }

    @Test
    void wrongPasswordFailsFastWithAClearError() throws Exception {
        Path workload = BenchmarkRuns.workload(dir, "1-topic-16-partitions-1kb", 16, 2, 2, 5000, "5s", "15s", 5000);
        long started = System.nanoTime();

        BenchmarkRuns.Outcome outcome =
                BenchmarkRuns.run(dir, "-d", driverFile("not-the-password").toString(), workload.toString());

        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(45));
        assertThat(outcome.exitCode()).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(outcome.stderr()).contains("SaslAuthenticationException").contains("kafka-local-sasl-ssl.yaml");
        assertThat(outcome.result().complete).isFalse();
    }
}
