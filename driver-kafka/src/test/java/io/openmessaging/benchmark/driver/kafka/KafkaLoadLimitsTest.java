package io.openmessaging.benchmark.driver.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.cli.Benchmark;
import io.openmessaging.benchmark.driver.WorkloadShape;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a Kafka-protocol system refuses, found from the driver file before anything connects: records
 * above the producer's limits, topics above Kafka's partitions per request. {@code validate} and {@code
 * run} both refuse such a pair with the same words, naming the workload, the driver file and the setting.
 */
class KafkaLoadLimitsTest {

    private static final String MINIMAL = "commonConfig: |\n  bootstrap.servers=127.0.0.1:19092\n";

    @TempDir
    Path dir;

    private static List<String> problems(String yaml, int messageBytes, int partitions) throws Exception {
        KafkaBenchmarkDriver driver = new KafkaBenchmarkDriver();
        driver.configure(yaml, "k.yaml");
        return driver.loadProblems(new WorkloadShape(messageBytes, partitions, 1));
    }

    @Test
    void aRecordAboveMaxRequestSizeIsRefusedNamingTheSetting() throws Exception {
        int largest = 1_048_576 - KafkaLoadLimits.RECORD_OVERHEAD_BYTES;
        assertThat(problems(MINIMAL, largest, 16)).isEmpty();
        assertThat(problems(MINIMAL, largest + 1, 16))
                .singleElement()
                .asString()
                .isEqualTo(String.format(
                        "k.yaml: a message of %,d bytes is a Kafka record of up to 1,048,577 bytes, above the producer's"
                                + " max.request.size of 1,048,576 bytes (the client's default), so every send would fail;"
                                + " raise max.request.size in producerConfig (and the broker's message.max.bytes or the"
                                + " topic's max.message.bytes), or send smaller messages",
                        largest + 1));
        String raised = MINIMAL + "producerConfig: |\n  max.request.size=4194304\n";
        assertThat(problems(raised, 2 * 1024 * 1024, 16)).isEmpty();
        assertThat(problems(raised, 5 * 1024 * 1024, 16))
                .singleElement()
                .asString()
                .contains("above the producer's max.request.size of 4,194,304 bytes (set in the file)");
    }

    @Test
    void bufferMemoryAndTheTopicsMaxMessageBytesAreLimitsToo() throws Exception {
        String yaml = MINIMAL + "producerConfig: |\n  max.request.size=104857600\n  buffer.memory=1048576\n"
                + "topicConfig: |\n  max.message.bytes=2097152\n";
        assertThat(problems(yaml, 1_000_000, 1)).isEmpty();
        assertThat(problems(yaml, 1_500_000, 1))
                .singleElement()
                .asString()
                .contains("above the producer's buffer.memory of 1,048,576 bytes (set in the file)");
        assertThat(problems(yaml, 3_000_000, 1))
                .hasSize(2)
                .last()
                .asString()
                .contains("above the topics' max.message.bytes of 2,097,152 bytes (topicConfig), so the broker"
                        + " would refuse every send");
    }

    @Test
    void kafkaRefusesATopicAboveItsControllersRecordLimitRedpandaIsNotHeldToIt() throws Exception {
        assertThat(problems(MINIMAL, 1024, 9_998)).isEmpty();
        assertThat(problems(MINIMAL, 1024, 0)).as("existing topics").isEmpty();
        assertThat(problems(MINIMAL, 1024, 10_000))
                .singleElement()
                .asString()
                .isEqualTo(
                        "k.yaml: partitionsPerTopic"
                                + " 10,000 is more than Kafka's controller creates in one request: a topic of 10,000 partitions with"
                                + " 0 topic config(s) is 10,002 metadata records, above its limit of 10,000 (it refuses the topic:"
                                + " \"excessively large batch operation\"); use at most 9,998 partitions per topic, or more topics");
        assertThat(problems(MINIMAL + "topicConfig: |\n  retention.ms=1\n  segment.ms=1000\n", 1024, 9_997))
                .singleElement()
                .asString()
                .contains("use at most 9,996 partitions per topic");
        KafkaDriverDefaults k = KafkaDriverDefaults.KAFKA;
        KafkaBenchmarkDriver redpanda = new KafkaBenchmarkDriver(
                "redpanda-like",
                new KafkaDriverDefaults(
                        k.topicPrefix(),
                        k.offsetCommitLingerMs(),
                        k.topicCreationBatchSize(),
                        k.topicCreationMaxRetries(),
                        k.initializeTimeoutMs(),
                        Map.of(),
                        Map.of(),
                        Map.of(),
                        false));
        redpanda.configure(MINIMAL, "r.yaml");
        assertThat(redpanda.loadProblems(new WorkloadShape(1024, 20_000, 1))).isEmpty();
    }

    @Test
    void validateAndRunRefuseAWorkloadTheDriverFileCannotSend() throws Exception {
        Path driver = Files.writeString(dir.resolve("kafka.yaml"), "name: Kafka-small\ndriver: kafka\n" + MINIMAL);
        Path workload = BenchmarkRuns.workload(dir, "two-mib", 4, 1, 1, 10, "1s", "10s", 1000, 2 * 1024 * 1024);
        String expected = workload + " with " + driver + ": a message of 2,097,152 bytes is a Kafka record of up to"
                + " 2,097,317 bytes, above the producer's max.request.size of 1,048,576 bytes";

        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int validateExit = Benchmark.run(
                new String[] {"validate", workload.toString(), driver.toString()},
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                false);
        assertThat(validateExit).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("error: " + expected);

        BenchmarkRuns.Outcome run = BenchmarkRuns.run(dir, "-d", driver.toString(), workload.toString());
        assertThat(run.exitCode()).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(run.stderr()).contains("error: " + expected).doesNotContain("Exception");
        assertThat(run.result()).as("nothing ran, so no result").isNull();
    }
}
