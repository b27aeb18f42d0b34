package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.studyrun.StudyRunFiles;
import io.openmessaging.benchmark.studyrun.StudyRunRecord;
import io.openmessaging.benchmark.studyrunner.StudyProject;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/benchmark study run} end to end on the loopback study of the test project: a fixed rate (scaled),
 * a peak search and a third of that peak, each a result file, and the record; a second run keeps them all.
 */
class StudyRunCommandIT {

    @TempDir
    Path dir;

    private ByteArrayOutputStream out = new ByteArrayOutputStream();
    private ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int study(String... args) {
        out = new ByteArrayOutputStream();
        err = new ByteArrayOutputStream();
        return StudyCommand.run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                StudyProject.directory());
    }

    @Test
    void aStudyRunWritesAResultPerExperimentAndTheRecordAndASecondRunKeepsThem() throws Exception {
        Path output = dir.resolve("study");

        int exitCode = study(
                "run",
                "loopback-demo",
                "--scale",
                "0.5",
                "--duration",
                "2s",
                "--warmup",
                "1s",
                "--output-dir",
                output.toString());

        String stdout = out.toString(StandardCharsets.UTF_8);
        assertThat(exitCode).as(stdout + err).isZero();
        assertThat(stdout)
                .contains("[1/3] fixed-rate on loopback: starting\n")
                .containsPattern(
                        "\\[1/3] fixed-rate on loopback: done in \\d+ s, publish p99 [0-9.,]+ ms, end-to-end p99"
                                + " [0-9.,]+ ms, [0-9,]+ msg/s -> " + output + "/fixed-rate-loopback.json")
                .contains("[fixed-rate] not applied to the brokers: a broker the loopback driver does not have")
                .contains("Study run of loopback-demo: 3 done, 0 failed, 0 kept; record " + output + "/study-run.json")
                .contains("Report: bin/benchmark study report " + output);
        StudyRunRecord record = StudyRunFiles.read(StudyRunFiles.recordFile(output));
        assertThat(record.study).isEqualTo("loopback-demo");
        assertThat(record.studyFile).isEqualTo("studies/loopback-demo/study.yaml");
        assertThat(record.scale).isEqualTo(0.5);
        assertThat(record.testDurationMinutes).isEqualTo(2 / 60.0);
        assertThat(record.brokers).isEqualTo("given");
        assertThat(record.complete).isTrue();
        assertThat(record.projectVersion).isNotBlank();
        assertThat(record.commandLine).startsWith("bin/benchmark study run loopback-demo --scale 0.5");
        assertThat(record.runs).extracting(run -> run.status).containsOnly(StudyRunRecord.DONE);
        assertThat(record.runs)
                .extracting(run -> run.resultFile)
                .containsExactly("fixed-rate-loopback.json", "peak-rate-loopback.json", "third-of-peak-loopback.json");

        StudyRunRecord.Run fixed = record.runs.get(0);
        assertThat(fixed.workloadSettings)
                .containsExactly("producerRate=1000", "producerRate=500", "testDuration=2s", "warmupDuration=1s");
        assertThat(fixed.driverSettings).containsExactly("driver.topicPrefix=study-fixed");
        assertThat(fixed.brokerNotApplied).isEqualTo("a broker the loopback driver does not have");
        TestResult fixedResult = ResultFiles.read(output.resolve(fixed.resultFile));
        assertThat(fixedResult.targetRate).isEqualTo(500.0);
        assertThat(fixedResult.metadata.commandLine).contains("testDuration=2s", "producerRate=500");

        StudyRunRecord.Run peak = record.runs.get(1);
        assertThat(peak.peakSearch).isTrue();
        TestResult peakResult = ResultFiles.read(output.resolve(peak.resultFile));
        double found = peakResult.rateSearch.foundRateMsgPerSec;
        assertThat(found).as("capped at 4,000 msg/s").isBetween(1000.0, 4400.0);

        StudyRunRecord.Run third = record.runs.get(2);
        TestResult thirdResult = ResultFiles.read(output.resolve(third.resultFile));
        assertThat(thirdResult.targetRate).isCloseTo(found * 0.33, org.assertj.core.data.Offset.offset(0.01));
        assertThat(third.workloadSettings).first().asString().startsWith("producerRate=");

        byte[] fixedBytes = Files.readAllBytes(output.resolve(fixed.resultFile));
        exitCode = study(
                "run",
                "loopback-demo",
                "--scale",
                "0.5",
                "--duration",
                "2s",
                "--warmup",
                "1s",
                "--output-dir",
                output.toString());

        stdout = out.toString(StandardCharsets.UTF_8);
        assertThat(exitCode).as(stdout + err).isZero();
        assertThat(stdout)
                .contains("[1/3] fixed-rate on loopback: kept (done ")
                .contains("Study run of loopback-demo: 0 done, 0 failed, 3 kept");
        assertThat(Files.readAllBytes(output.resolve(fixed.resultFile))).isEqualTo(fixedBytes);
    }

    @Test
    void aFractionOfAPeakThatWasNotMeasuredFailsNamingItAndTheRestStillRuns() throws Exception {
        Path output = dir.resolve("study");

        int exitCode = study(
                "run",
                "loopback-demo",
                "--experiment",
                "third-of-peak",
                "--experiment",
                "fixed-rate",
                "--duration",
                "1s",
                "--warmup",
                "0",
                "--output-dir",
                output.toString());

        String stdout = out.toString(StandardCharsets.UTF_8);
        assertThat(exitCode).as(stdout + err).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(stdout)
                .contains("[2/2] third-of-peak on loopback: failed: no peak of experiment peak-rate on loopback in this"
                        + " study run (it is not done); run it first: --experiment peak-rate")
                .contains("Study run of loopback-demo: 1 done, 1 failed, 0 kept");
        StudyRunRecord record = StudyRunFiles.read(StudyRunFiles.recordFile(output));
        assertThat(record.complete).isFalse();
        assertThat(record.runs).extracting(run -> run.status).containsExactly("done", "failed");
        assertThat(record.runs.get(1).failureReason).startsWith("no peak of experiment peak-rate on loopback");
    }
}
