package io.openmessaging.benchmark.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The repository the tests run in (a module's parent directory) and its git state, asked of git itself. */
public final class SourceTree {

    private SourceTree() {}

    /** The repository's root: the parent of the module directory the tests run in. */
    public static Path root() {
        Path root = Path.of("").toAbsolutePath().getParent();
        if (!Files.isRegularFile(root.resolve("bin/build-identity.sh"))) {
            throw new IllegalStateException("tests must run in a module directory of the repository, not " + root);
        }
        return root;
    }

    /**
     * The commit the repository is checked out at, or {@code "unknown"} when the root is not the top of a
     * git work tree (a source tarball): what the build must have baked into the jar.
     */
    public static String commit() throws IOException, InterruptedException {
        Path root = root();
        Run top = git(root, "rev-parse", "--show-toplevel");
        if (top.exitCode() != 0 || !Path.of(top.output().strip()).toRealPath().equals(root.toRealPath())) {
            return "unknown";
        }
        return git(root, "rev-parse", "HEAD").output().strip();
    }

    /** One git command's exit code and standard output. */
    public record Run(int exitCode, String output) {}

    /** Runs {@code git -C directory ARGS…} with no user configuration, and waits for it. */
    public static Run git(Path directory, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                "git",
                "-c",
                "user.name=Benchmark Tests",
                "-c",
                "user.email=tests@example.org",
                "-c",
                "init.defaultBranch=main",
                "-C",
                directory.toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("GIT_CONFIG_GLOBAL", "/dev/null");
        builder.environment().put("GIT_CONFIG_NOSYSTEM", "1");
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException("git " + String.join(" ", args) + " did not end within 60 s");
        }
        return new Run(process.exitValue(), output);
    }
}
