package io.openmessaging.benchmark.driver.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.cli.Benchmark;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Killing the node mid-run ends the run with a clear error, exit 1 and a partial result, within a minute. */
class BrokerFailureIT {

    @TempDir
    Path dir;

    @Test
    void killingTheBrokerEndsTheRunWithAPartialResultWithinAMinute() throws Exception {
        try (LocalRabbitMqBroker broker = LocalRabbitMqBroker.start()) {
            Path driver = Files.writeString(dir.resolve("rabbitmq-local.yaml"),
                    SharedLocalRabbitMq.shippedYamlFor("rabbitmq-local.yaml", broker));
            Path workload = BenchmarkRuns.workload(dir, "long-run", 4, 1, 1, 2000, "5s", "10m", 1000);
            AtomicLong killedAtNanos = new AtomicLong();
            Thread killer = new Thread(() -> {
                try {
                    Thread.sleep(15_000); // set-up, readiness and warm-up are done by then: the load is running
                    broker.kill();
                    killedAtNanos.set(System.nanoTime());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            killer.start();

            BenchmarkRuns.Outcome outcome = BenchmarkRuns.run(dir, "-d", driver.toString(), workload.toString());
            long endedNanos = System.nanoTime();
            killer.join();

            assertThat(outcome.exitCode()).isEqualTo(Benchmark.EXIT_FAILED);
            assertThat(outcome.stderr()).contains("run failed");
            assertThat(outcome.result()).isNotNull();
            assertThat(outcome.result().complete).isFalse();
            assertThat(outcome.result().failureReason).contains("shut down");
            assertThat(outcome.result().totalMessagesSent).isPositive();
            assertThat(killedAtNanos.get()).isPositive();
            assertThat(Duration.ofNanos(endedNanos - killedAtNanos.get())).isLessThan(Duration.ofSeconds(60));
        }
    }
}
