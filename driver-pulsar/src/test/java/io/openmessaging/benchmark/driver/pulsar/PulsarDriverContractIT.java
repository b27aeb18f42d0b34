package io.openmessaging.benchmark.driver.pulsar;

import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.testing.DriverContract;

/** The driver contract ({@link DriverContract}) against the local Pulsar standalone with pulsar-local.yaml. */
class PulsarDriverContractIT extends DriverContract {

    @Override
    protected BenchmarkDriver initializedDriver() throws Exception {
        PulsarBenchmarkDriver driver = new PulsarBenchmarkDriver();
        driver.configure(
                SharedLocalPulsar.shippedYamlFor("pulsar-local.yaml", SharedLocalPulsar.standalone()),
                "pulsar-local.yaml");
        driver.initialize();
        return driver;
    }
}
