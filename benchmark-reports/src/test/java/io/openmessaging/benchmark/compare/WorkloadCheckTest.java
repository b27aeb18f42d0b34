package io.openmessaging.benchmark.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.compare.WorkloadCheck.Difference;
import io.openmessaging.benchmark.compare.WorkloadCheck.NotCompared;
import io.openmessaging.benchmark.report.ReportRun;
import io.openmessaging.benchmark.result.RunMetadata;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.workload.Workload;
import io.openmessaging.benchmark.workload.WorkloadLoader;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Whether two sides ran the same workload, on results built in memory the way a run fills them: the
 * result's own fields from the workload, the workload text in the metadata.
 */
class WorkloadCheckTest {

    /** A 10,000 msg/s, 30 s workload; each test changes what it needs. */
    private static final Map<String, String> WORKLOAD = Map.ofEntries(
            Map.entry("name", "check"),
            Map.entry("topics", "1"),
            Map.entry("partitionsPerTopic", "16"),
            Map.entry("messageSize", "1024"),
            Map.entry("subscriptionsPerTopic", "1"),
            Map.entry("producersPerTopic", "1"),
            Map.entry("consumerPerSubscription", "1"),
            Map.entry("producerRate", "10000"),
            Map.entry("warmupDuration", "10s"),
            Map.entry("testDuration", "30s"));

    @Test
    void theSameWorkloadRunWithAnotherDriverComparesEveryFieldAndPasses() {
        TestResult kafka = ours(WORKLOAD, List.of());
        kafka.driver = "Kafka";
        TestResult pulsar = ours(WORKLOAD, List.of());
        pulsar.driver = "Pulsar";

        WorkloadCheck check = check(List.of(run("base.json", kafka)), List.of(run("new.json", pulsar)));

        assertThat(check.sameWorkload()).isTrue();
        assertThat(check.differences()).isEmpty();
        assertThat(check.comparedFields()).containsExactlyElementsOf(WorkloadFields.FIELDS);
        assertThat(check.notCompared()).isEmpty();
        assertThat(check.unreadable()).isEmpty();
    }

    @ParameterizedTest(name = "{0}: {1} → {2}")
    @CsvSource(
            delimiter = '|',
            value = {
                "producerRate            | 10000         | 20000",
                "messageSize             | 1024          | 2048",
                "topics                  | 1             | 4",
                "partitionsPerTopic      | 16            | 1",
                "producersPerTopic       | 1             | 2",
                "subscriptionsPerTopic   | 1             | 2",
                "consumerPerSubscription | 1             | 3",
                "warmupDuration          | 10s           | 1m",
                "testDuration            | 30s           | 15s",
                "sampleRateMillis        | 10000         | 1000",
                "keyDistributor          | NO_KEY        | KEY_ROUND_ROBIN",
                "useRandomizedPayloads   | false         | true",
                "consumerOnly            | false         | true",
                "producerWakeIntervalMicros | 100        | 0",
            })
    void aKeyThatChangesTheLoadIsNamedWithBothValuesAndFiles(String field, String baseValue, String newValue) {
        Map<String, String> base = with(WORKLOAD, field, baseValue);
        Map<String, String> candidate = with(WORKLOAD, field, newValue);
        if (field.equals("useRandomizedPayloads")) {
            candidate.put("randomizedPayloadPoolSize", "1000");
        }
        if (field.equals("consumerOnly")) {
            base.put("consumerBacklogSizeGB", "1");
            candidate.put("consumerBacklogSizeGB", "1");
        }

        WorkloadCheck check = check(
                List.of(run("base.json", ours(base, List.of()))), List.of(run("new.json", ours(candidate, List.of()))));

        assertThat(check.sameWorkload()).isFalse();
        assertThat(check.differences())
                .filteredOn(difference -> difference.field().equals(field))
                .extracting(Difference::text)
                .containsExactly(field + ": base " + baseValue + " (base.json), candidate " + newValue + " (new.json)");
    }

    @Test
    void theTenThousandThirtySecondsAgainstTwentyThousandFifteenSecondsRunNamesBothDifferences() {
        Map<String, String> candidate = with(WORKLOAD, "producerRate", "20000");
        candidate.put("testDuration", "15s");

        WorkloadCheck check = check(
                List.of(run("base.json", ours(WORKLOAD, List.of()))),
                List.of(run("new.json", ours(candidate, List.of()))));

        assertThat(check.differences())
                .extracting(Difference::text)
                .containsExactly(
                        "producerRate: base 10000 (base.json), candidate 20000 (new.json)",
                        "testDuration: base 30s (base.json), candidate 15s (new.json)");
    }

