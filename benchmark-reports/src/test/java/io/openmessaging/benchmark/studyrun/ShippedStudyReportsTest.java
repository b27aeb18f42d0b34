package io.openmessaging.benchmark.studyrun;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.study.Experiment;
import io.openmessaging.benchmark.study.Figure;
import io.openmessaging.benchmark.study.Study;
import io.openmessaging.benchmark.study.StudyLoader;
import io.openmessaging.benchmark.testing.CoreFixtures;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The report of each shipped study, before anything ran: its published column is the study facts' value,
 * range, approximation, bound and unit (the core's golden copy of the facts, {@code study/study-facts.yaml}),
 * the uncertain ones are marked, and every measured cell says "not run".
 */
class ShippedStudyReportsTest {

    private static final Path PROJECT = Path.of("..");

    private static final Map<String, String> FACTS_KEY = Map.of(
            "confluent-2020", "confluent-2020",
            "dobbelaere-2017", "kafka-vs-rabbitmq-2017",
            "redpanda-2022", "redpanda-2022",
            "pulsar-latency-2019", "pulsar-latency-2019");

    @ParameterizedTest
    @ValueSource(strings = {"confluent-2020", "dobbelaere-2017", "pulsar-latency-2019", "redpanda-2022"})
    void thePublishedColumnIsTheFacts(String name) throws Exception {
        JsonNode facts = new ObjectMapper(new YAMLFactory())
                .readTree(CoreFixtures.path("study/study-facts.yaml").toFile())
                .get(FACTS_KEY.get(name))
                .get("results");
        Study study = StudyLoader.load(StudyLoader.fileOf(PROJECT, name), PROJECT);
        StudyRunRecord nothingRan = new StudyRunRecord();
        nothingRan.study = name;

        List<StudyReportContent.Block> blocks =
                StudyReportContent.of(StudyComparison.of(study, nothingRan, PROJECT, PROJECT));

        StudyReportContent.Table figures = blocks.stream()
                .filter(block -> block instanceof StudyReportContent.Table)
                .map(block -> (StudyReportContent.Table) block)
                .filter(table ->
                        table.header().get(0).equals("id") && table.header().contains("published"))
                .findFirst()
                .orElseThrow();
        assertThat(figures.rows()).hasSize(study.figures().size());
        List<String> differences = new ArrayList<>();
        for (List<String> row : figures.rows()) {
            JsonNode fact = null;
            for (JsonNode candidate : facts) {
                if (candidate.get("id").asText().equals(row.get(0))) {
                    fact = candidate;
                }
            }
            if (fact == null) {
                differences.add(row.get(0) + ": not in the facts");
                continue;
            }
            String expected = published(fact);
            if (!row.get(4).equals(expected)) {
                differences.add(row.get(0) + ": published '" + row.get(4) + "', the facts '" + expected + "'");
            }
            String uncertain = fact.path("uncertain").asBoolean(false) ? "uncertain" : "";
            if (!row.get(5).equals(uncertain)) {
                differences.add(row.get(0) + ": uncertain '" + row.get(5) + "', the facts '" + uncertain + "'");
            }
            if (!row.get(6).equals("not run") && !row.get(6).endsWith(" not run")) {
                differences.add(row.get(0) + ": measured '" + row.get(6) + "' before anything ran");
            }
        }
        assertThat(differences).isEmpty();
    }

    /**
     * Each claim, checked on the published figures as if they had been measured, holds wherever the study
     * published every value it compares: the claims say what the study found, not something else.
     */
    @ParameterizedTest
    @ValueSource(strings = {"confluent-2020", "dobbelaere-2017", "pulsar-latency-2019", "redpanda-2022"})
    void everyClaimHoldsOnThePublishedFiguresWhereTheyGiveEveryValue(String name) throws Exception {
        Study study = StudyLoader.load(StudyLoader.fileOf(PROJECT, name), PROJECT);
        Map<String, StudyComparison.RunOutcome> published = new java.util.HashMap<>();
        for (Figure figure : study.figures()) {
            if (figure.uncertain() || figure.isRatio() || figure.bound() != null || figure.valueMin() != null) {
                continue;
            }
            String reference = Study.runReference(figure.experiment(), figure.system());
            TestResult result = published
                    .computeIfAbsent(
                            reference,
                            key -> new StudyComparison.RunOutcome(
                                    figure.experiment(),
                                    figure.system(),
                                    StudyComparison.Status.DONE,
                                    null,
                                    new StudyRunRecord.Run(),
                                    new TestResult()))
                    .result();
            put(result, figure);
        }
        List<StudyComparison.Verdict> verdicts = new ArrayList<>();
        for (Study.Claim claim : study.claims()) {
            List<String> references = claim.order() == null ? List.of(claim.of(), claim.over()) : claim.runs();
            Map<String, StudyComparison.RunOutcome> runs = new java.util.HashMap<>();
            for (String reference : references) {
                String[] parts = reference.split("/");
                runs.put(
                        reference,
                        published.getOrDefault(
                                reference,
                                new StudyComparison.RunOutcome(
                                        parts[0],
                                        parts[1],
                                        StudyComparison.Status.NOT_RUN,
                                        "not published",
                                        null,
                                        null)));
            }
            StudyComparison.ClaimRow row = StudyComparison.claimRow(null, claim, runs);
            assertThat(row.verdict())
                    .as(claim.id() + ": " + row.values())
                    .isIn(StudyComparison.Verdict.HOLDS, StudyComparison.Verdict.NOT_RUN);
            verdicts.add(row.verdict());
        }
        assertThat(verdicts)
                .as("every study publishes the values of some claim")
                .contains(StudyComparison.Verdict.HOLDS);
        if (name.equals("pulsar-latency-2019")) {
            assertThat(verdicts).as("its tables give every value").containsOnly(StudyComparison.Verdict.HOLDS);
        }
    }

    /**
     * Every run of each shipped study on one local broker names the copies it did not keep (Kafka's replication
     * factor and min.insync.replicas, Pulsar's ensemble and quorums, RabbitMQ's mirrored queues) and the disks it
     * cannot know; the same runs on a cluster with the study's own driver settings name no driver setting.
     */
    @ParameterizedTest
    @ValueSource(strings = {"confluent-2020", "dobbelaere-2017", "pulsar-latency-2019", "redpanda-2022"})
    void everyRunOnOneLocalBrokerNamesTheCopiesItDidNotKeep(String name) throws Exception {
        Study study = StudyLoader.load(StudyLoader.fileOf(PROJECT, name), PROJECT);
        StudyRunRecord local = recordOfEveryRun(study, "local");
        StudyRunRecord given = recordOfEveryRun(study, "given");

        StudyComparison onLocalBrokers = StudyComparison.of(study, local, PROJECT, PROJECT);
        StudyComparison onACluster = StudyComparison.of(study, given, PROJECT, PROJECT);

        List<String> missing = new ArrayList<>();
        for (StudyComparison.RunOutcome outcome : onLocalBrokers.runs()) {
            List<String> differences = onLocalBrokers.differences(outcome);
            String expected = switch (outcome.system()) {
                case "pulsar" ->
                    "Pulsar ensemble 3, write quorum 3, ack quorum 2 published; 1/1/1 here on one standalone broker";
                case "kafka" ->
                    "2".equals(outcome.studyDriverSettings().get("topicConfig.min.insync.replicas"))
                            ? "Kafka replication factor "
                                    + outcome.studyDriverSettings().get("replicationFactor")
                            : null;
                case "rabbitmq" ->
                    study.setup().replication().contains("mirror")
                            ? "RabbitMQ "
                                    + SetupDifferences.clause(study.setup().replication(), "rabbitmq")
                                    + " published; classic queues on one local node here, no copy on another node"
                            : null;
                default -> null;
            };
            if (expected != null && differences.stream().noneMatch(line -> line.startsWith(expected))) {
                missing.add(outcome.reference() + ": no line '" + expected + "…' in " + differences);
            }
            if (differences.stream().noneMatch(line -> line.startsWith("disks: "))) {
                missing.add(outcome.reference() + ": no line about the disks in " + differences);
            }
        }
        for (StudyComparison.RunOutcome outcome : onACluster.runs()) {
            onACluster.differences(outcome).stream()
                    .filter(line -> line.matches(
                            "(Kafka|Redpanda|Pulsar|RabbitMQ) (replication factor|ensemble|fsync: flush|fsync:"
                                    + " persistent).*"))
                    .forEach(line -> missing.add(outcome.reference() + " kept the study's settings, yet: " + line));
        }
        assertThat(missing).isEmpty();
    }

    /** A record of every experiment and system of {@code study}, pending, with the settings of such a run. */
    private static StudyRunRecord recordOfEveryRun(Study study, String brokers) {
        StudyRunRecord record = new StudyRunRecord();
        record.study = study.name();
        record.brokers = brokers;
        for (Experiment experiment : study.experiments()) {
            for (String system : experiment.systems()) {
                StudyRunRecord.Run run = new StudyRunRecord.Run();
                run.experiment = experiment.name();
                run.system = system;
                run.driverFile = experiment.drivers().get(system).file();
                run.driverSettings.addAll(experiment.drivers().get(system).set());
                if (brokers.equals("local")) {
                    run.driverSettings.addAll(LocalBrokerSettings.of(system));
                }
                record.runs.add(run);
            }
        }
        return record;
    }

    /** Puts a published figure into the result field it is compared with (a rate in MB/s as it stands). */
    private static void put(TestResult result, Figure figure) {
        if (figure.metric() == Figure.Metric.publishRate) {
            result.publishRate = List.of(figure.value());
            return;
        }
        String family = figure.metric() == Figure.Metric.publishLatency ? "PublishLatency" : "EndToEndLatency";
        String statistic = switch (figure.percentile()) {
            case AVG, MEAN -> "Avg";
            case P50 -> "50pct";
            case P75 -> "75pct";
            case P95 -> "95pct";
            case P99 -> "99pct";
            case P99_9 -> "999pct";
            case P99_99 -> "9999pct";
            case MAX -> "Max";
        };
        try {
            TestResult.class.getField("aggregated" + family + statistic).set(result, figure.value());
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /** The facts' figure as the report writes it: {@code ~3 to 5 x}, {@code <10 ms}, {@code 305.69 MB/s}. */
    private static String published(JsonNode fact) {
        String bound = fact.path("bound").asText("");
        String value = plain(fact.get("value").asDouble());
        String range =
                fact.hasNonNull("value_min") ? plain(fact.get("value_min").asDouble()) + " to " + value : value;
        return (fact.path("approx").asBoolean(false) ? "~" : "")
                + (bound.equals("upper") ? "<" : bound.equals("lower") ? ">" : "")
                + range + " " + fact.get("unit").asText();
    }

    private static String plain(double number) {
        return number == Math.rint(number)
                ? String.valueOf((long) number)
                : BigDecimal.valueOf(number).stripTrailingZeros().toPlainString();
    }
}
