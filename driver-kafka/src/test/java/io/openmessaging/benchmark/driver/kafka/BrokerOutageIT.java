package io.openmessaging.benchmark.driver.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.cli.Benchmark;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import io.openmessaging.benchmark.testing.BrokerOutageContract;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The broker-outage drills ({@link BrokerOutageContract}) against a real local Kafka broker (KRaft). */
class BrokerOutageIT extends BrokerOutageContract<LocalKafkaBroker> {

    @TempDir
    Path runDir;

    /**
     * The broker killed 2 s before the end of the measured phase: the producer blocks in kafka-clients'
     * send (no metadata, a full buffer), the stop at the end waits its grace and then interrupts it. That
     * interrupt is the tool's own doing: no send error, and no completion that would restart the stall
     * clock. So the run fails one stall limit after the broker's last answer, not a grace period later.
     */
    @Test
    void aProducerInterruptedAtTheStopIsNoSendErrorAndTheStallLimitCountsFromTheBrokersLastAnswer() throws Exception {
        LocalKafkaBroker broker = startOwnBroker();
        try {
            Path driver = Files.writeString(runDir.resolve(driverFileName()), driverYaml(broker));
            Path workload = BenchmarkRuns.workload(runDir, "kill-before-stop", 4, 1, 1, 2000, "5s", "10s", 1000);
            BenchmarkRuns.Outcome outcome;
            long killedEpochMillis;
            try (BenchmarkRuns.Drill drill = BenchmarkRuns.Drill.at(Duration.ofSeconds(8), 1000, broker::kill)) {
                outcome = BenchmarkRuns.run(
                        runDir,
                        drill,
                        "-d",
                        driver.toString(),
                        "--stall-timeout-seconds",
                        "10",
                        "--drain-timeout-seconds",
                        "60",
                        workload.toString());
                killedEpochMillis = drill.actionStartedEpochMillis();
            }
            TestResult result = outcome.result();
            assertThat(outcome.exitCode()).as(outcome.stderr()).isEqualTo(Benchmark.EXIT_FAILED);
            assertThat(result.failureReason).contains("no send completed or failed for 10 s");
            assertThat(result.totalSendErrors)
                    .as("no broker answered with an error")
                    .isZero();
            // the stall limit (10 s) after the kill, plus the stop's grace at most once, not twice
            long killToEndMillis = result.metadata.endTimeEpochMillis - killedEpochMillis;
            assertThat(killToEndMillis).as(outcome.stderr()).isLessThan(18_000);
        } finally {
            broker.close();
        }
    }

    /** Kafka's default message.max.bytes (1 MiB + 12) and max.request.size (1 MiB): 2 MiB exceeds both. */
    private static final int TOO_LARGE_MESSAGE_BYTES = 2 * 1024 * 1024;

    @Override
    protected LocalKafkaBroker startOwnBroker() {
        return LocalKafkaBroker.start(false);
    }

    @Override
    protected LocalKafkaBroker sharedBroker() {
        return SharedLocalKafka.plaintextBroker();
    }

    @Override
    protected void close(LocalKafkaBroker broker) {
        broker.close();
    }

    @Override
    protected void kill(LocalKafkaBroker broker) {
        broker.kill();
    }

    @Override
    protected void pause(LocalKafkaBroker broker) {
        broker.pause();
    }

    @Override
    protected void resume(LocalKafkaBroker broker) {
        broker.resume();
    }

    @Override
    protected boolean isPaused(LocalKafkaBroker broker) {
        return broker.isPaused();
    }

    @Override
    protected String address(LocalKafkaBroker broker) {
        return broker.bootstrapServers();
    }

    @Override
    protected String driverFileName() {
        return "kafka-local.yaml";
    }

    @Override
    protected String driverYaml(LocalKafkaBroker broker) throws Exception {
        return SharedLocalKafka.shippedYamlFor("kafka-local.yaml", broker);
    }

    @Override
    protected int tooLargeMessageBytes() {
        return TOO_LARGE_MESSAGE_BYTES;
    }

    /** The producer's max.request.size raised to 4 MiB, so that the client sends what the broker refuses. */
    @Override
    protected String driverYamlForLargeMessages(LocalKafkaBroker broker) throws Exception {
        String yaml = driverYaml(broker);
        String raised = yaml.replace("producerConfig: |\n", "producerConfig: |\n  max.request.size=4194304\n");
        if (raised.equals(yaml)) {
            throw new IllegalStateException(
                    "kafka-local.yaml has no producerConfig block to raise max.request.size in");
        }
        return raised;
    }
}
