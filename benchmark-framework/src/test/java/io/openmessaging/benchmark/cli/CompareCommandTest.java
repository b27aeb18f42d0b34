package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.openmessaging.benchmark.report.ConfluentFixtures;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

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

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return Benchmark.run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                false);
    }

    private String stdout() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void anImprovementPasses() {
        int exitCode = run(
                "compare",
                SLOW,
                "--",
                FAST,
                "--threshold",
                "endToEndLatency.p99=+10%",
                "--threshold",
                "publishRate.avg=-2%");

        assertThat(exitCode).as(stdout() + stderr()).isZero();
        assertThat(stdout())
                .containsPattern("endToEndLatency\\.p99 +ms +20 +5\\.434 +-14\\.57 +-72\\.8% +\\+10% +met")
                .contains("PASSED: all 2 threshold(s) met");
    }

    @Test
    void aRegressionBeyondTheThresholdExitsOneAndNamesTheMetric() {
        int exitCode = run(
                "compare",
                FAST,
                "--",
                SLOW,
                "--threshold",
                "endToEndLatency.p99=+10%",
                "--threshold",
                "publishLatency.p50=+100%");

        assertThat(exitCode).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(stdout())
                .containsPattern("endToEndLatency\\.p99 +ms +5\\.434 +20 +\\+14\\.57 +\\+268% +\\+10% +broken")
                .contains("BROKEN       endToEndLatency.p99 rose by 268%: more than the +10% allowed")
                .contains("MET          publishLatency.p50 rose by 50.1%: within +100%")
                .contains("FAILED: 1 of 2 threshold(s) broken, 0 not checked");
    }

    @Test
    void metricsMissingFromUpstreamFilesAreReportedAndAThresholdOnThemFails() {
        int exitCode = run("compare", OURS, "--", FAST, "--threshold", "endToEndResponseTime.p99=+10%");

        assertThat(exitCode).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(stdout())
                .contains("Metrics some files lack")
                .containsPattern("publishResponseTime +base 1 of 1 files, candidate 0 of 1 files")
                .containsPattern("publishDelayLatency +base 1 of 1 files, candidate 0 of 1 files")
                .containsPattern("publishResponseTime\\.p99 +ms +48\\.01 +— +— +—")
                .contains(
                        "NOT-CHECKED  endToEndResponseTime.p99 is in no candidate file, so endToEndResponseTime.p99=+10% cannot be checked");
    }

    @Test
    void upstreamFilesOnBothSidesCompareByTheirAggregatedFields() {
        int exitCode = run(
                "compare",
                ConfluentFixtures.directory().resolve("kafka").toString(),
                "--",
                ConfluentFixtures.directory().resolve("pulsar").toString());

        assertThat(exitCode).as(stderr()).isZero();
        assertThat(stdout())
                .contains("(several files on a side: each figure is the median over the files that hold it)")
                .containsPattern("publishLatency\\.p99 +ms ")
                .doesNotContain("publishResponseTime.p99");
    }

    @Test
    void jsonOutputCarriesFiguresAndVerdicts() throws Exception {
        int exitCode = run("compare", FAST, "--", SLOW, "--json", "--threshold=endToEndLatency.p99=+10%");

        assertThat(exitCode).isEqualTo(Benchmark.EXIT_FAILED);
        JsonNode json = new ObjectMapper().readTree(stdout());
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
        assertThat(stderr()).contains("threshold broken: endToEndLatency.p99 rose by 268%");
    }

    @Test
    void badThresholdSyntaxIsAUsageError() {
        assertThat(run("compare", FAST, "--", SLOW, "--threshold", "endToEndLatency.p99=10%"))
                .isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(stderr())
                .contains("error: threshold 'endToEndLatency.p99=10%': give the limit a sign")
                .contains("usage: bin/benchmark compare");
    }

    @Test
    void missingSeparatorOrSidesAreUsageErrors() {
        assertThat(run("compare", FAST, SLOW)).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(stderr()).contains("no '--' between base and candidate files");
        assertThat(run("compare", FAST, "--")).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(stderr()).contains("no candidate file after '--'");
        assertThat(run("compare", FAST, "--", SLOW, "--thresholds", "x")).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(stderr()).contains("unknown option '--thresholds'");
    }

    @Test
    void anUnreadableFileIsNamed() {
        assertThat(run("compare", "does/not/exist.json", "--", SLOW)).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(stderr()).contains("error: does/not/exist.json: no such file or directory");
    }
}
