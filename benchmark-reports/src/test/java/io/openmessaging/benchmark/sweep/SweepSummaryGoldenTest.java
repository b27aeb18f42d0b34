package io.openmessaging.benchmark.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.report.SweepTable;
import io.openmessaging.benchmark.result.TestResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The summary file and the printed table of a partition sweep built from fixed step results, against golden
 * files in {@code src/test/resources/sweep/} (the actual output is left in {@code target/actual-*} to compare): one
 * stable step, one that missed its rate, one whose backlog grew, and the power-law model their throughput follows.
 */
class SweepSummaryGoldenTest {

    private static final Path GOLDEN = Path.of("src/test/resources/sweep");

    @Test
    void aPartitionSweepSummaryAndTableMatchTheGoldenFiles(@TempDir Path dir) throws IOException {
        SweepSummary summary = partitionSweep();
        Path written = dir.resolve("sweep.json");

        SweepSummaryFiles.write(summary, written);

        String json = Files.readString(written, StandardCharsets.UTF_8);
        String table = SweepTable.format(summary);
        assertGolden(json, "partitions-sweep.json");
        assertGolden(table, "partitions-sweep.txt");
        SweepSummary read = SweepSummaryFiles.read(written);
        assertThat(read.drivers.get(0).steps).extracting(s -> s.stable).containsExactly(true, false, false);
        assertThat(read.drivers.get(0).fit.toModel().orElseThrow().form()).isEqualTo(ModelForm.POWER_LAW);
        assertThat(SweepSummaryFiles.isSweepSummary(written)).isTrue();
    }

    static SweepSummary partitionSweep() {
        SweepSummary summary = new SweepSummary();
        summary.workload = "1-topic-1kb";
        summary.workloadFile = "workloads/1-topic-1kb.yaml";
        summary.parameter = SweptParameter.PARTITIONS_PER_TOPIC.workloadKey();
        summary.parameterUnit = SweptParameter.PARTITIONS_PER_TOPIC.unit();
        summary.values = List.of(1.0, 4.0, 16.0);
        summary.complete = true;
        summary.beginTime = "2026-01-01-00-00-00";
        summary.endTime = "2026-01-01-00-09-00";
        summary.stabilityRule = StabilityRule.CONFLUENT;
        summary.commandLine = List.of(
                "bin/benchmark", "sweep", "--partitions", "1,4,16", "-d", "kafka.yaml", "workloads/1-topic-1kb.yaml");
        SweepSummary.DriverSweep driver = new SweepSummary.DriverSweep();
        driver.driver = "Kafka";
        driver.driverFile = "kafka.yaml";
        // throughput about 20,000·x^0.5 msg/s: 20,000 (stable), 40,500 (missed the 45,000 target), 80,000 (backlog
        // grows by 4,000 msg/s, 5 % of the target)
        driver.steps.add(SweepSteps.step(
                1, 20_000, 1, result(20_000, flat()), "w-Kafka-partitions-1.json", null, StabilityRule.CONFLUENT));
        driver.steps.add(SweepSteps.step(
                4, 45_000, 1, result(40_500, flat()), "w-Kafka-partitions-4.json", null, StabilityRule.CONFLUENT));
        driver.steps.add(SweepSteps.step(
                16,
                80_000,
                1,
                result(80_000, List.of(0L, 0L, 0L, 40_000L, 80_000L, 120_000L)),
                "w-Kafka-partitions-16.json",
                null,
                StabilityRule.CONFLUENT));
        summary.drivers.add(driver);
        SweepSteps.conclude(driver, SweptParameter.PARTITIONS_PER_TOPIC);
        return summary;
    }

    private static List<Long> flat() {
        return List.of(100L, 120L, 90L, 110L, 100L, 105L);
    }

    private static TestResult result(double publishRate, List<Long> backlog) {
        TestResult result = new TestResult();
        result.complete = true;
        result.messageSize = 1024;
        result.sampleRateMillis = 10_000;
        result.publishRate.addAll(Collections.nCopies(backlog.size(), publishRate));
        result.consumeRate.addAll(Collections.nCopies(backlog.size(), publishRate));
        result.backlog.addAll(backlog);
        result.aggregatedPublishResponseTime50pct = 2.5;
        result.aggregatedPublishResponseTime99pct = 9.75;
        result.aggregatedPublishLatency50pct = 2.0;
        result.aggregatedPublishLatency99pct = 7.5;
        result.aggregatedEndToEndResponseTime50pct = 3.25;
        result.aggregatedEndToEndResponseTime99pct = 12.5;
        result.aggregatedEndToEndLatency50pct = 3.0;
        result.aggregatedEndToEndLatency99pct = 11.0;
        return result;
    }

    private static void assertGolden(String actual, String goldenName) throws IOException {
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target", "actual-" + goldenName), actual, StandardCharsets.UTF_8);
        String expected = Files.readString(GOLDEN.resolve(goldenName), StandardCharsets.UTF_8);
        assertThat(actual)
                .as("golden file %s (actual output in target/actual-%s)", goldenName, goldenName)
                .isEqualTo(expected);
    }
}
