package io.openmessaging.benchmark.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The workload as it ran, after {@code --set}: reading {@link Workload#effectiveYamlText()} again gives the
 * same workload, and the replaced entries are still there, commented out.
 */
class EffectiveYamlTest {

    private static final String FILE = """
            name: effective
            topics: 1
            partitionsPerTopic: 1
            messageSize: 100
            subscriptionsPerTopic: 1
            consumerPerSubscription: 1
            producersPerTopic: 1
            producerRate: 10000
            testDurationMinutes: 2
            # the warm-up
            warmupDurationMinutes: 1
            """;

    private static final String PLAN = """
            name: plan
            topics: 1
            partitionsPerTopic: 1
            messageSize: 100
            subscriptionsPerTopic: 1
            consumerPerSubscription: 1
            producersPerTopic: 1
            producerRateSteps:
              - {rate: 1000, duration: 1m}
              - {rate: 2000, duration: 1m}

            # the warm-up
            warmupDurationMinutes: 1
            """;

    @Test
    void theReplacedEntriesAreCommentedOutAndTheAssignmentsAppended() throws Exception {
        Workload workload = WorkloadLoader.parse(
                FILE, "w.yaml", List.of("producerRate=20000", "testDuration=5m", "warmupDuration=10s"));

        assertThat(workload.yamlText()).isEqualTo(FILE);
        assertThat(workload.effectiveYamlText()).isEqualTo("""
                        name: effective
                        topics: 1
                        partitionsPerTopic: 1
                        messageSize: 100
                        subscriptionsPerTopic: 1
                        consumerPerSubscription: 1
                        producersPerTopic: 1
                        # (--set) producerRate: 10000
                        # (--set) testDurationMinutes: 2
                        # the warm-up
                        # (--set) warmupDurationMinutes: 1
                        # --set, as given on the command line:
                        producerRate: 20000
                        testDuration: 5m
                        warmupDuration: 10s
                        """);
        Workload again = WorkloadLoader.parse(workload.effectiveYamlText(), "again.yaml");
        assertThat(again.producerRate()).isEqualTo(20000.0);
        assertThat(again.testDuration()).isEqualTo(Duration.ofMinutes(5));
        assertThat(again.warmupDuration()).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void aReplacedBlockIsCommentedOutWhole() throws Exception {
        Workload workload =
                WorkloadLoader.parse(PLAN, "plan.yaml", List.of("producerRateSteps=[{rate: 500, duration: 2m}]"));

        assertThat(workload.effectiveYamlText())
                .contains("# (--set) producerRateSteps:\n# (--set)   - {rate: 1000, duration: 1m}\n"
                        + "# (--set)   - {rate: 2000, duration: 1m}\n\n# the warm-up\nwarmupDurationMinutes: 1\n")
                .endsWith("producerRateSteps: [{rate: 500, duration: 2m}]\n");
        Workload again = WorkloadLoader.parse(workload.effectiveYamlText(), "again.yaml");
        assertThat(again.ratePlan().steps()).hasSize(1);
        assertThat(again.ratePlan().steps().get(0).rateMsgPerSec()).isEqualTo(500.0);
    }

    @Test
    void withoutAssignmentsItIsTheFilesText() throws Exception {
        assertThat(WorkloadLoader.parse(FILE, "w.yaml").effectiveYamlText()).isEqualTo(FILE);
    }
}
