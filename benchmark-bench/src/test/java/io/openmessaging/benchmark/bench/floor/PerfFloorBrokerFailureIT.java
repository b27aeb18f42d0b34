package io.openmessaging.benchmark.bench.floor;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.testing.LocalBrokerScripts;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code bin/perf-floor} when the broker of a run does not start (here: its port is taken): the series ends
 * at that run with exit 1, the run's {@code exit.txt} says {@code broker-failed}, and the table of the runs
 * so far is printed. An integration test because the script needs the packaged project.
 */
class PerfFloorBrokerFailureIT {

    @Test
    void aBrokerThatDoesNotStartEndsTheSeriesWithExitOneAndTheTableOfItsRuns() throws Exception {
        Path results = Files.createTempDirectory("perf-floor-broker-failure");
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();

            LocalBrokerScripts.Result outcome = LocalBrokerScripts.run(
                    LocalBrokerScripts.repositoryRoot(),
                    List.of(
                            "bin/perf-floor",
                            "--port",
                            String.valueOf(port),
                            "--rates",
                            "10000",
                            "--repeats",
                            "1",
                            "--warmup",
                            "5s",
                            "--duration",
                            "10s",
                            "--results-dir",
                            results.toString()),
                    300);

            assertThat(outcome.exitCode()).as(outcome.output()).isEqualTo(1);
            assertThat(outcome.output())
                    .contains("perf-floor: error: the kafka broker did not start for tool-10000-r1:")
                    .contains("port " + port + " is already in use")
                    .contains("## 10,000 msg/s")
                    .contains("| tool #1 |")
                    .contains("the series ended at tool-10000-r1");
            assertThat(results.resolve("tool-10000-r1/exit.txt")).hasContent("broker-failed");
            assertThat(results.resolve("tool-10000-r1/time.txt")).doesNotExist();
            assertThat(results.resolve("floor-10000-r1")).doesNotExist();
        } finally {
            LocalBrokerScripts.deleteRecursively(results);
        }
    }
}
