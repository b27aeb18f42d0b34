package io.openmessaging.benchmark.studyrun;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.report.ConfluentFixtures;
import io.openmessaging.benchmark.study.Study;
import io.openmessaging.benchmark.study.StudyLoader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The study report of the Confluent 2020 study built from the result files Confluent published with it
 * (the core's fixtures) and a study run record naming them ({@code src/test/resources/studyrun/}), against
 * golden files there (the record files Confluent's two fsync runs, made with 1 MB batches, under the study's
 * 10 KB fsync pair: the report's arithmetic, not the study's claim, is what is checked); the actual output is
 * left in {@code target/actual-*} to compare. Regenerate with {@code
 * -Dstudy.report.golden.update=true}.
 */
class StudyReportGoldenTest {

    static final Path PROJECT = Path.of("..");
    private static final Path GOLDEN = Path.of("src/test/resources/studyrun/confluent-2020");

    /** A study run directory: the fixture record, and the Confluent result files where it says they are. */
    static Path confluentRun(Path directory) throws IOException {
        Files.copy(GOLDEN.resolve(StudyRunFiles.RECORD_FILE_NAME), directory.resolve(StudyRunFiles.RECORD_FILE_NAME));
        for (String file : ConfluentFixtures.FILES) {
            Path target = directory.resolve(file);
            Files.createDirectories(target.getParent());
            Files.copy(ConfluentFixtures.file(file), target);
        }
        return directory;
    }

    static StudyComparison confluentComparison(Path directory) throws Exception {
        Study study = StudyLoader.load(StudyLoader.fileOf(PROJECT, "confluent-2020"), PROJECT);
        StudyRunRecord record = StudyRunFiles.read(StudyRunFiles.recordFile(confluentRun(directory)));
        return StudyComparison.of(study, record, directory, PROJECT);
    }

    @Test
    void theConfluentReportOfItsOwnPublishedResultsMatchesTheGoldenFiles(@TempDir Path directory) throws Exception {
        StudyComparison comparison = confluentComparison(directory);
        List<StudyReportContent.Block> blocks = StudyReportContent.of(comparison);

        String markdown = StudyReportMarkdown.render(blocks);
        String html = StudyReportHtml.render(blocks);

        assertGolden(markdown, "study-report.md");
        assertThat(html)
                .startsWith("<!DOCTYPE html>\n" + StudyReportHtml.MARKER)
                .contains("<title>Study report: confluent-2020, Benchmarking Apache Kafka")
                .contains("<h2 id=\"figures\">Published figures beside measured ones</h2>")
                .contains("<td class=\"text\">cf-001</td>")
                .contains("<h2 id=\"claims\">Claims</h2>")
                .contains("<td class=\"text verdict-holds\">holds here</td>")
                .contains("not published as a number (Figures 12 and 13, charts only)")
                .contains("table.figures")
                .doesNotContain("<script");
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target/actual-study-report.html"), html, StandardCharsets.UTF_8);
    }

    private static void assertGolden(String actual, String name) throws IOException {
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target/actual-" + name), actual, StandardCharsets.UTF_8);
        if (Boolean.getBoolean("study.report.golden.update")) {
            Files.writeString(GOLDEN.resolve(name), actual, StandardCharsets.UTF_8);
        }
        assertThat(actual).isEqualTo(Files.readString(GOLDEN.resolve(name), StandardCharsets.UTF_8));
    }
}
