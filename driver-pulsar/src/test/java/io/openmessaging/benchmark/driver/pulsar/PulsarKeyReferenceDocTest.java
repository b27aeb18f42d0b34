package io.openmessaging.benchmark.driver.pulsar;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.config.KeyReference;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * docs/drivers/pulsar.md holds the key table and rules generated from {@link PulsarDriverConfig#SCHEMA}.
 * Regenerate after changing a declaration: {@code mvn -q -pl driver-pulsar -am test
 * -Dtest=PulsarKeyReferenceDocTest -Dsurefire.failIfNoSpecifiedTests=false -DregenerateDocs=true}.
 */
class PulsarKeyReferenceDocTest {

    private static final Path DOC = Path.of("..", "docs", "drivers", "pulsar.md");

    @Test
    void theKeyTableAndRulesOfThePageAreTheDeclaredOnes() throws IOException {
        KeyReference.Page page = KeyReference.page(
                DOC,
                Map.of(
                        "pulsar-keys",
                        KeyReference.keyTable(PulsarDriverConfig.SCHEMA),
                        "pulsar-rules",
                        KeyReference.ruleList(PulsarDriverConfig.SCHEMA)));

        assertThat(page.writeIf(Boolean.getBoolean("regenerateDocs")))
                .as("%s is out of date; regenerate it (see this test's Javadoc)", DOC)
                .isEqualTo(page.generated());
    }
}
