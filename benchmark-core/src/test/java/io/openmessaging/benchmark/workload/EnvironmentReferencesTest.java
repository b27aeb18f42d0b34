package io.openmessaging.benchmark.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.config.ConfigException;
import io.openmessaging.benchmark.drivers.DriverConfigurationLoader;
import io.openmessaging.benchmark.drivers.DriverRegistry;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code ${OMB_…}} in driver files: replaced from the environment, defaults, and a clear error when unset. */
class EnvironmentReferencesTest {

    private static final Map<String, String> ENV =
            Map.of("OMB_BROKERS", "b1:9092,b2:9092", "OMB_PASSWORD", "s3cr$t\\1");

    @Test
    void referencesAreReplacedAndOthersLeftAlone() throws Exception {
        String text = """
                commonConfig: |
                  bootstrap.servers=${OMB_BROKERS}
                  sasl.jaas.config=x password="${OMB_PASSWORD}";
                  ssl.keystore.password=${file:/etc/kafka/secrets.properties:keystore}
                  linger.ms=${OMB_LINGER:-5}
                  home=${HOME}
                """;

        assertThat(EnvironmentReferences.resolve(text, "k.yaml", ENV)).isEqualTo("""
                commonConfig: |
                  bootstrap.servers=b1:9092,b2:9092
                  sasl.jaas.config=x password="s3cr$t\\1";
                  ssl.keystore.password=${file:/etc/kafka/secrets.properties:keystore}
                  linger.ms=5
                  home=${HOME}
                """);
    }

    @Test
    void anUnsetVariableWithoutDefaultIsAnErrorAtItsPlaceEveryOneNamed() throws Exception {
        String text = "name: K\ndriver: kafka\ncommonConfig: |\n  bootstrap.servers=${OMB_HOSTS}\n  x=${OMB_Y}\n";

        assertThatThrownBy(() -> EnvironmentReferences.resolve(text, "k.yaml", ENV))
                .isInstanceOf(ConfigException.class)
                .satisfies(e -> assertThat(((ConfigException) e).problems())
                        .containsExactly(
                                "k.yaml:4:21: ${OMB_HOSTS} refers to the environment variable OMB_HOSTS, which is not set;"
                                        + " set it (export OMB_HOSTS=…) or give a default: ${OMB_HOSTS:-value}",
                                "k.yaml:5:5: ${OMB_Y} refers to the environment variable OMB_Y, which is not set; set it"
                                        + " (export OMB_Y=…) or give a default: ${OMB_Y:-value}"));
        assertThat(EnvironmentReferences.resolve("a: ${OMB_EMPTY:-}\n", "k.yaml", ENV))
                .as("an empty default")
                .isEqualTo("a: \n");
    }

    @Test
    void theDriverReadsTheResolvedTextAndResultsRecordTheWrittenOne() throws Exception {
        FakeDriverProvider fake = new FakeDriverProvider();
        String written = "name: ${OMB_NAME:-Fake}\ndriver: fake\nconnection:\n  servers: ${OMB_BROKERS}\n";

        DriverConfiguration configuration =
                DriverConfigurationLoader.parse(written, "f.yaml", new DriverRegistry(List.of(fake)), ENV);

        assertThat(configuration.name()).isEqualTo("Fake");
        assertThat(configuration.yamlText()).contains("servers: b1:9092,b2:9092");
        assertThat(configuration.writtenText()).isEqualTo(written);
    }
}
