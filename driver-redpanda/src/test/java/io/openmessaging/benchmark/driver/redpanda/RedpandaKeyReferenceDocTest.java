package io.openmessaging.benchmark.driver.redpanda;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.config.KeyReference;
import io.openmessaging.benchmark.driver.kafka.KafkaDriverConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
        String page = Files.readString(DOC, StandardCharsets.UTF_8);
        String table = KeyReference.keyTable(KafkaDriverConfig.schema(RedpandaBenchmarkDriver.REDPANDA));
        String generated = KeyReference.withGeneratedBlock(page, "redpanda-keys", table);
        if (Boolean.getBoolean("regenerateDocs")) {
            Files.writeString(DOC, generated, StandardCharsets.UTF_8);
            page = generated;
        }
        assertThat(table).contains("| `offsetCommitLingerMs` | integer (milliseconds) | `5000` |");
        assertThat(page)
                .as("%s is out of date; regenerate it (see this test's Javadoc)", DOC)
                .isEqualTo(generated);
    }
}
