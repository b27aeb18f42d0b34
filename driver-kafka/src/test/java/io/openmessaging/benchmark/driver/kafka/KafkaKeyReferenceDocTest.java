package io.openmessaging.benchmark.driver.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.config.KeyReference;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * docs/drivers/kafka.md holds the key table and rules generated from {@link KafkaDriverConfig#schema}.
 * Regenerate after changing a declaration: {@code mvn -q -pl driver-kafka -am test
 * -Dtest=KafkaKeyReferenceDocTest -Dsurefire.failIfNoSpecifiedTests=false -DregenerateDocs=true}.
 */
class KafkaKeyReferenceDocTest {

    private static final Path DOC = Path.of("..", "docs", "drivers", "kafka.md");

    @Test
    void theKeyTableAndRulesOfThePageAreTheDeclaredOnes() throws IOException {
        KeyReference.Page page = KeyReference.page(
                DOC,
                Map.of(
                        "kafka-keys",
                        KeyReference.keyTable(KafkaDriverConfig.schema(KafkaDriverDefaults.KAFKA)),
                        "kafka-rules",
                        KeyReference.ruleList(KafkaDriverConfig.schema(KafkaDriverDefaults.KAFKA))));

        assertThat(page.writeIf(Boolean.getBoolean("regenerateDocs")))
                .as("%s is out of date; regenerate it (see this test's Javadoc)", DOC)
                .isEqualTo(page.generated());
    }
}
