package io.openmessaging.benchmark.studyrunner;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.studyrun.StudyRunRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A second study run in the same directory resumes the first only when it measures the same way. */
class StudyRunResumeTest {

    @TempDir
    Path directory;

    private static StudyRunRecord record(double scale, Double testMinutes, String brokers) {
        StudyRunRecord record = new StudyRunRecord();
        record.study = "loopback-demo";
        record.scale = scale;
        record.testDurationMinutes = testMinutes;
        record.brokers = brokers;
        return record;
    }

    private static StudyRunSettings settings(double scale, String duration, boolean localBrokers) {
        Settings settings = Settings.studyRun().scale(scale).duration(duration);
        return (localBrokers ? settings.localBrokers() : settings).build();
    }

    @Test
    void theSameSettingsResume() {
        assertThat(StudyRunResume.refusal(
                        record(0.1, 0.5, "given"), "loopback-demo", settings(0.1, "30s", false), directory))
                .isNull();
    }

    @Test
    void anotherScaleDurationBrokersOrStudyIsRefusedNamingBothValues() {
        assertThat(StudyRunResume.refusal(
                        record(0.1, null, "given"), "loopback-demo", settings(1, null, false), directory))
                .isEqualTo(directory + " holds a run at --scale 0.1, not 1; give --scale 0.1 to resume it or another"
                        + " --output-dir");
        assertThat(StudyRunResume.refusal(
                        record(1, 0.5, "given"), "loopback-demo", settings(1, "1m", false), directory))
                .isEqualTo(directory + " holds a run at --duration 30s, and this one is at --duration 1m; give"
                        + " --duration 30s to resume it or another --output-dir");
        assertThat(StudyRunResume.refusal(
                        record(1, null, "local"), "loopback-demo", settings(1, null, false), directory))
                .startsWith(directory + " holds a run with --local-brokers, and this one is on the driver files'"
                        + " brokers (no --local-brokers); give --local-brokers to resume it");
        assertThat(StudyRunResume.refusal(
                        record(1, null, "given"), "confluent-2020", settings(1, null, false), directory))
                .isEqualTo(directory + " holds a run of study loopback-demo, not confluent-2020; give another"
                        + " --output-dir");
    }

    @Test
    void aRunOnSimulatedHostsResumesOnlyOnSimulatedHosts() {
        StudyRunSettings onHosts = Settings.studyRun().localHosts().build();
        assertThat(onHosts.brokersMode()).isEqualTo("local-hosts");

        assertThat(StudyRunResume.refusal(record(1, null, "local-hosts"), "loopback-demo", onHosts, directory))
                .isNull();
        assertThat(StudyRunResume.refusal(
                        record(1, null, "local-hosts"), "loopback-demo", settings(1, null, true), directory))
                .isEqualTo(directory + " holds a run with --local-hosts, and this one is with --local-brokers; give"
                        + " --local-hosts to resume it or another --output-dir");
        assertThat(StudyRunResume.refusal(record(1, null, "given"), "loopback-demo", onHosts, directory))
                .isEqualTo(directory + " holds a run on the driver files' brokers (no --local-hosts), and this one is"
                        + " with --local-hosts; give no --local-hosts to resume it or another --output-dir");
        assertThat(StudyRunResume.refusal(record(1, null, "local"), "loopback-demo", onHosts, directory))
                .isEqualTo(directory + " holds a run with --local-brokers, and this one is with --local-hosts; give"
                        + " --local-brokers to resume it or another --output-dir");
    }

    @Test
    void anotherPeakFractionIsRefusedNamingBothValues() {
        StudyRunRecord atHalf = record(1, null, "local");
        atHalf.peakFraction = 0.5;
        StudyRunSettings withoutFraction = settings(1, null, true);
        StudyRunSettings atQuarter =
                Settings.studyRun().localBrokers().peakFraction(0.25).build();
        StudyRunSettings atHalfAgain =
                Settings.studyRun().localBrokers().peakFraction(0.5).build();

        assertThat(StudyRunResume.refusal(atHalf, "loopback-demo", atHalfAgain, directory))
                .isNull();
        assertThat(StudyRunResume.refusal(atHalf, "loopback-demo", atQuarter, directory))
                .isEqualTo(directory + " holds a run at --peak-fraction 0.5, and this one is at --peak-fraction 0.25;"
                        + " give --peak-fraction 0.5 to resume it or another --output-dir");
        assertThat(StudyRunResume.refusal(atHalf, "loopback-demo", withoutFraction, directory))
                .isEqualTo(directory + " holds a run at --peak-fraction 0.5, and this one is without --peak-fraction;"
                        + " give --peak-fraction 0.5 to resume it or another --output-dir");
    }

    @Test
    void aRunIsKeptOnlyWhenDoneAndItsResultFileIsThere() throws Exception {
        StudyRunRecord.Run run = new StudyRunRecord.Run();
        run.status = StudyRunRecord.DONE;
        run.resultFile = "fixed-rate-loopback.json";
        assertThat(StudyRunResume.keeps(run, directory)).as("no result file").isFalse();

        Files.writeString(directory.resolve(run.resultFile), "{}");
        assertThat(StudyRunResume.keeps(run, directory)).isTrue();

        run.status = StudyRunRecord.RUNNING;
        assertThat(StudyRunResume.keeps(run, directory))
                .as("killed while running")
                .isFalse();
        run.status = StudyRunRecord.FAILED;
        assertThat(StudyRunResume.keeps(run, directory)).isFalse();
    }
}
