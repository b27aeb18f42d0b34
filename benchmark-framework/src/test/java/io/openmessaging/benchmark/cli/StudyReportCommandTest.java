package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.report.ConfluentFixtures;
import io.openmessaging.benchmark.testing.CommandLineRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/benchmark study report DIR}: the files it writes, what it prints, its exit codes, and that it
 * replaces only a report of its own. The study run is the fixture record of the reports module beside the
 * result files Confluent published with its 2020 study.
 */
class StudyReportCommandTest {

    private static final Path PROJECT = Path.of("..");
    private static final Path RECORD =
            Path.of("../benchmark-reports/src/test/resources/studyrun/confluent-2020/study-run.json");

    @TempDir
    Path directory;

    private final CommandLineRun cli = new CommandLineRun();

    /** Runs {@code bin/benchmark study ARGS…} on the studies of {@link #PROJECT}; {@code cli} keeps its output only. */
    private int study(String... args) {
        cli.reset();
        return cli.run((all, out, err) -> StudyCommand.run(all, out, err, PROJECT), args);
    }

    private void studyRun() throws Exception {
        Files.copy(RECORD, directory.resolve("study-run.json"));
        for (String file : ConfluentFixtures.FILES) {
            Path target = directory.resolve(file);
            Files.createDirectories(target.getParent());
            Files.copy(ConfluentFixtures.file(file), target);
        }
    }

    @Test
    void writesTheMarkdownAndHtmlReportsAndPrintsTheSummary() throws Exception {
        studyRun();

        assertThat(study("report", directory.toString())).as(cli.stderr()).isZero();

        assertThat(cli.stdout().lines())
                .containsExactly(
                        "confluent-2020: 14 of 14 figures compared; 8 of 8 runs done; claims: 2 holding, 0 not"
                                + " holding, 0 not run.",
                        "wrote " + directory.resolve("study-report.md"),
                        "wrote " + directory.resolve("study-report.html"));
        assertThat(Files.readString(directory.resolve("study-report.md")))
                .contains("| cf-001 | peak-throughput | kafka | publishRate | 605 MB/s |  | 604.5 MB/s |");
        assertThat(Files.readString(directory.resolve("study-report.html"))).contains("<h2 id=\"claims\">Claims</h2>");
    }

    @Test
    void aSecondReportReplacesItsOwnButKeepsAnyOtherFileOfThatName() throws Exception {
        studyRun();
        assertThat(study("report", directory.toString())).isZero();
        Files.writeString(directory.resolve("study-report.html"), "<p>my notes</p>");

        assertThat(study("report", directory.toString())).as(cli.stderr()).isZero();

        assertThat(cli.stdout())
                .contains("wrote " + directory.resolve("study-report.md") + "\n")
                .contains("wrote " + directory.resolve("study-report-1.html"));
        assertThat(cli.stderr())
                .contains("note: " + directory.resolve("study-report.html") + " exists and is no study report; kept"
                        + " it and wrote " + directory.resolve("study-report-1.html"));
        assertThat(Files.readString(directory.resolve("study-report.html"))).isEqualTo("<p>my notes</p>");
        assertThat(directory.resolve("study-report-1.md")).doesNotExist();
    }

    @Test
    void aDirectoryWithoutARecordIsAUsageErrorThatSaysWhatItMustHold() {
        assertThat(study("report", directory.toString())).isEqualTo(Benchmark.EXIT_USAGE);

        assertThat(cli.stderr())
                .contains("error: " + directory.resolve("study-run.json") + " does not exist; give the directory of"
                        + " a study run, which holds study-run.json and the result files it names (bin/benchmark"
                        + " study run writes them)");
        assertThat(study("report")).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr()).contains("error: give the directory of a study run");
        assertThat(study("report", directory.toString(), "--studyfile", "x")).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr()).contains("error: unknown option '--studyfile' of study report");
    }

    @Test
    void anUnreadableRecordOrResultFails() throws Exception {
        Files.writeString(directory.resolve("study-run.json"), "{\"studyRunSchemaVersion\": 1, \"runs\": [");

        assertThat(study("report", directory.toString())).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(cli.stderr()).contains("not a readable study run record");

        Files.delete(directory.resolve("study-run.json"));
        studyRun();
        Files.writeString(directory.resolve("kafka/latency/default-sync-200k.json"), "{\"publishRate\": [");
        assertThat(study("report", directory.toString())).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(cli.stderr()).contains("default-sync-200k.json");
        assertThat(directory.resolve("study-report.md")).doesNotExist();
    }

    @Test
    void aStudyFileOfAnotherStudyIsRefused() throws Exception {
        studyRun();

        assertThat(study("report", directory.toString(), "--study-file", "../studies/redpanda-2022/study.yaml"))
                .isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr()).contains("is a run of study 'confluent-2020', not of 'redpanda-2022'");
    }
}
