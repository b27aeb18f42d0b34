package io.openmessaging.benchmark.result;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.measure.LatencyMetric;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Result file names: upstream's pattern, a UTC timestamp, and names safe on every file system. */
class ResultFileNameTest {

    @Test
    void nameIsWorkloadDriverAndUtcStartTime() {
        Instant start = Instant.parse("2025-01-31T13:05:09.999Z");

        assertThat(ResultFiles.baseName("1-topic-16-partitions-1kb", "Kafka", start))
                .isEqualTo("1-topic-16-partitions-1kb-Kafka-2025-01-31-13-05-09");
    }

    @Test
    void writtenFileCarriesTheJsonExtension(@TempDir Path directory) throws Exception {
        Path file = ResultFiles.write(new TestResult(), directory, "max-rate", "Pulsar", SampleResults.START);

        assertThat(file).isEqualTo(directory.resolve("max-rate-Pulsar-2025-01-31-13-05-09.json"));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "Kafka                       | Kafka",
                "Kafka-exactly-once          | Kafka-exactly-once",
                "ack-all-linger-1ms-eod-true | ack-all-linger-1ms-eod-true",
                "kafka_3.9.v2                | kafka_3.9.v2",
                "Kafka 3/acks=all            | Kafka_3_acks_all",
                "'a\\b:c*d?e\"f<g>h|i'       | a_b_c_d_e_f_g_h_i",
                "Pulsar (tiered)             | Pulsar__tiered_",
                "Rédpanda                    | R_dpanda",
                "kafka\uD83D\uDE80           | kafka_",
            })
    void driverNamesAreSanitisedForFileSystems(String driverName, String expected) {
        assertThat(ResultFiles.sanitize(driverName)).isEqualTo(expected);
        assertThat(ResultFiles.baseName("w", driverName, SampleResults.START))
                .isEqualTo("w-" + expected + "-2025-01-31-13-05-09");
    }

    @Test
    void directoryPartsOfADriverNameCannotEscapeTheOutputDirectory(@TempDir Path directory) throws Exception {
        Path file = ResultFiles.write(new TestResult(), directory, "w", "../../etc/passwd", SampleResults.START);

        assertThat(file.getParent()).isEqualTo(directory);
        assertThat(file.getFileName()).hasToString("w-.._.._etc_passwd-2025-01-31-13-05-09.json");
    }

    @Test
    void intervalLogsAreNamedAfterTheResultAndTheMetric() {
        String base = ResultFiles.baseName("w", "Kafka", SampleResults.START);

        assertThat(LatencyMetric.PUBLISH_RESPONSE_TIME.hlogFileName(base))
                .isEqualTo("w-Kafka-2025-01-31-13-05-09-publish-response-time.hlog");
        assertThat(LatencyMetric.END_TO_END_LATENCY.hlogFileName(base))
                .isEqualTo("w-Kafka-2025-01-31-13-05-09-end-to-end-latency.hlog");
    }
}
