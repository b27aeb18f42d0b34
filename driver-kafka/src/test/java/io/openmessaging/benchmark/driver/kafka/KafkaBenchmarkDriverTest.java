package io.openmessaging.benchmark.driver.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.driver.DriverProvider;
import java.net.ServerSocket;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class KafkaBenchmarkDriverTest {

    @Test
    void providerIsFoundByIdAndUpstreamClassName() {
        List<DriverProvider> providers = ServiceLoader.load(DriverProvider.class).stream()
                .map(ServiceLoader.Provider::get)
                .collect(Collectors.toList());
        DriverProvider kafka = providers.stream()
                .filter(p -> p.id().equals("kafka"))
                .findFirst()
                .orElseThrow();
        assertThat(kafka.driverClassAliases()).containsExactly(KafkaBenchmarkDriver.class.getName());
        assertThat(kafka.create()).isInstanceOf(KafkaBenchmarkDriver.class);
    }

    @Test
    void configureRejectsABadFileWithoutConnecting() {
        BenchmarkDriver driver = new KafkaBenchmarkDriver();
        assertThatThrownBy(() -> driver.configure("commonConfig: |\n  bootstrap.servers=x:1\nbogus: 1\n", "my.yaml"))
                .isInstanceOf(DriverException.class)
                .hasMessageStartingWith("my.yaml:3:1: unknown key 'bogus'");
    }

    @Test
    void topicPrefixComesFromTheFile() throws Exception {
        BenchmarkDriver driver = new KafkaBenchmarkDriver();
        assertThat(driver.topicNamePrefix()).isEqualTo("test-topic");
        driver.configure("commonConfig: |\n  bootstrap.servers=x:1\ntopicPrefix: omb\n", "my.yaml");
        assertThat(driver.topicNamePrefix()).isEqualTo("omb");
    }

    @Test
    void clientsBeforeInitializeFailWithAClearError() throws Exception {
        try (KafkaBenchmarkDriver driver = new KafkaBenchmarkDriver()) {
            driver.configure("commonConfig: |\n  bootstrap.servers=127.0.0.1:1\n", "my.yaml");
            assertThatThrownBy(() -> driver.createProducer("t").get())
                    .isInstanceOf(ExecutionException.class)
                    .hasCauseInstanceOf(DriverException.class)
                    .hasMessageContaining("before initialize()");
            assertThatThrownBy(() -> driver.createTopics(List.of()).get()).hasCauseInstanceOf(DriverException.class);
        }
    }

    @Test
    void initializeFailsWithinItsTimeoutWhenNoBrokerAnswers() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        try (KafkaBenchmarkDriver driver = new KafkaBenchmarkDriver()) {
            driver.configure(
                    "initializeTimeoutMs: 1500\ncommonConfig: |\n  bootstrap.servers=127.0.0.1:" + port + "\n",
                    "my.yaml");
            long started = System.nanoTime();
            assertThatThrownBy(driver::initialize)
                    .isInstanceOf(DriverException.class)
                    .hasMessageContaining("my.yaml")
                    .hasMessageContaining("127.0.0.1:" + port);
            assertThat((System.nanoTime() - started) / 1_000_000).isLessThan(10_000);
        }
    }

    @Test
    void describeNamesTheClientVersionAndTheCountersStartAtZero() throws Exception {
        KafkaBenchmarkDriver driver = new KafkaBenchmarkDriver();
        driver.configure("commonConfig: |\n  bootstrap.servers=127.0.0.1:1\n", "my.yaml");
        assertThat(driver.describe())
                .containsEntry("kafka.enableAutoCommit", "false")
                .containsEntry("kafka.offsetCommitLingerMs", "1000")
                .doesNotContainKey("kafka.consumerFailures")
                .hasEntrySatisfying("kafka.clientVersion", v -> assertThat(v).startsWith("kafka-clients 4."));
        assertThat(driver.counters())
                .containsOnly(
                        entry("kafka.consumerFailures", 0L),
                        entry("kafka.offsetCommitFailures", 0L),
                        entry("kafka.malformedStamps", 0L));
    }
}
