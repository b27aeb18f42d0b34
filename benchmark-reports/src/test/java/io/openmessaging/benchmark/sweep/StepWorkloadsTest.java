package io.openmessaging.benchmark.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.config.ConfigException;
import io.openmessaging.benchmark.workload.Workload;
import io.openmessaging.benchmark.workload.WorkloadLoader;
import org.junit.jupiter.api.Test;

/** A step's workload: the base file with the swept key set, everything else as written, checked again. */
class StepWorkloadsTest {

    private static final String BASE = """
            # 1 topic, 16 partitions, 1 KiB
            name: sweep-base
            topics: 1
            partitionsPerTopic: 16   # a comment stays
            messageSize: 1024
            subscriptionsPerTopic: 1
            consumerPerSubscription: 1
            producersPerTopic: 1
            producerRate: 50000
            testDurationMinutes: 15
            """;

    @Test
    void theSweptKeyIsReplacedAndEverythingElseKept() throws ConfigException {
        Workload base = WorkloadLoader.parse(BASE, "workloads/base.yaml");

        Workload step = StepWorkloads.of(base, SweptParameter.PARTITIONS_PER_TOPIC, 6, 2, 3);

        assertThat(step.partitionsPerTopic()).isEqualTo(6);
        assertThat(step.producerRate()).isEqualTo(50_000);
        assertThat(step.messageSize()).isEqualTo(1024);
        assertThat(step.name()).isEqualTo("sweep-base");
        assertThat(step.sourceName()).isEqualTo("workloads/base.yaml");
        assertThat(step.yamlText())
                .contains("# 1 topic, 16 partitions, 1 KiB\n", "\npartitionsPerTopic: 6\n")
                .doesNotContain("partitionsPerTopic: 16")
                .endsWith("# bin/benchmark sweep, step 2 of 3: partitionsPerTopic set to 6 in workloads/base.yaml\n");
    }

    @Test
    void aRateWithAFractionIsWrittenAsGiven() throws ConfigException {
        Workload step =
                StepWorkloads.of(WorkloadLoader.parse(BASE, "base.yaml"), SweptParameter.PRODUCER_RATE, 2500.5, 1, 2);

        assertThat(step.producerRate()).isEqualTo(2500.5);
        assertThat(step.yamlText()).contains("\nproducerRate: 2500.5\n");
    }

    @Test
    void aKeyInACommentIsNotTheKey() throws ConfigException {
        Workload base = WorkloadLoader.parse("# topics: 99 was too many\n" + BASE, "base.yaml");

        Workload step = StepWorkloads.of(base, SweptParameter.TOPICS, 10, 3, 3);

        assertThat(step.topics()).isEqualTo(10);
        assertThat(step.yamlText()).startsWith("# topics: 99 was too many\n").contains("\ntopics: 10\n");
    }

    @Test
    void aMessageSizeSweepOfAPayloadFileWorkloadIsRefused() throws ConfigException {
        Workload base = WorkloadLoader.parse(
                BASE.replace("messageSize: 1024\n", "payloadFile: payload/payload-1Kb.data\n"), "base.yaml");

        assertThatThrownBy(() -> StepWorkloads.of(base, SweptParameter.MESSAGE_SIZE, 100, 1, 2))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("base.yaml")
                .hasMessageContaining("remove payloadFile");
    }

    @Test
    void problemsOfTheStepNameTheBaseFile() throws ConfigException {
        Workload base = WorkloadLoader.parse(BASE.replace("producersPerTopic: 1", "producersPerTopic: 2"), "base.yaml");

        assertThatThrownBy(() -> StepWorkloads.of(base, SweptParameter.TOPICS, 2_000_000_000, 2, 2))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("base.yaml");
    }
}
