package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.testing.CommandLineRun;
import io.openmessaging.benchmark.testing.SourceTree;
import org.junit.jupiter.api.Test;

/** {@code bin/benchmark --version}: the version and commit the build baked in, not the current directory's. */
class VersionOptionTest {

    private final CommandLineRun cli = new CommandLineRun();

    @Test
    void versionNamesTheProjectVersionAndTheCommitOfTheBuild() throws Exception {
        assertThat(cli.run("--version")).isZero();

        String commit = SourceTree.commit();
        assertThat(cli.stdout().strip())
                .matches("messaging-benchmark \\d+\\.\\d+\\.\\d+(-SNAPSHOT)? \\(git \\S+(, dirty)?\\)")
                .contains("(git " + commit);
    }

    @Test
    void theShortOptionPrintsTheSame() {
        assertThat(cli.run("-V")).isZero();
        String shortForm = cli.stdout();
        cli.reset();
        assertThat(cli.run("--version")).isZero();

        assertThat(shortForm).isNotBlank().isEqualTo(cli.stdout());
    }

    @Test
    void theVersionCommandPrintsTheSame() {
        assertThat(cli.run("version")).as(cli.stderr()).isZero();
        String command = cli.stdout();
        cli.reset();
        assertThat(cli.run("--version")).isZero();

        assertThat(command).isNotBlank().isEqualTo(cli.stdout());
    }
}
