package io.openmessaging.benchmark.studyrun;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.report.ConfluentFixtures;
import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.study.Experiment;
import io.openmessaging.benchmark.study.Figure;
import io.openmessaging.benchmark.study.Study;
import io.openmessaging.benchmark.study.StudyLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Figures, ratios and claims of the Confluent 2020 study against the result files Confluent published with it:
 * what a run that is done, failed or not run gives each row, and when a claim holds.
 */
class StudyComparisonTest {

    private static final Path PROJECT = StudyReportGoldenTest.PROJECT;

    @TempDir
    Path directory;

    private StudyComparison.FigureRow figure(StudyComparison comparison, String id) {
        return comparison.figures().stream()
                .filter(row -> row.figure().id().equals(id))
                .findFirst()
                .orElseThrow();
    }

    private StudyComparison.ClaimRow claim(StudyComparison comparison, String id) {
        return comparison.claims().stream()
                .filter(row -> row.claim().id().equals(id))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void aRateInMegabytesIsTheMeasuredRateTimesTheMessageSizeOverTwoToTheTwentieth() throws Exception {
        StudyComparison comparison = StudyReportGoldenTest.confluentComparison(directory);

        StudyComparison.FigureRow kafka = figure(comparison, "cf-001");
        TestResult result = ResultFiles.read(ConfluentFixtures.file("kafka/throughput/default-sync.json"));
        double average = result.publishRate.stream()
                .mapToDouble(Double::doubleValue)
                .average()
                .orElseThrow();
        assertThat(kafka.measured().getAsDouble()).isCloseTo(average * 1024 / (1024.0 * 1024.0), within(1e-6));
        assertThat(kafka.measuredText()).isEqualTo("604.5");
        assertThat(kafka.ratio().getAsDouble()).isCloseTo(604.5 / 605, within(1e-3));
        assertThat(kafka.verdict())
                .as("a plain value has no verdict, only a ratio")
                .isNull();
    }

    @Test
    void aRatioFigureDividesTheRunsItNamesAndARangeGetsAVerdict() throws Exception {
        StudyComparison comparison = StudyReportGoldenTest.confluentComparison(directory);

        StudyComparison.FigureRow kafkaOverPulsar = figure(comparison, "cf-023");
        double kafka = StudyComparison.publishRate(
                        ResultFiles.read(ConfluentFixtures.file("kafka/throughput/default-sync.json")))
                .getAsDouble();
        double pulsar = StudyComparison.publishRate(
                        ResultFiles.read(ConfluentFixtures.file("pulsar/throughput/default-sync-colocated.json")))
                .getAsDouble();
        assertThat(kafkaOverPulsar.measured().getAsDouble()).isCloseTo(kafka / pulsar, within(1e-9));
        assertThat(kafkaOverPulsar.note())
                .isEqualTo("publish rate of peak-throughput/kafka over peak-throughput/pulsar");

        StudyComparison.FigureRow fsync = figure(comparison, "cf-012");
        assertThat(fsync.verdict()).isEqualTo(StudyComparison.Verdict.DOES_NOT_HOLD);
        assertThat(StudyComparison.verdictText(fsync)).isEqualTo("within ~3 to 5 x: does not hold here");
    }

    @Test
    void aPercentRatioIsTheChangeAndABoundSaysWhetherItHolds() {
        Figure percent = new Figure(
                "x-1",
                "a",
                "kafka",
                Figure.Metric.throughputRatio,
                null,
                -50,
                null,
                false,
                null,
                Figure.Unit.PERCENT,
                "c",
                false,
                null,
                "s",
                "a/kafka",
                "b/kafka",
                List.of());
        Figure below = new Figure(
                "x-2",
                "a",
                "kafka",
                Figure.Metric.endToEndLatency,
                Figure.Percentile.P99,
                10,
                null,
                false,
                Figure.Bound.upper,
                Figure.Unit.MS,
                "c",
                false,
                null,
                "s",
                null,
                null,
                List.of());
        Map<String, StudyComparison.RunOutcome> runs = Map.of(
                "a/kafka", done("a", rate(500), 4.0),
                "b/kafka", done("b", rate(1000), 12.0));

        StudyComparison.FigureRow change = StudyComparison.figureRow(null, percent, runs);
        StudyComparison.FigureRow bound = StudyComparison.figureRow(null, below, runs);

        assertThat(change.measured().getAsDouble()).isEqualTo(-50.0);
        assertThat(change.ratio().getAsDouble()).isEqualTo(1.0);
        assertThat(StudyComparison.verdictText(bound)).isEqualTo("below 10 ms: holds here");
    }

    @Test
    void rowsOfARunNotRunOrFailedSaySoAndTheirClaimsAreNotRun() throws Exception {
        StudyReportGoldenTest.confluentRun(directory);
        StudyRunRecord record = StudyRunFiles.read(StudyRunFiles.recordFile(directory));
        record.runs.removeIf(run -> run.experiment.equals("latency-rabbitmq-30k"));
        StudyRunRecord.Run pulsar = record.run("latency-200k", "pulsar").orElseThrow();
        pulsar.status = StudyRunRecord.FAILED;
        pulsar.failureReason = "the broker did not start";
        Study study = StudyLoader.load(StudyLoader.fileOf(PROJECT, "confluent-2020"), PROJECT);

        StudyComparison comparison = StudyComparison.of(study, record, directory, PROJECT);

        assertThat(figure(comparison, "cf-006").measuredText()).isEqualTo("not run");
        assertThat(figure(comparison, "cf-005").measuredText()).isEqualTo("failed: the broker did not start");
        StudyComparison.ClaimRow below = claim(comparison, "cf-c01");
        assertThat(below.verdict()).isEqualTo(StudyComparison.Verdict.NOT_RUN);
        assertThat(below.values())
                .containsExactly("latency-200k/kafka 5.434 ms", "latency-200k/pulsar failed: the broker did not start");
        assertThat(StudyReportContent.summary(comparison))
                .isEqualTo("10 of 14 figures compared; 6 of 8 runs done; claims: 1 holding, 0 not holding, 1 not run.");
    }

    @Test
    void anOrderingHoldsOnlyWhenEachValueIsStrictlyBeyondTheOneBefore() {
        Study.Claim increasing = new Study.Claim(
                "c",
                "A below B below C",
                "s",
                Figure.Metric.endToEndLatency,
                Figure.Percentile.P99,
                Study.Order.increasing,
                List.of("a/kafka", "b/kafka", "c/kafka"),
                null,
                null,
                null,
                null,
                null,
                List.of());
        Map<String, StudyComparison.RunOutcome> rising = Map.of(
                "a/kafka",
                done("a", rate(1), 1.0),
                "b/kafka",
                done("b", rate(1), 2.0),
                "c/kafka",
                done("c", rate(1), 3.0));
        Map<String, StudyComparison.RunOutcome> tie = Map.of(
                "a/kafka",
                done("a", rate(1), 1.0),
                "b/kafka",
                done("b", rate(1), 2.0),
                "c/kafka",
                done("c", rate(1), 2.0));

        assertThat(StudyComparison.claimRow(null, increasing, rising).verdict())
                .isEqualTo(StudyComparison.Verdict.HOLDS);
        assertThat(StudyComparison.claimRow(null, increasing, tie).verdict())
                .isEqualTo(StudyComparison.Verdict.DOES_NOT_HOLD);
        assertThat(StudyComparison.claimRow(null, increasing, rising).values())
                .containsExactly("a/kafka 1 ms", "b/kafka 2 ms", "c/kafka 3 ms");
    }

    @Test
    void aRatioClaimHoldsWithinItsBoundsAndMayDivideAnotherStatisticOfTheSameRun() {
        Study.Claim jump = new Study.Claim(
                "c",
                "jumps at p99.9",
                "s",
                Figure.Metric.endToEndLatency,
                Figure.Percentile.P99_9,
                null,
                List.of(),
                "a/kafka",
                "a/kafka",
                Figure.Percentile.P99,
                3.0,
                null,
                List.of());
        TestResult jumping = rate(1);
        jumping.aggregatedEndToEndLatency99pct = 3.0;
        jumping.aggregatedEndToEndLatency999pct = 150.0;
        TestResult smooth = rate(1);
        smooth.aggregatedEndToEndLatency99pct = 4.0;
        smooth.aggregatedEndToEndLatency999pct = 4.1;

        StudyComparison.ClaimRow holds = StudyComparison.claimRow(null, jump, Map.of("a/kafka", outcome("a", jumping)));
        StudyComparison.ClaimRow fails = StudyComparison.claimRow(null, jump, Map.of("a/kafka", outcome("a", smooth)));

        assertThat(holds.verdict()).isEqualTo(StudyComparison.Verdict.HOLDS);
        assertThat(holds.values())
                .containsExactly("a/kafka p99.9 150 ms", "a/kafka p99 3 ms", "ratio 50.00 (claim: at least 3)");
        assertThat(fails.verdict()).isEqualTo(StudyComparison.Verdict.DOES_NOT_HOLD);
    }

    @Test
    void aClaimBetweenRunsThatRanWithTheSameSettingsIsNotTestedHere() throws Exception {
        Files.copy(ConfluentFixtures.ourGoldenResult(), directory.resolve("plain.json"));
        Files.copy(ConfluentFixtures.ourGoldenResult(), directory.resolve("replicated.json"));
        StudyRunRecord record = new StudyRunRecord();
        record.study = "dobbelaere-2017";
        record.brokers = "local";
        // on one local broker the replication factor 2 of the second experiment became 1, as in the first
        record.runs.add(localKafkaRun("kafka-latency", "plain.json", "driver.replicationFactor=1"));
        record.runs.add(localKafkaRun("kafka-latency-replicated", "replicated.json", "driver.replicationFactor=2"));
        Study study = StudyLoader.load(StudyLoader.fileOf(PROJECT, "dobbelaere-2017"), PROJECT);

        StudyComparison comparison = StudyComparison.of(study, record, directory, PROJECT);

        StudyComparison.ClaimRow replication = claim(comparison, "kr-c01");
        assertThat(replication.verdict()).isEqualTo(StudyComparison.Verdict.NOT_TESTED);
        assertThat(replication.values().get(replication.values().size() - 1))
                .isEqualTo("not tested here: kafka-latency/kafka and kafka-latency-replicated/kafka ran with the same"
                        + " settings (kafka-latency-replicated's driver.replicationFactor=2 became 1)");
        assertThat(StudyReportContent.summary(comparison)).contains("1 not tested here");

        record.runs.get(1).driverSettings.remove("driver.replicationFactor=1");
        StudyComparison differing = StudyComparison.of(study, record, directory, PROJECT);
        assertThat(claim(differing, "kr-c01").verdict())
                .as("runs that differ in a setting get a verdict")
                .isIn(StudyComparison.Verdict.HOLDS, StudyComparison.Verdict.DOES_NOT_HOLD);
    }

    @Test
    void runsOnSimulatedHostsAreThreeBrokersOfThisMachineWithTheExperimentsReplication() throws Exception {
        for (String[] run : new String[][] {{"plain.json", "1"}, {"replicated.json", "2"}}) {
            // the settings in effect are the record's driver file with its settings, as a result without driver text
            TestResult result = ResultFiles.read(ConfluentFixtures.ourGoldenResult());
            result.metadata.driverYaml = null;
            ResultFiles.writeTo(result, directory.resolve(run[0]));
        }
        StudyRunRecord record = new StudyRunRecord();
        record.study = "dobbelaere-2017";
        record.brokers = "local-hosts";
        record.runs.add(hostsKafkaRun("kafka-latency", "plain.json", "driver.replicationFactor=1"));
        record.runs.add(hostsKafkaRun("kafka-latency-replicated", "replicated.json", "driver.replicationFactor=2"));
        Study study = StudyLoader.load(StudyLoader.fileOf(PROJECT, "dobbelaere-2017"), PROJECT);

        StudyComparison comparison = StudyComparison.of(study, record, directory, PROJECT);

        StudyComparison.ClaimRow replication = claim(comparison, "kr-c01");
        assertThat(replication.verdict())
                .as("three brokers keep replication factor 2: the two runs differ, so the claim is tested")
                .isIn(StudyComparison.Verdict.HOLDS, StudyComparison.Verdict.DOES_NOT_HOLD);
        assertThat(replication.values()).noneMatch(value -> value.contains("became"));
        StudyComparison.RunOutcome replicated = comparison.runs().stream()
                .filter(outcome -> outcome.experiment().equals("kafka-latency-replicated"))
                .findFirst()
                .orElseThrow();
        List<String> differences = comparison.differences(replicated);
        assertThat(differences.get(0))
                .isEqualTo("3 brokers on simulated hosts of this one machine (containers on one bridge, deployed with"
                        + " the project's playbook) instead of 1 broker (One machine: Intel Xeon X5660 at 2.80 GHz)");
        assertThat(differences)
                .as("the replication factor is the experiment's: not named as a difference")
                .noneMatch(difference -> difference.contains("replication factor"))
                .noneMatch(difference -> difference.contains("loopback"));

        record.runs.get(1).driverSettings.add("driver.replicationFactor=3");
        StudyComparison changed = StudyComparison.of(study, record, directory, PROJECT);
        assertThat(changed.differences(changed.runs().stream()
                        .filter(outcome -> outcome.experiment().equals("kafka-latency-replicated"))
                        .findFirst()
                        .orElseThrow()))
                .as("a factor other than the experiment's (a user's --driver-set) is named")
                .anySatisfy(difference -> assertThat(difference)
                        .startsWith("Kafka replication factor 2,")
                        .contains(" published; 3/"));
    }

    @Test
    void aRabbitMqRunOnSimulatedHostsNamesThePlaybooksQueuesAndShowsEachSettingOnceWithoutTheClustersPassword()
            throws Exception {
        TestResult result = ResultFiles.read(ConfluentFixtures.ourGoldenResult());
        result.metadata.driverYaml = null;
        ResultFiles.writeTo(result, directory.resolve("rabbitmq.json"));
        StudyRunRecord record = new StudyRunRecord();
        record.study = "confluent-2020";
        record.brokers = "local-hosts";
        record.peakFraction = 0.79;
        StudyRunRecord.Run run = new StudyRunRecord.Run();
        run.experiment = "latency-rabbitmq-30k";
        run.system = "rabbitmq";
        run.status = StudyRunRecord.DONE;
        run.resultFile = "rabbitmq.json";
        run.driverFile = "driver-rabbitmq/rabbitmq-at-most-once.yaml";
        run.brokerCount = 3;
        run.brokerVersion = "3.10.8";
        run.driverSettings.add("driver.amqpUris=[amqp://benchmark:s3cr3t@10.214.1.11:5672,"
                + "amqp://benchmark:s3cr3t@10.214.1.12:5672]");
        run.workloadSettings.addAll(
                List.of("producerRate=30000", "producerRate=7565.066", "testDuration=1m", "warmupDuration=30s"));
        record.runs.add(run);
        Study study = StudyLoader.load(StudyLoader.fileOf(PROJECT, "confluent-2020"), PROJECT);

        StudyComparison comparison = StudyComparison.of(study, record, directory, PROJECT);

        StudyComparison.RunOutcome outcome = comparison.runs().stream()
                .filter(each -> each.experiment().equals("latency-rabbitmq-30k"))
                .findFirst()
                .orElseThrow();
        assertThat(comparison.differences(outcome))
                .as("the playbook's cluster: classic queues are not mirrored")
                .contains("RabbitMQ classic queues mirrored to all 3 nodes published; classic queues here on the"
                        + " simulated hosts' cluster, not mirrored (the playbook sets no mirroring policy): each"
                        + " queue on one node, no copy on another");
        String report = StudyReportMarkdown.render(StudyReportContent.of(comparison));
        assertThat(report)
                .contains("- workload settings: producerRate=7565.066 testDuration=1m warmupDuration=30s\n")
                .contains("with driver.amqpUris=[amqp://benchmark:****@10.214.1.11:5672,"
                        + "amqp://benchmark:****@10.214.1.12:5672]\n")
                .doesNotContain("s3cr3t");
        assertThat(record.runs.get(0).workloadSettings)
                .as("the record keeps every setting")
                .hasSize(4);
    }

    private static StudyRunRecord.Run hostsKafkaRun(String experiment, String resultFile, String asked) {
        StudyRunRecord.Run run = new StudyRunRecord.Run();
        run.experiment = experiment;
        run.system = "kafka";
        run.status = StudyRunRecord.DONE;
        run.resultFile = resultFile;
        run.driverFile = "driver-kafka/kafka-latency.yaml";
        run.brokerCount = 3;
        run.brokerVersion = "4.4.0";
        run.driverSettings.addAll(List.of(
                asked,
                "driver.producerConfig.acks=1",
                "driver.producerConfig.linger.ms=0",
                "driver.commonConfig.bootstrap.servers=10.214.1.11:9092,10.214.1.12:9092,10.214.1.13:9092"));
        return run;
    }

    @Test
    void aClaimAboutASettingTheRunsCameOutEqualInIsNotTestedHereThoughOtherSettingsDiffered() throws Exception {
        // the runs differ in acks, but replication, which kr-c02 and kr-015 are about, became 1 in both
        StudyRunRecord record = dobbelaereOnOneBroker(
                throughputRun("kafka-throughput-unreplicated", 1, "1"),
                throughputRun("kafka-throughput-replicated", 2, "all"));
        Study study = StudyLoader.load(StudyLoader.fileOf(PROJECT, "dobbelaere-2017"), PROJECT);

        StudyComparison comparison = StudyComparison.of(study, record, directory, PROJECT);

        StudyComparison.ClaimRow replication = claim(comparison, "kr-c02");
        assertThat(replication.claim().varies()).containsExactly("driver.replicationFactor");
        assertThat(replication.verdict()).isEqualTo(StudyComparison.Verdict.NOT_TESTED);
        assertThat(replication.values().get(replication.values().size() - 1))
                .isEqualTo("not tested here: it is about driver.replicationFactor, but"
                        + " kafka-throughput-unreplicated/kafka and kafka-throughput-replicated/kafka both ran with"
                        + " driver.replicationFactor=1 (kafka-throughput-replicated's driver.replicationFactor=2"
                        + " became 1)");
        StudyComparison.FigureRow ratio = figure(comparison, "kr-015");
        assertThat(ratio.verdict()).isEqualTo(StudyComparison.Verdict.NOT_TESTED);
        assertThat(ratio.measured()).isEmpty();
        assertThat(ratio.measuredText())
                .startsWith("not tested here: it is about driver.replicationFactor, but"
                        + " kafka-throughput-unreplicated/kafka and kafka-throughput-replicated/kafka both ran with"
                        + " driver.replicationFactor=1")
                .endsWith("; their ratio 1 measures something else");

        // on three brokers the replication factor 2 stays: the same runs get verdicts
        record.runs.get(1).driverSettings.remove(2);
        StudyComparison replicated = StudyComparison.of(study, record, directory, PROJECT);
        assertThat(claim(replicated, "kr-c02").verdict()).isEqualTo(StudyComparison.Verdict.DOES_NOT_HOLD);
        assertThat(figure(replicated, "kr-015").verdict()).isEqualTo(StudyComparison.Verdict.DOES_NOT_HOLD);
    }

    @Test
    void aClaimAboutTwoSettingsOfWhichOneCameOutEqualGetsItsVerdictAndSaysItWasOnlyPartlyTested() throws Exception {
        StudyRunRecord record = dobbelaereOnOneBroker(
                throughputRun("kafka-throughput-best-effort", 2, "0"),
                throughputRun("kafka-throughput-replicated", 2, "all"));
        Study study = StudyLoader.load(StudyLoader.fileOf(PROJECT, "dobbelaere-2017"), PROJECT);
        Map<String, StudyComparison.RunOutcome> runs =
                byReference(StudyComparison.of(study, record, directory, PROJECT));
        Study.Claim both = new Study.Claim(
                "both",
                "at least once with replication costs throughput",
                "this test",
                Figure.Metric.publishRate,
                null,
                Study.Order.decreasing,
                List.of("kafka-throughput-best-effort/kafka", "kafka-throughput-replicated/kafka"),
                null,
                null,
                null,
                null,
                null,
                List.of(
                        "driver.producerConfig.acks",
                        "driver.replicationFactor",
                        "broker.log.flush.interval.messages"));

        StudyComparison.ClaimRow row = StudyComparison.claimRow(study, both, runs);

        assertThat(row.verdict())
                .as("the acks differed, so the claim is tested: equal rates do not fall")
                .isEqualTo(StudyComparison.Verdict.DOES_NOT_HOLD);
        assertThat(row.values().get(row.values().size() - 1))
                .isEqualTo("only partly tested: kafka-throughput-best-effort/kafka and"
                        + " kafka-throughput-replicated/kafka both ran with driver.replicationFactor=1,"
                        + " broker.log.flush.interval.messages unset (kafka-throughput-best-effort's"
                        + " driver.replicationFactor=2 became 1; kafka-throughput-replicated's"
                        + " driver.replicationFactor=2 became 1)");

        // on a given cluster the broker's settings are not known: one neither run gave is not counted as equal
        record.runs.forEach(run -> run.brokerCount = null);
        StudyComparison.ClaimRow given = StudyComparison.claimRow(
                study, both, byReference(StudyComparison.of(study, record, directory, PROJECT)));
        assertThat(given.values().get(given.values().size() - 1))
                .startsWith("only partly tested: kafka-throughput-best-effort/kafka and"
                        + " kafka-throughput-replicated/kafka both ran with driver.replicationFactor=1 (");
    }

    /** The comparison's runs by their {@code EXPERIMENT/SYSTEM} reference, as {@code claimRow} takes them. */
    private static Map<String, StudyComparison.RunOutcome> byReference(StudyComparison comparison) {
        Map<String, StudyComparison.RunOutcome> runs = new java.util.HashMap<>();
        comparison.runs().forEach(outcome -> runs.put(outcome.reference(), outcome));
        return runs;
    }

    /** A record of the 2017 study on one local broker with {@code runs}. */
    private static StudyRunRecord dobbelaereOnOneBroker(StudyRunRecord.Run... runs) {
        StudyRunRecord record = new StudyRunRecord();
        record.study = "dobbelaere-2017";
        record.brokers = "local";
        record.runs.addAll(List.of(runs));
        return record;
    }

    /**
     * A run of a 2017 Kafka throughput experiment with its replication and acks, on one broker (replication 1
     * in effect) and with our golden result.
     */
    private StudyRunRecord.Run throughputRun(String experiment, int askedReplication, String acks) throws Exception {
        Files.copy(ConfluentFixtures.ourGoldenResult(), directory.resolve(experiment + ".json"));
        return kafkaRun(
                experiment,
                experiment + ".json",
                "driver.replicationFactor=" + askedReplication,
                "driver.producerConfig.acks=" + acks,
                "driver.replicationFactor=1");
    }

    private static StudyRunRecord.Run kafkaRun(String experiment, String resultFile, String... settings) {
        StudyRunRecord.Run run = new StudyRunRecord.Run();
        run.experiment = experiment;
        run.system = "kafka";
        run.status = StudyRunRecord.DONE;
        run.resultFile = resultFile;
        run.driverFile = "driver-kafka/kafka-latency.yaml";
        run.driverSettings.addAll(List.of(settings));
        run.brokerCount = 1;
        return run;
    }

    private static StudyRunRecord.Run localKafkaRun(String experiment, String resultFile, String asked) {
        return kafkaRun(
                experiment,
                resultFile,
                asked,
                "driver.producerConfig.acks=1",
                "driver.producerConfig.linger.ms=0",
                "driver.commonConfig.bootstrap.servers=127.0.0.1:19092",
                "driver.replicationFactor=1");
    }

    @Test
    void theSetupDifferencesOfALocalScaledRunAreNamedInWords() throws Exception {
        // the run's driver text is the record's driver file with its settings, as a result of upstream's has none
        TestResult written = ResultFiles.read(ConfluentFixtures.ourGoldenResult());
        written.metadata.driverYaml = null;
        ResultFiles.writeTo(written, directory.resolve("t07.json"));
        StudyRunRecord record = new StudyRunRecord();
        record.study = "pulsar-latency-2019";
        record.brokers = "local";
        record.scale = 0.1;
        StudyRunRecord.Run run = new StudyRunRecord.Run();
        run.experiment = "t07-kafka-default-1-partition";
        run.system = "kafka";
        run.status = StudyRunRecord.DONE;
        run.resultFile = "t07.json";
        run.driverFile = "driver-kafka/kafka-latency.yaml";
        run.driverSettings.addAll(LocalBrokerSettings.KAFKA);
        run.brokerNotApplied = "topics with flush.messages=1";
        record.runs.add(run);
        Study study = StudyLoader.load(StudyLoader.fileOf(PROJECT, "pulsar-latency-2019"), PROJECT);

        StudyComparison comparison = StudyComparison.of(study, record, directory, PROJECT);
        StudyComparison.RunOutcome outcome = comparison.runs().stream()
                .filter(candidate -> candidate.run() != null)
                .findFirst()
                .orElseThrow();

        assertThat(comparison.differences(outcome))
                .containsExactly(
                        "1 broker on loopback (127.0.0.1) instead of 3 brokers (3 x i3.4xlarge brokers) over EC2 'up"
                                + " to 10 Gigabit'",
                        "rate × 0.1 (every fixed producer rate scaled)",
                        "20 s measured after 1 min of warm-up; the study: "
                                + study.setup().runs(),
                        "Kafka 4.0.0 instead of 2.3.0 (Scala 2.11 build)",
                        "client kafka-clients 4.3.1",
                        "Kafka replication factor 3, min.insync.replicas 2, acks all published; 1/1/all here on one"
                                + " local broker",
                        "disks: 2 NVMe SSDs per broker published; this machine's disk here, its type and speed not"
                                + " recorded",
                        "not applied to the broker: topics with flush.messages=1");
        assertThat(StudyComparison.machine(outcome.result()))
                .isEqualTo("bench-coordinator, 2 processors, Linux 6.8.0 amd64, Eclipse Adoptium 17.0.13+11");
    }

    @Test
    void aRunAtAFractionOfThePeakNamesTheFractionAndTheRateInsteadOfTheExperimentsOwn() throws Exception {
        StudyRunRecord record = confluentPulsarRun("local");
        record.peakFraction = 0.4;
        record.runs.get(0).workloadSettings.addAll(List.of("testDuration=1m", "producerRate=21200"));
        Study study = StudyLoader.load(StudyLoader.fileOf(PROJECT, "confluent-2020"), PROJECT);

        List<String> differences = differencesOfTheRecordedRun(StudyComparison.of(study, record, directory, PROJECT));

        assertThat(differences)
                .contains("rate 21200 msg/s, 0.4 of the peak this study run measured on pulsar, instead of the"
                        + " experiment's own rate (--peak-fraction)");
        record.peakFraction = null;
        assertThat(differencesOfTheRecordedRun(StudyComparison.of(study, record, directory, PROJECT)))
                .noneMatch(line -> line.contains("--peak-fraction"));
    }

    @Test
    void aPulsarRunOnOneStandaloneBrokerNamesTheEnsembleAndQuorumsItDidNotKeep() throws Exception {
        StudyRunRecord record = confluentPulsarRun("local");
        record.runs.get(0).driverSettings.addAll(LocalBrokerSettings.PULSAR);
        record.runs.get(0).brokerVersion = "4.2.4";
        Study study = StudyLoader.load(StudyLoader.fileOf(PROJECT, "confluent-2020"), PROJECT);

        List<String> differences = differencesOfTheRecordedRun(StudyComparison.of(study, record, directory, PROJECT));

        assertThat(differences)
                .containsExactly(
                        "1 broker on loopback (127.0.0.1) instead of 3 brokers (3 x i3en.2xlarge brokers) over 25 Gbps"
                                + " between hosts",
                        "measured duration not recorded here; the study: "
                                + study.setup().runs(),
                        "Pulsar 4.2.4 instead of 2.6",
                        "Java 11 published; not recorded here",
                        "Pulsar ensemble 3, write quorum 3, ack quorum 2 published; 1/1/1 here on one standalone"
                                + " broker",
                        "Pulsar fsync: journalSyncData=true (BookKeeper default) published; journalSyncData not"
                                + " recorded here (the broker's own setting)",
                        "disks: 2 NVMe disks per broker, 327 and 328 MB/s each by dd with direct I/O published; this"
                                + " machine's disk here, its type and speed not recorded");
    }

    @Test
    void aRunThatKeptThePublishedCopiesGetsNoLineAboutThem() throws Exception {
        // the study's own driver settings on a given cluster: ensemble 3, write quorum 3, ack quorum 2 in effect
        StudyRunRecord record = confluentPulsarRun("given");
        Study study = StudyLoader.load(StudyLoader.fileOf(PROJECT, "confluent-2020"), PROJECT);

        List<String> differences = differencesOfTheRecordedRun(StudyComparison.of(study, record, directory, PROJECT));

        assertThat(differences).noneMatch(line -> line.contains("ensemble") || line.contains("quorum"));
        assertThat(differences)
                .contains(
                        "the brokers of the driver file (a given cluster; their number, machines and network not"
                                + " recorded) instead of 3 brokers (3 x i3en.2xlarge brokers) over 25 Gbps between"
                                + " hosts",
                        "Pulsar 2.6 published; the broker's version not recorded here",
                        "disks: 2 NVMe disks per broker, 327 and 328 MB/s each by dd with direct I/O published; not"
                                + " recorded here");
    }

    @Test
    void aRabbitMqRunOnOneLocalNodeNamesTheMirroringItDidNotHave() throws Exception {
        Files.createDirectories(directory.resolve("rabbitmq/latency"));
        Files.copy(
                ConfluentFixtures.file("rabbitmq/latency/mirrored-30k.json"),
                directory.resolve("rabbitmq/latency/mirrored-30k.json"));
        StudyRunRecord record = new StudyRunRecord();
        record.study = "confluent-2020";
        record.brokers = "local";
        StudyRunRecord.Run run = new StudyRunRecord.Run();
        run.experiment = "latency-rabbitmq-30k";
        run.system = "rabbitmq";
        run.status = StudyRunRecord.DONE;
        run.resultFile = "rabbitmq/latency/mirrored-30k.json";
        run.driverFile = "driver-rabbitmq/rabbitmq-at-most-once.yaml";
        run.driverSettings.add("driver.amqpUris=[amqp://127.0.0.1:17672]");
        run.brokerNotApplied = "queues mirrored to all 3 nodes (ha-mode: all)";
        record.runs.add(run);
        Study study = StudyLoader.load(StudyLoader.fileOf(PROJECT, "confluent-2020"), PROJECT);

        List<String> differences = differencesOfTheRecordedRun(StudyComparison.of(study, record, directory, PROJECT));

        assertThat(differences)
                .contains(
                        "RabbitMQ classic queues mirrored to all 3 nodes published; classic queues on one local node"
                                + " here, no copy on another node",
                        "not applied to the broker: queues mirrored to all 3 nodes (ha-mode: all)");
        assertThat(differences).noneMatch(line -> line.startsWith("RabbitMQ fsync"));
    }

    @Test
    void aClaimBetweenPulsarRunsThatDifferOnlyInTheEnsembleIsNotTestedOnOneStandaloneBroker() throws Exception {
        Study shipped = StudyLoader.load(StudyLoader.fileOf(PROJECT, "confluent-2020"), PROJECT);
        // the same settings but ensemble, write quorum and ack quorum 2, once as driver settings, once as a file
        Path ensembleTwoFile = directory.resolve("pulsar-ensemble-2.yaml");
        Files.writeString(
                ensembleTwoFile,
                Files.readString(PROJECT.resolve("driver-pulsar/pulsar-batched.yaml"))
                        .replace("name: Pulsar-batched", "name: Pulsar-ensemble-2")
                        .replace("ensembleSize: 3", "ensembleSize: 2")
                        .replace("writeQuorum: 3", "writeQuorum: 2"));
        List<String> ensembleTwo = List.of(
                "driver.client.persistence.ensembleSize=2",
                "driver.client.persistence.writeQuorum=2",
                "driver.client.persistence.ackQuorum=2");
        Study study = ensembleStudy(
                shipped,
                new Experiment.DriverSettings("driver-pulsar/pulsar-batched.yaml", List.of()),
                new Experiment.DriverSettings("driver-pulsar/pulsar-batched.yaml", ensembleTwo),
                new Experiment.DriverSettings(ensembleTwoFile.toString(), List.of()));
        StudyRunRecord record = new StudyRunRecord();
        record.study = study.name();
        record.brokers = "local";
        for (Experiment experiment : study.experiments()) {
            Files.copy(
                    ConfluentFixtures.file("pulsar/latency/default-sync-200k.json"),
                    directory.resolve(experiment.name() + ".json"));
            StudyRunRecord.Run run = new StudyRunRecord.Run();
            run.experiment = experiment.name();
            run.system = "pulsar";
            run.status = StudyRunRecord.DONE;
            run.resultFile = experiment.name() + ".json";
            run.driverFile = experiment.drivers().get("pulsar").file();
            run.driverSettings.addAll(experiment.drivers().get("pulsar").set());
            run.driverSettings.addAll(LocalBrokerSettings.PULSAR);
            record.runs.add(run);
        }

        StudyComparison comparison = StudyComparison.of(study, record, directory, PROJECT);

        StudyComparison.ClaimRow bySettings = claim(comparison, "set");
        assertThat(bySettings.verdict()).isEqualTo(StudyComparison.Verdict.NOT_TESTED);
        assertThat(bySettings.values().get(bySettings.values().size() - 1))
                .isEqualTo("not tested here: ensemble-3/pulsar and ensemble-2-set/pulsar ran with the same settings"
                        + " (ensemble-2-set's driver.client.persistence.ensembleSize=2 became 1; ensemble-2-set's"
                        + " driver.client.persistence.writeQuorum=2 became 1; ensemble-2-set's"
                        + " driver.client.persistence.ackQuorum=2 became 1)");
        StudyComparison.ClaimRow byFile = claim(comparison, "file");
        assertThat(byFile.verdict())
                .as("two driver files that differ only in what one standalone broker replaced: %s", byFile.values())
                .isEqualTo(StudyComparison.Verdict.NOT_TESTED);
        assertThat(byFile.values().get(byFile.values().size() - 1))
                .isEqualTo("not tested here: ensemble-3/pulsar and ensemble-2-file/pulsar ran with the same settings");

        record.runs.forEach(run -> run.driverSettings.removeAll(LocalBrokerSettings.PULSAR));
        StudyComparison onACluster = StudyComparison.of(study, record, directory, PROJECT);
        assertThat(claim(onACluster, "set").verdict())
                .as("on a cluster that keeps the ensembles the runs differ")
                .isIn(StudyComparison.Verdict.HOLDS, StudyComparison.Verdict.DOES_NOT_HOLD);
        assertThat(claim(onACluster, "file").verdict())
                .isIn(StudyComparison.Verdict.HOLDS, StudyComparison.Verdict.DOES_NOT_HOLD);
    }

    @Test
    void theJavaVersionOfAStudyIsComparedWithTheMajorVersionOfTheJvm() {
        assertThat(SetupDifferences.javaMajor("Eclipse Adoptium 17.0.13+11")).isEqualTo("17");
        assertThat(SetupDifferences.javaMajor("Oracle Corporation 1.8.0_392")).isEqualTo("8");
        assertThat(SetupDifferences.javaMajor("Red Hat, Inc. 11.0.21+9-LTS")).isEqualTo("11");
    }

    /** A study of three Pulsar experiments, ensemble 3 and ensemble 2 two ways, with a claim comparing each pair. */
    private static Study ensembleStudy(
            Study shipped,
            Experiment.DriverSettings three,
            Experiment.DriverSettings twoBySettings,
            Experiment.DriverSettings twoByFile) {
        String workload = shipped.experiment("latency-200k").orElseThrow().workload();
        List<Experiment> experiments = List.of(
                pulsarExperiment("ensemble-3", workload, three),
                pulsarExperiment("ensemble-2-set", workload, twoBySettings),
                pulsarExperiment("ensemble-2-file", workload, twoByFile));
        return new Study(
                "ensembles",
                "Ensembles",
                "this test",
                shipped.setup(),
                experiments,
                List.of(),
                List.of(),
                List.of(ensembleClaim("set", "ensemble-2-set/pulsar"), ensembleClaim("file", "ensemble-2-file/pulsar")),
                "ensembles/study.yaml");
    }

    private static Experiment pulsarExperiment(String name, String workload, Experiment.DriverSettings driver) {
        return new Experiment(
                name,
                null,
                workload,
                List.of("pulsar"),
                Map.of("pulsar", driver),
                null,
                List.of(),
                Map.of(),
                false,
                null,
                null);
    }

    private static Study.Claim ensembleClaim(String id, String smaller) {
        return new Study.Claim(
                id,
                "a larger ensemble raises end-to-end latency",
                "this test",
                Figure.Metric.endToEndLatency,
                Figure.Percentile.P99,
                Study.Order.decreasing,
                List.of("ensemble-3/pulsar", smaller),
                null,
                null,
                null,
                null,
                null,
                List.of());
    }

    /** A record of Confluent's latency-200k on Pulsar with the study's driver settings and Confluent's result. */
    private StudyRunRecord confluentPulsarRun(String brokers) throws Exception {
        Files.createDirectories(directory.resolve("pulsar/latency"));
        Files.copy(
                ConfluentFixtures.file("pulsar/latency/default-sync-200k.json"),
                directory.resolve("pulsar/latency/default-sync-200k.json"));
        StudyRunRecord record = new StudyRunRecord();
        record.study = "confluent-2020";
        record.brokers = brokers;
        StudyRunRecord.Run run = new StudyRunRecord.Run();
        run.experiment = "latency-200k";
        run.system = "pulsar";
        run.status = StudyRunRecord.DONE;
        run.resultFile = "pulsar/latency/default-sync-200k.json";
        run.driverFile = "driver-pulsar/pulsar-batched.yaml";
        run.driverSettings.add("driver.producer.batchingMaxPublishDelayMs=1");
        record.runs.add(run);
        return record;
    }

    private static List<String> differencesOfTheRecordedRun(StudyComparison comparison) {
        StudyComparison.RunOutcome outcome = comparison.runs().stream()
                .filter(candidate -> candidate.run() != null)
                .findFirst()
                .orElseThrow();
        return comparison.differences(outcome);
    }

    private static TestResult rate(double messagesPerSecond) {
        TestResult result = new TestResult();
        result.publishRate = List.of(messagesPerSecond, messagesPerSecond);
        return result;
    }

    private static StudyComparison.RunOutcome done(String experiment, TestResult result, double p99) {
        result.aggregatedEndToEndLatency99pct = p99;
        return outcome(experiment, result);
    }

    private static StudyComparison.RunOutcome outcome(String experiment, TestResult result) {
        return new StudyComparison.RunOutcome(
                experiment, "kafka", StudyComparison.Status.DONE, null, new StudyRunRecord.Run(), result);
    }

    private static org.assertj.core.data.Offset<Double> within(double offset) {
        return org.assertj.core.data.Offset.offset(offset);
    }
}
