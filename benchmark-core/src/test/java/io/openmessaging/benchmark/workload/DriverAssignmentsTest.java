package io.openmessaging.benchmark.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.config.ConfigException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code run --set driver.…}: the driver file's text edited in place, line by line. */
class DriverAssignmentsTest {

    private static final String KAFKA = """
            name: Kafka
            driver: kafka
            replicationFactor: 3   # across the three brokers
            commonConfig: |
              bootstrap.servers=broker:9092
            producerConfig: |
              acks=all
              linger.ms=1

            consumerConfig: |
              auto.offset.reset=earliest
            """;

    @Test
    void aTopLevelKeyIsReplacedOnItsLineAndANewOneIsAddedAtTheEnd() throws ConfigException {
        String edited = DriverAssignments.apply(
                KAFKA, "kafka.yaml", List.of("driver.replicationFactor=1", "driver.reset=true"));

        assertThat(edited.lines().toList())
                .containsExactly(
                        "name: Kafka",
                        "driver: kafka",
                        "replicationFactor: 1",
                        "commonConfig: |",
                        "  bootstrap.servers=broker:9092",
                        "producerConfig: |",
                        "  acks=all",
                        "  linger.ms=1",
                        "",
                        "consumerConfig: |",
                        "  auto.offset.reset=earliest",
                        "reset: true");
    }

    @Test
    void aPropertyOfAPropertiesBlockIsReplacedOrAddedAtTheBlocksEnd() throws ConfigException {
        String edited = DriverAssignments.apply(
                KAFKA,
                "kafka.yaml",
                List.of(
                        "driver.producerConfig.linger.ms=5",
                        "driver.producerConfig.batch.size=131072",
                        "driver.topicConfig.min.insync.replicas=2"));

        assertThat(edited.lines().toList())
                .containsExactly(
                        "name: Kafka",
                        "driver: kafka",
                        "replicationFactor: 3   # across the three brokers",
                        "commonConfig: |",
                        "  bootstrap.servers=broker:9092",
                        "producerConfig: |",
                        "  acks=all",
                        "  linger.ms=5",
                        "  batch.size=131072",
                        "",
                        "consumerConfig: |",
                        "  auto.offset.reset=earliest",
                        "topicConfig: |",
                        "  min.insync.replicas=2");
    }

    @Test
    void aKeyOfANestedMappingIsSetWithAColon() throws ConfigException {
        String pulsar = "name: Pulsar\ndriver: pulsar\nclient:\n  serviceUrl: pulsar://a:6650\n  ioThreads: 8\n";

        String edited = DriverAssignments.apply(
                pulsar, "pulsar.yaml", List.of("driver.client.ioThreads=4", "driver.client.connectionsPerBroker=2"));

        assertThat(edited)
                .isEqualTo("name: Pulsar\ndriver: pulsar\nclient:\n  serviceUrl: pulsar://a:6650\n"
                        + "  ioThreads: 4\n  connectionsPerBroker: 2\n");
    }

    @Test
    void aNewKeyOfAMappingWhoseLastEntryIsAMappingGoesBesideItsEntriesNotIntoTheNestedOne() throws ConfigException {
        // pulsar.yaml's client block ends with the authentication mapping: clusterName used to land in it, and
        // the file was refused with "unknown key 'client.authentication.clusterName'"
        String pulsar = "name: Pulsar\ndriver: pulsar\nclient:\n  serviceUrl: pulsar://a:6650\n  authentication:\n"
                + "    plugin:\n    data:\n\nproducer:\n  batchingEnabled: true\n";

        String edited = DriverAssignments.apply(
                pulsar, "pulsar.yaml", List.of("driver.client.clusterName=standalone", "driver.client.plugin=x"));

        assertThat(edited)
                .isEqualTo("name: Pulsar\ndriver: pulsar\nclient:\n  serviceUrl: pulsar://a:6650\n  authentication:\n"
                        + "    plugin:\n    data:\n  clusterName: standalone\n  plugin: x\n\nproducer:\n"
                        + "  batchingEnabled: true\n");
    }

    @Test
    void aKeyOfAMappingNestedTwoDeepIsSetWhereItIs() throws ConfigException {
        String pulsar = "name: Pulsar\ndriver: pulsar\nclient:\n  serviceUrl: pulsar://a:6650\n  persistence:\n"
                + "    ensembleSize: 3\n    writeQuorum: 3\n  topicType: persistent\n";

        String edited = DriverAssignments.apply(
                pulsar,
                "pulsar.yaml",
                List.of("driver.client.persistence.ensembleSize=1", "driver.client.persistence.ackQuorum=1"));

        assertThat(edited)
                .isEqualTo("name: Pulsar\ndriver: pulsar\nclient:\n  serviceUrl: pulsar://a:6650\n  persistence:\n"
                        + "    ensembleSize: 1\n    writeQuorum: 3\n    ackQuorum: 1\n  topicType: persistent\n");
    }

    @Test
    void aListIsReplacedByAFlowList() throws ConfigException {
        String rabbit =
                "name: RabbitMQ\ndriver: rabbitmq\namqpUris:\n  - amqp://a:5672\n  - amqp://b:5672\nautoAck: false\n";

        String edited =
                DriverAssignments.apply(rabbit, "rabbitmq.yaml", List.of("driver.amqpUris=[amqp://127.0.0.1:17672]"));

        assertThat(edited)
                .isEqualTo("name: RabbitMQ\ndriver: rabbitmq\namqpUris: [amqp://127.0.0.1:17672]\nautoAck: false\n");
    }

    @Test
    void aWholeBlockOrAMalformedAssignmentIsRefusedNamingIt() {
        assertThatThrownBy(() -> DriverAssignments.apply(KAFKA, "kafka.yaml", List.of("driver.producerConfig=acks=1")))
                .isInstanceOf(ConfigException.class)
                .hasMessage(
                        "kafka.yaml:6:1: --set driver.producerConfig=acks=1: 'producerConfig' is a block; set one of"
                                + " its properties instead: --set driver.producerConfig.PROPERTY=VALUE");
        assertThatThrownBy(() -> DriverAssignments.apply(KAFKA, "kafka.yaml", List.of("driver.linger")))
                .hasMessageStartingWith("--set driver.linger: expected driver.KEY=VALUE");
        assertThatThrownBy(() -> DriverAssignments.apply(KAFKA, "kafka.yaml", List.of("driver.=1")))
                .hasMessageStartingWith("--set driver.=1: expected driver.KEY=VALUE");
    }
}
