package io.openmessaging.benchmark.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.testing.LocalBrokerScripts;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/perf-baseline}'s refusals of its command line: exit 2 with a one-line reason, before any broker starts. */
class PerfBaselineScriptTest {

    @TempDir
    Path results;

    private static Path script() {
        return LocalBrokerScripts.repositoryRoot().resolve("bin/perf-baseline");
    }

    @Test
    void aResultsDirectoryThatAlreadyHoldsRunsIsRefused() throws Exception {
        Files.createDirectories(results.resolve("inprocess-10000-r1"));

        Process process = new ProcessBuilder(script().toString(), "--results-dir", results.toString()).start();
        assertThat(process.waitFor(30, TimeUnit.SECONDS))
                .as("bin/perf-baseline returned")
                .isTrue();
        String stderr = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(process.exitValue()).isEqualTo(2);
        assertThat(stderr)
                .startsWith("perf-baseline: error: --results-dir: " + results
                        + " already holds runs (inprocess-10000-r1 and maybe more); choose a new directory\n");
        try (var listing = Files.list(results)) {
            assertThat(listing.map(path -> path.getFileName().toString())).containsExactly("inprocess-10000-r1");
        }
    }
}
