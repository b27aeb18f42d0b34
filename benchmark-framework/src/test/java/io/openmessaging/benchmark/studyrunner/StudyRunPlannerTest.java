package io.openmessaging.benchmark.studyrunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.study.Study;
import io.openmessaging.benchmark.study.StudyLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which runs a study run makes and with which settings, before anything runs. */
class StudyRunPlannerTest {

    private static final Set<String> INSTALLED = Set.of("loopback", "kafka", "pulsar", "rabbitmq", "redpanda");

    @Test
    void eachExperimentRunsOnEachSystemInFileOrderWithItsSettingsAndOverrides() throws Exception {
        List<PlannedRun> runs = StudyRunPlanner.plan(
                StudyProject.loopbackDemo(), StudyProject.directory(), StudyProject.settings(1), INSTALLED);

        assertThat(runs).extracting(PlannedRun::experiment).containsExactly("fixed-rate", "peak-rate", "third-of-peak");
        PlannedRun fixed = runs.get(0);
        assertThat(fixed.driverSettings()).containsExactly("driver.topicPrefix=study-fixed");
        assertThat(fixed.workloadSettings()).containsExactly("producerRate=1000");
        assertThat(fixed.resultFileName()).isEqualTo("fixed-rate-loopback.json");
        assertThat(fixed.brokerNotApplied()).isEqualTo("a broker the loopback driver does not have");
        assertThat(fixed.commandLine("results/study-loopback-demo"))
                .isEqualTo("bin/benchmark --drivers driver-loopback/loopback.yaml --set driver.topicPrefix=study-fixed"
                        + " --set producerRate=1000 --output-dir results/study-loopback-demo -o"
                        + " fixed-rate-loopback.json workloads/loopback-demo/fixed-rate.yaml");
        assertThat(runs.get(1).peakSearch()).isTrue();
        assertThat(runs.get(1).workloadSettings()).containsExactly("producerRate=0");
        assertThat(runs.get(2).peakExperiment()).isEqualTo("peak-rate");
        assertThat(runs.get(2).workloadSettings()).isEmpty();
    }

    @Test
    void scaleMultipliesTheFixedRateAfterOverridesButNotAPeakSearchAndDurationsReplaceTheWorkloads() throws Exception {
        StudyRunSettings settings =
                Settings.studyRun().scale(0.1).duration("30s").warmup("5s").build();

        List<PlannedRun> runs =
                StudyRunPlanner.plan(StudyProject.loopbackDemo(), StudyProject.directory(), settings, INSTALLED);

        assertThat(runs.get(0).workloadSettings())
                .containsExactly("producerRate=1000", "producerRate=100", "testDuration=30s", "warmupDuration=5s");
        assertThat(runs.get(1).workloadSettings())
                .containsExactly("producerRate=0", "testDuration=30s", "warmupDuration=5s");
        assertThat(runs.get(2).withRate("producerRate=1320").workloadSettings())
                .as("a fraction of a peak is not scaled again; the durations stay last")
                .containsExactly("producerRate=1320", "testDuration=30s", "warmupDuration=5s");
    }

    @Test
    void aRateOfZeroStaysZeroWhenScaled(@TempDir Path project) throws Exception {
        Path copy = StudyProject.copyTo(project);
        Path workload = copy.resolve("workloads/loopback-demo/fixed-rate.yaml");
        Files.writeString(workload, Files.readString(workload).replace("producerRate: 2000", "producerRate: 0"));
        Path study = copy.resolve("studies/loopback-demo/study.yaml");
        Files.writeString(study, Files.readString(study).replace("overrides: [producerRate=1000]", "overrides: []"));

        List<PlannedRun> runs = StudyRunPlanner.plan(
                StudyLoader.load(study, copy),
                copy,
                Settings.studyRun().experiments("fixed-rate").scale(0.5).build(),
                INSTALLED);

        assertThat(runs)
                .singleElement()
                .satisfies(run -> assertThat(run.workloadSettings()).isEmpty());
    }

