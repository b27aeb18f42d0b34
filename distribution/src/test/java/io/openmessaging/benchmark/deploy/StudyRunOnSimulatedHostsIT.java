package io.openmessaging.benchmark.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.studies.RepositoryBenchmark;
import io.openmessaging.benchmark.studyrun.StudyRunFiles;
import io.openmessaging.benchmark.studyrun.StudyRunRecord;
import io.openmessaging.benchmark.testing.LocalBrokerScripts;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/benchmark study run --local-hosts} as a user runs it: one experiment of dobbelaere-2017 on Kafka
 * (kafka-latency-replicated: replication factor 2, acks=1) at a tenth of its rate for 20 s, on a three-broker
 * cluster the study run brings up on simulated hosts ({@code bin/local-hosts up --layout kafka}), deploys with
 * the playbook ({@code bin/local-hosts deploy}) and takes down after the run. The run must be done on three
 * brokers with the experiment's replication factor, the record must say where the brokers came from, how many
 * and which version, and no simulated host may be left. Root only (docs/studies.md); otherwise reported skipped.
 * About 5 to 6 minutes, so it runs with {@code bin/test --clusters} or by name.
 */
class StudyRunOnSimulatedHostsIT {

    private final SimulatedHosts hosts = new SimulatedHosts();

    @TempDir
    Path output;

    @Test
    void aKafkaExperimentRunsOnThreeBrokersDeployedForItAndTheHostsAreDownAfterwards() throws Exception {
        hosts.assumePrerequisites();
        long started = System.nanoTime();
        RepositoryBenchmark.Result studyRun = RepositoryBenchmark.studyRunAtATenth(
                "dobbelaere-2017",
                output,
                "--experiment",
                "kafka-latency-replicated",
                "--system",
                "kafka",
                "--local-hosts",
                "--duration",
                "20s",
                "--warmup",
                "5s");
        int exitCode = studyRun.exitCode();
        String err = studyRun.stderr();
        String stdout = studyRun.stdout();
        System.out.println(stdout);
        System.out.printf("study run --local-hosts: %d s%n", SimulatedHosts.seconds(started));
        LocalBrokerScripts.Result status = hosts.run(120, "status");
        if (status.exitCode() != 3) {
            hosts.run(300, "down"); // leave nothing for the next test, then fail below
        }

        assertThat(exitCode).as(stdout + err).isZero();
        assertThat(stdout)
                .containsPattern("=== kafka: 3 brokers up in \\d+ s and deployed in \\d+ s \\(kafka [0-9.]+\\)")
                .containsPattern("\\[1/1] kafka-latency-replicated on kafka: starting on the simulated cluster \\(3"
                        + " brokers, kafka [0-9.]+\\)")
                .contains("[1/1] kafka-latency-replicated on kafka: done in ")
                .contains("=== kafka: simulated hosts down (bin/local-hosts down)")
                .contains("Study run of dobbelaere-2017: 1 done, 0 failed, 0 kept");

        StudyRunRecord record = StudyRunFiles.read(StudyRunFiles.recordFile(output));
        assertThat(record.brokers).isEqualTo("local-hosts");
        assertThat(record.complete).isTrue();
        StudyRunRecord.Run run = record.runs.get(0);
        assertThat(run.status).isEqualTo(StudyRunRecord.DONE);
        assertThat(run.brokerCount).isEqualTo(3);
        assertThat(run.brokerVersion).matches("[0-9.]+");
        assertThat(run.driverSettings)
                .startsWith(
                        "driver.replicationFactor=2",
                        "driver.producerConfig.acks=1",
                        "driver.producerConfig.linger.ms=0")
                .anyMatch(setting -> setting.matches(
                        "driver\\.commonConfig\\.bootstrap\\.servers=(10\\.214\\.1\\.1[1-3]:9092,?){3}"));
        assertThat(run.brokerNotApplied).isNull();

        TestResult result = ResultFiles.read(output.resolve(run.resultFile));
        assertThat(result.complete).as(result.failureReason).isTrue();
        assertThat(result.totalMessagesReceived).isPositive();
        assertThat(result.metadata.brokerInfo).containsEntry("kafka.brokerCount", "3");
        assertThat(result.metadata.driverYaml).containsPattern("(?m)^\\s*replicationFactor:\\s*2\\s*$");

        assertThat(status.exitCode())
                .as("bin/local-hosts status after the study run: %s", status.output())
                .isEqualTo(3);
        assertThat(status.output()).contains("simulated hosts: none");
    }
}
