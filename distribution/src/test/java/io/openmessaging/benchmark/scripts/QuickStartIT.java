package io.openmessaging.benchmark.scripts;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.openmessaging.benchmark.testing.LocalBrokerScripts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/quick-start} as a user runs it from the repository: a bad option is refused before a broker
 * starts, and a run on another {@code KAFKA_PORT} (a real single-node Kafka of {@code bin/local-broker}) records
 * a command line that runs again as it stands.
 */
class QuickStartIT {

    private static final Path ROOT = LocalBrokerScripts.repositoryRoot();

    @TempDir
    Path temporary;

    @TempDir
    Path results;

    @Test
    void anUnknownOptionIsRefusedInOneLineBeforeABrokerStarts() throws IOException {
        LocalBrokerScripts.Streams run = quickStart(Map.of(), "--bogus");

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(2);
        assertThat(run.stderr().lines()).hasSize(1);
        assertThat(run.stderr())
                .startsWith("bin/quick-start: unknown option '--bogus'")
                .contains("it takes bin/benchmark's run options (bin/benchmark --help lists them)");
        assertThat(run.stdout()).doesNotContain("Starting a local Kafka broker");
        // the broker's data directory is made just before it starts: none was
        assertThat(listing(temporary)).isEmpty();
    }

    @Test
    void aPortThatIsNoNumberIsRefusedBeforeAnythingRuns() throws IOException {
        LocalBrokerScripts.Streams run = quickStart(Map.of("KAFKA_PORT", "19o92"));

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr())
                .isEqualTo("bin/quick-start: KAFKA_PORT='19o92' is no port; give a number from 1 to 65535 (default"
                        + " 19092)\n");
        assertThat(listing(temporary)).isEmpty();
    }

    @Test
    void anotherPortIsRecordedAsASetAssignmentSoTheCommandLineRunsAgain() throws IOException {
        int port = freePortWithAFreeNeighbour();

        LocalBrokerScripts.Streams run = quickStart(
                Map.of("KAFKA_PORT", Integer.toString(port)),
                "--set",
                "warmupDuration=0s",
                "--set",
                "testDuration=2s",
                "--output-dir",
                results.toString());

        assertThat(run.exitCode()).as(run.stdout() + run.stderr()).isZero();
        Path result;
        try (Stream<Path> files = Files.list(results)) {
            result = files.filter(file -> file.toString().endsWith(".json"))
                    .findFirst()
                    .orElseThrow();
        }
        List<String> commandLine = new ArrayList<>();
        JsonNode recorded =
                new ObjectMapper().readTree(result.toFile()).path("metadata").path("commandLine");
        recorded.forEach(word -> commandLine.add(word.asText()));
        assertThat(commandLine)
                .containsSubsequence(
                        "bin/benchmark",
                        "--drivers",
                        "driver-kafka/kafka-local.yaml",
                        "--set",
                        "driver.commonConfig.bootstrap.servers=127.0.0.1:" + port)
                .endsWith("workloads/quick-start.yaml");
        // every file the command line names is still there to run it again (no deleted temporary copy)
        assertThat(commandLine.stream().filter(word -> word.endsWith(".yaml")))
                .allSatisfy(file -> assertThat(ROOT.resolve(file)).isRegularFile());
        assertThat(listing(temporary))
                .as("the broker's data directory, removed")
                .isEmpty();
    }

    private LocalBrokerScripts.Streams quickStart(Map<String, String> environment, String... args) {
        List<String> command = new ArrayList<>(List.of("bin/quick-start"));
        command.addAll(List.of(args));
        List<String> withEnvironment = new ArrayList<>(List.of("env", "TMPDIR=" + temporary));
        environment.forEach((name, value) -> withEnvironment.add(name + "=" + value));
        withEnvironment.addAll(command);
        return LocalBrokerScripts.runApart(ROOT, withEnvironment, 600);
    }

    private static List<Path> listing(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.toList();
        }
    }

    /** A free loopback port whose next one is free too: the broker's KRaft controller takes port + 1. */
    private static int freePortWithAFreeNeighbour() {
        for (int attempt = 0; attempt < 50; attempt++) {
            int port = LocalBrokerScripts.freeLoopbackPorts(1)[0];
            if (port < 65535 && LocalBrokerScripts.isFreeLoopbackPort(port + 1)) {
                return port;
            }
        }
        throw new IllegalStateException("no free loopback port with a free neighbour in 50 tries");
    }
}
