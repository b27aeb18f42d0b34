package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.drivers.DriverRegistry;
import io.openmessaging.benchmark.testing.CoreFixtures;
import io.openmessaging.benchmark.testing.UpstreamPayloads;
import io.openmessaging.benchmark.workload.FakeDriverProvider;
import io.openmessaging.benchmark.workload.PayloadSearch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ValidationTest {

    private static final Path INVALID = CoreFixtures.path("workloads-invalid");
    private static final Path DRIVERS = CoreFixtures.path("drivers");

    private final FakeDriverProvider fake = new FakeDriverProvider();

    @TempDir
    Path temp;

    private final DriverRegistry registry = new DriverRegistry(List.of(fake));

    @Test
    void validWorkloadsAndDriverFilesHaveNoProblem() {
        List<String> problems = Validation.validate(
                        List.of(
                                CoreFixtures.path("workloads-upstream"),
                                Path.of("..", "workloads", "quick-start.yaml"),
                                DRIVERS.resolve("fake.yaml"),
                                DRIVERS.resolve("fake-upstream.yaml")),
                        registry)
                .problems();

        assertThat(problems).isEmpty();
        assertThat(fake.created())
                .hasSize(2)
                .allSatisfy(driver -> assertThat(driver.closed()).isTrue());
    }

    @Test
    void aDriversWarningLeavesItsFileValidAndIsReportedApart() {
        Path driver = DRIVERS.resolve("fake-unused-setting.yaml");

        Validation.Findings findings = Validation.validate(List.of(driver), registry);

        assertThat(findings.problems()).isEmpty();
        assertThat(findings.warnings()).containsExactly(driver + ":4:1: unusedSetting is read by no fake client");
    }

    @Test
    void unknownKeyNamesFileLineKeyAndTheAllowedKeys() {
        assertThat(validate("unknown-key.yaml"))
                .singleElement()
                .asString()
                .startsWith(INVALID.resolve("unknown-key.yaml") + ":3:1: unknown key 'partitionPerTopic' (did you"
                        + " mean 'partitionsPerTopic'?); allowed keys: name, topics, partitionsPerTopic,"
                        + " keyDistributor,")
                .contains("producerRate", "testDuration", "consumerOnly");
    }

    @Test
    void misspeltEnumListsTheAllowedValues() {
        assertThat(validate("misspelt-enum.yaml"))
                .containsExactly(INVALID.resolve("misspelt-enum.yaml")
                        + ":10:17: keyDistributor: found 'ROUND_ROBIN', expected one of NO_KEY, KEY_ROUND_ROBIN, RANDOM_NANO"
                        + " (did you mean 'KEY_ROUND_ROBIN'?)");
    }

    @Test
    void negativeRateSaysWhatRatesAreAllowed() {
        assertThat(validate("negative-rate.yaml"))
                .containsExactly(INVALID.resolve("negative-rate.yaml")
                        + ":8:15: producerRate: found -100, expected a number of messages per second, at least 0");
    }

    @Test
    void nonNumericSizeAsksForBytes() {
        assertThat(validate("non-numeric-size.yaml"))
                .containsExactly(INVALID.resolve("non-numeric-size.yaml")
                        + ":4:14: messageSize: found '1kb', expected an integer number of bytes, at least 1");
    }

    @Test
    void maxRateSearchWithBacklogNamesBothKeys() {
        assertThat(validate("max-rate-with-backlog.yaml"))
                .containsExactly(INVALID.resolve("max-rate-with-backlog.yaml")
                        + ":8:1: producerRate: 0 (line 8) asks for the max-sustainable-rate search, which cannot be combined"
                        + " with a backlog (consumerBacklogSizeGB: 10 (line 10)); give a fixed producerRate in messages per"
                        + " second, or set consumerBacklogSizeGB: 0");
    }

    @Test
    void driverFilesAreCheckedByTheirDriver() {
        List<String> problems = Validation.validate(
                        List.of(
                                DRIVERS.resolve("fake-rejected.yaml"),
                                DRIVERS.resolve("unknown-driver.yaml"),
                                DRIVERS.resolve("no-name.yaml")),
                        registry)
                .problems();

        assertThat(problems)
                .containsExactly(
                        DRIVERS.resolve("fake-rejected.yaml") + ":5: compression is not supported by the fake driver",
                        DRIVERS.resolve("unknown-driver.yaml") + ":2:9: unknown driver 'faek' (did you mean 'fake'?);"
                                + " installed drivers: fake",
                        DRIVERS.resolve("no-name.yaml")
                                + ": missing key 'name': give the driver configuration a name for"
                                + " the results, e.g. 'name: Kafka'");
    }

    @Test
    void onlyBadFilesGiveProblemsInTheOrderGiven() {
        List<String> problems = Validation.validate(
                        List.of(
                                INVALID.resolve("negative-rate.yaml"),
                                Path.of("..", "workloads", "simple-workload.yaml"),
                                INVALID.resolve("syntax-error.yaml"),
                                Path.of("no-such-file.yaml")),
                        registry)
                .problems();

        assertThat(problems).hasSize(3);
        assertThat(problems.get(0)).startsWith(INVALID.resolve("negative-rate.yaml") + ":8:15: ");
        assertThat(problems.get(1))
                .isEqualTo(INVALID.resolve("syntax-error.yaml")
                        + ":4:14: YAML syntax error: mapping values are not allowed here");
        assertThat(problems.get(2)).startsWith("no-such-file.yaml: cannot read the file: ");
    }

    @Test
    void aDirectoryStandsForTheYamlFilesInIt() throws IOException {
        List<String> yamlFiles;
        try (Stream<Path> files = Files.list(INVALID)) {
            yamlFiles = files.map(Path::toString)
                    .filter(name -> name.endsWith(".yaml"))
                    .sorted()
                    .toList();
        }
        assertThat(yamlFiles).hasSizeGreaterThan(20);

        List<String> problems = Validation.validate(List.of(INVALID), registry).problems();

        // one problem per file (each shows its first), in file order
        assertThat(problems).hasSameSizeAs(yamlFiles);
        for (int i = 0; i < yamlFiles.size(); i++) {
            assertThat(problems.get(i)).startsWith(yamlFiles.get(i) + ":");
        }
    }

    private List<String> validate(String invalidFile) {
        return Validation.validate(List.of(INVALID.resolve(invalidFile)), registry)
                .problems();
    }

    private static final Path PAYLOADS = Path.of("src/test/resources/payloads-invalid");

    /** One workload per payload a run would refuse, each with the exact message {@code validate} prints. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            payload-missing         | payloadFile 'no-such-payload.data' was found nowhere; looked beside the workload file (@/no-such-payload.data), in the current directory (~/no-such-payload.data), in the installation root (^/no-such-payload.data); give an absolute path, or one relative to one of these
            payload-empty           | payloadFile '@/empty.data' is empty; a payload needs at least 1 byte
            payload-empty-directory | payloadFile directory '@/empty-directory' holds no payload files; put one file per payload in it (hidden files are skipped)
            payload-size-mismatch   | payloadFile '@/100-bytes.data' has 100 bytes but messageSize is 1024; they must be equal
            payload-mixed-sizes     | payloadFile directory '@/mixed-sizes' mixes sizes: 'a.data' has 4 bytes but 'b.data' has 8; every payload file must have the same size
            """)
    void aPayloadARunWouldRefuseIsRefusedByValidate(String name, String detail) throws IOException {
        Path file = PAYLOADS.resolve(name + ".yaml");
        String besideTheWorkload = PAYLOADS.toAbsolutePath().toString();
        Path installationRoot = Files.createDirectories(temp.resolve("installed"));
        PayloadSearch search = new PayloadSearch(Path.of(""), Optional.of(installationRoot));

        assertThat(Validation.validate(List.of(file), registry, search).problems())
                .singleElement()
                .asString()
                .isEqualTo(file + ": "
                        + detail.replace("@", besideTheWorkload)
                                .replace("~", Path.of("").toAbsolutePath().toString())
                                .replace("^", installationRoot.toString()));
    }

    /** An upstream workload file copied anywhere, naming upstream's payload/payload-1Kb.data. */
    private Path copiedUpstreamWorkload() throws IOException {
        return Files.copy(
                CoreFixtures.path("workloads-upstream/1-topic-16-partitions-1kb.yaml"),
                temp.resolve("copied-upstream.yaml"));
    }

    @Test
    void anUpstreamWorkloadCopiedAnywhereValidatesFromTheRepositoryRoot() throws IOException {
        Path root = UpstreamPayloads.repositoryRoot();

        assertThat(Validation.validate(
                                List.of(copiedUpstreamWorkload()), registry, new PayloadSearch(root, Optional.empty()))
                        .problems())
                .isEmpty();
    }

    @Test
    void anUpstreamWorkloadCopiedAnywhereValidatesFromElsewhereThroughTheInstallationRoot() throws IOException {
        Path elsewhere = Files.createDirectories(temp.resolve("elsewhere"));
        Path root = UpstreamPayloads.repositoryRoot();
        Path workload = copiedUpstreamWorkload();

        assertThat(Validation.validate(List.of(workload), registry, new PayloadSearch(elsewhere, Optional.of(root)))
                        .problems())
                .isEmpty();
        assertThat(Validation.validate(List.of(workload), registry, new PayloadSearch(elsewhere, Optional.empty()))
                        .problems())
                .as("without the installation root, nothing has payload/")
                .singleElement()
                .asString()
                .startsWith(workload + ": payloadFile 'payload/payload-1Kb.data' was found nowhere; looked beside the"
                        + " workload file (" + temp.resolve("payload/payload-1Kb.data")
                        + "), in the current directory ("
                        + elsewhere.resolve("payload/payload-1Kb.data") + ");");
    }

    @Test
    void aWorkloadAndADriverAreCheckedTogetherForWhatTheSystemRefuses() {
        Path workload = Path.of("..", "workloads", "quick-start.yaml");
        Path driver = DRIVERS.resolve("fake-small-messages.yaml");

        assertThat(Validation.validate(List.of(workload, driver), registry).problems())
                .containsExactly(workload + " with " + driver + ": a message of 1024 bytes is above the fake's 100");
        assertThat(Validation.validate(List.of(workload, DRIVERS.resolve("fake.yaml")), registry)
                        .problems())
                .isEmpty();
        assertThat(Validation.validate(List.of(driver), registry).problems())
                .as("a driver alone has nothing to compare")
                .isEmpty();
        assertThat(fake.created())
                .hasSize(3)
                .allSatisfy(created -> assertThat(created.closed()).isTrue());
    }
}
