package io.openmessaging.benchmark.result;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.testing.SourceTree;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/build-identity.sh, which the build runs to bake the version and commit into benchmark-core's jar:
 * the commit is the source tree's own, and a tree without .git says "unknown" even inside another
 * repository.
 */
class BuildIdentityScriptTest {

    @TempDir
    Path dir;

    @Test
    void aGitWorkTreeGivesItsHeadAndWhetherTrackedFilesChanged() throws Exception {
        Path source = Files.createDirectories(dir.resolve("source"));
        Files.writeString(source.resolve("pom.xml"), "<project/>\n");
        git(source, "init", "-q");
        git(source, "add", "pom.xml");
        git(source, "commit", "-q", "-m", "first");
        String head = git(source, "rev-parse", "HEAD");

        assertThat(identity(source, "1.2.3")).isEqualTo(new BuildIdentity("1.2.3", head, "false"));

        Files.writeString(source.resolve("untracked.txt"), "not part of the build's sources\n");
        assertThat(identity(source, "1.2.3").dirty()).as("untracked files").isEqualTo("false");
        Files.writeString(source.resolve("pom.xml"), "<project></project>\n");
        BuildIdentity dirty = identity(source, "1.2.3");
        assertThat(dirty).isEqualTo(new BuildIdentity("1.2.3", head, "true"));
        assertThat(dirty.gitSha()).isEqualTo(head + "-dirty");
    }

    @Test
    void anExportedTreeInsideAnotherRepositoryIsUnknownNotThatRepositorysHead() throws Exception {
        Path enclosing = Files.createDirectories(dir.resolve("enclosing"));
        Files.writeString(enclosing.resolve("README"), "another project\n");
        git(enclosing, "init", "-q");
        git(enclosing, "add", "README");
        git(enclosing, "commit", "-q", "-m", "another project");
        Path exported = Files.createDirectories(enclosing.resolve("messaging-benchmark-1.2.3-src"));
        Files.writeString(exported.resolve("pom.xml"), "<project/>\n");

        BuildIdentity identity = identity(exported, "1.2.3");

        assertThat(identity).isEqualTo(new BuildIdentity("1.2.3", "unknown", "unknown"));
        assertThat(identity.gitSha()).isNull();
        assertThat(identity.describe()).isEqualTo("1.2.3 (git unknown)");
    }

    @Test
    void aTreeOutsideAnyRepositoryIsUnknown() throws Exception {
        Path exported = Files.createDirectories(dir.resolve("exported"));

        assertThat(identity(exported, "2.0.0")).isEqualTo(new BuildIdentity("2.0.0", "unknown", "unknown"));
    }

    @Test
    void aRepositoryWithoutACommitIsUnknown() throws Exception {
        Path fresh = Files.createDirectories(dir.resolve("fresh"));
        git(fresh, "init", "-q");

        assertThat(identity(fresh, "2.0.0")).isEqualTo(new BuildIdentity("2.0.0", "unknown", "unknown"));
    }

    /** Runs the script over {@code source} the way the build does and reads what it wrote. */
    private BuildIdentity identity(Path source, String version) throws Exception {
        Path output = dir.resolve("out/" + source.getFileName() + "/build-identity.properties");
        Process process = new ProcessBuilder(
                        "bash",
                        SourceTree.root().resolve("bin/build-identity.sh").toString(),
                        source.toString(),
                        version,
                        output.toString())
                .redirectErrorStream(true)
                .start();
        String log = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(log).isZero();
        try (InputStream in = new ByteArrayInputStream(Files.readAllBytes(output))) {
            return BuildIdentity.read(in);
        }
    }

    private static String git(Path directory, String... args) throws IOException, InterruptedException {
        SourceTree.Run run = SourceTree.git(directory, args);
        assertThat(run.exitCode()).as("git " + String.join(" ", args)).isZero();
        return run.output().strip();
    }
}
