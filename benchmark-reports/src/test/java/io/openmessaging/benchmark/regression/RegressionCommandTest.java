package io.openmessaging.benchmark.regression;

import static io.openmessaging.benchmark.regression.RegressionFixtures.baselineFile;
import static io.openmessaging.benchmark.regression.RegressionFixtures.caseDirectory;
import static io.openmessaging.benchmark.regression.RegressionFixtures.projectRoot;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Java half of {@code bin/regression}: its argument errors (exit 2), {@code plan}, and {@code judge}
 * with its exit code, comparison files and baseline update.
 */
class RegressionCommandTest {

    @TempDir
    Path temp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    /** Runs the command with {@code --root} the project root, as bin/regression's working directory is. */
    private int run(String... args) {
        List<String> withRoot = new ArrayList<>(List.of(args));
        if (!withRoot.isEmpty()) {
            withRoot.addAll(1, List.of("--root", projectRoot().toString()));
        }
        return RegressionCommand.run(
                withRoot.toArray(String[]::new),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String stdout() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    /** A suite of one loopback case with absolute paths, so it reads from any working directory. */
    private String loopbackSuite() throws IOException {
        Path root = projectRoot();
        return Files.writeString(
                        temp.resolve("loopback.suite"),
                        "loopback none " + root.resolve("driver-loopback/loopback.yaml") + " "
                                + root.resolve("regression/workloads/regression.yaml") + "\n")
                .toString();
    }

    private String committedSuite() {
        return projectRoot().resolve("regression/suite").toString();
    }

    @Test
    void planPrintsEachSelectedCaseTabSeparatedInSuiteOrder() {
        int exitCode = run("plan", "--suite", committedSuite(), "--cases", "pulsar,kafka");

        assertThat(exitCode).as(stderr()).isZero();
        assertThat(stdout())
                .isEqualTo("kafka\tkafka\tdriver-kafka/kafka-local.yaml\tregression/workloads/regression.yaml\n"
                        + "pulsar\tpulsar\tdriver-pulsar/pulsar-local.yaml\tregression/workloads/regression.yaml\n");
    }

    @Test
    void badCommandLinesExitTwoAndSayWhatIsWrong() {
        List<String[]> commandLines = List.of(
                new String[] {},
                new String[] {"run", "--suite", committedSuite()},
                new String[] {"plan"},
                new String[] {"plan", "--suite", committedSuite(), "--bogus"},
                new String[] {"plan", "--suite", committedSuite(), "--cases"},
                new String[] {"plan", "--suite", committedSuite(), "--cases", "kafka,,pulsar"},
                new String[] {"plan", "--suite", committedSuite(), "--cases", "kafak"},
                new String[] {"plan", "--suite", committedSuite(), "--rate-tolerance", "ten"},
                new String[] {"plan", "--suite", committedSuite(), "--rate-tolerance", "0"},
                new String[] {"plan", "--suite", committedSuite(), "--threshold", "endToEndLatency.p99=10%"},
                new String[] {"plan", "--suite", committedSuite(), "--threshold", "e2e.p99=+10%"},
                new String[] {
                    "plan", "--suite", committedSuite(), "--update-baseline", "--threshold", "endToEndLatency.p99=+10%"
                },
                new String[] {"judge", "--suite", committedSuite(), "--results-dir", "x"},
                new String[] {"plan", "--suite", temp.resolve("missing").toString()});
        List<String> expectedMessages = List.of(
                "the first argument must be 'plan', 'judge', 'ab-plan' or 'ab-judge', got nothing",
                "the first argument must be 'plan', 'judge', 'ab-plan' or 'ab-judge', got 'run'",
                "--suite FILE is required",
                "unknown option '--bogus'",
                "--cases needs a value",
                "--cases takes case names separated by commas, e.g. kafka,pulsar; got 'kafka,,pulsar'",
                "unknown case 'kafak' (did you mean 'kafka'?)",
                "--rate-tolerance must be a percentage above 0 and below 100, e.g. 10 or 10%; got 'ten'",
                "--rate-tolerance must be a percentage above 0 and below 100, e.g. 10 or 10%; got '0'",
                "threshold 'endToEndLatency.p99=10%': give the limit a sign",
                "threshold 'e2e.p99=+10%': unknown metric 'e2e'",
                "--threshold gates latency against the baseline and --update-baseline replaces it: give one or the other",
                "judge needs --results-dir DIR and --baseline-dir DIR",
                "cannot read the suite file");
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < commandLines.size(); i++) {
            out.reset();
            err.reset();
            int exitCode = run(commandLines.get(i));
            if (exitCode != RegressionCommand.EXIT_USAGE
                    || !stderr().contains(expectedMessages.get(i))
                    || !stdout().isEmpty()) {
                failures.add(String.join(" ", commandLines.get(i)) + " → exit " + exitCode + ", stderr: " + stderr());
            }
        }
        assertThat(failures).isEmpty();
    }

    @Test
    void judgePassesACleanRunPrintsTheTableAndWritesTheFullComparison() throws IOException {
        Path results = temp.resolve("results");
        caseDirectory(results.resolve("loopback"), RegressionFixtures::unchanged);
        baselineFile(temp.resolve("baseline/loopback.json"), RegressionFixtures::unchanged);

        int exitCode = run(
                "judge",
                "--suite",
                loopbackSuite(),
                "--results-dir",
                results.toString(),
                "--baseline-dir",
                temp.resolve("baseline").toString());

        assertThat(exitCode).as(stdout() + stderr()).isZero();
        assertThat(stdout())
                .containsPattern("loopback +none +complete +50,184 +100,368 +100,368 +0 +2,000 +2,000 .* pass\n")
                .endsWith("PASSED: all 1 case(s)\n");
        assertThat(results.resolve("loopback/" + RegressionCommand.COMPARISON_FILE))
                .content()
                .containsPattern("endToEndResponseTime\\.p99 +ms +7\\.451 +7\\.451 +0 +\\+0\\.00%");
    }

    @Test
    void judgeExitsOneWhenACaseFails() throws IOException {
        Path results = temp.resolve("results");
        caseDirectory(results.resolve("loopback"), result -> result.totalSendErrors = 2L);
        baselineFile(temp.resolve("baseline/loopback.json"), RegressionFixtures::unchanged);

        int exitCode = run(
                "judge",
                "--suite",
                loopbackSuite(),
                "--results-dir",
                results.toString(),
                "--baseline-dir",
                temp.resolve("baseline").toString());

        assertThat(exitCode).isEqualTo(RegressionCommand.EXIT_FAILED);
        assertThat(stdout())
                .contains("  loopback: send errors: 2 send(s) failed\n")
                .endsWith("FAILED: 1 of 1 case(s)\n");
    }

    @Test
    void updateBaselineCopiesThePassingResultsAndRefusesAFailingRun() throws IOException {
        Path results = temp.resolve("results");
        Path baselineDir = temp.resolve("baseline");
        Path caseDirectory = caseDirectory(results.resolve("loopback"), RegressionFixtures::unchanged);

        int exitCode = run(
                "judge",
                "--suite",
                loopbackSuite(),
                "--results-dir",
                results.toString(),
                "--baseline-dir",
                baselineDir.toString(),
                "--update-baseline");

        assertThat(exitCode).as(stdout() + stderr()).isZero();
        assertThat(stdout()).contains("Baseline updated: " + baselineDir.resolve("loopback.json"));
        assertThat(baselineDir.resolve("loopback.json"))
                .hasSameBinaryContentAs(caseDirectory.resolve("regression-Loopback.json"));

        out.reset();
        Path failing = temp.resolve("failing");
        caseDirectory(failing.resolve("loopback"), result -> result.complete = false);
        byte[] before = Files.readAllBytes(baselineDir.resolve("loopback.json"));

        exitCode = run(
                "judge",
                "--suite",
                loopbackSuite(),
                "--results-dir",
                failing.toString(),
                "--baseline-dir",
                baselineDir.toString(),
                "--update-baseline");

        assertThat(exitCode).isEqualTo(RegressionCommand.EXIT_FAILED);
        assertThat(stdout()).contains("Baseline not updated: a baseline must come from a run that passes.");
        assertThat(baselineDir.resolve("loopback.json")).hasBinaryContent(before);
    }
}
