package io.openmessaging.benchmark.driver.pulsar;

import static io.openmessaging.benchmark.testing.ConsumerCallbacks.receiving;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import io.openmessaging.benchmark.cli.Benchmark;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
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

class PulsarBenchmarkDriverTest {

    private static final String LOCAL = """
            client:
              serviceUrl: pulsar://127.0.0.1:%d
              httpUrl: http://127.0.0.1:%d
              operationTimeoutMs: 1500
            """;

    @Test
    void providerIsFoundByIdAndUpstreamClassName() {
        DriverProvider pulsar = ServiceLoader.load(DriverProvider.class).stream()
                .map(ServiceLoader.Provider::get)
                .filter(p -> p.id().equals("pulsar"))
                .findFirst()
                .orElseThrow();
        assertThat(pulsar.driverClassAliases()).containsExactly(PulsarBenchmarkDriver.class.getName());
        assertThat(pulsar.create()).isInstanceOf(PulsarBenchmarkDriver.class);
    }

    @Test
    void benchmarkValidateAcceptsEveryShippedFile() throws Exception {
        List<String> arguments = new ArrayList<>(List.of("validate"));
        for (Path file : PulsarDriverConfigTest.shippedYamls()) {
            arguments.add(file.toString());
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exitCode = Benchmark.run(
                arguments.toArray(new String[0]),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                false);
        assertThat(exitCode).as(err.toString(StandardCharsets.UTF_8)).isEqualTo(Benchmark.EXIT_OK);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("4 file(s) valid");
    }

    @Test
    void configureRejectsABadFileWithoutConnecting() {
        BenchmarkDriver driver = new PulsarBenchmarkDriver();
        assertThatThrownBy(() -> driver.configure(LOCAL.formatted(1, 2) + "bogus: 1\n", "my.yaml"))
                .isInstanceOf(DriverException.class)
                .hasMessageStartingWith("my.yaml:5:1: unknown key 'bogus'");
    }

    @Test
    void topicsLiveInTheRunsOwnNamespace() throws Exception {
        PulsarBenchmarkDriver driver = new PulsarBenchmarkDriver();
        driver.configure(
                LOCAL.formatted(1, 2) + "  namespacePrefix: omb/run\n  topicType: non-persistent\n", "my.yaml");
        assertThat(driver.namespace()).matches("omb/run-[a-z0-9]{5}");
        assertThat(driver.topicNamePrefix()).isEqualTo("non-persistent://" + driver.namespace() + "/test");
        assertThat(new PulsarBenchmarkDriver().namespace()).isNotEqualTo(new PulsarBenchmarkDriver().namespace());
    }

    @Test
    void clientsBeforeInitializeFailWithAClearError() throws Exception {
        try (PulsarBenchmarkDriver driver = new PulsarBenchmarkDriver()) {
            driver.configure(LOCAL.formatted(1, 2), "my.yaml");
            assertThatThrownBy(() -> driver.createProducer("t").get())
                    .isInstanceOf(ExecutionException.class)
                    .hasCauseInstanceOf(DriverException.class)
                    .hasMessageContaining("before initialize()");
            assertThatThrownBy(() -> driver.createConsumer("t", "s", receiving((stamp, size) -> {}))
                            .get())
                    .hasCauseInstanceOf(DriverException.class);
            assertThatThrownBy(() -> driver.createTopics(List.of()).get()).hasCauseInstanceOf(DriverException.class);
        }
    }

    @Test
    void initializeFailsNamingTheAdminAddressWhenNothingListens() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        try (PulsarBenchmarkDriver driver = new PulsarBenchmarkDriver()) {
            driver.configure(LOCAL.formatted(port, port), "my.yaml");
            long started = System.nanoTime();
            assertThatThrownBy(driver::initialize)
                    .isInstanceOf(DriverException.class)
                    .hasMessage("my.yaml: connection refused at http://127.0.0.1:" + port + " (client.httpUrl): no"
                            + " Pulsar broker listens there; start it, or correct client.httpUrl");
            assertThat((System.nanoTime() - started) / 1_000_000).isLessThan(20_000);
        }
    }

    @Test
    void describeNamesTheClientVersionAndSettingsAndTheCountersStartAtZero() throws Exception {
        PulsarBenchmarkDriver driver = new PulsarBenchmarkDriver();
        driver.configure(LOCAL.formatted(1, 2), "my.yaml");
        assertThat(driver.describe())
                .containsEntry("pulsar.subscriptionType", "Failover")
                .containsEntry("pulsar.persistence", "ensembleSize 3, writeQuorum 3, ackQuorum 2")
                .doesNotContainKey("pulsar.consumerFailures")
                .hasEntrySatisfying("pulsar.clientVersion", v -> assertThat(v).startsWith("pulsar-client 4."));
        assertThat(driver.counters())
                .containsOnly(
                        entry("pulsar.consumerFailures", 0L),
                        entry("pulsar.ackFailures", 0L),
                        entry("pulsar.malformedStamps", 0L));
    }
}
