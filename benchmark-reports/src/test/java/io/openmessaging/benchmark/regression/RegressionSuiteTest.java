package io.openmessaging.benchmark.regression;

import static io.openmessaging.benchmark.regression.RegressionFixtures.projectRoot;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.config.ConfigException;
import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.TestResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The suite file of {@code bin/regression}: the committed one is valid and has its baselines; bad lines are named. */
class RegressionSuiteTest {

    @TempDir
    Path temp;

    private Path suite(String... lines) throws IOException {
        return Files.writeString(temp.resolve("suite"), String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
    }

    @Test
    void theCommittedSuiteIsValidAndEveryCaseHasABaselineOfItsWorkload() throws Exception {
        Path root = projectRoot();
        RegressionSuite suite = RegressionSuite.read(root.resolve("regression/suite"), root);

        assertThat(suite.cases()).extracting(RegressionCase::name).containsExactly("kafka", "rabbitmq", "pulsar");
        for (RegressionCase regressionCase : suite.cases()) {
            assertThat(regressionCase.broker()).isEqualTo(regressionCase.name());
            TestResult baseline =
                    ResultFiles.read(root.resolve("regression/baseline/" + regressionCase.name() + ".json"));
            assertThat(baseline.complete).as(regressionCase.name()).isTrue();
            assertThat(baseline.metadata.workloadYaml)
                    .as(
                            "the baseline of " + regressionCase.name()
                                    + " must be made with the suite's workload (refresh it with bin/regression --update-baseline)")
                    .isEqualTo(Files.readString(root.resolve(regressionCase.workloadFile())));
        }
    }

    @Test
    void blankLinesAndCommentsAreSkippedAndCasesKeepTheirOrder() throws Exception {
        Path root = projectRoot();
        Path file = suite(
                "# a comment",
                "",
                "  b  none  driver-loopback/loopback.yaml  regression/workloads/regression.yaml  # b",
                "a none driver-loopback/loopback.yaml regression/workloads/regression.yaml");

        RegressionSuite suite = RegressionSuite.read(file, root);

        assertThat(suite.cases())
                .containsExactly(
                        new RegressionCase(
                                "b",
                                "none",
                                "driver-loopback/loopback.yaml",
                                "regression/workloads/regression.yaml",
                                3),
                        new RegressionCase(
                                "a",
                                "none",
                                "driver-loopback/loopback.yaml",
                                "regression/workloads/regression.yaml",
                                4));
        assertThat(suite.cases().get(0).needsBroker()).isFalse();
    }

    @Test
    void everyBadLineIsReportedWithFileLineColumnAndWhatIsAllowed() throws Exception {
        Path root = projectRoot();
        Path zeroRate = Files.writeString(
                temp.resolve("max-rate.yaml"),
                String.join(
                        "\n",
                        "topics: 1",
                        "partitionsPerTopic: 1",
                        "messageSize: 100",
                        "subscriptionsPerTopic: 1",
                        "consumerPerSubscription: 1",
                        "producersPerTopic: 1",
                        "producerRate: 0",
                        "testDurationMinutes: 1",
                        ""));
        Path file = suite(
                "kafka kafka driver-kafka/kafka-local.yaml",
                "kafka kafak driver-kafka/kafka-local.yaml regression/workloads/regression.yaml",
                "ok none driver-loopback/loopback.yaml regression/workloads/regression.yaml",
                "kafka kafka driver-kafka/kafka-local.yaml regression/workloads/regression.yaml",
                "Bad/Name none driver-kafka/missing.yaml regression/workloads/missing.yaml",
                "maxrate none driver-loopback/loopback.yaml " + zeroRate);

        assertThatThrownBy(() -> RegressionSuite.read(file, root))
                .isInstanceOfSatisfying(
                        ConfigException.class,
                        e -> assertThat(e.problems())
                                .containsExactly(
                                        file + ":1:1: expected 4 fields (case broker driver workload), found 3:"
                                                + " 'kafka kafka driver-kafka/kafka-local.yaml'",
                                        file
                                                + ":2:1: unknown broker 'kafak' (did you mean 'kafka'?); allowed: kafka, pulsar, rabbitmq, none",
                                        file
                                                + ":4:1: case 'kafka' is already declared on line 2; case names must be unique",
                                        file
                                                + ":5:1: case name 'Bad/Name' must be lower-case letters, digits, '-' and '_', starting"
                                                + " with a letter or digit (it names a directory and a baseline file)",
                                        file
                                                + ":5:1: driver file driver-kafka/missing.yaml does not exist (paths are relative to "
                                                + root + ")",
                                        file
                                                + ":5:1: workload file regression/workloads/missing.yaml does not exist (paths are relative"
                                                + " to " + root + ")",
                                        file + ":6:1: workload " + zeroRate
                                                + " has producerRate 0.0; a regression case needs a fixed"
                                                + " rate above 0, which its publish rate is checked against (0 searches for the maximum rate)"));
    }

    @Test
    void aSuiteWithoutCasesIsAnError() throws Exception {
        Path file = suite("# nothing here");

        assertThatThrownBy(() -> RegressionSuite.read(file, projectRoot()))
                .hasMessage(file + ": no case; add a line 'NAME BROKER DRIVER.yaml WORKLOAD.yaml'");
    }

    @Test
    void selectingCasesKeepsSuiteOrderAndNamesTheKnownOnesForATypo() throws Exception {
        Path root = projectRoot();
        RegressionSuite suite = RegressionSuite.read(root.resolve("regression/suite"), root);

        assertThat(suite.select(List.of("pulsar", "kafka")).cases())
                .extracting(RegressionCase::name)
                .containsExactly("kafka", "pulsar");
        assertThat(suite.select(List.of()).cases()).hasSize(3);
        assertThatThrownBy(() -> suite.select(List.of("rabitmq")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown case 'rabitmq' (did you mean 'rabbitmq'?); the cases of " + suite.file()
                        + " are: kafka, rabbitmq, pulsar");
    }
}
