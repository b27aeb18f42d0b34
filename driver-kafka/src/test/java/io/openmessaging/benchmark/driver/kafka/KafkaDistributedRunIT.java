package io.openmessaging.benchmark.driver.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import io.openmessaging.benchmark.testing.WorkerProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Distributed runs against the real local broker with upstream's producer/consumer role split. */
class KafkaDistributedRunIT {

    @TempDir
    Path dir;

    private final List<WorkerProcess> workers = new ArrayList<>();

    @AfterEach
    void stopWorkers() throws InterruptedException {
        for (WorkerProcess worker : workers) {
            worker.close();
        }
    }

    @ParameterizedTest(name = "{0} workers, extra consumers: {1}")
    @CsvSource({"2, false", "3, true"})
    void splitRolesDeliverEveryMessage(int workerCount, boolean extraConsumers) throws Exception {
        List<String> urls = new ArrayList<>();
        for (int i = 0; i < workerCount; i++) {
            WorkerProcess worker = WorkerProcess.start();
            workers.add(worker);
            urls.add(worker.url());
        }
        LocalKafkaBroker broker = SharedLocalKafka.plaintextBroker();
        Path driver = Files.writeString(
                dir.resolve("kafka-local.yaml"), SharedLocalKafka.shippedYamlFor("kafka-local.yaml", broker));
        Path workload = BenchmarkRuns.workload(dir, "distributed-kafka", 16, 2, 2, 2000, "5s", "10s", 5000);
        List<String> args = new ArrayList<>(List.of("-d", driver.toString(), "-w", String.join(",", urls)));
        if (extraConsumers) {
            args.add("-x");
        }
        args.add(workload.toString());

        BenchmarkRuns.Outcome outcome = BenchmarkRuns.run(dir, args.toArray(new String[0]));

        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        TestResult result = outcome.result();
        assertThat(result.complete).isTrue();
        assertThat(result.totalSendErrors).isZero();
        assertThat(result.totalMessagesSent).isGreaterThan(25_000L);
        assertThat(result.totalMessagesReceived).isEqualTo(result.totalMessagesSent);
        assertThat(result.metadata.clockOffsets).hasSize(2 * workerCount);
    }
}