    @Test
    void theChoiceOfExperimentsAndTheUsersDriverSettingsApply() throws Exception {
        StudyRunSettings settings = Settings.studyRun()
                .experiments("peak-rate")
                .systems("loopback")
                .driverFile("loopback", "my-loopback.yaml")
                .driverSetting("loopback", "driver.topicPrefix=mine")
                .build();

        List<PlannedRun> runs =
                StudyRunPlanner.plan(StudyProject.loopbackDemo(), StudyProject.directory(), settings, INSTALLED);

        assertThat(runs).singleElement().satisfies(run -> {
            assertThat(run.driverFile()).isEqualTo("my-loopback.yaml");
            assertThat(run.driverSettings()).containsExactly("driver.topicPrefix=mine");
        });
    }

    @Test
    void anUnknownExperimentOrSystemIsRefusedWithTheNearestName() {
        assertThatThrownBy(() -> StudyRunPlanner.plan(
                        StudyProject.loopbackDemo(),
                        StudyProject.directory(),
                        Settings.studyRun().experiments("peak-rat").build(),
                        INSTALLED))
                .isInstanceOf(StudyRunException.class)
                .hasMessage("--experiment peak-rat: no experiment 'peak-rat' in study loopback-demo (did you mean"
                        + " 'peak-rate'?); the experiments are fixed-rate, peak-rate, third-of-peak");
        assertThatThrownBy(() -> StudyRunPlanner.plan(
                        StudyProject.loopbackDemo(),
                        StudyProject.directory(),
                        Settings.studyRun().systems("loopbak").build(),
                        INSTALLED))
                .hasMessage("--system loopbak: study loopback-demo has no system 'loopbak' (did you mean"
                        + " 'loopback'?); its systems are loopback");
    }

    @Test
    void aSystemWithoutAnInstalledDriverIsRefusedNamingIt() {
        assertThatThrownBy(() -> StudyRunPlanner.plan(
                        StudyProject.loopbackDemo(),
                        StudyProject.directory(),
                        StudyProject.settings(1),
                        Set.of("kafka")))
                .isInstanceOf(StudyRunException.class)
                .hasMessageStartingWith("study loopback-demo runs fixed-rate on loopback, and no loopback driver is"
                        + " installed here (installed: kafka)");
    }

    @Test
    void aSystemWithNoLocalBrokerNeedsTheUsersDriverFile() throws Exception {
        Path project = Path.of("..").toAbsolutePath().normalize();
        Study redpanda = StudyLoader.load(StudyLoader.fileOf(project, "redpanda-2022"), project);

        assertThatThrownBy(() -> StudyRunPlanner.plan(redpanda, project, StudyProject.settings(1), INSTALLED))
                .isInstanceOf(StudyRunException.class)
                .hasMessage(
                        "redpanda has no local broker here; give your cluster's driver file: --driver redpanda=FILE");

        List<PlannedRun> kafkaOnly = StudyRunPlanner.plan(
                redpanda,
                project,
                Settings.studyRun().systems("kafka").localBrokers().build(),
                INSTALLED);
        assertThat(kafkaOnly).allSatisfy(run -> {
            assertThat(run.localBroker()).isTrue();
            assertThat(run.driverSettings())
                    .containsSubsequence(
                            "driver.commonConfig.bootstrap.servers=127.0.0.1:19092", "driver.replicationFactor=1");
        });
    }

    @Test
    void brokerConfigGoesToALocalBrokerOrIsRecordedAsNotApplied() throws Exception {
        Path project = Path.of("..").toAbsolutePath().normalize();
        Study study = StudyLoader.load(StudyLoader.fileOf(project, "pulsar-latency-2019"), project);
        List<String> t04 = List.of("t04-pulsar-no-fsync-1-partition");

        PlannedRun local = StudyRunPlanner.plan(
                        study,
                        project,
                        Settings.studyRun().experiments(t04).localBrokers().build(),
                        INSTALLED)
                .get(0);
        PlannedRun given = StudyRunPlanner.plan(
                        study, project, Settings.studyRun().experiments(t04).build(), INSTALLED)
                .get(0);

        assertThat(local.brokerConfig()).containsExactly("journalSyncData=false");
        assertThat(local.brokerNotApplied())
                .as("brokerConfig gives what the broker: text asks")
                .isNull();
        assertThat(local.driverSettings())
                .contains(
                        "driver.client.serviceUrl=pulsar://127.0.0.1:16650",
                        "driver.client.persistence.ensembleSize=1");
        assertThat(given.brokerConfig()).isEmpty();
        assertThat(given.brokerNotApplied())
                .isEqualTo("brokerConfig journalSyncData=false; bookies with journalSyncData=false in bookkeeper.conf,"
                        + " broker and bookie restarted");
    }

