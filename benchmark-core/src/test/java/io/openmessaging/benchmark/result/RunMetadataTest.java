package io.openmessaging.benchmark.result;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What the coordinator's JVM can say about itself without help. */
class RunMetadataTest {

    @Test
    void describingThisHostFillsJvmOsHostnameAndProcessors() {
        RunMetadata metadata = RunMetadata.describingThisHost();

        assertThat(metadata.jvm).contains(Runtime.version().toString());
        assertThat(metadata.os).startsWith(System.getProperty("os.name")).endsWith(System.getProperty("os.arch"));
        assertThat(metadata.hostname).isNotBlank();
        assertThat(metadata.availableProcessors).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(metadata.driverYaml).isNull();
        assertThat(metadata.clockOffsets).isEmpty();
    }
}
