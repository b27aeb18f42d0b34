package io.openmessaging.benchmark.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.config.ConfigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class WorkloadLoaderTest {

    private static final Path UPSTREAM = Path.of("src/test/resources/workloads-upstream");

    private static final String MINIMAL = """
            topics: 2
            partitionsPerTopic: 16
            messageSize: 1024
            producersPerTopic: 1
            producerRate: 10000
            testDuration: 1m
            """;

    @Test
    void upstreamBacklogWorkloadKeepsEveryValueAndUpstreamDefaults() throws Exception {
        Path file = UPSTREAM.resolve("1-topic-100-partitions-1kb-4p-4c-200k-backlog.yaml");
        Workload workload = WorkloadLoader.load(file);

        assertThat(workload.name())
                .isEqualTo("Backlog of 512 GB at 200k msg/s, 4 producers and 4 consumers on 1 topic / 100 partitions");
        assertThat(workload.topics()).isEqualTo(1);
        assertThat(workload.partitionsPerTopic()).isEqualTo(100);
        assertThat(workload.messageSize()).isEqualTo(1024);
        assertThat(workload.useRandomizedPayloads()).isTrue();
        assertThat(workload.randomBytesRatio()).isEqualTo(0.5);
        assertThat(workload.randomizedPayloadPoolSize()).isEqualTo(1000);
        assertThat(workload.payloadFile()).isNull();
        assertThat(workload.subscriptionsPerTopic()).isEqualTo(1);
        assertThat(workload.consumerPerSubscription()).isEqualTo(4);
        assertThat(workload.producersPerTopic()).isEqualTo(4);
        assertThat(workload.producerRate()).isEqualTo(200_000.0);
        assertThat(workload.consumerBacklogSizeGB()).isEqualTo(512.0);
        assertThat(workload.testDuration()).isEqualTo(Duration.ofMinutes(5));
        // left out, so upstream's defaults apply
        assertThat(workload.keyDistributor()).isEqualTo(KeyDistributorType.NO_KEY);
        assertThat(workload.warmupDuration()).isEqualTo(Duration.ofMinutes(1));
        assertThat(workload.backlogDrainRatio()).isEqualTo(1.0);
        assertThat(workload.sampleRateMillis()).isEqualTo(10_000);
        assertThat(workload.producerWakeIntervalMicros()).isEqualTo(100);
        assertThat(workload.consumerOnly()).isFalse();

        assertThat(workload.sourceName()).isEqualTo(file.toString());
        assertThat(workload.yamlText()).isEqualTo(Files.readString(file));
        assertThat(workload.producersTotal()).isEqualTo(4);
        assertThat(workload.consumersTotal()).isEqualTo(4);
    }

    @Test
    void subscriptionWithoutConsumersIsAProducerOnlyMaxRateRun() throws Exception {
        Workload workload = WorkloadLoader.load(UPSTREAM.resolve("1-topic-3-partition-100b-3producers.yaml"));

        assertThat(workload.payloadFile()).isEqualTo("payload/payload-100b.data");
        assertThat(workload.producerRate()).isZero();
        assertThat(workload.subscriptionsPerTopic()).isEqualTo(1);
        assertThat(workload.consumerPerSubscription()).isZero();
        assertThat(workload.consumersTotal()).isZero();
        assertThat(workload.producersTotal()).isEqualTo(3);
    }

    @Test
    void quotedEnumValueAndForkKeysLoadWithTheirMeaning() throws Exception {
        assertThat(WorkloadLoader.load(UPSTREAM.resolve("1-topic-1-partition-1kb-with-key.yaml"))
                        .keyDistributor())
                .isEqualTo(KeyDistributorType.KEY_ROUND_ROBIN);

        Workload redpanda = WorkloadLoader.load(UPSTREAM.resolve("redpanda-certification-e2e.yaml"));
        assertThat(redpanda.sampleRateMillis()).isEqualTo(1000);
        assertThat(redpanda.warmupDuration()).isEqualTo(Duration.ofMinutes(1));
        assertThat(redpanda.testDuration()).isEqualTo(Duration.ofMinutes(2));
        assertThat(redpanda.consumersTotal()).isEqualTo(8);

        Workload confluent = WorkloadLoader.load(UPSTREAM.resolve("confluent-consumer-only.yaml"));
        assertThat(confluent.consumerOnly()).isTrue();
        assertThat(confluent.consumerBacklogSizeGB()).isEqualTo(100.0);

        Workload drain = WorkloadLoader.load(UPSTREAM.resolve("backlog-drain-ratio.yaml"));
        assertThat(drain.backlogDrainRatio()).isEqualTo(0.9);
        assertThat(drain.warmupDuration()).isZero();
        assertThat(drain.keyDistributor()).isEqualTo(KeyDistributorType.RANDOM_NANO);
        assertThat(drain.consumersTotal()).isEqualTo(8);
    }

    @Test
    void everyUpstreamStyleFileLoads() throws Exception {
        try (var files = Files.list(UPSTREAM)) {
            for (Path file :
                    files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList()) {
                assertThat(WorkloadLoader.load(file).sourceName()).isEqualTo(file.toString());
            }
        }
    }

    @Test
    void durationTextFormsAreReadExactly() throws Exception {
        Workload workload = WorkloadLoader.parse(
                MINIMAL.replace("testDuration: 1m", "testDuration: 1h30m")
                        + "warmupDuration: 500ms\nsampleRateMillis: 250\n",
                "durations.yaml");

        assertThat(workload.testDuration()).isEqualTo(Duration.ofMinutes(90));
        assertThat(workload.warmupDuration()).isEqualTo(Duration.ofMillis(500));
        assertThat(workload.sampleRateMillis()).isEqualTo(250);
    }

    @Test
    void producerWakeIntervalIsReadAndZeroMeansEveryMessage() throws Exception {
        assertThat(WorkloadLoader.parse(MINIMAL + "producerWakeIntervalMicros: 250\n", "w.yaml")
                        .producerWakeIntervalMicros())
                .isEqualTo(250);
        assertThat(WorkloadLoader.parse(MINIMAL + "producerWakeIntervalMicros: 0\n", "w.yaml")
                        .producerWakeIntervalMicros())
                .isZero();
    }

    @Test
    void testDurationZeroMeansUntilStoppedAndKeepsTheWarmUp() throws Exception {
        Workload workload = WorkloadLoader.parse(MINIMAL.replace("testDuration: 1m", "testDuration: 0"), "w.yaml");

        assertThat(workload.testDuration()).isZero();
        assertThat(workload.warmupDuration()).isEqualTo(Duration.ofMinutes(1));
    }

    @Test
    void nameDefaultsToTheFileNameWithoutExtension() throws Exception {
        assertThat(WorkloadLoader.parse(MINIMAL, "workloads/my-run.yaml").name())
                .isEqualTo("my-run");
        assertThat(WorkloadLoader.parse("name: Explicit\n" + MINIMAL, "workloads/my-run.yaml")
                        .name())
                .isEqualTo("Explicit");
    }

    @Test
    void payloadFileMayGiveTheMessageSize() throws Exception {
        Workload workload = WorkloadLoader.parse(
                MINIMAL.replace("messageSize: 1024\n", "payloadFile: payload/payload-1Kb.data\n"), "w.yaml");

        assertThat(workload.messageSize()).isZero();
        assertThat(workload.payloadFile()).isEqualTo("payload/payload-1Kb.data");
    }

    @Test
    void numbersMayBeWrittenLikeJacksonAcceptsThem() throws Exception {
        Workload workload = WorkloadLoader.parse(
                MINIMAL.replace("producerRate: 10000", "producerRate: 1_000_000")
                                .replace("messageSize: 1024", "messageSize: \"1024\"")
                                .replace("topics: 2", "topics: 2.0")
                        + "consumerBacklogSizeGB: 0.5\nsubscriptionsPerTopic: 1\nconsumerPerSubscription: 1\n",
                "w.yaml");

        assertThat(workload.producerRate()).isEqualTo(1_000_000.0);
        assertThat(workload.messageSize()).isEqualTo(1024);
        assertThat(workload.topics()).isEqualTo(2);
        assertThat(workload.consumerBacklogSizeGB()).isEqualTo(0.5);
    }

    @Test
    void everyProblemOfAFileIsReportedAtOnceInFileOrder() {
        String yaml = """
                topics: -1
                partitionsPerTopic: many
                messageSize: 1024
                producersPerTopic: 1
                producerRate: 10000
                testDuration: 1m
                keyDistributer: NO_KEY
                """;

        assertThatThrownBy(() -> WorkloadLoader.parse(yaml, "several.yaml"))
                .isInstanceOfSatisfying(
                        ConfigException.class,
                        e -> assertThat(e.problems())
                                .containsExactly(
                                        "several.yaml:1:9: topics: found -1, expected an integer number of topics, at least 0",
                                        "several.yaml:2:21: partitionsPerTopic: found 'many', expected an integer number of"
                                                + " partitions, at least 1",
                                        "several.yaml:7:1: unknown key 'keyDistributer' (did you mean 'keyDistributor'?); allowed"
                                                + " keys: " + String.join(", ", WorkloadSchema.allowedKeys())));
    }

    @Test
    void emptyValueIsAnErrorNotASilentDefault() {
        assertThatThrownBy(() -> WorkloadLoader.parse(MINIMAL + "sampleRateMillis:\n", "w.yaml"))
                .hasMessage("w.yaml:7:18: sampleRateMillis: found no value, expected an integer number of"
                        + " milliseconds, at least 100; leave the key out to get the default, 10000");
    }

    @Test
    void missingRequiredKeysAreNamedWithWhatTheyMean() {
        assertThatThrownBy(() -> WorkloadLoader.parse("topics: 1\npartitionsPerTopic: 1\nmessageSize: 10\n", "w.yaml"))
                .isInstanceOfSatisfying(
                        ConfigException.class,
                        e -> assertThat(e.problems())
                                .containsExactly(
                                        "w.yaml: missing key 'producersPerTopic' ("
                                                + WorkloadSchema.PRODUCERS_PER_TOPIC.meaning()
                                                + ") Expected an integer number of producers, at least 1.",
                                        "w.yaml: missing key 'producerRate' (" + WorkloadSchema.PRODUCER_RATE.meaning()
                                                + ") Expected a number of messages per second, at least 0.",
                                        "w.yaml: missing key 'testDuration' (" + WorkloadSchema.TEST_DURATION.meaning()
                                                + ") Expected a duration such as 500ms, 30s, 2m or 1h30m (or testDurationMinutes:"
                                                + " an integer number of minutes, at least 0)."));
    }

    @Test
    void warmupGivenBothWaysIsAnError() {
        assertThatThrownBy(() ->
                        WorkloadLoader.parse(MINIMAL + "warmupDuration: 30s\nwarmupDurationMinutes: 1\n", "w.yaml"))
                .hasMessage("w.yaml:8:1: warmupDurationMinutes and warmupDuration (line 7) set the same thing;"
                        + " keep one");
    }

    @Test
    void fileThatIsNotAMappingIsRejected() {
        assertThatThrownBy(() -> WorkloadLoader.parse("", "empty.yaml"))
                .hasMessage("empty.yaml: the file has no content; expected a mapping of 'key: value' lines");
        assertThatThrownBy(() -> WorkloadLoader.parse("# just a comment\n- topics\n", "list.yaml"))
                .hasMessage("list.yaml:2:1: expected a mapping of 'key: value' lines at the top level, found a list");
        assertThatThrownBy(() -> WorkloadLoader.parse(MINIMAL + "---\n" + MINIMAL, "two.yaml"))
                .hasMessage("two.yaml:8:1: a second YAML document starts here; a file holds exactly one");
    }

    @Test
    void unreadableFileNamesThePath() {
        assertThatThrownBy(() -> WorkloadLoader.load(Path.of("no/such/workload.yaml")))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("no/such/workload.yaml: cannot read the file: ");
    }
}
