package io.openmessaging.benchmark.result;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code backlogPhases} in the result file: every field, in the declared order, read back unchanged. */
class BacklogSummaryJsonTest {

    @Test
    void propertyOrderNamesEveryPublicFieldExactlyOnce() {
        List<String> order = Arrays.asList(
                BacklogSummary.class.getAnnotation(JsonPropertyOrder.class).value());
        List<String> fields = Arrays.stream(BacklogSummary.class.getFields())
                .filter(field -> !Modifier.isStatic(field.getModifiers()))
                .map(Field::getName)
                .toList();

        assertThat(order).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(fields);
    }

    @Test
    void backlogPhasesAreWrittenInOrderAndReadBack(@TempDir Path directory) throws Exception {
        TestResult result = SampleResults.twoPeriodRun();
        result.runMode = "consumer-only";
        result.backlogPhases = consumerOnlySummary();

        Path written = ResultFiles.write(result, directory, "w", "Kafka", SampleResults.START);

        JsonNode backlog = new ObjectMapper().readTree(written.toFile()).get("backlogPhases");
        List<String> names = new ArrayList<>();
        backlog.fieldNames().forEachRemaining(names::add);
        assertThat(names)
                .containsExactly(BacklogSummary.class
                        .getAnnotation(JsonPropertyOrder.class)
                        .value());
        assertThat(backlog.get("requestedBytes").asLong()).isEqualTo(4_194_304L);
        assertThat(backlog.get("drainConsumeRateBytesPerSec").asDouble()).isEqualTo(1.5e8);
        assertThat(ResultFiles.read(written)).usingRecursiveComparison().isEqualTo(result);
    }

    private static BacklogSummary consumerOnlySummary() {
        BacklogSummary summary = new BacklogSummary();
        summary.producersRunDuringDrain = false;
        summary.requestedBytes = 4_194_304L;
        summary.drainRatio = 1.0;
        summary.drainTargetBytes = 0L;
        summary.buildComplete = true;
        summary.buildStartEpochMillis = 1_738_328_769_000L;
        summary.buildDurationSeconds = 2.05;
        summary.builtBytes = 4_200_448L;
        summary.builtMessages = 4_102L;
        summary.buildMessagesSent = 4_102L;
        summary.receivedWhilePausedMessages = 0L;
        summary.drainComplete = true;
        summary.drainStartEpochMillis = 1_738_328_771_100L;
        summary.drainDurationSeconds = 0.028;
        summary.remainingBytes = 0L;
        summary.remainingMessages = 0L;
        summary.drainedBytes = 4_200_448L;
        summary.drainedMessages = 4_102L;
        summary.drainMessagesReceived = 4_102L;
        summary.drainBytesReceived = 4_200_448L;
        summary.drainConsumeRateMsgPerSec = 146_500.0;
        summary.drainConsumeRateBytesPerSec = 1.5e8;
        return summary;
    }
}
