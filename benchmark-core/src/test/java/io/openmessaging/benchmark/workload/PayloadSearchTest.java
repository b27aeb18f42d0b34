package io.openmessaging.benchmark.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.config.ConfigException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a relative payloadFile is found: beside the workload, then the current directory, then the installation root. */
class PayloadSearchTest {

    private static final String PAYLOAD = "payload/p.data";

    @TempDir
    Path temp;

    private Path workloadDir;
    private Path currentDir;
    private Path installRoot;
    private Workload workload;

    @BeforeEach
    void threePlaces() throws Exception {
        workloadDir = Files.createDirectories(temp.resolve("copied-to"));
        currentDir = Files.createDirectories(temp.resolve("started-in"));
        installRoot = Files.createDirectories(temp.resolve("installed-in"));
        workload = WorkloadLoader.load(Files.writeString(workloadDir.resolve("w.yaml"), workloadText(PAYLOAD)));
    }

    @Test
    void besideTheWorkloadFileComesFirst() throws Exception {
        write(workloadDir, 1);
        write(currentDir, 2);
        write(installRoot, 3);

        assertThat(search().resolve(workload)).isEqualTo(workloadDir.resolve(PAYLOAD));
        assertThat(PayloadFiles.read(workload, search()).get(0)).containsExactly(1);
    }

    @Test
    void theCurrentDirectoryComesBeforeTheInstallationRoot() throws Exception {
        write(currentDir, 2);
        write(installRoot, 3);

        assertThat(search().resolve(workload)).isEqualTo(currentDir.resolve(PAYLOAD));
    }

    @Test
    void theInstallationRootIsTheLastPlace() throws Exception {
        write(installRoot, 3);

        assertThat(PayloadFiles.read(workload, search()).get(0)).containsExactly(3);
    }

    @Test
    void aPayloadFoundNowhereNamesEveryPlaceTriedInOrder() {
        assertThatThrownBy(() -> PayloadFiles.read(workload, search()))
                .isInstanceOf(ConfigException.class)
                .hasMessage(workloadDir.resolve("w.yaml") + ": payloadFile 'payload/p.data' was found nowhere; looked"
                        + " beside the workload file (" + workloadDir.resolve(PAYLOAD) + "), in the current directory ("
                        + currentDir.resolve(PAYLOAD) + "), in the installation root (" + installRoot.resolve(PAYLOAD)
                        + "); give an absolute path, or one relative to one of these");
    }

    @Test
    void withoutAKnownInstallationRootTwoPlacesAreTried() {
        PayloadSearch withoutRoot = new PayloadSearch(currentDir, Optional.empty());

        assertThat(withoutRoot.places(workload))
                .extracting(PayloadSearch.Place::where)
                .containsExactly("beside the workload file", "in the current directory");
    }

    @Test
    void aPlaceThatIsTwoOfThemIsTriedOnce() {
        PayloadSearch startedInTheRoot = new PayloadSearch(installRoot, Optional.of(installRoot));

        assertThat(startedInTheRoot.places(workload))
                .extracting(PayloadSearch.Place::path)
                .containsExactly(workloadDir.resolve(PAYLOAD), installRoot.resolve(PAYLOAD));
    }

    @Test
    void aWorkloadNotReadFromAFileHasNoPlaceBesideIt() throws Exception {
        Workload parsed = WorkloadLoader.parse(workloadText(PAYLOAD), "not a file.yaml");

        assertThat(search().places(parsed))
                .extracting(PayloadSearch.Place::where)
                .containsExactly("in the current directory", "in the installation root");
    }

    @Test
    void anAbsolutePathIsTakenAsItIs() throws Exception {
        Path absolute = write(installRoot, 3);
        Workload pointing = WorkloadLoader.load(
                Files.writeString(workloadDir.resolve("absolute.yaml"), workloadText(absolute.toString())));

        assertThat(search().places(pointing))
                .extracting(PayloadSearch.Place::path)
                .containsExactly(absolute);
        assertThat(PayloadFiles.read(pointing, search()).get(0)).containsExactly(3);
    }

    @Test
    void aMissingAbsolutePathSaysItDoesNotExist() throws Exception {
        Path missing = temp.resolve("nowhere.data");
        Workload pointing = WorkloadLoader.load(
                Files.writeString(workloadDir.resolve("absolute.yaml"), workloadText(missing.toString())));

        assertThatThrownBy(() -> PayloadFiles.read(pointing, search()))
                .isInstanceOf(ConfigException.class)
                .hasMessage(workloadDir.resolve("absolute.yaml") + ": payloadFile '" + missing
                        + "' does not exist; give the path of a payload file or directory");
    }

    @Test
    void thisProcessSearchesItsWorkingDirectory() {
        assertThat(PayloadSearch.ofThisProcess().currentDirectory())
                .isEqualTo(Path.of("").toAbsolutePath().normalize());
    }

    private PayloadSearch search() {
        return new PayloadSearch(currentDir, Optional.of(installRoot));
    }

    private static Path write(Path root, int content) throws IOException {
        Path file = root.resolve(PAYLOAD);
        Files.createDirectories(file.getParent());
        return Files.write(file, new byte[] {(byte) content});
    }

    private static String workloadText(String payloadFile) {
        return """
                topics: 1
                partitionsPerTopic: 1
                payloadFile: "%s"
                producersPerTopic: 1
                producerRate: 1000
                testDuration: 1m
                """.formatted(payloadFile);
    }
}
