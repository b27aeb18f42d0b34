package io.openmessaging.benchmark.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URL;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The 12 result files the Confluent fork published with its 2020 study (upstream's format, fewer
 * fields) read back with the values they hold. Expected numbers were read from the files themselves.
 */
class ConfluentResultFilesReadTest {

    private static final int PERIODS = 60;

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        // file,                                   driver,   pub p99,  e2e p99,  pub quantiles, e2e quantiles
        "kafka/latency/default-sync-200k.json,       Kafka,    4.349,    5.434,    2015, 1948",
        "kafka/latency/sync-200k.json,               Kafka,    19.712,   20.0,     1946, 269",
        "kafka/throughput/default-sync.json,         Kafka,    1521.927, 1553.007, 1672, 1299",
        "kafka/throughput/sync.json,                 Kafka,    1463.207, 1500.007, 1700, 1298",
        "pulsar/latency/default-sync-200k.json,      Pulsar,   10.962,   25.0,     2076, 111",
        "pulsar/throughput/default-sync-colocated.json, Pulsar, 218.942, 705.003,  1925, 771",
        "pulsar/throughput/default-sync-raid0.json,  Pulsar,   447.939,  9911.039, 1865, 1453",
        "pulsar/throughput/default-sync-tiered.json, Pulsar,   220.265,  806.003,  2118, 798",
        "rabbitmq/latency/classic-30k.json,          RabbitMQ, 0.873,    0.726,    1431, 1461",
        "rabbitmq/latency/mirrored-30k.json,         RabbitMQ, 1.878,    1.006,    1801, 1745",
        "rabbitmq/throughput/classic.json,           RabbitMQ, 2255.231, 2859.007, 1956, 1150",
        "rabbitmq/throughput/mirrored.json,          RabbitMQ, 1360.871, 1959.007, 1790, 962",
    })
    void everyFileReadsWithItsAggregatesListsAndQuantiles(
            String file,
            String driver,
            double publishP99,
            double endToEndP99,
            int publishQuantiles,
            int endToEndQuantiles)
            throws Exception {
        TestResult result = ResultFiles.read(fixture(file));

        assertThat(result.driver).isEqualTo(driver);
        assertThat(result.aggregatedPublishLatency99pct).isEqualTo(publishP99);
        assertThat(result.aggregatedEndToEndLatency99pct).isEqualTo(endToEndP99);
        assertThat(result.aggregatedPublishLatencyQuantiles).hasSize(publishQuantiles);
        assertThat(result.aggregatedEndToEndLatencyQuantiles).hasSize(endToEndQuantiles);
        assertThat(result.aggregatedPublishLatencyQuantiles.lastEntry().getKey())
                .isEqualTo(100.0);
        assertThat(result.aggregatedPublishLatencyQuantiles.lastEntry().getValue())
                .isEqualTo(result.aggregatedPublishLatencyMax);
        assertThat(result.aggregatedEndToEndLatencyQuantiles.lastEntry().getValue())
                .isEqualTo(result.aggregatedEndToEndLatencyMax);
        for (List<?> perPeriod : List.of(
                result.publishRate,
                result.consumeRate,
                result.backlog,
                result.publishLatencyAvg,
                result.publishLatency50pct,
                result.publishLatency75pct,
                result.publishLatency95pct,
                result.publishLatency99pct,
                result.publishLatency999pct,
                result.publishLatency9999pct,
                result.publishLatencyMax,
                result.endToEndLatencyAvg,
                result.endToEndLatency50pct,
                result.endToEndLatency75pct,
                result.endToEndLatency95pct,
                result.endToEndLatency99pct,
                result.endToEndLatency999pct,
                result.endToEndLatency9999pct,
                result.endToEndLatencyMax)) {
            assertThat(perPeriod).hasSize(PERIODS);
        }
    }

    @Test
    void fieldsTheForkNeverWroteStayNullOrEmpty() throws Exception {
        TestResult result = ResultFiles.read(fixture("kafka/latency/sync-200k.json"));

        assertThat(result.schemaVersion).isNull();
        assertThat(result.complete).isNull();
        assertThat(result.messageSize).isNull();
        assertThat(result.topics).isNull();
        assertThat(result.metadata).isNull();
        assertThat(result.publishErrorRate).isEmpty();
        assertThat(result.publishDelayLatency99pct).isEmpty();
        assertThat(result.aggregatedPublishDelayLatency99pct).isNull();
        assertThat(result.aggregatedPublishDelayLatencyQuantiles).isEmpty();
        assertThat(result.publishResponseTimeAvg).isEmpty();
        assertThat(result.aggregatedEndToEndResponseTimeQuantiles).isEmpty();
    }

    @Test
    void kafkaLatencyRunHoldsItsFirstSamplesAndWholeMillisecondEndToEnd() throws Exception {
        TestResult result = ResultFiles.read(fixture("kafka/latency/sync-200k.json"));

        assertThat(result.workload).isEqualTo("100-partitions-200K-rate-4-producer");
        assertThat(result.publishRate.get(0)).isEqualTo(203974.153890742);
        assertThat(result.publishLatency99pct.subList(0, 3)).containsExactly(22.003, 25.263, 14.797);
        assertThat(result.aggregatedPublishLatency50pct).isEqualTo(3.222);
        assertThat(result.aggregatedPublishLatencyAvg).isEqualTo(4.357378482063882);
        // the fork's Kafka driver carried a millisecond timestamp, so e2e percentiles are whole ms
        assertThat(result.aggregatedEndToEndLatency50pct).isEqualTo(4.0);
        assertThat(result.endToEndLatency99pct.subList(0, 2)).containsExactly(23.0, 25.0);
        assertThat(result.aggregatedPublishLatencyQuantiles.firstKey()).isEqualTo(8.280981931675837E-7);
    }

    @Test
    void rabbitMqLatencyRunHasSubMillisecondEndToEndAndANegativeBacklog() throws Exception {
        TestResult result = ResultFiles.read(fixture("rabbitmq/latency/classic-30k.json"));

        assertThat(result.aggregatedEndToEndLatency50pct).isEqualTo(0.433);
        assertThat(result.aggregatedPublishLatencyMax).isEqualTo(99.032);
        // the fork does not clamp: more received than sent within a period shows as negative backlog
        assertThat(result.backlog)
                .contains(-21L)
                .allSatisfy(value -> assertThat(value).isGreaterThanOrEqualTo(-21L));
    }

    static Path fixture(String relativePath) throws Exception {
        URL url = ConfluentResultFilesReadTest.class.getResource("/result/confluent-2020/results/" + relativePath);
        assertThat(url).as("test resource " + relativePath).isNotNull();
        return Path.of(url.toURI());
    }
}
