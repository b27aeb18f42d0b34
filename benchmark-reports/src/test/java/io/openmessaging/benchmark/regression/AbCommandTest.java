package io.openmessaging.benchmark.regression;

import static io.openmessaging.benchmark.regression.RegressionFixtures.projectRoot;
import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.abtest.AbFixtures;
import io.openmessaging.benchmark.abtest.AbVerdicts;
import io.openmessaging.benchmark.abtest.AbVerdictsFiles;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code RegressionCommand ab-plan} and {@code ab-judge}: the command-line errors (exit 2, one line), the
 * interleaved plan, and judging a directory of A and B runs (exit 0, or 1 on a broken threshold or a failed
 * run).
 */
class AbCommandTest {

    @TempDir
    Path temp;

    private record Outcome(int exitCode, String stdout, String stderr) {}

    private static Outcome run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = RegressionCommand.run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Outcome(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static Outcome plan(String... options) {
        List<String> args = new ArrayList<>(List.of(
                "ab-plan",
                "--suite",
                projectRoot().resolve("regression/suite").toString(),
                "--root",
                projectRoot().toString()));
        args.addAll(List.of(options));
        return run(args.toArray(String[]::new));
    }

    @Test
    void badCommandLinesExitTwoWithOneLineNamingTheProblem() {
        List<List<String>> commandLines = List.of(
                List.of("--compare", "kafka", "--repeats", "5"),
                List.of("--compare", "kafak=3.9.1,4.4.0", "--repeats", "5"),
                List.of("--compare", "kafka=3.9.1", "--repeats", "5"),
                List.of("--compare", "kafka=3.9.1,4.4.0,4.5.0", "--repeats", "5"),
                List.of("--compare", "kafka=3.9.1,", "--repeats", "5"),
                List.of("--compare", "kafka=3.9.1,4.4.0"),
                List.of("--compare", "kafka=3.9.1,4.4.0", "--repeats", "1"),
                List.of("--compare", "kafka=3.9.1,4.4.0", "--repeats", "five"),
                List.of("--compare", "kafka=3.9.1,4.4.0", "--repeats", "5", "--threshold", "publishLatency.p50=+10%"),
                List.of("--compare", "kafka=3.9.1,4.4.0", "--repeats", "5", "--alpha", "0.7"));
        List<String> expected = List.of(
                "regression: error: --compare 'kafka' is not SYSTEM=A,B (a broker and two versions), e.g. --compare"
                        + " kafka=3.9.1,4.4.0",
                "regression: error: --compare 'kafak=3.9.1,4.4.0': unknown system 'kafak' (did you mean 'kafka'?);"
                        + " allowed: kafka, pulsar, rabbitmq",
                "regression: error: --compare 'kafka=3.9.1': give exactly two versions, A,B, e.g. --compare"
                        + " kafka=3.9.1,4.4.0; got 1",
                "regression: error: --compare 'kafka=3.9.1,4.4.0,4.5.0': give exactly two versions, A,B, e.g."
                        + " --compare kafka=3.9.1,4.4.0; got 3",
                "regression: error: --compare 'kafka=3.9.1,': version '' must be letters, digits, '.', '_' and '-',"
                        + " starting with a letter or digit",
                "regression: error: --compare needs --repeats N, the runs per side (at least 2)",
                "regression: error: --repeats must be a whole number from 2 to 99 (runs per side), got '1'",
                "regression: error: --repeats must be a whole number from 2 to 99 (runs per side), got 'five'",
                "regression: error: threshold 'publishLatency.p50=+10%': an A/B comparison has no verdict on"
                        + " publishLatency.p50",
                "regression: error: --alpha must be a significance level above 0 and below 0.5, e.g. 0.01; got '0.7'");
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < commandLines.size(); i++) {
            Outcome outcome = plan(commandLines.get(i).toArray(String[]::new));
            String firstLine = outcome.stderr().lines().findFirst().orElse("");
            if (outcome.exitCode() != 2
                    || !firstLine.startsWith(expected.get(i))
                    || !outcome.stdout().isEmpty()) {
                failures.add(commandLines.get(i) + " → exit " + outcome.exitCode() + ", stderr: " + outcome.stderr());
            }
        }
        assertThat(failures).isEmpty();
    }

    @Test
    void planInterleavesTheSidesWithTheSuitesCaseOfTheSystem() {
        Outcome outcome = plan("--compare", "kafka=3.9.1,4.4.0", "--repeats", "2");

        assertThat(outcome.exitCode()).isZero();
        String kafkaCase = "\tkafka\tdriver-kafka/kafka-local.yaml\tregression/workloads/regression.yaml";
        assertThat(outcome.stdout().lines())
                .containsExactly(
                        "run-01\tA\t3.9.1\tA-3.9.1/run-01" + kafkaCase,
                        "run-01\tB\t4.4.0\tB-4.4.0/run-01" + kafkaCase,
                        "run-02\tA\t3.9.1\tA-3.9.1/run-02" + kafkaCase,
                        "run-02\tB\t4.4.0\tB-4.4.0/run-02" + kafkaCase);
    }

    @Test
    void judgeWritesTheVerdictsAndExitsOneOnlyWhenASignificantChangeBreaksTheThreshold() throws Exception {
        Random random = new Random(8);
        AbFixtures.write(temp, "A-3.9.1", AbFixtures.results(6, random, 1.0, 1.0));
        AbFixtures.write(temp, "B-4.4.0", AbFixtures.results(6, random, 3.0, 1.0));

        Outcome gated =
                run("ab-judge", "--results-dir", temp.toString(), "--threshold", "endToEndResponseTime.p99=+10%");
        Outcome reported = run("ab-judge", "--results-dir", temp.toString());

        assertThat(gated.exitCode()).isEqualTo(1);
        assertThat(gated.stdout()).contains("endToEndResponseTime.p99", "slower", "BROKEN", "FAILED: 1 problem(s)");
        assertThat(reported.exitCode()).isZero();
        // two "slower" verdicts and no threshold: nothing was gated, so nothing "PASSED"
        assertThat(reported.stdout())
                .contains("slower")
                .doesNotContain("PASSED")
                .contains("\nNo threshold given (--threshold): the verdicts above are reported, not gated\n");
        AbVerdicts written = AbVerdictsFiles.read(temp.resolve(AbVerdictsFiles.FILE_NAME));
        assertThat(written.a().label()).isEqualTo("3.9.1");
        assertThat(written.b().runsUsed()).isEqualTo(6);
    }

    @Test
    void judgeOfAFailedRunExitsOneAndNamesIt() throws Exception {
        Random random = new Random(8);
        AbFixtures.write(temp, "A-x", AbFixtures.results(3, random, 1.0, 1.0));
        AbFixtures.write(temp, "B-y", AbFixtures.results(3, random, 1.0, 1.0));
        Files.writeString(temp.resolve("B-y/run-02/benchmark.exit"), "1\n");

        Outcome outcome = run("ab-judge", "--results-dir", temp.toString());

        assertThat(outcome.exitCode()).isEqualTo(1);
        assertThat(outcome.stdout())
                .contains("run B-y/run-02 of B (y) left out: bin/benchmark exited with 1 (see its benchmark.log)");
    }

    @Test
    void judgeOfADirectoryWithoutSidesExitsTwo() {
        Outcome outcome = run("ab-judge", "--results-dir", temp.toString());

        assertThat(outcome.exitCode()).isEqualTo(2);
        assertThat(outcome.stderr())
                .startsWith("regression: error: " + temp + ": expected one directory A-<label> (side A's runs, e.g."
                        + " A-3.9.1), found none");
    }
}
