package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.openmessaging.benchmark.report.ConfluentFixtures;
import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.testing.CommandLineRun;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/benchmark compare} on real files: the Confluent fork's Kafka runs at 200k msg/s, one with
 * {@code acks=all} and fsync per message ({@code sync-200k}, end-to-end p99 20 ms) and one with defaults
 * ({@code default-sync-200k}, 5.434 ms), and this project's golden result.
 */
class CompareCommandTest {

    private static final String SLOW =
            ConfluentFixtures.file("kafka/latency/sync-200k.json").toString();
    private static final String FAST =
            ConfluentFixtures.file("kafka/latency/default-sync-200k.json").toString();
    private static final String OURS = ConfluentFixtures.ourGoldenResult().toString();

    @TempDir
    Path temp;

    private final CommandLineRun cli = new CommandLineRun();

    @Test
    void anImprovementPasses() {
        int exitCode = cli.run(
                "compare",
                SLOW,
                "--",
                FAST,
                "--threshold",
                "endToEndLatency.p99=+10%",
                "--threshold",
                "publishRate.avg=-2%");

        assertThat(exitCode).as(cli.stdout() + cli.stderr()).isZero();
        assertThat(cli.stdout())
                .containsPattern("endToEndLatency\\.p99 +ms +20 +5\\.434 +-14\\.57 +-72\\.8% +\\+10% +met")
                .contains("PASSED: all 2 threshold(s) met");
    }

    @Test
    void aRegressionBeyondTheThresholdExitsOneAndNamesTheMetric() {
        int exitCode = cli.run(
                "compare",
                FAST,
                "--",
                SLOW,
                "--threshold",
                "endToEndLatency.p99=+10%",
                "--threshold",
                "publishLatency.p50=+100%");

        assertThat(exitCode).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(cli.stdout())
                .containsPattern("endToEndLatency\\.p99 +ms +5\\.434 +20 +\\+14\\.57 +\\+268% +\\+10% +broken")
                .contains("BROKEN       endToEndLatency.p99 rose by 268%: more than the +10% allowed")
                .contains("MET          publishLatency.p50 rose by 50.1%: within +100%")
                .contains("FAILED: 1 of 2 threshold(s) broken, 0 not checked");
    }

    @Test
    void metricsMissingFromUpstreamFilesAreReportedAndAThresholdOnThemFails() {
        int exitCode = cli.run("compare", OURS, "--", FAST, "--threshold", "endToEndResponseTime.p99=+10%");

        assertThat(exitCode).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(cli.stdout())
                .contains("Metrics some files lack")
                .containsPattern("publishResponseTime +base 1 of 1 files, candidate 0 of 1 files")
                .containsPattern("publishDelayLatency +base 1 of 1 files, candidate 0 of 1 files")
                .containsPattern("publishResponseTime\\.p99 +ms +48\\.01 +— +— +—")
                .contains(
                        "NOT-CHECKED  endToEndResponseTime.p99 is in no candidate file, so endToEndResponseTime.p99=+10% cannot be checked");
    }

    @Test
    void upstreamFilesOnBothSidesCompareByTheirAggregatedFields() {
        int exitCode = cli.run(
                "compare",
                ConfluentFixtures.directory().resolve("kafka").toString(),
                "--",
                ConfluentFixtures.directory().resolve("pulsar").toString());

        assertThat(exitCode).as(cli.stderr()).isZero();
        assertThat(cli.stdout())
                .contains("(several files on a side: each figure is the median over the files that hold it)")
                .containsPattern("publishLatency\\.p99 +ms ")
                .doesNotContain("publishResponseTime.p99");
    }

