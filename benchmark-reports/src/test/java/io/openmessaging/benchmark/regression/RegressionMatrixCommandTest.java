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
 * {@code RegressionCommand plan|judge --matrix}: the plan of every case at every version, the judged table
 * with its version column (golden file), the version-mismatch failure, baselines per case and version, and
 * the matrix's argument errors.
 */
class RegressionMatrixCommandTest {

    private static final String GOLDEN = "/regression/matrix-table-golden.txt";

    @TempDir
    Path temp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        List<String> withRoot = new ArrayList<>(List.of(args));
        withRoot.addAll(1, List.of("--root", projectRoot().toString()));
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

    /** Two cases judged on the loopback result: one "kafka" and one "pulsar" (the judge never runs a driver). */
    private String suite() throws IOException {
        return Files.writeString(
                        temp.resolve("suite"),
                        String.join(
                                "\n",
                                "kafka kafka driver-loopback/loopback.yaml regression/workloads/regression.yaml",
                                "pulsar pulsar driver-loopback/loopback.yaml regression/workloads/regression.yaml",
                                ""))
                .toString();
    }

    private String versionsFile() throws IOException {
        return Files.writeString(
                        temp.resolve("versions"),
                        String.join(
                                "\n",
                                "kafka 3.9.2 previous major",
                                "kafka 4.4.0 current",
                                "pulsar 3.0.7 LTS",
                                "pulsar 4.2.4 current",
                                ""))
                .toString();
    }

    @Test
    void planListsEveryCaseAtEveryVersionRoundByRound() throws IOException {
        int exit = run("plan", "--suite", suite(), "--matrix", "--versions-file", versionsFile());

        assertThat(exit).as(stderr()).isZero();
        String tail = "\tdriver-loopback/loopback.yaml\tregression/workloads/regression.yaml";
        assertThat(stdout().lines())
                .containsExactly(
                        "kafka@3.9.2\tkafka\t3.9.2" + tail,
                        "pulsar@3.0.7\tpulsar\t3.0.7" + tail,
                        "kafka@4.4.0\tkafka\t4.4.0" + tail,
                        "pulsar@4.2.4\tpulsar\t4.2.4" + tail);
    }

    @Test
    void planNarrowedByVersionsAndCases() throws IOException {
        int exit = run(
                "plan",
                "--suite",
                suite(),
                "--cases",
                "kafka",
                "--matrix",
                "--versions-file",
                versionsFile(),
                "--versions",
                "kafka=4.4.0");

        assertThat(exit).as(stderr()).isZero();
        assertThat(stdout().lines()).singleElement().asString().startsWith("kafka@4.4.0\tkafka\t4.4.0\t");
    }

    @Test
    void theJudgedTableHasAVersionColumnAndAMismatchFails() throws IOException {
        Path results = temp.resolve("results");
        Path baselines = temp.resolve("baseline");
        caseDirectory(results.resolve("kafka@3.9.2"), result -> result.version = "3.9");
        caseDirectory(results.resolve("kafka@4.4.0"), result -> result.version = "4.0");
        caseDirectory(results.resolve("pulsar@3.0.7"), result -> result.version = "3.0.7");
        Path notRun = Files.createDirectories(results.resolve("pulsar@4.2.4"));
        Files.writeString(
                notRun.resolve(RegressionJudge.NOT_RUN_FILE),
                "the pulsar@4.2.4 broker did not start (bin/local-broker exit 7); see results/pulsar@4.2.4-broker.log");
        for (String id : List.of("kafka@3.9.2", "kafka@4.4.0", "pulsar@3.0.7", "pulsar@4.2.4")) {
            baselineFile(baselines.resolve(id + ".json"), result -> result.aggregatedEndToEndResponseTime99pct /= 2);
        }

        int exit = run(
                "judge",
                "--suite",
                suite(),
                "--matrix",
                "--versions-file",
                versionsFile(),
                "--results-dir",
                results.toString(),
                "--baseline-dir",
                baselines.toString());

        assertThat(exit).as(stderr()).isEqualTo(RegressionCommand.EXIT_FAILED);
        assertThat(results.resolve("kafka@3.9.2").resolve(RegressionCommand.COMPARISON_FILE))
                .isRegularFile();
        String golden = new String(
                RegressionMatrixCommandTest.class.getResourceAsStream(GOLDEN).readAllBytes(), StandardCharsets.UTF_8);
        if (!stdout().equals(golden)) {
            Path actual = Path.of("target", "regression-matrix-table-actual.txt");
            Files.writeString(actual, stdout(), StandardCharsets.UTF_8);
            assertThat(stdout())
                    .as("the table differs from src/test/resources" + GOLDEN + "; if the change is meant, copy "
                            + actual.toAbsolutePath() + " over it")
                    .isEqualTo(golden);
        }
    }

