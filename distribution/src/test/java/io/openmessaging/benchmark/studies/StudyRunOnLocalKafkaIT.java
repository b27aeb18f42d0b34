package io.openmessaging.benchmark.studies;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.studyrun.StudyRunFiles;
import io.openmessaging.benchmark.studyrun.StudyRunRecord;
import io.openmessaging.benchmark.testing.LocalBrokerScripts;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/benchmark study run --local-brokers} on real Kafka: dobbelaere-2017's two Kafka latency experiments,
 * each on a fresh single-node broker that {@code bin/local-broker} starts and stops, at a tenth of the rate
 * for 10 s. The driver is pointed at the broker (replication factor 1 over the experiment's 2) and the
 * broker's version is recorded.
 */
class StudyRunOnLocalKafkaIT {

    @TempDir
    Path output;

    @Test
    void twoExperimentsRunEachOnAFreshLocalBroker() throws Exception {
        assumeTrue(
                LocalBrokerScripts.isFreeLoopbackPort(19092) && LocalBrokerScripts.isFreeLoopbackPort(19093),
                "ports 19092/19093 are in use (another local Kafka), where --local-brokers starts its brokers");
        RepositoryBenchmark.Result studyRun = RepositoryBenchmark.studyRunAtATenth(
                "dobbelaere-2017",
                output,
                "--experiment",
                "kafka-latency",
                "--experiment",
                "kafka-latency-replicated",
                "--local-brokers",
                "--duration",
                "10s",
                "--warmup",
                "0");
        int exitCode = studyRun.exitCode();
        String err = studyRun.stderr();

        String stdout = studyRun.stdout();
        assertThat(exitCode).as(stdout + err).isZero();
        assertThat(stdout)
                .containsPattern("\\[1/2] kafka-latency on kafka: starting a local broker \\(kafka [0-9.]+\\)")
                .contains("Study run of dobbelaere-2017: 2 done, 0 failed, 0 kept");
        StudyRunRecord record = StudyRunFiles.read(StudyRunFiles.recordFile(output));
        assertThat(record.brokers).isEqualTo("local");
        assertThat(record.complete).isTrue();
        for (StudyRunRecord.Run run : record.runs) {
            assertThat(run.brokerVersion).matches("[0-9.]+");
            assertThat(run.driverSettings)
                    .endsWith(
                            "driver.commonConfig.bootstrap.servers=127.0.0.1:19092",
                            "driver.replicationFactor=1",
                            "driver.topicConfig.min.insync.replicas=1");
            assertThat(run.workloadSettings)
                    .containsExactly("producerRate=1000", "testDuration=10s", "warmupDuration=0");
            TestResult result = ResultFiles.read(output.resolve(run.resultFile));
            assertThat(result.complete).isTrue();
            assertThat(result.totalMessagesReceived).isPositive();
        }
        assertThat(LocalBrokerScripts.isFreeLoopbackPort(19092))
                .as("the last broker was stopped")
                .isTrue();
    }
}
