package io.openmessaging.benchmark.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.driver.SystemClock;
import io.openmessaging.benchmark.drivers.DriverConfigurationLoader;
import io.openmessaging.benchmark.drivers.DriverRegistry;
import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.workload.DriverConfiguration;
import io.openmessaging.benchmark.workload.Workload;
import io.openmessaging.benchmark.workload.WorkloadLoader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One workload run from start to result file, with the in-process worker and the loopback driver. */
class WorkloadRunnerIT {

    private static final String WORKLOAD = """
            name: runner
            topics: 1
            partitionsPerTopic: 1
            messageSize: 100
            subscriptionsPerTopic: 1
            consumerPerSubscription: 1
            producersPerTopic: 1
            producerRate: 1000
            warmupDuration: 0s
            testDuration: 2s
            sampleRateMillis: 1000
            """;

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void aRunThatDeliversPassesWritesItsResultAndPrintsTheSummaryBeforeNamingTheFile() throws Exception {
        WorkloadRunner.Outcome outcome = runner(List.of(), "7.1-test")
                .run(workload(), loopback(), List.of(), driver -> WorkerRoles.Topology.SPLIT);

        assertThat(outcome.status()).isEqualTo(WorkloadRunner.Status.PASSED);
        assertThat(outcome.resultFile()).exists().hasParent(dir);
        TestResult written = ResultFiles.read(outcome.resultFile());
        assertThat(written.complete).isTrue();
        assertThat(written.version).isEqualTo("7.1-test");
        assertThat(written.totalMessagesReceived)
                .isEqualTo(written.totalMessagesSent)
                .isGreaterThan(1500L);
        String printed = text(out);
        assertThat(printed).startsWith("=== workload runner (w.yaml) with driver Loopback (loopback.yaml)\n");
        assertThat(printed.indexOf("SUMMARY sent=" + written.totalMessagesSent))
                .isPositive()
                .isLessThan(printed.indexOf("Result written to " + outcome.resultFile()));
        assertThat(text(err)).doesNotContain("error");
    }

    @Test
    void theDriverFilesWarningsAreRecordedInTheResultMetadata() throws Exception {
        List<String> warnings = List.of(
                "loopback.yaml:3:3: key 'producerConfig' sets property 'lingr.ms', which is not a property the client"
                        + " defines");

        WorkloadRunner.Outcome outcome =
                runner(List.of(), null).run(workload(), loopback(), warnings, driver -> WorkerRoles.Topology.SPLIT);

        assertThat(outcome.status()).isEqualTo(WorkloadRunner.Status.PASSED);
        assertThat(ResultFiles.read(outcome.resultFile()).metadata.configWarnings)
                .containsExactlyElementsOf(warnings);
    }

    @Test
    void theLoopbackDriverSplitOverTwoWorkersIsRefusedBeforeAnyWorkerIsReached() throws Exception {
        // nothing listens on these: a refusal that reached them would fail differently
        List<String> urls = List.of("http://127.0.0.1:" + freePort(), "http://127.0.0.1:" + freePort());

        WorkloadRunner.Outcome outcome =
                runner(urls, null).run(workload(), loopback(), List.of(), driver -> WorkerRoles.Topology.SPLIT);

        assertThat(outcome.status()).isEqualTo(WorkloadRunner.Status.REFUSED);
        assertThat(outcome.result()).isNull();
        assertThat(text(err)).contains("add --topology SWARM");
        try (var files = Files.list(dir)) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    void aWorkerThatCannotBeReachedFailsTheRunNamingIt() throws Exception {
        String url = "http://127.0.0.1:" + freePort();

        WorkloadRunner.Outcome outcome =
                runner(List.of(url), null).run(workload(), loopback(), List.of(), driver -> WorkerRoles.Topology.SPLIT);

        assertThat(outcome.status()).isEqualTo(WorkloadRunner.Status.FAILED);
        assertThat(text(err)).contains("error: worker").contains("is not reachable");
    }

    private WorkloadRunner runner(List<String> urls, String serviceVersion) {
        return new WorkloadRunner(
                new WorkloadRunner.Workers(urls, null, false),
                RunOptions.defaults(dir),
                serviceVersion,
                List.of("test"),
                (workload, result, to) -> to.println("SUMMARY sent=" + result.totalMessagesSent),
                SystemClock.INSTANCE,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                false);
    }

    private static Workload workload() throws Exception {
        return WorkloadLoader.parse(WORKLOAD, "w.yaml");
    }

    private static DriverConfiguration loopback() throws Exception {
        return DriverConfigurationLoader.parse(
                "name: Loopback\ndriver: loopback\n", "loopback.yaml", new DriverRegistry());
    }

    private static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static String text(ByteArrayOutputStream stream) {
        return stream.toString(StandardCharsets.UTF_8);
    }
}
