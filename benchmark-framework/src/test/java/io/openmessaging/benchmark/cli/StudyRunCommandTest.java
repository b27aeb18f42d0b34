package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.studyrun.StudyRunFiles;
import io.openmessaging.benchmark.studyrun.StudyRunRecord;
import io.openmessaging.benchmark.studyrunner.StudyProject;
import io.openmessaging.benchmark.testing.CommandLineRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/benchmark study run}: what it refuses before running anything (exit code 2, one line), and what
 * {@code --dry-run} prints. The runs themselves: {@code StudyRunCommandIT}.
 */
class StudyRunCommandTest {

    @TempDir
    Path dir;

    private final CommandLineRun cli = new CommandLineRun();

    private int study(Path project, String... args) {
        return cli.run((all, out, err) -> StudyCommand.run(all, out, err, project), args);
    }

    private String stdout() {
        return cli.stdout();
    }

    private String stderr() {
        return cli.stderr();
    }

    @Test
    void aSystemWithoutAnInstalledDriverIsRefusedInOneLineBeforeAnythingRuns() {
        int exitCode = study(
                Path.of(".."),
                "run",
                "redpanda-2022",
                "--output-dir",
                dir.resolve("out").toString());

        assertThat(exitCode).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(stderr())
                .as("this module's tests have only the loopback driver")
                .isEqualTo("error: study redpanda-2022 runs small-50mb on kafka, and no kafka driver is installed here"
                        + " (installed: loopback); leave it out with --system, or install the driver\n");
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void anUnknownStudyOrExperimentIsAUsageErrorWithTheNearestName() {
        assertThat(study(Path.of(".."), "run", "confluent-202")).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(stderr()).contains("error: no study 'confluent-202' (did you mean 'confluent-2020'?)");

        assertThat(study(StudyProject.directory(), "run", "loopback-demo", "--experiment", "fixed-rat"))
                .isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(stderr())
                .contains("error: --experiment fixed-rat: no experiment 'fixed-rat' in study loopback-demo (did you"
                        + " mean 'fixed-rate'?)");
    }

    @Test
    void badOptionValuesAreUsageErrors() {
        assertThat(study(StudyProject.directory(), "run", "loopback-demo", "--duration", "5 minutes"))
                .isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(stderr()).contains("error: --duration 5 minutes: ");
        assertThat(study(StudyProject.directory(), "run", "loopback-demo", "--scale", "0"))
                .isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(stderr()).contains("error: --scale 0.0: give a factor above 0, e.g. 0.1");
        assertThat(study(StudyProject.directory(), "run", "loopback-demo", "--driver-set", "loopback:topicPrefix=x"))
                .isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(stderr()).contains("error: --driver-set loopback:topicPrefix=x: expected SYSTEM:driver.KEY=VALUE");
    }

    @Test
    void localBrokersStartNoneForASystemThatNeedsNoBroker() {
        int exitCode = study(StudyProject.directory(), "run", "loopback-demo", "--local-brokers", "--dry-run");

        assertThat(exitCode).as(stderr()).isZero();
        assertThat(stdout()).doesNotContain("local broker:");
    }

    @Test
    void aDryRunPrintsEveryRunsCommandLineAndRunsNothing() {
        Path output = dir.resolve("out");

        int exitCode = study(
                StudyProject.directory(),
                "run",
                "loopback-demo",
                "--scale",
                "0.5",
                "--duration",
                "3s",
                "--output-dir",
                output.toString(),
                "--dry-run");

        assertThat(exitCode).as(stderr()).isZero();
        assertThat(stdout())
                .contains("[1/3] fixed-rate on loopback\n  bin/benchmark --drivers driver-loopback/loopback.yaml --set"
                        + " driver.topicPrefix=study-fixed --set producerRate=1000 --set producerRate=500 --set"
                        + " testDuration=3s --output-dir " + output + " -o fixed-rate-loopback.json"
                        + " workloads/loopback-demo/fixed-rate.yaml\n  not applied: a broker the loopback driver does"
                        + " not have\n")
                .contains("[3/3] third-of-peak on loopback\n")
                .contains("  rate: 0.33 of the peak peak-rate measures on loopback\n")
                .contains("dry run: 3 run(s) planned, results in " + output + "; nothing ran");
        assertThat(output).doesNotExist();
    }

    @Test
    void aSettingADriverRefusesStopsTheStudyBeforeAnythingRunsNamingEveryRun() {
        Path output = dir.resolve("out");

        int exitCode = study(
                StudyProject.directory(),
                "run",
                "loopback-demo",
                "--driver-set",
                "loopback:driver.bogusKey=1",
                "--output-dir",
                output.toString());

        assertThat(exitCode).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(stderr())
                .startsWith(
                        "error: 3 run(s) cannot start with their files and settings; nothing ran:\nerror: fixed-rate"
                                + " on loopback: ")
                .contains("bogusKey")
                .contains("error: peak-rate on loopback: ")
                .contains("error: third-of-peak on loopback: ");
        assertThat(stdout()).doesNotContain("[1/3]");
        assertThat(output).doesNotExist();
    }

    @Test
    void aDirectoryHoldingARunAtAnotherScaleIsRefusedNamingBoth() throws Exception {
        StudyRunRecord record = new StudyRunRecord();
        record.study = "loopback-demo";
        record.scale = 0.1;
        record.brokers = "given";
        Files.createDirectories(dir);
        StudyRunFiles.write(record, StudyRunFiles.recordFile(dir));

        int exitCode = study(StudyProject.directory(), "run", "loopback-demo", "--output-dir", dir.toString());

        assertThat(exitCode).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(stderr())
                .isEqualTo("error: " + dir + " holds a run at --scale 0.1, not 1; give --scale 0.1 to resume it or"
                        + " another --output-dir\n");
    }
}
