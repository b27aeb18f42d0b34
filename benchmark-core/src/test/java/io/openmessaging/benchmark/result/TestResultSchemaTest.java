package io.openmessaging.benchmark.result;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.openmessaging.benchmark.measure.LatencyMetric;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The JSON layout: upstream's names kept, the Redpanda fork's and ours added, in a fixed order. */
class TestResultSchemaTest {

    private static final String[] STATS = {"Avg", "50pct", "75pct", "95pct", "99pct", "999pct", "9999pct", "Max"};

    @ParameterizedTest
    @ValueSource(classes = {TestResult.class, RunMetadata.class, RunTopology.class})
    void propertyOrderNamesEveryPublicFieldExactlyOnce(Class<?> type) {
        List<String> order =
                Arrays.asList(type.getAnnotation(JsonPropertyOrder.class).value());
        List<String> fields = Arrays.stream(type.getFields())
                .filter(field -> !Modifier.isStatic(field.getModifiers()))
                .map(Field::getName)
                .toList();

        assertThat(order).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(fields);
    }

    @Test
    void writtenFieldsFollowThePropertyOrder(@TempDir Path directory) throws Exception {
        JsonNode json = writeAndParse(SampleResults.twoPeriodRun(), directory);

        List<String> written = new ArrayList<>();
        json.fieldNames().forEachRemaining(written::add);

        assertThat(written)
                .containsExactly(
                        TestResult.class.getAnnotation(JsonPropertyOrder.class).value());
    }

    @Test
    void everyUpstreamFieldIsWrittenUnderItsUpstreamName(@TempDir Path directory) throws Exception {
        List<String> upstream = new ArrayList<>(List.of(
                "workload",
                "driver",
                "messageSize",
                "topics",
                "partitions",
                "producersPerTopic",
                "consumersPerTopic",
                "publishRate",
                "publishErrorRate",
                "consumeRate",
                "backlog",
                "aggregatedPublishLatencyQuantiles",
                "aggregatedPublishDelayLatencyQuantiles",
                "aggregatedEndToEndLatencyQuantiles"));
        for (String metric : List.of("publishLatency", "publishDelayLatency", "endToEndLatency")) {
            for (String stat : STATS) {
                upstream.add(metric + stat);
                upstream.add("aggregated" + Character.toUpperCase(metric.charAt(0)) + metric.substring(1) + stat);
            }
        }

        assertThat(fieldNames(writeAndParse(new TestResult(), directory))).containsAll(upstream);
    }

    @Test
    void redpandaFieldsAndOursAreWritten(@TempDir Path directory) throws Exception {
        List<String> added = new ArrayList<>(List.of(
                "version",
                "beginTime",
                "endTime",
                "sampleRateMillis",
                "sent",
                "consumed",
                "publishFailed",
                "consumeFailed",
                "publishLatencyMin",
                "endToEndLatencyMin",
                "schemaVersion",
                "complete",
                "failureReason",
                "totalMessagesSent",
                "totalMessagesReceived",
                "totalSendErrors",
                "totalBytesSent",
                "totalBytesReceived",
                "endToEndNegativeCount",
                "latencyValuesClampedCount",
                "unstampedMessagesReceived",
                "warmupDurationSeconds",
                "testDurationSeconds",
                "hlogFiles",
                "metadata",
                "aggregatedPublishResponseTimeQuantiles",
                "aggregatedEndToEndResponseTimeQuantiles"));
        for (String metric : List.of("publishResponseTime", "endToEndResponseTime")) {
            for (String stat : STATS) {
                added.add(metric + stat);
                added.add("aggregated" + Character.toUpperCase(metric.charAt(0)) + metric.substring(1) + stat);
            }
        }

        assertThat(fieldNames(writeAndParse(new TestResult(), directory))).containsAll(added);
    }

    @Test
    void upstreamUnitsAreKept(@TempDir Path directory) throws Exception {
        TestResult result = new TestResult();
        // 2.5 ms everywhere: publish delay is in µs, the others in ms, as upstream writes them
        for (LatencyMetric metric : LatencyMetric.values()) {
            ResultFiller.setAggregate(result, metric, SampleResults.nanosHistogram(2_500_000));
        }

        JsonNode json = writeAndParse(result, directory);

        assertThat(json.get("aggregatedPublishLatencyMax").isDouble()).isTrue();
        assertThat(json.get("aggregatedPublishLatencyMax").asDouble()).isBetween(2.49, 2.51);
        assertThat(json.get("aggregatedEndToEndLatencyMax").asDouble()).isBetween(2.49, 2.51);
        assertThat(json.get("aggregatedPublishDelayLatencyMax").isIntegralNumber())
                .isTrue();
        assertThat(json.get("aggregatedPublishDelayLatencyMax").asLong()).isBetween(2490L, 2510L);
        assertThat(json.get("aggregatedPublishDelayLatencyAvg").isDouble()).isTrue();
    }

    @Test
    void quantileKeysAreWrittenAsPercentStrings(@TempDir Path directory) throws Exception {
        TestResult result = new TestResult();
        result.aggregatedPublishLatencyQuantiles.put(99.90234375, 4.5);
        result.aggregatedPublishLatencyQuantiles.put(8.280981931675837E-7, 0.25);

        JsonNode quantiles = writeAndParse(result, directory).get("aggregatedPublishLatencyQuantiles");

        assertThat(fieldNames(quantiles)).containsExactly("8.280981931675837E-7", "99.90234375");
    }

    private static JsonNode writeAndParse(TestResult result, Path directory) throws Exception {
        Path file = ResultFiles.writeTo(result, directory.resolve("schema.json"));
        return new ObjectMapper().readTree(file.toFile());
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
