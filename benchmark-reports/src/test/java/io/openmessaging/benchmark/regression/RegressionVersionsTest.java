package io.openmessaging.benchmark.regression;

import static io.openmessaging.benchmark.regression.RegressionFixtures.projectRoot;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.config.ConfigException;
import io.openmessaging.benchmark.regression.RegressionVersions.PinnedVersion;
import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.TestResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The versions file of {@code bin/regression --matrix}: the committed one is valid, holds the root pom's
 * versions and a baseline for every case at every version; bad lines are named; {@code --versions} narrows.
 */
class RegressionVersionsTest {

    @TempDir
    Path temp;

    private Path versions(String... lines) throws IOException {
        return Files.writeString(temp.resolve("versions"), String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
    }

    private static String pomProperty(String name) throws IOException {
        String pom = Files.readString(projectRoot().resolve("pom.xml"));
        Matcher matcher =
                Pattern.compile("<" + Pattern.quote(name) + ">([^<]+)</").matcher(pom);
        assertThat(matcher.find()).as("the root pom defines " + name).isTrue();
        return matcher.group(1);
    }

    @Test
    void theCommittedFileHoldsTheCurrentVersionsOlderLinesAndABaselineForEveryCaseAtEveryVersion() throws Exception {
        Path root = projectRoot();
        RegressionVersions versions = RegressionVersions.read(root.resolve("regression/versions"));

        assertThat(versions.of("kafka")).hasSizeGreaterThanOrEqualTo(3).contains(pomProperty("kafka.version"));
        assertThat(versions.of("kafka")).anyMatch(version -> version.startsWith("3."));
        assertThat(versions.of("kafka")).anyMatch(version -> version.startsWith("4.0."));
        assertThat(versions.of("pulsar")).hasSizeGreaterThanOrEqualTo(2).contains(pomProperty("pulsar.version"));
        assertThat(versions.of("pulsar")).anyMatch(version -> version.startsWith("3.0."));
        assertThat(versions.of("rabbitmq")).hasSize(1);

        RegressionSuite suite = RegressionSuite.read(root.resolve("regression/suite"), root);
        for (RegressionMatrix.Entry entry :
                RegressionMatrix.expand(suite, versions).entries()) {
            Path file = root.resolve("regression/baseline/" + entry.id() + ".json");
            assertThat(file).as("the baseline of " + entry.id()).isRegularFile();
            TestResult baseline = ResultFiles.read(file);
            assertThat(baseline.complete).as(entry.id()).isTrue();
            assertThat(BrokerVersionCheck.failure(entry.suiteCase().broker(), entry.version(), baseline.version))
                    .as("the baseline of " + entry.id() + " ran that version")
                    .isEmpty();
            assertThat(baseline.metadata.workloadYaml)
                    .as("the baseline of " + entry.id() + " must be made with the suite's workload (refresh it with"
                            + " bin/regression --matrix --update-baseline)")
                    .isEqualTo(Files.readString(root.resolve(entry.suiteCase().workloadFile())));
        }
    }

    @Test
    void linesKeepTheirOrderAndTheRestOfTheLineIsWhy() throws Exception {
        Path file = versions(
                "# system version why",
                "",
                "  kafka   3.9.2   previous major: the last 3.x line  # trailing comment",
                "pulsar 4.2.4 current",
                "kafka 4.4.0 current");

        RegressionVersions versions = RegressionVersions.read(file);

        assertThat(versions.versions())
                .containsExactly(
                        new PinnedVersion("kafka", "3.9.2", "previous major: the last 3.x line", 3),
                        new PinnedVersion("pulsar", "4.2.4", "current", 4),
                        new PinnedVersion("kafka", "4.4.0", "current", 5));
        assertThat(versions.of("kafka")).containsExactly("3.9.2", "4.4.0");
        assertThat(versions.of("rabbitmq")).isEmpty();
    }

    @Test
    void everyBadLineIsReportedWithFileLineColumnAndWhatIsAllowed() throws Exception {
        Path file = versions(
                "kafka 4.4.0",
                "kafak 4.4.0 current",
                "kafka 4.4 current",
                "  kafka 3.6.2 too old",
                "pulsar 2.11.4 too old",
                "kafka 4.0.2 first 4.x",
                "kafka 4.0.2 again",
                "rabbitmq v3.10.8 package");

        assertThatThrownBy(() -> RegressionVersions.read(file))
                .isInstanceOfSatisfying(
                        ConfigException.class,
                        e -> assertThat(e.problems())
                                .containsExactly(
                                        file + ":1:1: expected SYSTEM VERSION WHY (why CI checks this version), found 2"
                                                + " field(s): 'kafka 4.4.0'",
                                        file + ":2:1: unknown system 'kafak' (did you mean 'kafka'?); allowed: kafka,"
                                                + " pulsar, rabbitmq",
                                        file + ":3:1: version '4.4' must be a release MAJOR.MINOR.PATCH, e.g. 4.4.0"
                                                + " (bin/local-broker start --version takes exactly that)",
                                        file + ":4:3: kafka 3.6.2 is older than the oldest release bin/local-broker"
                                                + " runs, 3.7.0",
                                        file + ":5:1: pulsar 2.11.4 is older than the oldest release bin/local-broker"
                                                + " runs, 3.0.0",
                                        file + ":7:1: kafka 4.0.2 is already listed on line 6",
                                        file + ":8:1: version 'v3.10.8' must be a release MAJOR.MINOR.PATCH, e.g. 4.4.0"
                                                + " (bin/local-broker start --version takes exactly that)"));
    }

    @Test
    void aFileWithoutVersionsOrUnreadableIsRefused() throws Exception {
        Path empty = versions("# nothing yet");
        Path missing = temp.resolve("missing");

        assertThatThrownBy(() -> RegressionVersions.read(empty))
                .hasMessage(empty + ": no version; add a line 'SYSTEM VERSION WHY', e.g. 'kafka 4.4.0 current'");
        assertThatThrownBy(() -> RegressionVersions.read(missing))
                .hasMessageStartingWith(missing + ": cannot read the versions file: ");
    }

    @Test
    void versionsNarrowsTheNamedSystemsAndKeepsTheOthers() throws Exception {
        RegressionVersions versions = RegressionVersions.read(versions(
                "kafka 3.9.2 a",
                "kafka 4.0.2 b",
                "kafka 4.4.0 c",
                "pulsar 3.0.7 d",
                "pulsar 4.2.4 e",
                "rabbitmq 3.10.8 f"));

        RegressionVersions narrowed = versions.narrow(List.of("kafka=4.4.0, 3.9.2", "pulsar=4.2.4"));

        assertThat(narrowed.of("kafka")).containsExactly("3.9.2", "4.4.0");
        assertThat(narrowed.of("pulsar")).containsExactly("4.2.4");
        assertThat(narrowed.of("rabbitmq")).containsExactly("3.10.8");
        assertThat(versions.narrow(List.of())).isEqualTo(versions);
    }

    @Test
    void versionsThatTheFileDoesNotListAreRefusedWithWhatItLists() throws Exception {
        Path file = versions("kafka 3.9.2 a", "kafka 4.4.0 c", "pulsar 4.2.4 e");
        RegressionVersions versions = RegressionVersions.read(file);

        assertThatThrownBy(() -> versions.narrow(List.of("kafka=4.0.2")))
                .hasMessage("--versions kafka=4.0.2: kafka 4.0.2 is not in " + file + "; its kafka versions are:"
                        + " 3.9.2, 4.4.0 (add a line to the file to run another)");
        assertThatThrownBy(() -> versions.narrow(List.of("kafak=4.4.0")))
                .hasMessage("--versions kafak=4.4.0: " + file + " lists no version of 'kafak' (did you mean 'kafka'?);"
                        + " its systems are: kafka, pulsar");
        assertThatThrownBy(() -> versions.narrow(List.of("kafka")))
                .hasMessage("--versions takes SYSTEM=VERSION,… e.g. kafka=3.9.2,4.4.0; got 'kafka'");
        assertThatThrownBy(() -> versions.narrow(List.of("kafka=4.4.0,")))
                .hasMessage("--versions takes SYSTEM=VERSION,… e.g. kafka=3.9.2,4.4.0; got 'kafka=4.4.0,'");
        assertThatThrownBy(() -> versions.narrow(List.of("kafka=4.4.0", "kafka=3.9.2")))
                .hasMessage("--versions names kafka twice; give its versions in one value, e.g. kafka=3.9.2,4.4.0");
    }
}
