package io.openmessaging.benchmark.driver.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.driver.TopicSpec;
import io.openmessaging.benchmark.testing.MessageLedger;
import io.openmessaging.benchmark.testing.TestNames;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * kafka-local-sasl-ssl.yaml against the local broker in SASL_SSL mode: the right password gives a
 * round trip, a wrong one fails initialize() fast with a clear error.
 */
class SaslSslIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final Duration AUTHENTICATION_FAILURE_BOUND = Duration.ofSeconds(20);

    private static LocalKafkaBroker broker;

    @BeforeAll
    static void startBroker() {
        broker = LocalKafkaBroker.start(true);
    }

    @AfterAll
    static void stopBroker() {
        if (broker != null) {
            broker.close();
        }
    }

    /** The shipped file, pointed at this broker's port and truststore. */
    private static String shippedYaml() {
        String truststore = broker.clientSecurityProperties().getProperty("ssl.truststore.location");
        String storePassword = broker.clientSecurityProperties().getProperty("ssl.truststore.password");
        String yaml = SharedLocalKafka.shippedYamlFor("kafka-local-sasl-ssl.yaml", broker);
        assertThat(yaml).contains("ssl.truststore.password=" + storePassword);
        return yaml.replaceAll("ssl\\.truststore\\.location=\\S+", "ssl.truststore.location=" + truststore);
    }

    @Test
    void roundTripWithTheRightPassword() throws Exception {
        MessageLedger ledger = new MessageLedger(256);
        try (KafkaBenchmarkDriver driver = new KafkaBenchmarkDriver()) {
            driver.configure(shippedYaml(), "kafka-local-sasl-ssl.yaml");
            driver.initialize();
            String topic = TestNames.unique(driver.topicNamePrefix());
            driver.createTopics(List.of(new TopicSpec(topic, 4))).get(60, TimeUnit.SECONDS);
            BenchmarkConsumer consumer = driver.createConsumer(topic, TestNames.unique("sub"), ledger)
                    .get();
            SharedLocalKafka.awaitAssignment(List.of(consumer), 4, TIMEOUT);
            BenchmarkProducer producer = driver.createProducer(topic).get();
            ledger.send(producer, 0, 0, 1_000);
            ledger.await(() -> ledger.deliveries() >= 1_000, TIMEOUT, "deliveries over SASL_SSL");
            assertThat(ledger.sendErrors()).isZero();
            assertThat(ledger.distinctReceived()).isEqualTo(1_000);
            assertThat(ledger.damagedStamps()).isZero();
        }
    }

    @Test
    void wrongPasswordFailsInitializeFastWithAClearError() throws Exception {
        String yaml = shippedYaml().replace("password=\"bench-secret\"", "password=\"not-the-password\"");
        assertThat(yaml).contains("not-the-password");
        try (KafkaBenchmarkDriver driver = new KafkaBenchmarkDriver()) {
            driver.configure(yaml, "kafka-local-sasl-ssl.yaml");
            long started = System.nanoTime();
            assertThatThrownBy(driver::initialize)
                    .isInstanceOf(DriverException.class)
                    .hasMessageContaining("kafka-local-sasl-ssl.yaml")
                    .hasMessageContaining(broker.bootstrapServers())
                    .hasMessageContaining("SaslAuthenticationException")
                    .hasMessageContaining("sasl.jaas.config");
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(AUTHENTICATION_FAILURE_BOUND);
            assertThat(driver.createTopics(List.of(new TopicSpec("never", 1))))
                    .failsWithin(Duration.ofSeconds(1))
                    .withThrowableOfType(java.util.concurrent.ExecutionException.class)
                    .withCauseInstanceOf(DriverException.class);
        }
    }
}