    @Test
    void theLocalBrokerSettingsLoadOverEveryShippedDriverFileOfTheirSystem() throws Exception {
        Path project = Path.of("..").toAbsolutePath().normalize();
        for (String name : StudyLoader.names(project)) {
            Study study = StudyLoader.load(StudyLoader.fileOf(project, name), project);
            List<String> systems =
                    study.systems().stream().filter(LocalBroker::runs).toList();
            List<PlannedRun> runs = StudyRunPlanner.plan(
                    study,
                    project,
                    Settings.studyRun().systems(systems).localBrokers().build(),
                    INSTALLED);
            for (PlannedRun run : runs) {
                String edited = io.openmessaging.benchmark.workload.DriverAssignments.apply(
                        Files.readString(run.driverPath()), run.driverFile(), run.driverSettings());
                assertThat(edited).as(run.experiment() + " on " + run.system()).contains("127.0.0.1");
            }
        }
    }

    private static StudyRunSettings onHosts(List<String> experiments, Map<String, String> driverFiles) {
        return Settings.studyRun()
                .experiments(experiments)
                .driverFiles(driverFiles)
                .localHosts()
                .build();
    }

    @Test
    void withLocalHostsTheRunsAreGroupedBySystemInFileOrderAndKeepTheExperimentsReplication() throws Exception {
        Path project = Path.of("..").toAbsolutePath().normalize();
        Study confluent = StudyLoader.load(StudyLoader.fileOf(project, "confluent-2020"), project);

        List<PlannedRun> fileOrder = StudyRunPlanner.plan(confluent, project, StudyProject.settings(1), INSTALLED);
        List<PlannedRun> runs = StudyRunPlanner.plan(confluent, project, onHosts(List.of(), Map.of()), INSTALLED);

        assertThat(fileOrder)
                .extracting(run -> run.experiment() + "/" + run.system())
                .startsWith("peak-throughput/kafka", "peak-throughput/pulsar", "peak-throughput-rabbitmq/rabbitmq");
        assertThat(runs)
                .extracting(run -> run.experiment() + "/" + run.system())
                .containsExactly(
                        "peak-throughput/kafka",
                        "kafka-default-fsync-10kb-batches/kafka",
                        "kafka-fsync-every-message/kafka",
                        "latency-200k/kafka",
                        "peak-throughput/pulsar",
                        "latency-200k/pulsar",
                        "peak-throughput-rabbitmq/rabbitmq",
                        "latency-rabbitmq-30k/rabbitmq");
        assertThat(runs).allSatisfy(run -> {
            assertThat(run.localHosts()).isTrue();
            assertThat(run.localBroker()).isFalse();
            assertThat(run.driverSettings())
                    .as("no single-broker settings: the cluster has three")
                    .noneMatch(setting -> setting.contains("127.0.0.1"))
                    .doesNotContain("driver.replicationFactor=1", "driver.client.persistence.ensembleSize=1");
        });

        Study dobbelaere = StudyLoader.load(StudyLoader.fileOf(project, "dobbelaere-2017"), project);
        PlannedRun replicated = StudyRunPlanner.plan(
                        dobbelaere, project, onHosts(List.of("kafka-latency-replicated"), Map.of()), INSTALLED)
                .get(0);
        assertThat(replicated.driverSettings())
                .containsExactly(
                        "driver.replicationFactor=2",
                        "driver.producerConfig.acks=1",
                        "driver.producerConfig.linger.ms=0");
    }

