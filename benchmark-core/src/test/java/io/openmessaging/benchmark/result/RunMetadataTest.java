package io.openmessaging.benchmark.result;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.testing.SourceTree;
import org.junit.jupiter.api.Test;

/** What the coordinator's JVM can say about itself without help. */
class RunMetadataTest {

    @Test
    void describingThisHostFillsJvmOsHostnameAndProcessors() {
        RunMetadata metadata = RunMetadata.describingThisHost();

        assertThat(metadata.jvm).contains(Runtime.version().toString());
        assertThat(metadata.os).startsWith(System.getProperty("os.name")).endsWith(System.getProperty("os.arch"));
        assertThat(metadata.hostname).isNotBlank();
        assertThat(metadata.availableProcessors).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(metadata.driverYaml).isNull();
        assertThat(metadata.clockOffsets).isEmpty();
    }

    @Test
    void describingThisHostNamesTheVersionAndCommitTheBuildBakedIn() throws Exception {
        RunMetadata metadata = RunMetadata.describingThisHost();

        assertThat(metadata.projectVersion).matches("\\d+\\.\\d+\\.\\d+(-SNAPSHOT)?");
        String commit = SourceTree.commit();
        if (commit.equals(BuildIdentity.UNKNOWN)) {
            assertThat(metadata.gitSha).as("built from a tree without .git").isNull();
        } else {
            // the tree may have become dirty since the build; the commit may not differ
            assertThat(metadata.gitSha).matches("\\p{XDigit}{40}(-dirty)?").startsWith(commit);
        }
    }
}
