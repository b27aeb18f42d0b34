package io.openmessaging.benchmark.driver.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.cli.Benchmark;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run whose every bootstrap address refuses connections (a port that was bound and closed again: nothing
 * listens there) fails as soon as the refusal has lasted {@link BootstrapRefusal#REFUSED_FOR_MS}, not after
 * {@code initializeTimeoutMs} (30 s), with one line naming the addresses; its summary prints no figures it
 * never measured, and it leaves no interval logs.
 */
class RefusedBootstrapIT {

    @TempDir
    Path dir;

    @Test
    void aClusterRefusingEveryConnectionFailsTheRunAtOnceNamingTheAddresses() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        String address = "127.0.0.1:" + closedPort;
        Path driver = Files.writeString(
                dir.resolve("kafka-refused.yaml"),
                String.join(
                        "\n",
                        "name: Kafka-refused",
                        "driver: kafka",
                        "replicationFactor: 1",
                        "commonConfig: |",
                        "  bootstrap.servers=" + address,
                        ""));
        Path workload = BenchmarkRuns.workload(dir, "refused", 1, 1, 1, 100, "0s", "5s", 1000);

        BenchmarkRuns.Outcome outcome = BenchmarkRuns.run(dir, "-d", driver.toString(), workload.toString());

        assertThat(outcome.exitCode()).as(outcome.stderr()).isEqualTo(Benchmark.EXIT_FAILED);
        String reason = driver + ": connection refused by every bootstrap server (" + address + ") for "
                + BootstrapRefusal.REFUSED_FOR_MS + " ms: no broker listens there; start it, or correct"
                + " bootstrap.servers in commonConfig";
        assertThat(outcome.stderr()).contains("error: run failed: " + reason + "\n");
        assertThat(outcome.result().failureReason).isEqualTo(reason);
        assertThat(outcome.stdout())
                .contains("  messages    — due, — acknowledged, — received, — send errors, — never sent,"
                        + " — unacknowledged at the end (whole run)")
                .containsPattern("\n  publish response time +— +— +— +— +—\n")
                .containsPattern("\n  end-to-end latency +— +— +— +— +—\n");
        try (Stream<Path> files = Files.list(dir.resolve("results"))) {
            assertThat(files.map(file -> file.getFileName().toString()))
                    .as("a run that never started leaves only its result")
                    .containsExactly(outcome.resultFile().getFileName().toString());
        }
        assertThat(outcome.result().hlogFiles).isEmpty();
    }
}
