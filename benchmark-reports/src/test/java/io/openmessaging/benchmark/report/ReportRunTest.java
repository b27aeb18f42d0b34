package io.openmessaging.benchmark.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.result.RunMetadata;
import io.openmessaging.benchmark.result.TestResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Loading result files and directories, and the labels runs get in a report. */
class ReportRunTest {

    @Test
    void aDirectoryStandsForItsResultFilesSortedByPath() throws IOException {
        List<ReportRun> runs = ReportRun.load(List.of(ConfluentFixtures.directory()));

        assertThat(runs)
                .extracting(run ->
                        ConfluentFixtures.directory().relativize(run.file()).toString())
                .containsExactlyElementsOf(ConfluentFixtures.FILES);
    }

    @Test
    void labelsUseTheFileNameWhereDriverAndWorkloadRepeat() throws IOException {
        List<ReportRun> runs = ReportRun.load(List.of(ConfluentFixtures.directory()));

        assertThat(runs)
                .extracting(ReportRun::label)
                .doesNotHaveDuplicates()
                .contains(
                        "Kafka · default-sync-200k",
                        "Kafka · sync-200k",
                        "Pulsar · default-sync-200k",
                        "RabbitMQ · classic");
    }

    @Test
    void labelsAreDriverAndWorkloadWhenThoseAreUnique() {
        TestResult kafka = result("Kafka", "w");
        TestResult pulsar = result("Pulsar", "w");

        assertThat(ReportRun.labels(List.of(Path.of("a.json"), Path.of("b.json")), List.of(kafka, pulsar)))
                .containsExactly("Kafka · w", "Pulsar · w");
    }

    @Test
    void theSameFileTwiceIsNumbered() {
        TestResult kafka = result("Kafka", "w");

        List<String> labels =
                ReportRun.labels(List.of(Path.of("x/a.json"), Path.of("x/a.json")), List.of(kafka, kafka));

        assertThat(labels.get(0)).startsWith("Kafka · ").endsWith("x/a");
        assertThat(labels.get(1)).isEqualTo(labels.get(0) + " (2)");
    }

    @Test
    void filesWithoutSampleRateAssumeUpstreamsTenSeconds() throws IOException {
        ReportRun upstream = ReportRun.load(List.of(ConfluentFixtures.file("kafka/throughput/sync.json")))
                .get(0);
        ReportRun ours =
                ReportRun.load(List.of(ConfluentFixtures.ourGoldenResult())).get(0);

        assertThat(upstream.sampleRateAssumed()).isTrue();
        assertThat(upstream.sampleRateMillis()).isEqualTo(10_000);
        assertThat(ours.sampleRateAssumed()).isFalse();
        assertThat(ours.sampleRateMillis()).isEqualTo(ours.result().sampleRateMillis);
    }

    @Test
    void hiddenFilesAndOtherFilesInADirectoryAreSkipped(@TempDir Path dir) throws IOException {
        Files.copy(ConfluentFixtures.ourGoldenResult(), dir.resolve("run.json"));
        Files.writeString(dir.resolve(".run.json.1234.tmp"), "{");
        Files.writeString(dir.resolve(".hidden.json"), "{");
        Files.writeString(dir.resolve("run-publish-latency.hlog"), "#");

        assertThat(ReportRun.load(List.of(dir))).extracting(ReportRun::file).containsExactly(dir.resolve("run.json"));
    }

    @Test
    void missingPathsAndEmptyDirectoriesAreNamed(@TempDir Path dir) {
        assertThatThrownBy(() -> ReportRun.load(List.of(dir.resolve("nope.json"))))
                .hasMessageContaining("nope.json: no such file or directory");
        assertThatThrownBy(() -> ReportRun.load(List.of(dir)))
                .hasMessageContaining(dir + ": directory holds no result file (*.json)");
    }

    @Test
    void runsOfThisToolWithOneDriverAndWorkloadAreLabelledByWhatDiffersFirst() {
        TestResult set = ours("--set", "producerRate=20000", "w.yaml");
        set.targetRate = 20000.0;
        TestResult plain = ours("w.yaml");
        plain.targetRate = 10000.0;

        assertThat(ReportRun.labels(
                        List.of(
                                Path.of("results/w-Kafka-2025-01-31-13-05-09.json"),
                                Path.of("results/w-Kafka-2025-01-31-13-07-09.json")),
                        List.of(set, plain)))
                .as("before: Kafka · w-Kafka-2025-01-31-13-05-09, cut at 300 px before the time")
                .containsExactly("producerRate=20000 · Kafka · w", "no --set · Kafka · w");

        TestResult again = ours("w.yaml");
        again.targetRate = 10000.0;
        again.beginTime = "2025-01-31-13-09-09";
        assertThat(ReportRun.labels(
                        List.of(Path.of("a.json"), Path.of("b.json"), Path.of("c.json")), List.of(set, plain, again)))
                .containsExactly(
                        "producerRate=20000 · target 20,000 msg/s · began 2025-01-31-13-05-09 · Kafka · w",
                        "no --set · target 10,000 msg/s · began 2025-01-31-13-05-09 · Kafka · w",
                        "no --set · target 10,000 msg/s · began 2025-01-31-13-09-09 · Kafka · w");
    }

    /** A result of this tool (it records its command line) of Kafka and workload w, begun at 13:05:09. */
    private static TestResult ours(String... arguments) {
        TestResult result = result("Kafka", "w");
        result.beginTime = "2025-01-31-13-05-09";
        result.metadata = new RunMetadata();
        result.metadata.commandLine = new ArrayList<>(List.of("bin/benchmark", "-d", "kafka.yaml"));
        result.metadata.commandLine.addAll(List.of(arguments));
        return result;
    }

    private static TestResult result(String driver, String workload) {
        TestResult result = new TestResult();
        result.driver = driver;
        result.workload = workload;
        return result;
    }
}
