package io.openmessaging.benchmark.loopback;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.config.KeyReference;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
        String page = Files.readString(DOC, StandardCharsets.UTF_8);
        String generated = KeyReference.withGeneratedBlock(
                KeyReference.withGeneratedBlock(
                        page, "loopback-keys", KeyReference.keyTable(LoopbackConfigSchema.SCHEMA)),
                "loopback-stall-keys",
                KeyReference.keyTable(LoopbackConfigSchema.STALL));
        if (Boolean.getBoolean("regenerateDocs")) {
            Files.writeString(DOC, generated, StandardCharsets.UTF_8);
            page = generated;
        }
        assertThat(page)
                .as("%s is out of date; regenerate it (see this test's Javadoc)", DOC)
                .isEqualTo(generated);
    }
}
