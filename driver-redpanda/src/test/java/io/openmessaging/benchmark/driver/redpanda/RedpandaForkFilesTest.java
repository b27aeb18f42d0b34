package io.openmessaging.benchmark.driver.redpanda;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.driver.WorkloadShape;
import io.openmessaging.benchmark.driver.kafka.KafkaDriverConfig;
import io.openmessaging.benchmark.drivers.DriverConfigurationLoader;
import io.openmessaging.benchmark.workload.DriverConfiguration;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The Redpanda fork's driver files this benchmark once refused ({@code redpanda-fork/}, copied unchanged),
 * each with what it runs here: the driver, the worker placement its class implies, the consumer group and
 * the transactions.
 */
class RedpandaForkFilesTest {

    private static final Path FIXTURES = Path.of("src/test/resources/redpanda-fork");

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            redpanda-ack-1-linger-1ms-eod-false    | SWARM | benchGroup | -
            redpanda-ack-all-linger-1ms-eod-false  | SWARM | benchGroup | -
            redpanda-ack-all-linger-1ms-eod-true   | SWARM | benchGroup | -
            redpanda-ack-all-group-linger-10ms     | -     | benchGroup | -
            redpanda-ack-all-group-linger-1ms      | -     | benchGroup | -
            redpanda-group-all                     | -     | benchGroup | -
            redpanda-ack-all-tx-2                  | -     | -          | 2
            """)
    void eachOnceRefusedFileRunsAsTheForkMeantIt(
            String name, String topology, String groupId, Integer requestsPerTransaction) throws Exception {
        Path file = FIXTURES.resolve(name + ".yaml");

        DriverConfiguration loaded = DriverConfigurationLoader.load(file);
        assertThat(loaded.driverId()).isEqualTo("redpanda");
        assertThat(loaded.impliedTopology()).isEqualTo(topology);

        RedpandaBenchmarkDriver driver = new RedpandaBenchmarkDriver();
        driver.configure(loaded.yamlText(), file.toString());
        KafkaDriverConfig config = driver.config();
        assertThat(config.groupId().orElse(null)).isEqualTo(groupId);
        assertThat(config.requestsPerTransaction().orElse(null)).isEqualTo(requestsPerTransaction);
        assertThat(driver.configWarnings())
                .as("every property is one the Kafka client defines")
                .isEmpty();
        if (requestsPerTransaction != null) {
            assertThat(config.consumerProperties("s")).containsEntry("isolation.level", "read_committed");
        }
        // a group id is one subscription: a workload with two per topic is refused before the run, naming it
        List<String> twoSubscriptions = driver.loadProblems(new WorkloadShape(1024, 100, 2));
        if (groupId != null) {
            assertThat(twoSubscriptions)
                    .singleElement()
                    .asString()
                    .contains("group.id " + groupId)
                    .contains("set subscriptionsPerTopic: 1");
        } else {
            assertThat(twoSubscriptions).isEmpty();
        }
        assertThat(driver.loadProblems(new WorkloadShape(1024, 100, 1))).isEmpty();
        driver.close();
    }

    @Test
    void theFixturesAreTheSevenFilesAndNoOther() throws Exception {
        try (Stream<Path> files = Files.list(FIXTURES)) {
            assertThat(files.filter(p -> p.toString().endsWith(".yaml"))).hasSize(7);
        }
    }
}
