package io.openmessaging.benchmark.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading is tolerant of other forks' files, and a broken file is reported with file, line and field. */
class ResultReadErrorTest {

    @Test
    void brokenJsonIsReportedWithFileAndLine(@TempDir Path directory) throws Exception {
        Path file =
                Files.writeString(directory.resolve("broken.json"), "{\n  \"workload\" : \"w\",\n  \"driver\" : \n}\n");

        assertThatThrownBy(() -> ResultFiles.read(file))
                .isInstanceOf(ResultFileException.class)
                .hasMessageStartingWith(file + ":4:")
                .satisfies(e -> assertThat(((ResultFileException) e).line()).isEqualTo(4))
                .satisfies(e -> assertThat(((ResultFileException) e).file()).isEqualTo(file));
    }

    @Test
    void wrongTypeIsReportedWithTheFieldAndLine(@TempDir Path directory) throws Exception {
        Path file = Files.writeString(
                directory.resolve("wrong.json"),
                "{\n  \"workload\" : \"w\",\n  \"publishRate\" : [ 1.0, 2.0,\n    \"fast\" ]\n}\n");

        assertThatThrownBy(() -> ResultFiles.read(file))
                .isInstanceOf(ResultFileException.class)
                .hasMessageStartingWith(file + ":4:")
                .hasMessageContaining("field publishRate[2]");
    }

    @Test
    void emptyFileIsReportedWithItsName(@TempDir Path directory) throws Exception {
        Path file = Files.writeString(directory.resolve("empty.json"), "");

        assertThatThrownBy(() -> ResultFiles.read(file))
                .isInstanceOf(ResultFileException.class)
                .hasMessageContaining(file.toString());
    }

    @Test
    void redpandaFieldsAreReadAndFieldsUnknownToUsAreIgnored(@TempDir Path directory) throws Exception {
        Path file = Files.writeString(directory.resolve("redpanda.json"), """
                {
                  "workload" : "1-topic-100-partitions-1kb",
                  "driver" : "redpanda-ack-all",
                  "version" : "v23.2.1",
                  "beginTime" : "2023-08-01-10-00-00",
                  "endTime" : "2023-08-01-10-16-00",
                  "sampleRateMillis" : 1000,
                  "sent" : [ 1000, 1001 ],
                  "publishLatencyMin" : [ 0.812, 0.799 ],
                  "scheduleLatencyMin" : [ 1, 2 ],
                  "aggregatedScheduleLatencyQuantiles" : { "50.0" : 3 },
                  "somethingNew" : { "nested" : [ true ] }
                }
                """);

        TestResult result = ResultFiles.read(file);

        assertThat(result.version).isEqualTo("v23.2.1");
        assertThat(result.beginTime).isEqualTo("2023-08-01-10-00-00");
        assertThat(result.sampleRateMillis).isEqualTo(1000);
        assertThat(result.sent).containsExactly(1000L, 1001L);
        assertThat(result.publishLatencyMin).containsExactly(0.812, 0.799);
    }

    @Test
    void nonStandardNaNAndInfinityTokensAreAccepted(@TempDir Path directory) throws Exception {
        Path file = Files.writeString(directory.resolve("nan.json"), """
                { "publishRate" : [ NaN, Infinity, -Infinity ], "aggregatedPublishLatencyAvg" : NaN }
                """);

        TestResult result = ResultFiles.read(file);

        assertThat(result.publishRate).containsExactly(Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY);
        assertThat(result.aggregatedPublishLatencyAvg).isNaN();
    }

    @Test
    void jsonNullIsNotAResult(@TempDir Path directory) throws Exception {
        Path file = Files.writeString(directory.resolve("null.json"), "null\n");

        assertThatThrownBy(() -> ResultFiles.read(file))
                .isInstanceOf(ResultFileException.class)
                .hasMessageContaining("not a result");
    }

    @Test
    void anIntervalLogIsNamedAsSuchWithTheResultItBelongsTo(@TempDir Path directory) throws Exception {
        Files.writeString(directory.resolve("run-Kafka-2026.json"), "{}");
        Files.writeString(directory.resolve("run-Kafka.json"), "{}");
        Path hlog = Files.writeString(directory.resolve("run-Kafka-2026-publish-latency.hlog"), "#[StartTime: 1]\n");

        assertThatThrownBy(() -> ResultFiles.read(hlog))
                .isInstanceOf(ResultFileException.class)
                .hasMessage(hlog + ": is an HdrHistogram interval log of one metric, not a result; give the result's"
                        + " JSON file (" + directory.resolve("run-Kafka-2026.json") + ")");

        Path lonely = Files.writeString(directory.resolve("other-end-to-end-latency.hlog"), "#\n");
        assertThatThrownBy(() -> ResultFiles.read(lonely))
                .hasMessageEndingWith("give the result's JSON file, which"
                        + " sits beside its .hlog files and starts with the same name");
    }
}
