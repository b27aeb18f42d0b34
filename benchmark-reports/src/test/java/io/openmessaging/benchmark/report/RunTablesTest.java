package io.openmessaging.benchmark.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.TestResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The run tables' cells that must read alike across our files and upstream's. */
class RunTablesTest {

    @Test
    void sendErrorsAreACountInEveryRowEvenForFilesWithOnlyRates() {
        TestResult ours = new TestResult();
        ours.totalSendErrors = 0L;
        assertThat(RunTables.sendErrors(ours)).hasValue("0");

        TestResult upstreamClean = new TestResult();
        upstreamClean.publishErrorRate = new ArrayList<>(Arrays.asList(0.0, 0.0, 0.0));
        assertThat(RunTables.sendErrors(upstreamClean))
                .as("no /s beside counts")
                .hasValue("0");

        TestResult upstreamFailing = new TestResult();
        upstreamFailing.publishErrorRate = new ArrayList<>(Arrays.asList(0.0, 1.5, 2.0));
        assertThat(RunTables.sendErrors(upstreamFailing))
                .as("3.5/s over 10 s periods")
                .hasValue("≈35");

        upstreamFailing.sampleRateMillis = 1000;
        assertThat(RunTables.sendErrors(upstreamFailing)).hasValue("≈4");

        assertThat(RunTables.sendErrors(new TestResult())).isEmpty();
    }

    @Test
    void upstreamsWholeMillisecondEndToEndLatenciesGetANoteOursDoNot() throws Exception {
        ReportRun upstream = new ReportRun(
                ConfluentFixtures.file("kafka/latency/sync-200k.json"),
                "upstream",
                ResultFiles.read(ConfluentFixtures.file("kafka/latency/sync-200k.json")));
        ReportRun ours = new ReportRun(
                ConfluentFixtures.ourGoldenResult(), "ours", ResultFiles.read(ConfluentFixtures.ourGoldenResult()));

        assertThat(RunTables.wholeMillisecondEndToEnd(upstream.result())).isTrue();
        assertThat(RunTables.wholeMillisecondEndToEnd(ours.result())).isFalse();
        assertThat(RunTables.notes(List.of(upstream, ours))).contains("End-to-end latencies are whole milliseconds");
        assertThat(RunTables.notes(List.of(ours))).doesNotContain("whole milliseconds");
    }

    @Test
    void theThroughputTableShowsTheTargetBesideWhatWasAchievedAndOnlyForFilesThatHoldIt() throws Exception {
        ReportRun ours = new ReportRun(
                ConfluentFixtures.ourGoldenResult(), "ours", ResultFiles.read(ConfluentFixtures.ourGoldenResult()));
        ReportRun upstream = new ReportRun(
                ConfluentFixtures.file("kafka/latency/sync-200k.json"),
                "upstream",
                ResultFiles.read(ConfluentFixtures.file("kafka/latency/sync-200k.json")));

        String both = RunTables.throughput(List.of(ours, upstream));

        assertThat(both)
                .contains("<th>Target<br><small>msg/s</small></th><th>Publish<br><small>msg/s</small></th>"
                        + "<th>Publish ÷ target</th>")
                .contains("<td>1,000</td><td>999.9</td><td>100.0 %</td>");
        assertThat(RunTables.throughput(List.of(upstream)))
                .doesNotContain("Target")
                .doesNotContain("÷ target");
    }
}
