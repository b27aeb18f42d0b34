package io.openmessaging.benchmark.bench.floor;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.testing.LocalBrokerScripts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code bin/perf-floor}'s own command line: refusals exit 2 with a one-line reason, before any broker starts. */
class PerfFloorScriptTest {

    private static Path script() {
        return LocalBrokerScripts.repositoryRoot().resolve("bin/perf-floor");
    }

    /** Runs the script, its stdout and stderr kept apart (stdin from /dev/null), bounded to 30 s. */
    private static LocalBrokerScripts.Streams run(String... args) {
        List<String> command = new ArrayList<>(List.of(script().toString()));
        command.addAll(List.of(args));
        LocalBrokerScripts.Streams streams = LocalBrokerScripts.runApart(Path.of("."), command, 30);
        assertThat(streams.exitCode())
                .as("bin/perf-floor returned; stderr:%n%s", streams.stderr())
                .isNotEqualTo(-1);
        return streams;
    }

    @Test
    void helpExitsZeroAndNamesEveryOption() throws Exception {
        LocalBrokerScripts.Streams outcome = run("--help");

        assertThat(outcome.exitCode()).isZero();
        assertThat(outcome.stdout())
                .contains(
                        "--system",
                        "--web-port",
                        "--rates",
                        "--repeats",
                        "--warmup",
                        "--duration",
                        "--driver",
                        "--port",
                        "--table-only",
                        "--before");
    }