    @Test
    void aRatePlanIsComparedStepByStep() {
        Map<String, String> base = with(WORKLOAD, "producerRateSteps", "[{rate: 10000, duration: 30s}]");
        base.remove("producerRate");
        base.remove("testDuration");
        Map<String, String> candidate =
                with(base, "producerRateSteps", "[{rate: 10000, duration: 20s}, {rate: 20000, duration: 10s}]");

        WorkloadCheck check = check(
                List.of(run("base.json", ours(base, List.of()))), List.of(run("new.json", ours(candidate, List.of()))));

        assertThat(check.differences())
                .extracting(Difference::text)
                .containsExactly("producerRatePlan: base 10000 msg/s for 30s (base.json), candidate 10000 msg/s for"
                        + " 20s, 20000 msg/s for 10s (new.json)");
    }

    @Test
    void theSearchSettingsAreComparedWhenTheRateIsSearchedAndNotUsedOtherwise() {
        Map<String, String> searched = with(WORKLOAD, "producerRate", "0");
        searched.put("rateSearchSettle", "5s");
        Map<String, String> searchedOtherSettle = with(searched, "rateSearchSettle", "20s");

        assertThat(check(
                                List.of(run("base.json", ours(searched, List.of()))),
                                List.of(run("new.json", ours(searchedOtherSettle, List.of()))))
                        .differences())
                .extracting(Difference::text)
                .containsExactly("rateSearchSettle: base 5s (base.json), candidate 20s (new.json)");
        assertThat(WorkloadFields.of(ours(searched, List.of()), Path.of("searched.json"))
                        .value("producerRate"))
                .hasValue("0 (max-rate search)");
        assertThat(WorkloadFields.of(ours(WORKLOAD, List.of()), Path.of("fixed.json"))
                        .value("rateSearchSettle"))
                .hasValue("(not used)");
    }

    @Test
    void aPayloadFileCountsByItsNameWhateverDirectoryItWasReachedFrom() {
        Map<String, String> base = with(WORKLOAD, "payloadFile", "payload/payload-1Kb.data");
        base.remove("messageSize");
        Map<String, String> sameFile = with(base, "payloadFile", "../payload/payload-1Kb.data");
        Map<String, String> otherFile = with(base, "payloadFile", "payload/payload-100b.data");

        assertThat(check(
                                List.of(run("base.json", ours(base, List.of()))),
                                List.of(run("new.json", ours(sameFile, List.of()))))
                        .sameWorkload())
                .isTrue();
        assertThat(check(
                                List.of(run("base.json", ours(base, List.of()))),
                                List.of(run("new.json", ours(otherFile, List.of()))))
                        .differences())
                .extracting(Difference::text)
                .containsExactly(
                        "payloadFile: base payload-1Kb.data (base.json), candidate payload-100b.data (new.json)");
    }

    @Test
    void workloadSetsOfTheCommandLineCountAndDriverSetsDoNot() {
        TestResult base = ours(WORKLOAD, List.of("--set", "driver.replicationFactor=3"));
        TestResult candidate =
                ours(WORKLOAD, List.of("--set", "producerRate=20000", "--set", "driver.replicationFactor=1"));

        WorkloadCheck check = check(List.of(run("base.json", base)), List.of(run("new.json", candidate)));

        assertThat(check.differences())
                .extracting(Difference::text)
                .containsExactly("producerRate: base 10000 (base.json), candidate 20000 (new.json)");
    }

    @Test
    void theFilesOfOneSideMustAgreeAmongThemselves() {
        List<ReportRun> base = List.of(
                run("base-1.json", ours(WORKLOAD, List.of())),
                run("base-2.json", ours(with(WORKLOAD, "partitionsPerTopic", "8"), List.of())));
        List<ReportRun> candidate = List.of(
                run("new-1.json", ours(WORKLOAD, List.of())),
                run("new-2.json", ours(with(WORKLOAD, "testDuration", "1m"), List.of())));

        WorkloadCheck check = check(base, candidate);

        assertThat(check.differences())
                .extracting(Difference::text)
                .containsExactly(
                        "partitionsPerTopic: base 16 (base-1.json), base 8 (base-2.json)",
                        "testDuration: candidate 30s (new-1.json), candidate 1m (new-2.json)");
    }

