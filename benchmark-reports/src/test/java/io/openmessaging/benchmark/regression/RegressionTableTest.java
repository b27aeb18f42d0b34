package io.openmessaging.benchmark.regression;

import static io.openmessaging.benchmark.regression.RegressionFixtures.baselineFile;
import static io.openmessaging.benchmark.regression.RegressionFixtures.caseDirectory;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The table {@code bin/regression} prints, against a golden file: a passing case whose latency rose against
 * its baseline, a case with loss, and a case that did not run.
 */
class RegressionTableTest {

    private static final String GOLDEN = "/regression/table-golden.txt";

    @TempDir
    Path temp;

    @Test
    void theTableMatchesTheGoldenFile() throws IOException {
        RegressionJudge judge = new RegressionJudge(List.of(), RegressionJudge.DEFAULT_RATE_TOLERANCE_PERCENT, false);
        Path baseline = baselineFile(temp.resolve("baseline/loopback.json"), result -> {
            result.aggregatedPublishResponseTime99pct /= 2;
            result.aggregatedEndToEndResponseTime99pct /= 4;
        });
        CaseOutcome slower = judge.judge(
                new RegressionCase("slower", "none", "d.yaml", "w.yaml", 1),
                caseDirectory(temp.resolve("results/slower"), RegressionFixtures::unchanged),
                baseline);
        CaseOutcome lossy = judge.judge(
                new RegressionCase("lossy", "kafka", "d.yaml", "w.yaml", 2),
                caseDirectory(temp.resolve("results/lossy"), result -> result.totalMessagesReceived -= 1000),
                baseline);
        Path notRunDirectory = Files.createDirectories(temp.resolve("results/not-run"));
        Files.writeString(
                notRunDirectory.resolve(RegressionJudge.NOT_RUN_FILE),
                "the pulsar broker did not start (bin/local-broker exit 7); see results/pulsar-broker.log");
        CaseOutcome notRun =
                judge.judge(new RegressionCase("not-run", "pulsar", "d.yaml", "w.yaml", 3), notRunDirectory, baseline);
        RegressionReport report = new RegressionReport(
                List.of(slower, lossy, notRun),
                List.of(),
                RegressionJudge.DEFAULT_RATE_TOLERANCE_PERCENT,
                RegressionCommand.COMPARISON_FILE);

        StringWriter table = new StringWriter();
        new RegressionTable().writeOut(report, table);

        String golden = new String(
                RegressionTableTest.class.getResourceAsStream(GOLDEN).readAllBytes(), StandardCharsets.UTF_8);
        if (!table.toString().equals(golden)) {
            Path actual = Path.of("target", "regression-table-actual.txt");
            Files.writeString(actual, table.toString(), StandardCharsets.UTF_8);
            assertThat(table.toString())
                    .as("the table differs from src/test/resources" + GOLDEN + "; if the change" + " is meant, copy "
                            + actual.toAbsolutePath() + " over it")
                    .isEqualTo(golden);
        }
    }
}
