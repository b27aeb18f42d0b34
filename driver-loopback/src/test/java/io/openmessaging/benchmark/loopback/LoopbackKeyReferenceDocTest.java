package io.openmessaging.benchmark.loopback;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.config.KeyReference;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * docs/drivers/loopback.md holds the key tables generated from {@link LoopbackConfigSchema}. Regenerate
 * after changing a declaration: {@code mvn -q -pl driver-loopback -am test -Dtest=LoopbackKeyReferenceDocTest
 * -Dsurefire.failIfNoSpecifiedTests=false -DregenerateDocs=true}.
 */
class LoopbackKeyReferenceDocTest {

    private static final Path DOC = Path.of("..", "docs", "drivers", "loopback.md");

    @Test
    void theKeyTablesOfThePageAreTheDeclaredOnes() throws IOException {
        KeyReference.Page page = KeyReference.page(
                DOC,
                Map.of(
                        "loopback-keys",
                        KeyReference.keyTable(LoopbackConfigSchema.SCHEMA),
                        "loopback-stall-keys",
                        KeyReference.keyTable(LoopbackConfigSchema.STALL),
                        "loopback-fault-keys",
                        KeyReference.keyTable(LoopbackConfigSchema.FAULT)));

        assertThat(page.writeIf(Boolean.getBoolean("regenerateDocs")))
                .as("%s is out of date; regenerate it (see this test's Javadoc)", DOC)
                .isEqualTo(page.generated());
    }
}