    @Test
    void anUpstreamFileIsComparedOnTheFieldsItHasAndTheOthersAreNamedAsNotCompared() {
        TestResult upstream = new TestResult();
        upstream.workload = "1-topic-16-partitions-1kb";
        upstream.messageSize = 1024;
        upstream.topics = 1;
        upstream.partitions = 100;
        upstream.producersPerTopic = 1;
        upstream.consumersPerTopic = 1;

        WorkloadCheck check =
                check(List.of(run("upstream.json", upstream)), List.of(run("new.json", ours(WORKLOAD, List.of()))));

        assertThat(check.comparedFields())
                .containsExactly(
                        "messageSize", "topics", "partitionsPerTopic", "producersPerTopic", "consumerPerSubscription");
        assertThat(check.differences())
                .extracting(Difference::text)
                .containsExactly("partitionsPerTopic: base 100 (upstream.json), candidate 16 (new.json)");
        assertThat(check.notCompared())
                .extracting(NotCompared::field)
                .contains("producerRate", "testDuration", "warmupDuration", "subscriptionsPerTopic")
                .doesNotContain("messageSize", "partitionsPerTopic");
        assertThat(check.notCompared())
                .allSatisfy(field -> assertThat(field.lackingFiles()).containsExactly(Path.of("upstream.json")));
        assertThat(check.notComparedLines())
                .singleElement()
                .asString()
                .startsWith("not recorded in upstream.json: producerRate, producerRatePlan, ");
    }

    @Test
    void filesThatRecordNoWorkloadAreNotComparedAndSaySo() {
        TestResult confluent = new TestResult();
        confluent.workload = "100-partitions-200K-rate-4-producer";
        TestResult otherName = new TestResult();
        otherName.workload = "100-partitions-1000K-rate-4-producer";

        WorkloadCheck check = check(List.of(run("a.json", confluent)), List.of(run("b.json", otherName)));

        assertThat(check.sameWorkload()).isTrue();
        assertThat(check.comparedFields()).isEmpty();
        assertThat(check.notComparedLines())
                .containsExactly("not recorded in a.json, b.json: " + String.join(", ", WorkloadFields.FIELDS));
    }

    @Test
    void aWorkloadTextThisVersionCannotReadIsNamedAndTheResultFieldsAreStillCompared() {
        TestResult unreadable = ours(WORKLOAD, List.of());
        unreadable.metadata.workloadYaml = "topics: 1\nproducerRateFromTheFuture: 3\n";
        unreadable.partitions = 8;

        WorkloadCheck check =
                check(List.of(run("old.json", unreadable)), List.of(run("new.json", ours(WORKLOAD, List.of()))));

        assertThat(check.unreadable())
                .singleElement()
                .asString()
                .startsWith("old.json: the workload in it cannot be read, so only the result's own fields are compared:"
                        + " metadata.workloadYaml:2:1: ")
                .contains("producerRateFromTheFuture");
        assertThat(check.differences())
                .extracting(Difference::text)
                .containsExactly("partitionsPerTopic: base 8 (old.json), candidate 16 (new.json)");
        assertThat(check.notCompared()).extracting(NotCompared::field).contains("producerRate");
    }

    private static WorkloadCheck check(List<ReportRun> base, List<ReportRun> candidate) {
        return WorkloadCheck.of(base, candidate);
    }

    private static ReportRun run(String file, TestResult result) {
        return new ReportRun(Path.of(file), file, result);
    }

    private static Map<String, String> with(Map<String, String> workload, String key, String value) {
        Map<String, String> changed = new LinkedHashMap<>(workload);
        changed.put(key, value);
        return changed;
    }

    /** A result as a run of {@code keys} with {@code commandLine} fills it (see {@code RunRecorder}). */
    private static TestResult ours(Map<String, String> keys, List<String> commandLine) {
        String yaml = keys.entrySet().stream()
                .map(entry -> entry.getKey() + ": " + entry.getValue())
                .sorted()
                .collect(Collectors.joining("\n", "", "\n"));
        List<String> assignments = WorkloadFields.workloadAssignments(commandLine);
        Workload workload;
        try {
            workload = WorkloadLoader.parse(yaml, "test.yaml", assignments);
        } catch (io.openmessaging.benchmark.config.ConfigException e) {
            throw new AssertionError("the test's workload is invalid: " + e.problems(), e);
        }
        TestResult result = new TestResult();
        result.schemaVersion = TestResult.SCHEMA_VERSION;
        result.workload = workload.name();
        result.messageSize = keys.containsKey("payloadFile") ? 1024 : workload.messageSize();
        result.topics = workload.topicsUsed();
        result.partitions = workload.partitionsPerTopic();
        result.producersPerTopic = workload.producersPerTopic();
        result.consumersPerTopic = workload.consumerPerSubscription();
        result.subscriptionsPerTopic = workload.subscriptionsPerTopic();
        result.sampleRateMillis = workload.sampleRateMillis();
        result.metadata = new RunMetadata();
        result.metadata.workloadYaml = yaml;
        result.metadata.commandLine = commandLine;
        return result;
    }
}
