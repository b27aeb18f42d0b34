package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The worker token from {@code --token-file} or the environment, and why it cannot be had. */
class WorkerTokenTest {

    @TempDir
    Path dir;

    @Test
    void aMissingTokenFileIsNamedWithTheReason() {
        Path missing = dir.resolve("no-such-token");

        assertThatThrownBy(() -> WorkerToken.read(missing.toString(), Map.of()))
                .isInstanceOf(IOException.class)
                .hasMessage("--token-file " + missing + ": not found (no such file); write the token to it and"
                        + " chmod 600 it");
    }

    @Test
    void aRelativeMissingTokenFileSaysWhereItWasLookedFor() {
        assertThatThrownBy(() -> WorkerToken.read("no-such-token-file", Map.of()))
                .hasMessageStartingWith("--token-file no-such-token-file: not found (no such file relative to "
                        + Path.of("").toAbsolutePath() + ")");
    }

    @Test
    void anEmptyOrBlankTokenFileIsRefused() throws Exception {
        Path empty = Files.writeString(dir.resolve("empty"), "");
        Path blank = Files.writeString(dir.resolve("blank"), " \n\n");

        assertThatThrownBy(() -> WorkerToken.read(empty.toString(), Map.of()))
                .hasMessage("--token-file " + empty + ": is empty; put the token on its first line");
        assertThatThrownBy(() -> WorkerToken.read(blank.toString(), Map.of()))
                .hasMessage("--token-file " + blank + ": is empty; put the token on its first line");
    }

    @Test
    void aDirectoryIsNotATokenFile() {
        assertThatThrownBy(() -> WorkerToken.read(dir.toString(), Map.of()))
                .hasMessage("--token-file " + dir + ": is a directory; give the file that holds the token on one line");
    }

    @Test
    void aFileThisUserMayNotReadIsSaidSo() {
        // the reason as the file system gives it (these tests may run as root, who may read any file)
        Path file = dir.resolve("token");

        assertThat(WorkerToken.problem(file, new AccessDeniedException(file.toString())))
                .isEqualTo("--token-file " + file + ": not readable by this user (permission denied); run the"
                        + " command as the file's owner or give it read permission for this user");
        assertThat(WorkerToken.problem(file, new IOException("Input/output error")))
                .isEqualTo("--token-file " + file + ": cannot be read (Input/output error)");
    }

    @Test
    void notUtf8TextIsRefused() throws Exception {
        Path binary = Files.write(dir.resolve("binary"), new byte[] {(byte) 0xff, (byte) 0xfe, 0x41});

        assertThatThrownBy(() -> WorkerToken.read(binary.toString(), Map.of()))
                .hasMessage("--token-file " + binary + ": is not UTF-8 text; the token is one line of text");
    }

    @Test
    void theTokenIsTheFilesTextWithoutSurroundingWhitespace() throws Exception {
        Path file = Files.writeString(dir.resolve("token"), "  s3cret\n");

        assertThat(WorkerToken.read(file.toString(), Map.of("OMB_WORKER_TOKEN", "from-env")))
                .isEqualTo("s3cret");
    }

    @Test
    void withoutAFileTheEnvironmentVariableGivesTheTokenOrNone() throws Exception {
        assertThat(WorkerToken.read(null, Map.of("OMB_WORKER_TOKEN", "from-env")))
                .isEqualTo("from-env");
        assertThat(WorkerToken.read(null, Map.of())).isNull();
        assertThatThrownBy(() -> WorkerToken.read(null, Map.of("OMB_WORKER_TOKEN", " ")))
                .hasMessageStartingWith("the OMB_WORKER_TOKEN environment variable is set but empty");
    }
}
