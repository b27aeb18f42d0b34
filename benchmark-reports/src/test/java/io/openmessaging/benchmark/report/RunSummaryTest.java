package io.openmessaging.benchmark.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.result.LeftOutWorker;
import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.TestResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The block printed at the end of a run, pinned by a golden file written from the golden result. After an
 * intended change: {@code mvn test -pl benchmark-reports -Dtest=RunSummaryTest -DregenerateGolden=true},
 * then read the diff.
 */
class RunSummaryTest {

    private static final Path GOLDEN_RESULT = ConfluentFixtures.ourGoldenResult();
    private static final Path GOLDEN_SUMMARY = Path.of("src/test/resources/report/two-period-run-summary.txt");

    @Test
    void aCompleteRunReadsAsTheGoldenSummary() throws Exception {
        TestResult result = ResultFiles.read(GOLDEN_RESULT);

        List<String> lines = RunSummary.lines(result, "target 1,000 msg/s");

        String text = String.join("\n", lines) + "\n";
        if (Boolean.getBoolean("regenerateGolden")) {
            Files.writeString(GOLDEN_SUMMARY, text);
        }
        assertThat(text).isEqualTo(Files.readString(GOLDEN_SUMMARY));
    }

    @Test
    void aFailedRunSaysWhyFirstAndMissingValuesAreDashes() throws Exception {
        TestResult result = ResultFiles.read(GOLDEN_RESULT);
        result.complete = false;
        result.failureReason = "no send completed or failed for 10 s while 20064 were in flight";
        result.aggregatedEndToEndLatencyMax = null;
        result.totalMessagesNotSent = null;

        List<String> lines = RunSummary.lines(result, "target 1,000 msg/s");

        assertThat(lines.get(0)).endsWith(": FAILED: no send completed or failed for 10 s while 20064 were in flight");
        assertThat(lines)
                .anySatisfy(line ->
                        assertThat(line).startsWith("  end-to-end latency").endsWith("—"));
        assertThat(lines).anySatisfy(line -> assertThat(line).contains("— never sent"));
    }

    @Test
    void aTransactionalRunAddsItsCommitsAndTheCommitLatencyBucketsOfEveryWorker() throws Exception {
        TestResult result = ResultFiles.read(GOLDEN_RESULT);
        result.metadata.driverCounters.put("redpanda.transactionsCommitted", 100L);
        result.metadata.driverCounters.put("redpanda.transactionsAborted", 2L);
        result.metadata.driverCounters.put("redpanda.transactionCommitMs.le.5", 60L);
        result.metadata.driverCounters.put("redpanda.transactionCommitMs.le.10", 39L);
        result.metadata.driverCounters.put("redpanda.transactionCommitMs.le.50", 1L);

        List<String> lines = RunSummary.lines(result, "target 1,000 msg/s");

        assertThat(lines.get(lines.size() - 1))
                .isEqualTo("  transactions 100 committed, 2 aborted; commit latency,"
                        + " ms (whole run): p50 ≤ 5, p99 ≤ 10, max ≤ 50");
        assertThat(RunSummary.lines(ResultFiles.read(GOLDEN_RESULT), "target 1,000 msg/s"))
                .noneSatisfy(line -> assertThat(line).contains("transactions"));
    }

    @Test
    void countsThatMissAWorkersLastPollAreMarkedPartialNamingItAndSince() throws Exception {
        TestResult result = ResultFiles.read(GOLDEN_RESULT);
        result.complete = false;
        result.failureReason = "worker http://10.0.0.2:8080 has not answered for 10 s";
        LeftOutWorker cut = new LeftOutWorker();
        cut.worker = "http://10.0.0.2:8080";
        cut.lastAnswerEpochMillis = 1_738_328_729_000L;
        cut.lastAnswerTime = "2025-01-31-13-05-29";
        result.countsPartial = List.of(cut);

        List<String> lines = RunSummary.lines(result, "target 1,000 msg/s");

        int messages = lines.indexOf(lines.stream()
                .filter(line -> line.startsWith("  messages "))
                .findFirst()
                .orElseThrow());
        assertThat(lines.get(messages + 1))
                .isEqualTo("  PARTIAL     these counts miss what worker http://10.0.0.2:8080 did after its last poll"
                        + " at 2025-01-31-13-05-29 UTC: acknowledged − received is not loss");
    }
}
