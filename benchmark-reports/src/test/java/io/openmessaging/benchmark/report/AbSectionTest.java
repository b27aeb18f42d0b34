package io.openmessaging.benchmark.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.abtest.AbAnalysis;
import io.openmessaging.benchmark.abtest.AbFixtures;
import io.openmessaging.benchmark.abtest.AbRunsDirectory;
import io.openmessaging.benchmark.abtest.AbVerdictsFiles;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/benchmark report} given an A/B comparison's JSON, or its directory: its runs and its section. */
class AbSectionTest {

    @TempDir
    Path dir;

    private Path json;

    @BeforeEach
    void aComparisonOfSixRunsASideWithBFourTimesSlower() throws IOException {
        Random random = new Random(1);
        AbFixtures.write(dir, "A-old", AbFixtures.results(6, random, 1.0, 1.0));
        AbFixtures.write(dir, "B-new", AbFixtures.results(6, random, 4.0, 1.0));
        AbRunsDirectory runs = AbRunsDirectory.read(dir);
        json = dir.resolve(AbVerdictsFiles.FILE_NAME);
        AbVerdictsFiles.write(new AbAnalysis().compare(runs.labelA(), runs.runsA(), runs.labelB(), runs.runsB()), json);
    }

    @Test
    void theJsonBringsItsRunsAndItsSection() throws IOException {
        ReportInputs inputs = ReportInputs.load(List.of(json));

        assertThat(inputs.runs()).hasSize(12);
        assertThat(inputs.abTests())
                .singleElement()
                .satisfies(test -> assertThat(test.title()).isEqualTo("A/B comparison: A = old, B = new"));
        StringWriter html = new StringWriter();
        new HtmlReport(Instant.EPOCH).withAbTests(inputs.abTests()).writeOut(inputs.runs(), html);
        assertThat(html.toString())
                .contains(
                        "<section id=\"ab-tests\"><h2>A/B comparisons</h2>",
                        "<td class=\"run\">endToEndResponseTime.p99</td>",
                        "<span class=\"badge bad\">slower</span>",
                        // no threshold was given: "passed" under "slower" said what was never checked
                        "<h3>A/B comparison: A = old, B = new <span class=\"badge\">no threshold given</span></h3>",
                        // which result files are A and which B
                        "<li><b>A = old</b>: <code>A-old/run-01/",
                        "<li><b>B = new</b>: <code>B-new/run-01/")
                .doesNotContain("badge ok\">passed");
    }

    @Test
    void aDirectoryBringsTheComparisonWhichIsNotReadAsAResult() throws IOException {
        ReportInputs inputs = ReportInputs.load(List.of(dir));

        assertThat(inputs.abTests()).hasSize(1);
        assertThat(inputs.runs()).hasSize(12).noneMatch(run -> run.file().endsWith(AbVerdictsFiles.FILE_NAME));
    }

    @Test
    void aReportWithoutComparisonHasNoSection() throws IOException {
        StringWriter html = new StringWriter();
        new HtmlReport(Instant.EPOCH)
                .writeOut(ReportInputs.load(List.of(dir.resolve("A-old"))).runs(), html);

        assertThat(html.toString()).doesNotContain("id=\"ab-tests\"");
    }
}
