package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/benchmark-worker} refuses to listen beyond loopback without a token, and says when a token leaks. */
class WorkerExposureTest {

    @TempDir
    Path dir;

    @Test
    void aNonLoopbackBindWithoutATokenIsRefusedUnlessTheUserSaysInsecure() {
        assertThat(BenchmarkWorker.exposureProblem("0.0.0.0", null, false))
                .startsWith("--bind 0.0.0.0 listens beyond this machine, so a token is required: give --token-file")
                .contains("--insecure-no-token");
        assertThat(BenchmarkWorker.exposureProblem("::", null, false)).contains("a token is required");
        assertThat(BenchmarkWorker.exposureProblem("0.0.0.0", null, true)).isNull();
        assertThat(BenchmarkWorker.exposureProblem("0.0.0.0", "t0ken", false)).isNull();
        assertThat(BenchmarkWorker.exposureProblem("127.0.0.1", null, false)).isNull();
        assertThat(BenchmarkWorker.exposureProblem("127.0.0.2", null, false)).isNull();
        assertThat(BenchmarkWorker.exposureProblem("localhost", null, false)).isNull();
    }

    @Test
    void aTokenFileOthersCanReadIsWarnedAbout() throws Exception {
        Path token = Files.writeString(dir.resolve("token"), "s3cret\n");
        Files.setPosixFilePermissions(token, PosixFilePermissions.fromString("rw-r--r--"));
        assertThat(BenchmarkWorker.tokenFileWarning(token))
                .isEqualTo("the token file " + token + " is readable by other users (rw-r--r--); chmod 600 it");
        Files.setPosixFilePermissions(token, PosixFilePermissions.fromString("rw-------"));
        assertThat(BenchmarkWorker.tokenFileWarning(token)).isNull();
    }

    @Test
    void theReadyLineNamesAnAddressClientsCanUse() {
        assertThat(BenchmarkWorker.reachableHost("0.0.0.0"))
                .isNotEqualTo("0.0.0.0")
                .isNotBlank();
        assertThat(BenchmarkWorker.reachableHost("127.0.0.1")).isEqualTo("127.0.0.1");
        assertThat(BenchmarkWorker.reachableHost("::1")).isEqualTo("[::1]");
    }
}
