package io.openmessaging.benchmark.drivers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.config.ConfigException;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.workload.DriverConfiguration;
import io.openmessaging.benchmark.workload.FakeDriverProvider;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Driver files ({@link DriverConfigurationLoader}) and how they pick a driver ({@link DriverRegistry}). */
class DriverSelectionTest {

    private static final Path DRIVERS = Path.of("src/test/resources/drivers");

    private final FakeDriverProvider fake = new FakeDriverProvider();
    private final DriverRegistry registry = new DriverRegistry(List.of(fake, new FakeDriverProvider("pulsar")));

    @Test
    void driverIdSelectsTheDriverAndTheWholeTextIsKept() throws Exception {
        Path file = DRIVERS.resolve("fake.yaml");

        DriverConfiguration configuration = DriverConfigurationLoader.load(file, registry);

        assertThat(configuration)
                .isEqualTo(new DriverConfiguration("Fake", "fake", file.toString(), Files.readString(file)));
    }

    @Test
    void upstreamDriverClassSelectsTheSameDriver() throws Exception {
        DriverConfiguration configuration =
                DriverConfigurationLoader.load(DRIVERS.resolve("fake-upstream.yaml"), registry);

        assertThat(configuration.driverId()).isEqualTo("fake");
        assertThat(configuration.name()).isEqualTo("Fake (upstream style)");
    }

    @Test
    void driverAndDriverClassMayBothBeGivenWhenTheyAgree() throws Exception {
        String yaml = "name: both\ndriver: fake\ndriverClass: " + FakeDriverProvider.UPSTREAM_CLASS + "\n";

        assertThat(DriverConfigurationLoader.parse(yaml, "both.yaml", registry).driverId())
                .isEqualTo("fake");
    }

    @Test
    void driverAndDriverClassNamingDifferentDriversIsAnError() {
        String yaml = "name: both\ndriver: pulsar\ndriverClass: " + FakeDriverProvider.UPSTREAM_CLASS + "\n";

        assertThatThrownBy(() -> DriverConfigurationLoader.parse(yaml, "both.yaml", registry))
                .isInstanceOf(ConfigException.class)
                .hasMessage("both.yaml:2:9: 'driver: pulsar' and 'driverClass: " + FakeDriverProvider.UPSTREAM_CLASS
                        + "' name different drivers (the class belongs to 'fake'); keep one");
    }

    @Test
    void unknownDriverIdListsTheInstalledOnes() {
        assertThatThrownBy(() -> DriverConfigurationLoader.load(DRIVERS.resolve("unknown-driver.yaml"), registry))
                .hasMessage(DRIVERS.resolve("unknown-driver.yaml") + ":2:9: unknown driver 'faek' (did you mean"
                        + " 'fake'?); installed drivers: fake, pulsar");
    }

    @Test
    void unknownDriverClassListsTheClassesDriversAnswerTo() {
        assertThatThrownBy(() -> DriverConfigurationLoader.parse(
                        "name: x\ndriverClass: io.openmessaging.benchmark.driver.kafka.KafkaBenchmarkDriver\n",
                        "x.yaml",
                        registry))
                .hasMessage("x.yaml:2:14: driverClass 'io.openmessaging.benchmark.driver.kafka.KafkaBenchmarkDriver'"
                        + " is not a class any installed driver answers to; installed drivers and their classes: fake ["
                        + FakeDriverProvider.UPSTREAM_CLASS + "], pulsar []. Name the driver with 'driver: <id>'"
                        + " instead.");
    }

    @Test
    void nameAndDriverAreRequired() {
        assertThatThrownBy(() -> DriverConfigurationLoader.parse("bootstrap: localhost:9092\n", "bare.yaml", registry))
                .isInstanceOfSatisfying(
                        ConfigException.class,
                        e -> assertThat(e.problems())
                                .containsExactly(
                                        "bare.yaml: missing key 'name': give the driver configuration a name for the results, e.g."
                                                + " 'name: Kafka'",
                                        "bare.yaml: missing key 'driver': name the driver with 'driver: <id>' (installed: fake,"
                                                + " pulsar) or with upstream's 'driverClass: <class name>'"));
        assertThatThrownBy(() -> DriverConfigurationLoader.parse("name: x\ndriver: [fake]\n", "list.yaml", registry))
                .hasMessage("list.yaml:2:9: driver: found a list, expected a single non-empty text value");
    }

