package io.openmessaging.benchmark.regression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.regression.RegressionVersions.PinnedVersion;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The matrix expansion: every case at every version of its system, in rounds, a broker-less case once. */
class RegressionMatrixTest {

    private static final RegressionCase KAFKA = new RegressionCase("kafka", "kafka", "k.yaml", "w.yaml", 1);
    private static final RegressionCase KAFKA_TLS = new RegressionCase("kafka-tls", "kafka", "t.yaml", "w.yaml", 2);
    private static final RegressionCase LOOPBACK = new RegressionCase("loopback", "none", "l.yaml", "w.yaml", 3);
    private static final RegressionCase PULSAR = new RegressionCase("pulsar", "pulsar", "p.yaml", "w.yaml", 4);

    private static RegressionVersions versions(String... systemVersions) {
        List<PinnedVersion> pinned = new java.util.ArrayList<>();
        for (String systemVersion : systemVersions) {
            String[] parts = systemVersion.split(" ");
            pinned.add(new PinnedVersion(parts[0], parts[1], "why", pinned.size() + 1));
        }
        return new RegressionVersions(Path.of("versions"), pinned);
    }

    private static List<String> ids(RegressionMatrix matrix) {
        return matrix.entries().stream().map(RegressionMatrix.Entry::id).toList();
    }

    @Test
    void everyCaseRunsAtEveryVersionOfItsSystemRoundByRound() {
        RegressionSuite suite = new RegressionSuite(Path.of("suite"), List.of(KAFKA, KAFKA_TLS, LOOPBACK, PULSAR));

        RegressionMatrix matrix = RegressionMatrix.expand(
                suite, versions("kafka 3.9.2", "pulsar 3.0.7", "kafka 4.0.2", "kafka 4.4.0", "pulsar 4.2.4"));

        assertThat(ids(matrix))
                .containsExactly(
                        "kafka@3.9.2",
                        "kafka-tls@3.9.2",
                        "loopback",
                        "pulsar@3.0.7",
                        "kafka@4.0.2",
                        "kafka-tls@4.0.2",
                        "pulsar@4.2.4",
                        "kafka@4.4.0",
                        "kafka-tls@4.4.0");
        RegressionMatrix.Entry first = matrix.entries().get(0);
        assertThat(first.version()).isEqualTo("3.9.2");
        assertThat(first.asCase()).isEqualTo(new RegressionCase("kafka@3.9.2", "kafka", "k.yaml", "w.yaml", 1));
        assertThat(matrix.entries().get(2).version()).isEmpty();
    }

    @Test
    void versionsOfSystemsNoCaseNeedsAreLeftOut() {
        RegressionSuite suite = new RegressionSuite(Path.of("suite"), List.of(PULSAR));

        assertThat(ids(RegressionMatrix.expand(suite, versions("kafka 4.4.0", "pulsar 4.2.4"))))
                .containsExactly("pulsar@4.2.4");
    }

    @Test
    void aCaseWhoseSystemHasNoVersionIsRefused() {
        RegressionSuite suite = new RegressionSuite(Path.of("suite"), List.of(KAFKA, PULSAR));

        assertThatThrownBy(() -> RegressionMatrix.expand(suite, versions("kafka 4.4.0")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "versions lists no version of pulsar (case 'pulsar'); add a line 'SYSTEM VERSION WHY' for it");
    }
}
