package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.study.Study;
import io.openmessaging.benchmark.study.StudyLoader;
import io.openmessaging.benchmark.studyrun.StudyRunFiles;
import io.openmessaging.benchmark.studyrun.StudyRunRecord;
import io.openmessaging.benchmark.studyrunner.PlannedRun;
import io.openmessaging.benchmark.studyrunner.Settings;
import io.openmessaging.benchmark.studyrunner.StudyProject;
import io.openmessaging.benchmark.studyrunner.StudyRunPlanner;
import io.openmessaging.benchmark.testing.CommandLineRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;
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
    void peakFractionReachesThePlanAndIsRefusedWhereNoPeakComesFirst() {
        assertThat(study(StudyProject.directory(), "run", "loopback-demo", "--peak-fraction", "0.5", "--dry-run"))
                .isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(stderr())
                .contains("error: --peak-fraction: fixed-rate runs on loopback at a fixed rate, and study loopback-demo"
                        + " has no experiment with peak: true on loopback before it");
        cli.reset();

        int exitCode = study(
                StudyProject.directory(),
                "run",
                "loopback-demo",
                "--experiment",
                "peak-rate",
                "--experiment",
                "third-of-peak",
                "--peak-fraction",
                "0.5",
                "--output-dir",
                dir.resolve("out").toString(),
                "--dry-run");

        assertThat(exitCode).as(stderr()).isZero();
        assertThat(stdout())
                .as("an experiment with its own fraction of a peak keeps it")
                .contains("  rate: 0.33 of the peak peak-rate measures on loopback\n");
    }

    @Test
    void localBrokersStartNoneForASystemThatNeedsNoBroker() {
        int exitCode = study(StudyProject.directory(), "run", "loopback-demo", "--local-brokers", "--dry-run");

        assertThat(exitCode).as(stderr()).isZero();
        assertThat(stdout()).doesNotContain("local broker:");
    }

    /**
     * The loopback study project copied into the test's directory with a stand-in for bin/local-hosts that
     * appends its arguments to calls.log and runs {@code body}.
     */
    private Path projectWithHostsScript(String body) throws Exception {
        Path project = StudyProject.copyTo(dir.resolve("project"));
        Path script = project.resolve("bin/local-hosts");
        Files.createDirectories(script.getParent());
        Files.writeString(
                script, "#!/usr/bin/env bash\necho \"$*\" >> \"$(dirname \"$0\")/calls.log\"\n" + body + "\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return project;
    }

    private List<String> hostsCalls(Path project) throws Exception {
        Path log = project.resolve("bin/calls.log");
        return Files.exists(log) ? Files.readAllLines(log) : List.of();
    }

    private int studyRun(Path project, boolean root, String... args) {
        return cli.run((all, out, err) -> StudyRunCommand.run(all, out, err, project, false, () -> root), args);
    }

    @Test
    void localHostsNeedsRootAndSaysSoInOneLine() throws Exception {
        Path project = projectWithHostsScript("exit 3");

        int exitCode = studyRun(
                project,
                false,
                "loopback-demo",
                "--local-hosts",
                "--output-dir",
                dir.resolve("out").toString());

        assertThat(exitCode).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(stderr())
                .isEqualTo("error: --local-hosts needs root (it starts systemd-nspawn hosts): run as root or use"
                        + " --local-brokers\n");
        assertThat(hostsCalls(project)).isEmpty();
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void localHostsRefusesToStartWhileSimulatedHostsAreUpNamingDown() throws Exception {
        Path project = projectWithHostsScript("echo 'simulated hosts: namespaces ombhost-hub'; exit 0");

        int exitCode = studyRun(
                project,
                true,
                "loopback-demo",
                "--local-hosts",
                "--output-dir",
                dir.resolve("out").toString());

        assertThat(exitCode).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(stderr())
                .isEqualTo("error: --local-hosts: simulated hosts are already up (bin/local-hosts status); a study run"
                        + " brings up its own, one cluster at a time: take them down with bin/local-hosts down\n");
        assertThat(hostsCalls(project)).containsExactly("status");
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void localHostsWithLocalBrokersOrWithoutTheScriptIsAUsageErrorInOneLine() {
        int exitCode = studyRun(StudyProject.directory(), true, "loopback-demo", "--local-hosts", "--local-brokers");

        assertThat(exitCode).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(stderr())
                .isEqualTo("error: --local-hosts and --local-brokers: give one (a three-broker cluster on simulated"
                        + " hosts per system, or a fresh single-node broker per run)\n");

        cli.reset();
        assertThat(studyRun(StudyProject.directory(), true, "loopback-demo", "--local-hosts"))
                .isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(stderr())
                .isEqualTo("error: --local-hosts brings up simulated hosts with "
                        + StudyProject.directory().resolve("bin/local-hosts") + ", which is not there (the package"
                        + " does not ship it); run from the repository, or give your brokers' driver files with --driver"
                        + " SYSTEM=FILE\n");
    }

    @Test
    void aDryRunWithLocalHostsNeedsNoRootAndCallsNoScript() throws Exception {
        Path project = projectWithHostsScript("exit 0");

        int exitCode = studyRun(project, false, "loopback-demo", "--local-hosts", "--dry-run");

        assertThat(exitCode).as(stderr()).isZero();
        assertThat(stdout())
                .as("loopback needs no broker: no cluster for it")
                .doesNotContain("hosts:")
                .contains("dry run: 3 run(s) planned");
        assertThat(hostsCalls(project)).isEmpty();
    }

    @Test
    void aDryRunOnLocalHostsShowsTheHostsStepsAroundEachSystemsRuns() throws Exception {
        Path project = Path.of("..").toAbsolutePath().normalize();
        Study study = StudyLoader.load(StudyLoader.fileOf(project, "dobbelaere-2017"), project);
        List<PlannedRun> runs = StudyRunPlanner.plan(
                study,
                project,
                Settings.studyRun()
                        .experiments("kafka-latency", "rabbitmq-latency", "kafka-latency-replicated")
                        .scale(0.1)
                        .duration("20s")
                        .warmup("5s")
                        .localHosts()
                        .build(),
                Set.of("kafka", "rabbitmq"));

        cli.run((all, out, err) -> {
            StudyRunCommand.dryRun(runs, Path.of("out"), null, out);
            return 0;
        });

        List<String> lines =
                stdout().lines().filter(line -> !line.startsWith("  ")).toList();
        assertThat(lines)
                .containsExactly(
                        "hosts: bin/local-hosts up --layout kafka; bin/local-hosts deploy (a three-broker kafka"
                                + " cluster; the runs below take its addresses from the driver file it renders,"
                                + " /etc/benchmark/drivers/kafka-latency.yaml)",
                        "[1/3] kafka-latency on kafka",
                        "[2/3] kafka-latency-replicated on kafka",
                        "hosts: bin/local-hosts down (the kafka cluster)",
                        "hosts: bin/local-hosts up --layout rabbitmq; bin/local-hosts deploy (a three-broker rabbitmq"
                                + " cluster; the runs below take its addresses from the driver file it renders,"
                                + " /etc/benchmark/drivers/rabbitmq-quorum.yaml)",
                        "[3/3] rabbitmq-latency on rabbitmq",
                        "hosts: bin/local-hosts down (the rabbitmq cluster)",
                        "dry run: 3 run(s) planned, results in out; nothing ran");
        assertThat(stdout())
                .contains(
                        "  bin/benchmark --drivers driver-kafka/kafka-latency.yaml --set driver.replicationFactor=2"
                                + " --set driver.producerConfig.acks=1 --set driver.producerConfig.linger.ms=0 --set"
                                + " producerRate=1000 --set testDuration=20s --set warmupDuration=5s --output-dir out -o"
                                + " kafka-latency-replicated-kafka.json workloads/dobbelaere-2017/latency-1-topic-1-partition-100b.yaml\n")
                .contains("  not applied: run once with unmirrored and once with mirrored queues (a broker policy)\n");
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
