package io.openmessaging.benchmark.studies;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The unpacked package's {@code bin/benchmark study run}, killed with SIGKILL during its second experiment and
 * started again with the same command: the first experiment is kept (its result file unchanged), the one that
 * was running when it was killed and the third run again, and the record ends complete.
 */
class StudyRunKilledAndResumedIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path unpacked;

    @Test
    void aKilledStudyRunResumesKeepingWhatWasDone() throws Exception {
        Path root = unpack();
        writeStudy(root);
        Path output = root.resolve("results/killed");
        List<String> command = List.of("bin/benchmark", "study", "run", "kill-demo", "--output-dir", output.toString());
        Path record = output.resolve("study-run.json");

        Process first = start(root, command, root.resolve("first.log"));
        try {
            long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
            while (!status(record, 1).equals("running") && System.nanoTime() < deadline && first.isAlive()) {
                Thread.sleep(200);
            }
            assertThat(status(record, 1))
                    .as(Files.readString(root.resolve("first.log")))
                    .isEqualTo("running");
            Thread.sleep(2000); // well into the second experiment's 10 s
        } finally {
            first.destroyForcibly(); // SIGKILL: no shutdown hook runs
            first.waitFor(30, TimeUnit.SECONDS);
        }
        assertThat(status(record, 0)).isEqualTo("done");
        assertThat(status(record, 1)).as("killed while running").isEqualTo("running");
        Path firstResult = output.resolve(JSON.readTree(record.toFile())
                .path("runs")
                .get(0)
                .path("resultFile")
                .asText());
        byte[] firstBytes = Files.readAllBytes(firstResult);

        Process second = start(root, command, root.resolve("second.log"));
        assertThat(second.waitFor(180, TimeUnit.SECONDS))
                .as("the resumed run ended")
                .isTrue();
        String log = Files.readString(root.resolve("second.log"));
        assertThat(second.exitValue()).as(log).isZero();
        assertThat(log)
                .contains("[1/3] first on loopback: kept")
                .contains("[2/3] second on loopback: done in")
                .contains("Study run of kill-demo: 2 done, 0 failed, 1 kept");
        assertThat(Files.readAllBytes(firstResult)).isEqualTo(firstBytes);
        JsonNode resumed = JSON.readTree(record.toFile());
        assertThat(resumed.path("complete").asBoolean()).isTrue();
        for (JsonNode run : resumed.path("runs")) {
            assertThat(run.path("status").asText()).isEqualTo("done");
            assertThat(output.resolve(run.path("resultFile").asText())).isRegularFile();
        }
    }

    @Test
    void aStudyRunStoppedBySigtermWritesItsRecordFirst() throws Exception {
        Path root = unpack();
        writeStudy(root);
        Path output = root.resolve("results/stopped");
        Path record = output.resolve("study-run.json");

        Process process = start(
                root,
                List.of("bin/benchmark", "study", "run", "kill-demo", "--output-dir", output.toString()),
                root.resolve("stopped.log"));
        try {
            long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
            while (!status(record, 1).equals("running") && System.nanoTime() < deadline && process.isAlive()) {
                Thread.sleep(200);
            }
            Thread.sleep(2000);
            process.destroy(); // SIGTERM, as Ctrl-C or a service manager stops it
            assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("ended").isTrue();
        } finally {
            process.destroyForcibly();
        }

        String log = Files.readString(root.resolve("stopped.log"));
        assertThat(log).contains("Study run of kill-demo: 1 done, 1 failed, 0 kept, interrupted");
        JsonNode stopped = JSON.readTree(record.toFile());
        assertThat(stopped.path("complete").asBoolean()).isFalse();
        assertThat(stopped.path("endTime").asText()).isNotBlank();
        assertThat(stopped.path("runs").get(1).path("status").asText()).isEqualTo("failed");
        assertThat(stopped.path("runs").get(2).path("status").asText()).isEqualTo("pending");
    }

    private static Process start(Path root, List<String> command, Path log) throws IOException {
        return new ProcessBuilder(command)
                .directory(root.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
    }

    /** The status of the record's run {@code index}, or "" while there is none. */
    private static String status(Path record, int index) {
        try {
            JsonNode runs = JSON.readTree(record.toFile()).path("runs");
            return runs.size() > index ? runs.get(index).path("status").asText() : "";
        } catch (IOException notYetWritten) {
            return "";
        }
    }

    private Path unpack() throws Exception {
        Path archive;
        try (Stream<Path> files = Files.list(Path.of("target"))) {
            archive = files.filter(file -> file.getFileName().toString().matches("messaging-benchmark-.*\\.tar\\.gz"))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no messaging-benchmark-*.tar.gz in target; mvn package"
                            + " builds it before the integration tests"));
        }
        Process tar = new ProcessBuilder("tar", "-xzf", archive.toAbsolutePath().toString(), "-C", unpacked.toString())
                .redirectErrorStream(true)
                .start();
        String output = new String(tar.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(tar.waitFor(5, TimeUnit.MINUTES)).as("tar ended").isTrue();
        assertThat(tar.exitValue()).as(output).isZero();
        try (Stream<Path> top = Files.list(unpacked)) {
            return top.filter(Files::isDirectory).findFirst().orElseThrow();
        }
    }

    /** A study of three loopback experiments of 2 s, 10 s and 2 s, in the package's studies/. */
    private static void writeStudy(Path root) throws IOException {
        Files.createDirectories(root.resolve("workloads/kill-demo"));
        for (String name : List.of("short", "long")) {
            Files.writeString(root.resolve("workloads/kill-demo/" + name + ".yaml"), """
                    name: kill-demo-%s
                    topics: 1
                    partitionsPerTopic: 1
                    messageSize: 100
                    subscriptionsPerTopic: 1
                    consumerPerSubscription: 1
                    producersPerTopic: 1
                    producerRate: 500
                    warmupDuration: 0s
                    testDuration: %s
                    sampleRateMillis: 500
                    """.formatted(
                            name, name.equals("short") ? "2s" : "10s"));
        }
        StringBuilder study = new StringBuilder("""
                study: kill-demo
                title: "Killed and resumed"
                source: "StudyRunKilledAndResumedIT"
                setup: {hardware: "this machine", brokers: 1, versions: {loopback: "1"}, replication: none, fsync: none, disks: none}
                experiments:
                """);
        for (String[] experiment : List.of(
                new String[] {"first", "short"}, new String[] {"second", "long"}, new String[] {"third", "short"})) {
            study.append("  - name: ")
                    .append(experiment[0])
                    .append("\n    workload: workloads/kill-demo/")
                    .append(experiment[1])
                    .append(".yaml\n    systems: [loopback]\n    drivers:\n      loopback:\n")
                    .append("        file: driver-loopback/loopback.yaml\n");
        }
        study.append("figures: []\n");
        Files.createDirectories(root.resolve("studies/kill-demo"));
        Files.writeString(root.resolve("studies/kill-demo/study.yaml"), study.toString());
    }
}
