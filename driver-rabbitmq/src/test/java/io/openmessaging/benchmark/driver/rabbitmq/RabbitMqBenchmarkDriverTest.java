package io.openmessaging.benchmark.driver.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.cli.Benchmark;
import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.driver.DriverProvider;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

class RabbitMqBenchmarkDriverTest {

    @Test
    void providerIsFoundByIdAndUpstreamClassName() {
        DriverProvider rabbitmq = ServiceLoader.load(DriverProvider.class).stream()
                .map(ServiceLoader.Provider::get)
                .filter(p -> p.id().equals("rabbitmq"))
                .findFirst()
                .orElseThrow();
        assertThat(rabbitmq.driverClassAliases())
                .containsExactly("io.openmessaging.benchmark.driver.rabbitmq.RabbitMqBenchmarkDriver");
        assertThat(rabbitmq.create()).isInstanceOf(RabbitMqBenchmarkDriver.class);
    }

    @Test
    void benchmarkValidateAcceptsEveryShippedYaml() throws Exception {
        List<String> args = new ArrayList<>(List.of("validate"));
        for (Path file : RabbitMqDriverConfigTest.shippedYamls()) {
            args.add(file.toString());
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Benchmark.run(
                args.toArray(new String[0]),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                false);
        assertThat(exit).as(err.toString(StandardCharsets.UTF_8)).isEqualTo(Benchmark.EXIT_OK);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains((args.size() - 1) + " file(s) valid");
    }

    @Test
    void configureRejectsABadFileWithoutConnecting() {
        RabbitMqBenchmarkDriver driver = new RabbitMqBenchmarkDriver();
        assertThatThrownBy(() -> driver.configure("amqpUris: [amqp://x]\nbogus: 1\n", "my.yaml"))
                .isInstanceOf(DriverException.class)
                .hasMessageStartingWith("my.yaml:2:1: unknown key 'bogus'");
    }

    @Test
    void topicPrefixComesFromTheFile() throws Exception {
        RabbitMqBenchmarkDriver driver = new RabbitMqBenchmarkDriver();
        assertThat(driver.topicNamePrefix()).isEqualTo("test-topic");
        driver.configure("amqpUris: [amqp://x]\ntopicPrefix: omb\n", "my.yaml");
        assertThat(driver.topicNamePrefix()).isEqualTo("omb");
    }

    @Test
    void clientsBeforeInitializeFailWithAClearError() throws Exception {
        try (RabbitMqBenchmarkDriver driver = new RabbitMqBenchmarkDriver()) {
            driver.configure("amqpUris: [amqp://127.0.0.1:1]\n", "my.yaml");
            assertThatThrownBy(() -> driver.createProducer("t").get())
                    .isInstanceOf(ExecutionException.class)
                    .hasCauseInstanceOf(DriverException.class)
                    .hasMessageContaining("before initialize()");
            assertThatThrownBy(() -> driver.createTopics(List.of()).get()).hasCauseInstanceOf(DriverException.class);
        }
    }

    @Test
    void initializeFailsClearlyWhenNoBrokerListens() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        try (RabbitMqBenchmarkDriver driver = new RabbitMqBenchmarkDriver()) {
            driver.configure("amqpUris: [amqp://127.0.0.1:" + port + "]\nconnectionTimeoutMs: 2000\n", "my.yaml");
            assertThatThrownBy(driver::initialize)
                    .isInstanceOf(DriverException.class)
                    .hasMessageStartingWith("my.yaml: cannot connect to amqp://127.0.0.1:" + port)
                    .hasMessageContaining("is the broker running?");
            assertThat(driver.openConnections()).isZero();
        }
    }
}
