package io.openmessaging.benchmark.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.config.ConfigKey;
import io.openmessaging.benchmark.config.ConfigRule;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The committed {@code docs/workload-reference.md} is the schema's rendering. Regenerate it with
 * {@code -DregenerateDocs=true} (see {@link #REGENERATE}) or with {@code WorkloadSchema.main}.
 */
class WorkloadReferenceDocTest {

    private static final Path DOC = Path.of("..", "docs", "workload-reference.md");

    private static final String REGENERATE = "mvn -q -pl benchmark-core -am test -Dtest=WorkloadReferenceDocTest"
            + " -Dsurefire.failIfNoSpecifiedTests=false -DregenerateDocs=true";

    @Test
    void committedReferenceMatchesTheSchema() throws Exception {
        String generated = WorkloadSchema.referenceMarkdown();
        if (Boolean.getBoolean("regenerateDocs")) {
            WorkloadSchema.main(new String[] {DOC.toString()});
        }
        assertThat(Files.exists(DOC))
                .as("%s is missing; create it with: %s", DOC.normalize(), REGENERATE)
                .isTrue();
        assertThat(Files.readString(DOC, StandardCharsets.UTF_8))
                .as("docs/workload-reference.md is out of date with WorkloadSchema; regenerate it with: %s", REGENERATE)
                .isEqualTo(generated);
    }

    @Test
    void referenceDocumentsEveryKeyAndRule() {
        String doc = WorkloadSchema.referenceMarkdown();
        for (ConfigKey<?> field : WorkloadSchema.fields()) {
            assertThat(doc).contains("`" + field.name() + "`").contains(field.meaning());
        }
        for (ConfigRule rule : WorkloadSchema.rules()) {
            assertThat(doc).contains(rule.documentation());
        }
        assertThat(doc)
                .contains("| `producerRate` | number (messages per second) | *required* without `producerRateSteps` or"
                        + " `producerRateRamp` | ≥ 0 |")
                .contains("| `warmupDuration` | duration | `1m` |")
                .contains("| `keyDistributor` | enum | `NO_KEY` | `NO_KEY`, `KEY_ROUND_ROBIN`, `RANDOM_NANO` |")
                .contains("| `randomBytesRatio` | number | `0` | 0 … 1 |");
    }
}
