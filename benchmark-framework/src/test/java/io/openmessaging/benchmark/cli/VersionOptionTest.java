package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.testing.SourceTree;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@code bin/benchmark --version}: the version and commit the build baked in, not the current directory's. */
class VersionOptionTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    private int run(String... args) {
        return Benchmark.run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                false);
    }

    @Test
    void versionNamesTheProjectVersionAndTheCommitOfTheBuild() throws Exception {
        assertThat(run("--version")).isZero();

        String commit = SourceTree.commit();
        assertThat(out.toString(StandardCharsets.UTF_8).strip())
                .matches("messaging-benchmark \\d+\\.\\d+\\.\\d+(-SNAPSHOT)? \\(git \\S+(, dirty)?\\)")
                .contains("(git " + commit);
    }

    @Test
    void theShortOptionPrintsTheSame() {
        assertThat(run("-V")).isZero();
        String shortForm = out.toString(StandardCharsets.UTF_8);
        out.reset();
        assertThat(run("--version")).isZero();

        assertThat(shortForm).isNotBlank().isEqualTo(out.toString(StandardCharsets.UTF_8));
    }
}