    @Test
    void newConfiguredDriverHandsTheWholeFileToTheDriver() throws Exception {
        DriverConfiguration configuration = DriverConfigurationLoader.load(DRIVERS.resolve("fake.yaml"), registry);

        BenchmarkDriver driver = registry.newConfiguredDriver(configuration);

        assertThat(driver).isSameAs(fake.created().get(0));
        assertThat(fake.created().get(0).configuredWith()).isEqualTo(configuration.yamlText());
        assertThat(fake.created().get(0).closed()).isFalse();
    }

    @Test
    void driverCrashWhileReadingIsReportedAsAProblemOfTheFile() {
        DriverConfiguration configuration = new DriverConfiguration("x", "fake", "x.yaml", "name: x\nexplode: now\n");

        assertThatThrownBy(() -> registry.newConfiguredDriver(configuration))
                .isInstanceOf(ConfigException.class)
                .hasMessage("x.yaml: driver 'fake' failed while reading the file: java.lang.IllegalStateException:"
                        + " boom")
                .hasCauseInstanceOf(IllegalStateException.class);
        assertThat(fake.created().get(0).closed()).isTrue();
    }

    @Test
    void driverRejectionKeepsTheDriversMessageAndClosesTheDriver() throws Exception {
        Path file = DRIVERS.resolve("fake-rejected.yaml");
        DriverConfiguration configuration = DriverConfigurationLoader.load(file, registry);

        assertThatThrownBy(() -> registry.newConfiguredDriver(configuration))
                .isInstanceOf(ConfigException.class)
                .hasMessage(file + ":5: compression is not supported by the fake driver");
        assertThat(fake.created())
                .singleElement()
                .satisfies(driver -> assertThat(driver.closed()).isTrue());
    }

    @Test
    void registryRefusesTwoDriversWithOneId() {
        assertThatThrownBy(() -> new DriverRegistry(List.of(new FakeDriverProvider(), new FakeDriverProvider())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("two drivers claim the id 'fake'");
    }

    @Test
    void resolveNeedsAtLeastOneName() {
        assertThatThrownBy(() -> registry.resolve(null, null, "k.yaml"))
                .hasMessage("k.yaml: no driver named; give 'driver: <id>' with one of fake, pulsar, or upstream's"
                        + " 'driverClass: <class name>'");
    }

    @Test
    void emptyRegistrySaysHowToInstallADriver() {
        assertThatThrownBy(() -> new DriverRegistry(List.of()).resolve("kafka", null, "k.yaml"))
                .hasMessage("k.yaml: unknown driver 'kafka'; installed drivers: none (put a driver's jar on the class"
                        + " path)");
    }

    @Test
    void serviceLoaderFindsRegisteredProviders(@TempDir Path classPathRoot) throws Exception {
        Path services = classPathRoot.resolve("META-INF/services");
        Files.createDirectories(services);
        Files.writeString(
                services.resolve("io.openmessaging.benchmark.driver.DriverProvider"),
                "# a driver jar's registration\n" + FakeDriverProvider.class.getName() + "\n");

        try (URLClassLoader loader = new URLClassLoader(
                new URL[] {classPathRoot.toUri().toURL()}, getClass().getClassLoader())) {
            DriverRegistry installed = new DriverRegistry(loader);

            assertThat(installed.knownIds()).contains("fake");
            assertThat(installed
                            .resolve(null, FakeDriverProvider.UPSTREAM_CLASS, "x.yaml")
                            .id())
                    .isEqualTo("fake");
        }
    }
}
