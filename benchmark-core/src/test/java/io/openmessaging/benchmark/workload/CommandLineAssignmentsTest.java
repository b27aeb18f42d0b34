package io.openmessaging.benchmark.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.config.ConfigException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code --set key=value}: workload keys over the file's, checked like the file's, named as {@code --set}. */
class CommandLineAssignmentsTest {

    private static final String FILE = """
            name: base
            topics: 1
            partitionsPerTopic: 16
            messageSize: 1024
            subscriptionsPerTopic: 1
            consumerPerSubscription: 1
            producersPerTopic: 1
            producerRate: 1000
            testDurationMinutes: 1
            """;

    private static Workload parse(String... assignments) throws ConfigException {
        return WorkloadLoader.parse(FILE, "w.yaml", List.of(assignments));
    }

    @Test
    void anAssignmentReplacesOrAddsAKey() throws Exception {
        Workload workload = parse("producerRate=20000", "partitionsPerTopic=4", "keyDistributor=KEY_ROUND_ROBIN");

        assertThat(workload.producerRate()).isEqualTo(20_000.0);
        assertThat(workload.partitionsPerTopic()).isEqualTo(4);
        assertThat(workload.keyDistributor()).hasToString("KEY_ROUND_ROBIN");
        assertThat(workload.messageSize()).as("the file's other keys stay").isEqualTo(1024);
        assertThat(workload.yamlText())
                .as("the file's text is kept; the command line records the rest")
                .isEqualTo(FILE);
    }

    @Test
    void anAssignedFormReplacesTheFilesOtherFormOfTheSameKey() throws Exception {
        assertThat(parse("testDuration=5m").testDuration()).isEqualTo(Duration.ofMinutes(5));
        assertThat(parse("testDurationMinutes=2").testDuration()).isEqualTo(Duration.ofMinutes(2));
    }

    @Test
    void aBadAssignmentIsNamedAsSuch() {
        assertThatThrownBy(() -> parse("producerRate=fast"))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("w.yaml (--set): producerRate: found 'fast', expected a number of messages per"
                        + " second, at least 0");
        assertThatThrownBy(() -> parse("producerRat=5"))
                .hasMessageStartingWith("w.yaml (--set): unknown key 'producerRat' (did you mean 'producerRate'?)");
        assertThatThrownBy(() -> parse("producerRate"))
                .hasMessage("--set 'producerRate': expected key=value, e.g. --set producerRate=5000");
        assertThatThrownBy(() -> parse("producerRate=0.001"))
                .hasMessageContaining("producerRate: 0.001 (--set) shared by 1 producer(s)");
    }
}