    @Test
    void updateBaselineWritesOneFilePerCaseAndVersion() throws IOException {
        Path results = temp.resolve("results");
        Path baselines = temp.resolve("baseline");
        caseDirectory(results.resolve("kafka@3.9.2"), result -> result.version = "3.9");
        caseDirectory(results.resolve("kafka@4.4.0"), result -> result.version = "4.4");

        int exit = run(
                "judge",
                "--suite",
                suite(),
                "--cases",
                "kafka",
                "--matrix",
                "--versions-file",
                versionsFile(),
                "--results-dir",
                results.toString(),
                "--baseline-dir",
                baselines.toString(),
                "--update-baseline");

        assertThat(exit).as(stdout() + stderr()).isZero();
        assertThat(baselines.resolve("kafka@3.9.2.json")).isRegularFile();
        assertThat(baselines.resolve("kafka@4.4.0.json")).isRegularFile();
        assertThat(baselines.resolve("kafka.json")).doesNotExist();
    }

    @Test
    void matrixArgumentErrorsExitTwoWithTheirMessage() throws IOException {
        String suite = suite();
        Path badVersions = Files.writeString(temp.resolve("bad-versions"), "kafka 4.4 current\n");
        List<List<String>> commandLines = List.of(
                List.of("plan", "--suite", suite, "--matrix"),
                List.of("plan", "--suite", suite, "--versions", "kafka=4.4.0"),
                List.of("plan", "--suite", suite, "--matrix", "--versions-file", badVersions.toString()),
                List.of(
                        "plan",
                        "--suite",
                        suite,
                        "--matrix",
                        "--versions-file",
                        versionsFile(),
                        "--versions",
                        "kafka=4.0.2"),
                List.of(
                        "plan",
                        "--suite",
                        suite,
                        "--matrix",
                        "--versions-file",
                        temp.resolve("only-kafka").toString()));
        Files.writeString(temp.resolve("only-kafka"), "kafka 4.4.0 current\n");
        List<String> expected = List.of(
                "regression: error: --matrix needs --versions-file FILE",
                "regression: error: --versions-file and --versions go with --matrix",
                "regression: error: the versions file is invalid:\n  " + badVersions
                        + ":1:1: version '4.4' must be a release MAJOR.MINOR.PATCH",
                "regression: error: --versions kafka=4.0.2: kafka 4.0.2 is not in " + versionsFile(),
                "regression: error: " + temp.resolve("only-kafka") + " lists no version of pulsar (case 'pulsar')");
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < commandLines.size(); i++) {
            out.reset();
            err.reset();
            int exit = run(commandLines.get(i).toArray(String[]::new));
            if (exit != RegressionCommand.EXIT_USAGE || !stderr().startsWith(expected.get(i)) || !stdout().isEmpty()) {
                failures.add(commandLines.get(i) + " → exit " + exit + ", stderr: " + stderr());
            }
        }
        assertThat(failures).isEmpty();
    }
}