    @Test
    void aRunAtAFractionOfAPeakStillFollowsItsPeakWhenGroupedBySystem(@TempDir Path project) throws Exception {
        Path copy = StudyProject.copyTo(project);
        Files.createDirectories(copy.resolve("driver-kafka"));
        Files.copy(Path.of("../driver-kafka/kafka-latency.yaml"), copy.resolve("driver-kafka/kafka-latency.yaml"));
        Path studyFile = copy.resolve("studies/loopback-demo/study.yaml");
        String text = Files.readString(studyFile);
        for (String experiment : List.of("peak-rate", "third-of-peak")) {
            int at = text.indexOf("- name: " + experiment);
            int systems = text.indexOf("systems: [loopback]", at);
            int drivers = text.indexOf("drivers:\n", at) + "drivers:\n".length();
            text = text.substring(0, systems) + "systems: [kafka, loopback]" + text.substring(systems + 19, drivers)
                    + "      kafka:\n        file: driver-kafka/kafka-latency.yaml\n" + text.substring(drivers);
        }
        Files.writeString(studyFile, text);

        List<PlannedRun> runs =
                StudyRunPlanner.plan(StudyLoader.load(studyFile, copy), copy, onHosts(List.of(), Map.of()), INSTALLED);

        assertThat(runs)
                .extracting(run -> run.experiment() + "/" + run.system())
                .containsExactly(
                        "fixed-rate/loopback",
                        "peak-rate/loopback",
                        "third-of-peak/loopback",
                        "peak-rate/kafka",
                        "third-of-peak/kafka");
        assertThat(runs).extracting(PlannedRun::localHosts).containsExactly(false, false, false, true, true);
        assertThat(runs.get(4).peakExperiment()).isEqualTo("peak-rate");
    }

    @Test
    void localHostsIsRefusedWithLocalBrokersOrWithTheUsersDriverFileOfASystemItDeploys() throws Exception {
        Path project = Path.of("..").toAbsolutePath().normalize();
        Study study = StudyLoader.load(StudyLoader.fileOf(project, "dobbelaere-2017"), project);

        assertThatThrownBy(() -> StudyRunPlanner.plan(
                        study,
                        project,
                        Settings.studyRun().localBrokers().localHosts().build(),
                        INSTALLED))
                .isInstanceOf(StudyRunException.class)
                .hasMessage("--local-hosts and --local-brokers: give one (a three-broker cluster on simulated hosts per"
                        + " system, or a fresh single-node broker per run)");
        assertThatThrownBy(() -> StudyRunPlanner.plan(
                        study, project, onHosts(List.of(), Map.of("kafka", "my-kafka.yaml")), INSTALLED))
                .isInstanceOf(StudyRunException.class)
                .hasMessage("--driver kafka=my-kafka.yaml and --local-hosts: kafka runs on the cluster --local-hosts"
                        + " deploys; give one of them");
    }

    @Test
    void onLocalHostsBrokerConfigIsRecordedAsNotAppliedAndRedpandaStillNeedsItsDriverFile() throws Exception {
        Path project = Path.of("..").toAbsolutePath().normalize();
        Study pulsar = StudyLoader.load(StudyLoader.fileOf(project, "pulsar-latency-2019"), project);

        PlannedRun t04 = StudyRunPlanner.plan(
                        pulsar, project, onHosts(List.of("t04-pulsar-no-fsync-1-partition"), Map.of()), INSTALLED)
                .get(0);

        assertThat(t04.localHosts()).isTrue();
        assertThat(t04.brokerConfig()).isEmpty();
        assertThat(t04.brokerNotApplied())
                .isEqualTo("brokerConfig journalSyncData=false (a deployed cluster keeps the playbook's broker"
                        + " settings for every run); bookies with journalSyncData=false in bookkeeper.conf, broker and"
                        + " bookie restarted");

        Study redpanda = StudyLoader.load(StudyLoader.fileOf(project, "redpanda-2022"), project);
        assertThatThrownBy(() -> StudyRunPlanner.plan(redpanda, project, onHosts(List.of(), Map.of()), INSTALLED))
                .hasMessage(
                        "redpanda has no local broker here; give your cluster's driver file: --driver redpanda=FILE");
    }