    @Test
    void jsonOutputCarriesFiguresAndVerdicts() throws Exception {
        int exitCode = cli.run("compare", FAST, "--", SLOW, "--json", "--threshold=endToEndLatency.p99=+10%");

        assertThat(exitCode).isEqualTo(Benchmark.EXIT_FAILED);
        JsonNode json = new ObjectMapper().readTree(cli.stdout());
        assertThat(json.path("passed").asBoolean(true)).isFalse();
        assertThat(json.path("combinedBy").asText()).isEqualTo("median");
        assertThat(json.path("thresholds").get(0).path("verdict").asText()).isEqualTo("broken");
        assertThat(json.path("thresholds").get(0).path("figure").asText()).isEqualTo("endToEndLatency.p99");
        JsonNode p99 = null;
        for (JsonNode figure : json.path("figures")) {
            if (figure.path("figure").asText().equals("endToEndLatency.p99")) {
                p99 = figure;
            }
        }
        assertThat(p99).isNotNull();
        assertThat(p99.path("base").asDouble()).isEqualTo(5.434);
        assertThat(p99.path("candidate").asDouble()).isEqualTo(20.0);
        assertThat(p99.path("unit").asText()).isEqualTo("ms");
        assertThat(cli.stderr()).contains("threshold broken: endToEndLatency.p99 rose by 268%");
    }

