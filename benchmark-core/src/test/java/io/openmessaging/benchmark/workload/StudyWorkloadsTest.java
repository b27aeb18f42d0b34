package io.openmessaging.benchmark.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The study folders keep the numbers their READMEs cite (a file edited by hand must still match the
 * study it claims to reproduce).
 */
class StudyWorkloadsTest {

    private static final Path WORKLOADS = Path.of("..", "workloads");

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        // file, partitions, producers, consumers, msg/s, bytes, measured minutes
        "confluent-2020/1-topic-100-partitions-1kb-4-producers-10k-rate.yaml, 100, 4, 4, 10000, 1024, 10",
        "confluent-2020/1-topic-100-partitions-1kb-4-producers-50k-rate.yaml, 100, 4, 4, 50000, 1024, 10",
        "confluent-2020/1-topic-100-partitions-1kb-4-producers-100k-rate.yaml, 100, 4, 4, 100000, 1024, 10",
        "confluent-2020/1-topic-100-partitions-1kb-4-producers-200k-rate.yaml, 100, 4, 4, 200000, 1024, 10",
        "confluent-2020/1-topic-100-partitions-1kb-4-producers-500k-rate.yaml, 100, 4, 4, 500000, 1024, 10",
        "confluent-2020/1-topic-100-partitions-1kb-4-producers-1000k-rate.yaml, 100, 4, 4, 1000000, 1024, 10",
        "confluent-2020/rabbitmq/1-topic-100-partitions-1kb-4-producers-10k-rate.yaml, 24, 24, 24, 10000, 1024, 10",
        "confluent-2020/rabbitmq/1-topic-100-partitions-1kb-4-producers-50k-rate.yaml, 24, 24, 24, 50000, 1024, 10",
        "confluent-2020/rabbitmq/1-topic-100-partitions-1kb-4-producers-100k-rate.yaml, 24, 24, 24, 100000, 1024, 10",
        "confluent-2020/rabbitmq/1-topic-100-partitions-1kb-4-producers-200k-rate.yaml, 24, 24, 24, 200000, 1024, 10",
        "confluent-2020/rabbitmq/1-topic-100-partitions-1kb-4-producers-500k-rate.yaml, 24, 24, 24, 500000, 1024, 10",
        "confluent-2020/rabbitmq/1-topic-100-partitions-1kb-4-producers-1000k-rate.yaml, 100, 4, 4, 1000000, 1024, 10",
        "pulsar-latency-2019/1-topic-1-partition-100b.yaml, 1, 1, 1, 50000, 100, 15",
        "pulsar-latency-2019/1-topic-6-partition-100b.yaml, 6, 1, 1, 50000, 100, 15",
        "pulsar-latency-2019/1-topic-16-partition-100b.yaml, 16, 1, 1, 50000, 100, 15",
        "1-topic-100-partitions-1kb-4p-4c-200k.yaml, 100, 4, 4, 200000, 1024, 5",
        "1-topic-100-partitions-1kb-4p-4c-500k.yaml, 100, 4, 4, 500000, 1024, 5",
        "1-topic-100-partitions-1kb-4p-4c-1000k.yaml, 100, 4, 4, 1000000, 1024, 5",
        "1-topic-100-partitions-1kb-4p-4c-2000k.yaml, 100, 4, 4, 2000000, 1024, 5",
        "backlog-1-topic-16-partitions-1kb.yaml, 16, 1, 1, 100000, 1024, 5",
        "max-rate-1-topic-16-partitions-1kb.yaml, 16, 1, 1, 0, 1024, 5",
    })
    void keepsTheCitedValues(
            String file, int partitions, int producers, int consumers, double rate, int bytes, int minutes)
            throws Exception {
        Workload workload = WorkloadLoader.load(WORKLOADS.resolve(file));

        assertThat(workload.topics()).isEqualTo(1);
        assertThat(workload.partitionsPerTopic()).isEqualTo(partitions);
        assertThat(workload.subscriptionsPerTopic()).isEqualTo(1);
        assertThat(workload.producersTotal()).isEqualTo(producers);
        assertThat(workload.consumersTotal()).isEqualTo(consumers);
        assertThat(workload.producerRate()).isEqualTo(rate);
        assertThat(workload.messageSize()).isEqualTo(bytes);
        assertThat(workload.testDuration()).isEqualTo(Duration.ofMinutes(minutes));
        assertThat(workload.warmupDuration()).isEqualTo(Duration.ofMinutes(1));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        // the post's 30-minute warm-up before measuring
        "redpanda-2022/1-topic-288-partitions-50mb-2p-2c.yaml, 50000",
        "redpanda-2022/1-topic-288-partitions-500mb-2p-2c.yaml, 500000",
        "redpanda-2022/1-topic-288-partitions-1000mb-2p-2c.yaml, 1000000",
    })
    void redpandaWorkloadsWarmUpForThirtyMinutes(String file, double rate) throws Exception {
        Workload workload = WorkloadLoader.load(WORKLOADS.resolve(file));

        assertThat(workload.partitionsPerTopic()).isEqualTo(288);
        assertThat(workload.producersTotal()).isEqualTo(2);
        assertThat(workload.consumersTotal()).isEqualTo(2);
        assertThat(workload.producerRate()).isEqualTo(rate);
        assertThat(workload.testDuration()).isEqualTo(Duration.ofMinutes(30));
        assertThat(workload.warmupDuration()).isEqualTo(Duration.ofMinutes(30));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        // file, topics, partitions, msg/s (0: search), bytes; the paper's runs: 60 s measured from 30 s
        "dobbelaere-2017/latency-1-topic-1-partition-100b.yaml, 1, 1, 10000, 100",
        "dobbelaere-2017/throughput-1-topic-1-partition-100b-max-rate.yaml, 1, 1, 0, 100",
        "dobbelaere-2017/throughput-5-topics-5-partitions-max-rate.yaml, 5, 5, 0, 100",
    })
    void dobbelaereWorkloadsMeasureThirtySeconds(String file, int topics, int partitions, double rate, int bytes)
            throws Exception {
        Workload workload = WorkloadLoader.load(WORKLOADS.resolve(file));

        assertThat(workload.topics()).isEqualTo(topics);
        assertThat(workload.partitionsPerTopic()).isEqualTo(partitions);
        assertThat(workload.producerRate()).isEqualTo(rate);
        assertThat(workload.messageSize()).isEqualTo(bytes);
        assertThat(workload.testDuration()).isEqualTo(Duration.ofSeconds(30));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        // file, first rate of the search (msg/s)
        "dobbelaere-2017/throughput-1-topic-1-partition-100b-max-rate.yaml, 10000",
        "dobbelaere-2017/throughput-5-topics-5-partitions-max-rate.yaml, 100000",
    })
    void dobbelaereSearchesJudgeEachTrialOverThirtySecondsWithinFivePercent(String file, double startRate)
            throws Exception {
        Workload workload = WorkloadLoader.load(WORKLOADS.resolve(file));

        assertThat(workload.rateSearchSettings().startRateMsgPerSec()).isEqualTo(startRate);
        assertThat(workload.rateSearchSettings().windowDuration()).isEqualTo(Duration.ofSeconds(30));
        assertThat(workload.rateSearchSettings().precision()).isEqualTo(0.05);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"backlog-1-topic-16-partitions-1kb.yaml, 100", "simple-workload.yaml, 0"})
    void backlogSizes(String file, double gib) throws Exception {
        assertThat(WorkloadLoader.load(WORKLOADS.resolve(file)).consumerBacklogSizeGB())
                .isEqualTo(gib);
    }
}
