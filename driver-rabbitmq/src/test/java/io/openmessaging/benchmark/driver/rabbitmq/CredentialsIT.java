package io.openmessaging.benchmark.driver.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.driver.TopicSpec;
import io.openmessaging.benchmark.testing.TestNames;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A node started with {@code --user bench --password … --vhost perf}: the driver logs in with
 * credentials from the URI or from the YAML keys, and a wrong vhost fails with a clear message.
 */
class CredentialsIT {

    private static final String PASSWORD = "b3nch-pw";
    private static LocalRabbitMqBroker broker;

    @BeforeAll
    static void startBrokerWithUserAndVhost() {
        broker = LocalRabbitMqBroker.start(Map.of("user", "bench", "password", PASSWORD, "vhost", "perf"));
    }

    @AfterAll
    static void stopBroker() {
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void credentialsAndVhostFromTheYamlKeys() throws Exception {
        roundTrip("amqpUris: [" + broker.amqpUri() + "]\nusername: bench\npassword: " + PASSWORD
                + "\nvirtualHost: perf\n");
    }

    @Test
    void credentialsAndVhostFromTheUri() throws Exception {
        roundTrip("amqpUris: [" + broker.amqpUri().replace("amqp://", "amqp://bench:" + PASSWORD + "@") + "/perf]\n");
    }

    @Test
    void aVhostTheUserMayNotUseFailsInitializeWithAClearMessage() throws Exception {
        try (RabbitMqBenchmarkDriver driver = new RabbitMqBenchmarkDriver()) {
            driver.configure(
                    "amqpUris: [" + broker.amqpUri() + "/nowhere]\nusername: bench\npassword: " + PASSWORD + "\n",
                    "vhost.yaml");
            assertThatThrownBy(driver::initialize)
                    .isInstanceOf(DriverException.class)
                    .hasMessageStartingWith("vhost.yaml: cannot connect to amqp://bench@127.0.0.1:")
                    .hasMessageContaining("nowhere")
                    .hasMessageContaining("check the virtual host")
                    .hasMessageNotContaining(PASSWORD);
        }
    }

    private static void roundTrip(String yaml) throws Exception {
        RabbitMqDriverIT.Ledger ledger = new RabbitMqDriverIT.Ledger();
        try (RabbitMqBenchmarkDriver driver = new RabbitMqBenchmarkDriver()) {
            driver.configure(yaml, "credentials.yaml");
            driver.initialize();
            assertThat(driver.describe().get("rabbitmq.amqpUris"))
                    .endsWith("/perf")
                    .startsWith("amqp://bench@")
                    .doesNotContain(PASSWORD);
            String topic = TestNames.unique("it-credentials");
            driver.createTopics(List.of(new TopicSpec(topic, 2))).get();
            driver.createConsumer(topic, "sub", ledger).get();
            BenchmarkProducer producer = driver.createProducer(topic).get();
            for (int i = 0; i < 10; i++) {
                producer.sendAsync(null, new byte[10], i, i, 1, 0, ledger::acked);
            }
            ledger.awaitAcks(10, Duration.ofSeconds(30));
            ledger.awaitReceived(10, Duration.ofSeconds(30));
        }
        assertThat(broker.queueNames("perf")).isEmpty();
    }
}
