package io.openmessaging.benchmark.studyrunner;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What study run reads from bin/local-broker's output, and which systems it starts brokers for. */
class LocalBrokerTest {

    @Test
    void theVersionIsTheOneOfTheReadyLine() {
        assertThat(LocalBroker.versionIn("local-broker: started Kafka 4.4.0 as pid 1; waiting …\n"
                        + "Kafka 4.4.0 ready on 127.0.0.1:19092 (PLAINTEXT, KRaft) after 6 s\n"))
                .isEqualTo("4.4.0");
        assertThat(LocalBroker.versionIn("Pulsar 4.2.4 standalone ready on 127.0.0.1:16650 after 30 s\n"))
                .isEqualTo("4.2.4");
        assertThat(LocalBroker.versionIn("RabbitMQ 3.12.1 ready on 127.0.0.1:17672 (node x) after 4 s\n"))
                .isEqualTo("3.12.1");
        assertThat(LocalBroker.versionIn("local-broker: error: port in use\n")).isNull();
    }

    @Test
    void kafkaPulsarAndRabbitMqHaveLocalBrokersAndLoopbackNeedsNone() {
        assertThat(LocalBroker.runs("kafka")).isTrue();
        assertThat(LocalBroker.runs("pulsar")).isTrue();
        assertThat(LocalBroker.runs("rabbitmq")).isTrue();
        assertThat(LocalBroker.runs("redpanda")).isFalse();
        assertThat(LocalBroker.needsNoBroker("loopback")).isTrue();
        assertThat(LocalBroker.driverSettings("rabbitmq")).containsExactly("driver.amqpUris=[amqp://127.0.0.1:17672]");
    }
}
