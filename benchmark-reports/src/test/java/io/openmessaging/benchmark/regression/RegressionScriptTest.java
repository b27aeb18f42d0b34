package io.openmessaging.benchmark.regression;

import static io.openmessaging.benchmark.regression.RegressionFixtures.projectRoot;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/regression}'s own command-line checks, which run before it builds, starts or runs anything:
 * each bad command line exits 2 with a message naming the problem, and {@code --help} prints the usage.
 */
class RegressionScriptTest {

    @TempDir
    Path temp;

    private record Outcome(int exitCode, String stdout, String stderr) {}

    private static Outcome script(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(
                List.of("bash", projectRoot().resolve("bin/regression").toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).start();
        process.getOutputStream().close();
        byte[] stdout = process.getInputStream().readAllBytes();
        byte[] stderr = process.getErrorStream().readAllBytes();
        assertThat(process.waitFor(60, TimeUnit.SECONDS))
                .as("bin/regression ended")
                .isTrue();
        return new Outcome(
                process.exitValue(),
                new String(stdout, StandardCharsets.UTF_8),
                new String(stderr, StandardCharsets.UTF_8));
    }

    @Test
    void helpPrintsTheUsageAndExitsZero() throws Exception {
        Outcome outcome = script("--help");

        assertThat(outcome.exitCode()).isZero();
        assertThat(outcome.stdout())
                .startsWith("usage: bin/regression")
                .contains(
                        "--update-baseline",
                        "--threshold",
                        "--rate-tolerance",
                        "--judge DIR",
                        "--compare SYSTEM=A,B",
                        "--repeats N",
                        "--judge-compare DIR",
                        "Exit codes: 0 every case passed, 1 a case failed");
    }

    @Test
    void badCommandLinesExitTwoBeforeAnythingStarts() throws Exception {
        Path nonEmpty = Files.createDirectories(temp.resolve("used"));
        Files.writeString(nonEmpty.resolve("old.json"), "{}");
        List<List<String>> commandLines = List.of(
                List.of("--bogus"),
                List.of("results/"),
                List.of("--cases"),
                List.of("--threshold", "--cases", "kafka"),
                List.of("--results-dir="),
                List.of("--judge", temp.resolve("missing").toString()),
                List.of(
                        "--judge",
                        temp.toString(),
                        "--results-dir",
                        temp.resolve("new").toString()),
                List.of("--results-dir", nonEmpty.toString()),
                List.of("--compare", "kafka=3.9.1,4.4.0"),
                List.of("--compare", "kafka=3.9.1,4.4.0", "--repeats", "5", "--cases", "kafka"),
                List.of("--judge-compare", temp.toString(), "--compare", "kafka=3.9.1,4.4.0"),
                List.of("--judge-compare", temp.resolve("missing").toString()),
                List.of("--repeats", "5"),
                List.of("--versions", "kafka=3.9.2"),
                List.of("--matrix", "--versions-file", temp.resolve("missing").toString()),
                List.of("--matrix", "--compare", "kafka=3.9.1,4.4.0", "--repeats", "5"));
        List<String> expectedMessages = List.of(
                "regression: error: unknown option or argument '--bogus'",
                "regression: error: unknown option or argument 'results/'",
                "regression: error: option --cases needs a value",
                "regression: error: option --threshold needs a value",
                "regression: error: option --results-dir needs a value",
                "regression: error: --judge " + temp.resolve("missing") + ": no such directory",
                "regression: error: --judge DIR judges DIR; --results-dir names where a new run writes",
                "regression: error: --results-dir " + nonEmpty + " is not empty; give a new directory",
                "regression: error: --compare needs --repeats N, the runs per side (at least 2)",
                "regression: error: --cases belongs to the regression suite, not to --compare / --judge-compare",
                "regression: error: --compare runs new A/B runs and --judge-compare DIR analyses old ones",
                "regression: error: --judge-compare " + temp.resolve("missing") + ": no such directory",
                "regression: error: --repeats and --alpha go with --compare SYSTEM=A,B or --judge-compare DIR",
                "regression: error: --versions goes with --matrix",
                "regression: error: --versions-file " + temp.resolve("missing") + ": no such file",
                "regression: error: --matrix belongs to the regression suite, not to --compare / --judge-compare");
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < commandLines.size(); i++) {
            Outcome outcome = script(commandLines.get(i).toArray(String[]::new));
            if (outcome.exitCode() != 2
                    || !outcome.stderr().startsWith(expectedMessages.get(i))
                    || !outcome.stderr().contains("run 'bin/regression --help' for the options")) {
                failures.add(commandLines.get(i) + " → exit " + outcome.exitCode() + ", stderr: " + outcome.stderr());
            }
        }
        assertThat(failures).isEmpty();
    }
}
