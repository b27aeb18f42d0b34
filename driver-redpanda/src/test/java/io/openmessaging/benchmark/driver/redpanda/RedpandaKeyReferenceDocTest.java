package io.openmessaging.benchmark.driver.redpanda;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.config.KeyReference;
import io.openmessaging.benchmark.driver.kafka.KafkaDriverConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * docs/drivers/redpanda.md holds the key table of the Kafka driver file with the Redpanda driver's defaults.
 * Regenerate after changing a declaration: {@code mvn -q -pl driver-redpanda -am test
 * -Dtest=RedpandaKeyReferenceDocTest -Dsurefire.failIfNoSpecifiedTests=false -DregenerateDocs=true}.
 */
class RedpandaKeyReferenceDocTest {

    private static final Path DOC = Path.of("..", "docs", "drivers", "redpanda.md");

    @Test
    void theKeyTableOfThePageHasTheRedpandaDefaults() throws IOException {
        String table = KeyReference.keyTable(KafkaDriverConfig.schema(RedpandaBenchmarkDriver.REDPANDA));
        KeyReference.Page page = KeyReference.page(DOC, Map.of("redpanda-keys", table));

        assertThat(table).contains("| `offsetCommitLingerMs` | integer (milliseconds) | `5000` |");
        assertThat(page.writeIf(Boolean.getBoolean("regenerateDocs")))
                .as("%s is out of date; regenerate it (see this test's Javadoc)", DOC)
                .isEqualTo(page.generated());
    }
}