    @Test
    void badCommandLinesExitTwoNamingTheOptionAndValue() throws Exception {
        String[][] cases = {
            {"--rates", "10000,,5", "--rates takes msg/s values above 0 separated by commas, got '10000,,5'"},
            {"--rates", "0", "--rates takes msg/s values above 0 separated by commas, got '0'"},
            {"--repeats", "0", "--repeats must be a whole number above 0, got '0'"},
            {"--warmup", "20", "--warmup takes a duration such as 1m or 20s, got '20'"},
            {"--duration", "0s", "--duration takes a duration above 0 such as 2m or 60s, got '0s'"},
            {"--duration", "9s", "--duration must be at least 10s (one sample period of the tool), got '9s'"},
            {"--port", "70000", "--port must be a TCP port (1-65535), got '70000'"},
            {"--driver", "/nonexistent.yaml", "--driver: no such file '/nonexistent.yaml'"},
            {"--partitions", "x", "--partitions must be a whole number above 0, got 'x'"},
            {
                "--table-only",
                "/nonexistent-dir",
                "--table-only: no such results directory or ratios file '/nonexistent-dir'"
            },
            {"--speed", "1", "unknown option '--speed'"},
            {"--system", "redpanda", "--system takes kafka, pulsar or rabbitmq, got 'redpanda'"},
            {"--web-port", "0", "--web-port must be a TCP port (1-65535), got '0'"},
        };
        for (String[] bad : cases) {
            LocalBrokerScripts.Streams outcome = run(bad[0], bad[1]);

            assertThat(outcome.exitCode()).as(String.join(" ", bad)).isEqualTo(2);
            assertThat(outcome.stderr()).as(String.join(" ", bad)).startsWith("perf-floor: error: " + bad[2] + "\n");
        }
        LocalBrokerScripts.Streams missingSystem = run("--system");
        assertThat(missingSystem.exitCode()).isEqualTo(2);
        assertThat(missingSystem.stderr()).startsWith("perf-floor: error: option --system needs a value\n");
        LocalBrokerScripts.Streams missing = run("--rates");
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.stderr()).startsWith("perf-floor: error: option --rates needs a value\n");
    }

    @Test
    void optionsThatDoNotFitTheSystemExitTwoNamingThem() throws Exception {
        String[][] cases = {
            {"--system kafka --web-port 28081", "--web-port applies to --system pulsar only (this is kafka)"},
            {"--system rabbitmq --web-port 28081", "--web-port applies to --system pulsar only (this is rabbitmq)"},
            {"--system pulsar --port 28080", "--web-port must differ from --port, both are 28080"},
            {
                "--system pulsar --driver driver-kafka/kafka-local.yaml",
                "--driver: driver-kafka/kafka-local.yaml is a 'kafka' driver file (its 'driver:' key), not pulsar;"
                        + " pass --system or another --driver"
            },
            {
                "--driver driver-rabbitmq/rabbitmq-local.yaml",
                "--driver: driver-rabbitmq/rabbitmq-local.yaml is a 'rabbitmq' driver file (its 'driver:' key), not"
                        + " kafka; pass --system or another --driver"
            },
        };
        for (String[] bad : cases) {
            LocalBrokerScripts.Streams outcome = run(bad[0].split(" "));

            assertThat(outcome.exitCode()).as(bad[0]).isEqualTo(2);
            assertThat(outcome.stderr()).as(bad[0]).startsWith("perf-floor: error: " + bad[1] + "\n");
        }
    }

    @Test
    void aResultsDirectoryThatAlreadyHoldsRunsIsRefused() throws Exception {
        Path results = Files.createTempDirectory("perf-floor-results");
        try {
            Files.createDirectories(results.resolve("floor-10000-r1"));

            LocalBrokerScripts.Streams outcome = run("--results-dir", results.toString());

            assertThat(outcome.exitCode()).isEqualTo(2);
            assertThat(outcome.stderr())
                    .startsWith("perf-floor: error: --results-dir: " + results
                            + " already holds runs (floor-10000-r1 and maybe more); choose a new directory\n");
            assertThat(results.resolve("driver.yaml")).doesNotExist();
        } finally {
            Files.delete(results.resolve("floor-10000-r1"));
            Files.delete(results);
        }
    }

    @Test
    void aDriverFileWithoutTheSystemsBrokerAddressIsRefused() throws Exception {
        Path pulsarWithoutUrls = Files.createTempFile("perf-floor-pulsar", ".yaml");
        Path rabbitWithoutUris = Files.createTempFile("perf-floor-rabbitmq", ".yaml");
        try {
            Files.writeString(pulsarWithoutUrls, "name: p\ndriver: pulsar\nclient:\n  ioThreads: 1\n");
            Files.writeString(rabbitWithoutUris, "name: r\ndriver: rabbitmq\nexchangeType: DIRECT\n");

            LocalBrokerScripts.Streams pulsar = run("--system", "pulsar", "--driver", pulsarWithoutUrls.toString());
            LocalBrokerScripts.Streams rabbit = run("--system", "rabbitmq", "--driver", rabbitWithoutUris.toString());

            assertThat(pulsar.exitCode()).isEqualTo(2);
            assertThat(pulsar.stderr())
                    .startsWith("perf-floor: error: --driver: " + pulsarWithoutUrls
                            + " sets no client.serviceUrl or client.httpUrl\n");
            assertThat(rabbit.exitCode()).isEqualTo(2);
            assertThat(rabbit.stderr())
                    .startsWith("perf-floor: error: --driver: " + rabbitWithoutUris
                            + " lists no amqp:// URI under amqpUris\n");
        } finally {
            Files.deleteIfExists(pulsarWithoutUrls);
            Files.deleteIfExists(rabbitWithoutUris);
        }
    }

    @Test
    void anEarlierVersionThatIsNoCheckoutOfTheProjectIsRefused() throws Exception {
        Path notACheckout = Files.createTempDirectory("perf-floor-before");
        try {
            LocalBrokerScripts.Streams missing = run("--before", "/nonexistent-checkout");
            LocalBrokerScripts.Streams empty = run("--before", notACheckout.toString());

            assertThat(missing.exitCode()).isEqualTo(2);
            assertThat(missing.stderr())
                    .startsWith("perf-floor: error: --before: no such directory '/nonexistent-checkout'\n");
            assertThat(empty.exitCode()).isEqualTo(2);
            assertThat(empty.stderr())
                    .startsWith("perf-floor: error: --before: " + notACheckout
                            + " has no executable bin/benchmark (a checkout of this project is expected)\n");
        } finally {
            Files.deleteIfExists(notACheckout);
        }
    }
}