    @Test
    void theClustersAddressesGoBetweenTheExperimentsSettingsAndTheUsers() throws Exception {
        StudyRunSettings settings = Settings.studyRun()
                .experiments("fixed-rate")
                .driverSetting("loopback", "driver.topicPrefix=mine")
                .localHosts()
                .build();
        PlannedRun run = StudyRunPlanner.plan(
                        StudyProject.loopbackDemo(), StudyProject.directory(), settings, INSTALLED)
                .get(0);

        PlannedRun onCluster = run.onCluster(List.of("driver.address=10.214.1.11"), 1);

        assertThat(onCluster.driverSettings())
                .containsExactly(
                        "driver.topicPrefix=study-fixed", "driver.address=10.214.1.11", "driver.topicPrefix=mine");
        assertThat(onCluster.commandLine("out"))
                .contains("--set driver.address=10.214.1.11 --set driver.topicPrefix=mine");
    }

    @Test
    void peakFractionSetsEveryFixedRateFromTheSystemsFirstPeakExperiment() throws Exception {
        Path project = Path.of("..").toAbsolutePath().normalize();
        Study study = StudyLoader.load(StudyLoader.fileOf(project, "confluent-2020"), project);

        List<PlannedRun> runs = StudyRunPlanner.plan(
                study,
                project,
                Settings.studyRun()
                        .duration("1m")
                        .localBrokers()
                        .peakFraction(0.4)
                        .build(),
                INSTALLED);

        assertThat(runs)
                .extracting(run -> run.experiment() + "/" + run.system() + " <- " + run.peakExperiment() + " x "
                        + run.peakFraction())
                .containsExactly(
                        "peak-throughput/kafka <- null x null",
                        "peak-throughput/pulsar <- null x null",
                        "peak-throughput-rabbitmq/rabbitmq <- null x null",
                        "kafka-default-fsync-10kb-batches/kafka <- null x null",
                        "kafka-fsync-every-message/kafka <- null x null",
                        "latency-200k/kafka <- peak-throughput x 0.4",
                        "latency-200k/pulsar <- peak-throughput x 0.4",
                        "latency-rabbitmq-30k/rabbitmq <- peak-throughput-rabbitmq x 0.4");
        assertThat(runs.get(5).workloadSettings())
                .as("the rate comes from the peak when the run starts; the study's own is neither kept nor scaled")
                .containsExactly("testDuration=1m");
        assertThat(runs.get(7).workloadSettings())
                .as("an experiment's own overrides stay, the rate from the peak goes over them")
                .containsExactly("producerRate=30000", "testDuration=1m");
    }

    @Test
    void peakFractionIsRefusedWithScaleOutOfRangeOrWithoutAnEarlierPeakExperiment() throws Exception {
        Path project = Path.of("..").toAbsolutePath().normalize();
        Study confluent = StudyLoader.load(StudyLoader.fileOf(project, "confluent-2020"), project);

        assertThatThrownBy(() -> StudyRunPlanner.plan(
                        confluent,
                        project,
                        Settings.studyRun()
                                .scale(0.1)
                                .localBrokers()
                                .peakFraction(0.5)
                                .build(),
                        INSTALLED))
                .isInstanceOf(StudyRunException.class)
                .hasMessage("--peak-fraction and --scale both set the fixed rates; give one of them");
        assertThatThrownBy(() -> StudyRunPlanner.plan(
                        confluent,
                        project,
                        Settings.studyRun().localBrokers().peakFraction(1.5).build(),
                        INSTALLED))
                .isInstanceOf(StudyRunException.class)
                .hasMessage("--peak-fraction 1.5: give a fraction above 0, at most 1, e.g. 0.5");
        assertThatThrownBy(() -> StudyRunPlanner.plan(
                        StudyProject.loopbackDemo(),
                        StudyProject.directory(),
                        Settings.studyRun().peakFraction(0.5).build(),
                        INSTALLED))
                .isInstanceOf(StudyRunException.class)
                .hasMessage("--peak-fraction: fixed-rate runs on loopback at a fixed rate, and study loopback-demo has"
                        + " no experiment with peak: true on loopback before it whose peak could set that rate; leave"
                        + " it out with --experiment or --system, or give --scale instead");

        List<PlannedRun> later = StudyRunPlanner.plan(
                StudyProject.loopbackDemo(),
                StudyProject.directory(),
                Settings.studyRun()
                        .experiments("peak-rate", "third-of-peak")
                        .peakFraction(0.5)
                        .build(),
                INSTALLED);
        assertThat(later.get(1).peakFraction())
                .as("an experiment with its own peakFraction keeps it")
                .isEqualTo(0.33);
    }
}
