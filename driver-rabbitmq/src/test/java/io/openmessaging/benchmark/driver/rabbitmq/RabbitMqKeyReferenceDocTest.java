package io.openmessaging.benchmark.driver.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.config.KeyReference;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * docs/drivers/rabbitmq.md holds the key table and rules generated from {@link RabbitMqDriverConfig#SCHEMA}.
 * Regenerate after changing a declaration: {@code mvn -q -pl driver-rabbitmq -am test
 * -Dtest=RabbitMqKeyReferenceDocTest -Dsurefire.failIfNoSpecifiedTests=false -DregenerateDocs=true}.
 */
class RabbitMqKeyReferenceDocTest {

    private static final Path DOC = Path.of("..", "docs", "drivers", "rabbitmq.md");

    @Test
    void theKeyTableAndRulesOfThePageAreTheDeclaredOnes() throws IOException {
        KeyReference.Page page = KeyReference.page(
                DOC,
                Map.of(
                        "rabbitmq-keys",
                        KeyReference.keyTable(RabbitMqDriverConfig.SCHEMA),
                        "rabbitmq-rules",
                        KeyReference.ruleList(RabbitMqDriverConfig.SCHEMA)));

        assertThat(page.writeIf(Boolean.getBoolean("regenerateDocs")))
                .as("%s is out of date; regenerate it (see this test's Javadoc)", DOC)
                .isEqualTo(page.generated());
    }
}
