package io.openmessaging.benchmark.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.config.ConfigException;
import org.junit.jupiter.api.Test;

/** The Redpanda fork's existing-topic lists: what loads, what totals follow, and every rejected form. */
class ExistingTopicListsTest {

    private static final String CLIENTS = """
            messageSize: 100
            subscriptionsPerTopic: 2
            consumerPerSubscription: 3
            producersPerTopic: 4
            producerRate: 1000
            testDuration: 1m
            """;

    @Test
    void existingTopicListReplacesTopicsAndPartitionsBecomeOptional() throws Exception {
        Workload workload = WorkloadLoader.parse(CLIENTS + """
                existingTopicList: [orders, payments]
                """, "w.yaml");

        assertThat(workload.usesExistingTopics()).isTrue();
        assertThat(workload.existingTopicList()).containsExactly("orders", "payments");
        assertThat(workload.topics()).isZero();
        assertThat(workload.partitionsPerTopic()).isZero();
        assertThat(workload.topicsUsed()).isEqualTo(2);
        assertThat(workload.producersTotal()).isEqualTo(2 * 4);
        assertThat(workload.consumersTotal()).isEqualTo(2 * 2 * 3);
    }

    @Test
    void produceAndConsumeListsCountForTheirSideOnly() throws Exception {
        Workload workload = WorkloadLoader.parse(CLIENTS + """
                partitionsPerTopic: 6
                existingTopicList:
                  - shared
                existingProduceTopicList:
                  - in-1
                  - in-2
                existingConsumeTopicList: ["out"]
                """, "w.yaml");

        assertThat(workload.partitionsPerTopic()).isEqualTo(6);
        assertThat(workload.existingProduceTopicList()).containsExactly("in-1", "in-2");
        assertThat(workload.existingConsumeTopicList()).containsExactly("out");
        assertThat(workload.topicsUsed()).isEqualTo(4);
        assertThat(workload.producersTotal()).isEqualTo((1 + 2) * 4);
        assertThat(workload.consumersTotal()).isEqualTo((1 + 1) * 2 * 3);
    }

    @Test
    void createdTopicsStillNeedTopicsAndPartitions() throws Exception {
        Workload workload = WorkloadLoader.parse(CLIENTS + "topics: 3\npartitionsPerTopic: 2\n", "w.yaml");

        assertThat(workload.usesExistingTopics()).isFalse();
        assertThat(workload.existingTopicList()).isEmpty();
        assertThat(workload.topicsUsed()).isEqualTo(3);
        assertThat(workload.producersTotal()).isEqualTo(12);
    }

    @Test
    void neitherTopicsNorAListIsAnErrorNamingBoth() {
        assertThatThrownBy(() -> WorkloadLoader.parse(CLIENTS + "partitionsPerTopic: 2\n", "w.yaml"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("w.yaml")
                .hasMessageContaining("topics is missing")
                .hasMessageContaining("existingTopicList");
        assertThatThrownBy(() -> WorkloadLoader.parse(CLIENTS + "topics: 0\npartitionsPerTopic: 2\n", "w.yaml"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("w.yaml:7")
                .hasMessageContaining("topics: 0 (line 7) creates no topic");
    }

    @Test
    void createdTopicsWithoutPartitionsIsAnError() {
        assertThatThrownBy(() -> WorkloadLoader.parse(CLIENTS + "topics: 1\n", "w.yaml"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("partitionsPerTopic is missing");
    }

    @Test
    void topicsTogetherWithAListIsAnErrorAtTheTopicsLine() {
        assertThatThrownBy(() -> WorkloadLoader.parse(CLIENTS + "topics: 1\nexistingTopicList: [a]\n", "w.yaml"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("w.yaml:7:1")
                .hasMessageContaining("topics: 1 (line 7) would create new topics")
                .hasMessageContaining("existingTopicList on line 8");
    }

    @Test
    void produceListWithoutConsumeListNeedsExistingTopicList() {
        assertThatThrownBy(() -> WorkloadLoader.parse(CLIENTS + "existingProduceTopicList: [a]\n", "w.yaml"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("w.yaml:7")
                .hasMessageContaining("existingProduceTopicList (line 7) has no existingConsumeTopicList");
        assertThatThrownBy(() -> WorkloadLoader.parse(CLIENTS + "existingConsumeTopicList: [a]\n", "w.yaml"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("existingConsumeTopicList (line 7) has no existingProduceTopicList");
    }

    @Test
    void aSingleNameInsteadOfAListIsAnError() {
        assertThatThrownBy(() -> WorkloadLoader.parse(CLIENTS + "existingTopicList: orders\n", "w.yaml"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("w.yaml:7")
                .hasMessageContaining("existingTopicList: found 'orders'")
                .hasMessageContaining("expected a list of distinct, non-empty names");
    }

    @Test
    void emptyNestedAndRepeatedItemsAreErrors() {
        assertThatThrownBy(() -> WorkloadLoader.parse(CLIENTS + "existingTopicList: [a, '']\n", "w.yaml"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("item 2 is empty");
        assertThatThrownBy(() -> WorkloadLoader.parse(CLIENTS + "existingTopicList: [a, [b]]\n", "w.yaml"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("item 2 is a nested list or mapping");
        assertThatThrownBy(() -> WorkloadLoader.parse(CLIENTS + "existingTopicList: [a, b, a]\n", "w.yaml"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("'a' is listed twice");
        assertThatThrownBy(() -> WorkloadLoader.parse(CLIENTS + "existingTopicList:\n", "w.yaml"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("existingTopicList: found no value");
    }

    @Test
    void theKeysAreInTheAllowedKeysAndTheReference() {
        assertThat(WorkloadSchema.allowedKeys())
                .contains("existingTopicList", "existingProduceTopicList", "existingConsumeTopicList");
        assertThat(WorkloadSchema.referenceMarkdown())
                .contains("| `existingTopicList` | list of text |")
                .doesNotContain("Keys not supported yet");
    }
}