    @Test
    void badThresholdSyntaxIsAUsageError() {
        assertThat(cli.run("compare", FAST, "--", SLOW, "--threshold", "endToEndLatency.p99=10%"))
                .isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr())
                .contains("error: threshold 'endToEndLatency.p99=10%': give the limit a sign")
                .contains("usage: bin/benchmark compare");
    }

    @Test
    void missingSeparatorOrSidesAreUsageErrors() {
        assertThat(cli.run("compare", FAST, SLOW)).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr()).contains("no '--' between base and candidate files");
        assertThat(cli.run("compare", FAST, "--")).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr()).contains("no candidate file after '--'");
        assertThat(cli.run("compare", FAST, "--", SLOW, "--thresholds", "x")).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr()).contains("unknown option '--thresholds'");
    }

    @Test
    void anUnreadableFileIsNamed() {
        assertThat(cli.run("compare", "does/not/exist.json", "--", SLOW)).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(cli.stderr()).contains("error: does/not/exist.json: no such file or directory");
    }

    @Test
    void filesOfDifferentWorkloadsAreRefusedWithExitTwoNamingEachDifference() throws IOException {
        String base = ourRun("base.json", "producerRate: 10000\ntestDuration: 30s\n");
        String candidate = ourRun("new.json", "producerRate: 20000\ntestDuration: 15s\n");

        int exitCode = cli.run("compare", base, "--", candidate, "--threshold", "publishLatency.p99=+10%");

        assertThat(exitCode).as(cli.stdout() + cli.stderr()).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stdout()).isEmpty();
        assertThat(cli.stderr())
                .contains("error: the files did not run the same workload, so their figures are no comparison"
                        + " (give --allow-different-workloads to compare them anyway):")
                .contains("  producerRate: base 10000 (" + base + "), candidate 20000 (" + candidate + ")")
                .contains("  testDuration: base 30s (" + base + "), candidate 15s (" + candidate + ")")
                .doesNotContain("partitionsPerTopic:");
    }

    @Test
    void allowedDifferencesArePrintedAboveTheTableAndTheComparisonGoesOn() throws IOException {
        String base = ourRun("base.json", "producerRate: 10000\ntestDuration: 30s\n");
        String candidate = ourRun("new.json", "producerRate: 20000\ntestDuration: 15s\n");

        int exitCode = cli.run(
                "compare",
                base,
                "--",
                candidate,
                "--allow-different-workloads",
                "--threshold",
                "publishLatency.p99=+10%");

        assertThat(exitCode).as(cli.stdout() + cli.stderr()).isZero();
        String table = cli.stdout();
        assertThat(table)
                .contains("Workload: DIFFERENT, compared anyway (--allow-different-workloads):\n"
                        + "  producerRate: base 10000 (" + base + "), candidate 20000 (" + candidate + ")\n"
                        + "  testDuration: base 30s (" + base + "), candidate 15s (" + candidate + ")\n")
                .contains("PASSED: all 1 threshold(s) met");
        assertThat(table.indexOf("Workload: DIFFERENT")).isLessThan(table.indexOf("figure "));
    }

    @Test
    void allowedDifferencesAreInTheJson() throws IOException {
        String base = ourRun("base.json", "producerRate: 10000\ntestDuration: 30s\n");
        String candidate = ourRun("new.json", "producerRate: 20000\ntestDuration: 30s\n");

        int exitCode = cli.run("compare", base, "--", candidate, "--json", "--allow-different-workloads");

        assertThat(exitCode).as(cli.stderr()).isZero();
        JsonNode workload = new ObjectMapper().readTree(cli.stdout()).path("workload");
        assertThat(workload.path("same").asBoolean(true)).isFalse();
        assertThat(workload.path("differences")).hasSize(1);
        JsonNode difference = workload.path("differences").get(0);
        assertThat(difference.path("field").asText()).isEqualTo("producerRate");
        assertThat(difference.path("values").get(0).path("side").asText()).isEqualTo("base");
        assertThat(difference.path("values").get(0).path("file").asText()).isEqualTo(base);
        assertThat(difference.path("values").get(0).path("value").asText()).isEqualTo("10000");
        assertThat(difference.path("values").get(1).path("value").asText()).isEqualTo("20000");
        assertThat(cli.stderr()).contains("workload differs (allowed): producerRate: base 10000");
    }

    @Test
    void theSameWorkloadWithAnotherDriverPasses() throws IOException {
        String base = ourRun("kafka.json", "producerRate: 10000\ntestDuration: 30s\n");
        String candidate = ourRun("pulsar.json", "producerRate: 10000\ntestDuration: 30s\n");

        assertThat(cli.run("compare", base, "--", candidate)).as(cli.stderr()).isZero();
        assertThat(cli.stdout()).contains("Workload: the same in every file (24 of 24 fields compared)");
    }

    @Test
    void upstreamFilesSayWhichWorkloadFieldsWereNotCompared() throws IOException {
        String ours = ourRun("ours.json", "producerRate: 10000\ntestDuration: 30s\n");

        assertThat(cli.run("compare", ours, "--", FAST)).as(cli.stderr()).isZero();
        assertThat(cli.stdout())
                .contains("Workload: the same in every file (0 of 24 fields compared)")
                .contains("Workload fields not compared:\n  not recorded in " + FAST + ": producerRate, ")
                .contains(", testDuration, sampleRateMillis, producerWakeIntervalMicros\n");
    }

    @Test
    void theFilesOfASideMustAgree() throws IOException {
        String first = ourRun("base-1.json", "producerRate: 10000\ntestDuration: 30s\n");
        String second = ourRun("base-2.json", "producerRate: 10000\ntestDuration: 30s\nmessageSize: 100\n");
        String candidate = ourRun("new.json", "producerRate: 10000\ntestDuration: 30s\n");

        assertThat(cli.run("compare", first, second, "--", candidate)).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr()).contains("  messageSize: base 1024 (" + first + "), base 100 (" + second + ")");
    }

    /**
     * This project's golden result (1 topic, 1 partition, 1 producer, 1 subscription, 1 consumer) with that
     * workload and {@code keys} as its text (messageSize 1024 unless {@code keys} give it), written to
     * {@code fileName}.
     */
    private String ourRun(String fileName, String keys) throws IOException {
        TestResult result = ResultFiles.read(ConfluentFixtures.ourGoldenResult());
        java.util.regex.Matcher size =
                java.util.regex.Pattern.compile("messageSize: (\\d+)").matcher(keys);
        result.messageSize = size.find() ? Integer.parseInt(size.group(1)) : 1024;
        result.metadata.workloadYaml = "name: compared\ntopics: 1\npartitionsPerTopic: 1\nproducersPerTopic: 1\n"
                + "subscriptionsPerTopic: 1\nconsumerPerSubscription: 1\n"
                + (keys.contains("messageSize") ? "" : "messageSize: 1024\n") + keys;
        return ResultFiles.writeTo(result, temp.resolve(fileName)).toString();
    }
}
