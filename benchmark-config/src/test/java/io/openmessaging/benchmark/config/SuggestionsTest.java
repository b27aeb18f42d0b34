package io.openmessaging.benchmark.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SuggestionsTest {

    /** Keys of a workload file, as the framework's reader offers them. */
    private static final List<String> WORKLOAD_KEYS = List.of(
            "name",
            "topics",
            "partitionsPerTopic",
            "messageSize",
            "subscriptionsPerTopic",
            "consumerPerSubscription",
            "producersPerTopic",
            "producerRate",
            "warmupDuration",
            "testDuration",
            "keyDistributor",
            "consumerBacklogSizeGB");

    @Test
    void suggestsTheClosestLikelyTypo() {
        List<String> keys = WORKLOAD_KEYS;
        assertThat(Suggestions.closest("partitionPerTopic", keys)).contains("partitionsPerTopic");
        assertThat(Suggestions.closest("consumersPerSubscription", keys)).contains("consumerPerSubscription");
        assertThat(Suggestions.closest("TOPICS", keys)).contains("topics");
        assertThat(Suggestions.closest("warmup", keys)).contains("warmupDuration");
    }

    @Test
    void suggestsNothingForUnrelatedWords() {
        assertThat(Suggestions.closest("compression", WORKLOAD_KEYS)).isEmpty();
        assertThat(Suggestions.didYouMean("xyz", List.of("kafka", "pulsar"))).isEmpty();
    }

    @Test
    void editDistanceCountsSingleCharacterEdits() {
        assertThat(Suggestions.editDistance("kafka", "kafka")).isZero();
        assertThat(Suggestions.editDistance("kafak", "kafka")).isEqualTo(2);
        assertThat(Suggestions.editDistance("", "abc")).isEqualTo(3);
        assertThat(Suggestions.editDistance("ROUND_ROBIN", "KEY_ROUND_ROBIN")).isEqualTo(4);
    }
}
