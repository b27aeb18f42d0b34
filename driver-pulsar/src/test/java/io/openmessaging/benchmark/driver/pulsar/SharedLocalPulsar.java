package io.openmessaging.benchmark.driver.pulsar;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Helpers for integration tests: one {@link LocalPulsarStandalone} shared by every test class of the
 * JVM (started on first use, stopped by the fixture's shutdown hook), and shipped driver YAMLs pointed
 * at a local standalone.
 */
public final class SharedLocalPulsar {

    private static LocalPulsarStandalone standalone;

    private SharedLocalPulsar() {}

    /** The shared standalone. */
    public static synchronized LocalPulsarStandalone standalone() {
        if (standalone == null) {
            standalone = LocalPulsarStandalone.start();
        }
        return standalone;
    }

    /**
     * A shipped driver YAML rewritten for a local standalone: its service and admin addresses, and one
     * bookie per ledger (ensemble, write and ack quorum 1).
     *
     * @param file path of the YAML relative to the module directory
     */
    public static String shippedYamlFor(String file, LocalPulsarStandalone pulsar) {
        String yaml;
        try {
            yaml = Files.readString(Path.of(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return yaml.replaceAll("serviceUrl: \\S+", "serviceUrl: " + pulsar.serviceUrl())
                .replaceAll("httpUrl: \\S+", "httpUrl: " + pulsar.httpUrl())
                .replaceAll("(ensembleSize|writeQuorum|ackQuorum): \\d+", "$1: 1");
    }
}
