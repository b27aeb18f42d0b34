package io.openmessaging.benchmark.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.sweep.SweepSummary;
import io.openmessaging.benchmark.sweep.SweepSummaryFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What {@code bin/benchmark report} makes of result files, sweep summaries and directories holding both. */
class ReportInputsTest {

    @TempDir
    Path dir;

    private Path sweepDir;
    private Path summaryFile;

    @BeforeEach
    void aSweepOfTwoSteps() throws IOException {
        sweepDir = Files.createDirectories(dir.resolve("w-sweep-rate-2026-01-01-00-00-00"));
        SweepSummary summary = new SweepSummary();
        summary.workload = "w";
        summary.parameter = "producerRate";
        SweepSummary.DriverSweep driver = new SweepSummary.DriverSweep();
        driver.driver = "Kafka";
        for (int rate : new int[] {5_000, 10_000}) {
            String name = "w-Kafka-rate-" + rate + ".json";
            ResultFiles.writeTo(result("Kafka", "w"), sweepDir.resolve(name));
            SweepSummary.Step step = new SweepSummary.Step();
            step.value = (double) rate;
            step.resultFile = name;
            driver.steps.add(step);
        }
        summary.drivers.add(driver);
        summaryFile = sweepDir.resolve(SweepSummaryFiles.SUMMARY_FILE_NAME);
        SweepSummaryFiles.write(summary, summaryFile);
    }

    @Test
    void aSummaryBringsTheResultsOfItsSteps() throws IOException {
        ReportInputs inputs = ReportInputs.load(List.of(summaryFile));

        assertThat(inputs.sweeps())
                .singleElement()
                .extracting(ReportSweep::title)
                .isEqualTo("Sweep of producerRate · w");
        assertThat(inputs.runs())
                .extracting(run -> run.file().getFileName().toString())
                .containsExactly("w-Kafka-rate-5000.json", "w-Kafka-rate-10000.json");
    }

    @Test
    void aDirectoryBringsItsSweepsAndNeverReadsASummaryAsARun() throws IOException {
        ReportInputs inputs = ReportInputs.load(List.of(dir));

        assertThat(inputs.sweeps()).hasSize(1);
        assertThat(inputs.runs()).hasSize(2).noneMatch(run -> run.file().endsWith("sweep.json"));
    }

    @Test
    void aSummaryAndItsDirectoryGiveEachRunOnce() throws IOException {
        ReportInputs inputs = ReportInputs.load(List.of(sweepDir, summaryFile));

        assertThat(inputs.sweeps()).hasSize(1);
        assertThat(inputs.runs()).hasSize(2);
    }

    @Test
    void aSummaryWhoseResultsAreGoneNamesItself() throws IOException {
        try (var files = Files.list(sweepDir)) {
            for (Path file : files.filter(f -> !f.equals(summaryFile)).toList()) {
                Files.delete(file);
            }
        }

        assertThatThrownBy(() -> ReportInputs.load(List.of(summaryFile)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(summaryFile.toString())
                .hasMessageContaining("step result files are all missing");
    }

    @Test
    void aResultFileIsNotASummary() {
        assertThat(SweepSummaryFiles.isSweepSummary(sweepDir.resolve("w-Kafka-rate-5000.json")))
                .isFalse();
        assertThat(SweepSummaryFiles.isSweepSummary(summaryFile)).isTrue();
        assertThat(SweepSummaryFiles.isSweepSummary(dir.resolve("missing.json")))
                .isFalse();
    }

    private static TestResult result(String driver, String workload) {
        TestResult result = new TestResult();
        result.schemaVersion = TestResult.SCHEMA_VERSION;
        result.driver = driver;
        result.workload = workload;
        result.sampleRateMillis = 1000;
        result.publishRate.add(5_000.0);
        return result;
    }
}
