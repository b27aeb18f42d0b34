package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.testing.CommandLineRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/benchmark validate} on study files: the shipped ones pass, a bad one is reported line by line. */
class StudyValidationTest {

    private final CommandLineRun cli = new CommandLineRun();

    @Test
    void validateChecksEveryShippedStudyFile() {
        assertThat(cli.run(
                        "validate",
                        "../studies/confluent-2020/study.yaml",
                        "../studies/dobbelaere-2017/study.yaml",
                        "../studies/pulsar-latency-2019/study.yaml",
                        "../studies/redpanda-2022/study.yaml"))
                .as(cli.stderr())
                .isZero();
        assertThat(cli.stdout()).contains("4 file(s) valid");
    }

    @Test
    void validateReportsAStudysProblemsAtTheirLines(@TempDir Path project) throws Exception {
        Path file = project.resolve("studies/demo/study.yaml");
        Files.createDirectories(file.getParent());
        Files.writeString(file, """
                study: demo
                title: A demo
                source: a blog
                setup: {hardware: a laptop, brokers: 1, versions: {kafka: "3.7"}, replication: none, fsync: default, disks: SSD}
                experiments:
                  - name: latency
                    workload: workloads/none.yaml
                    systems: [kafka]
                    drivers: {}
                figures:
                  - {id: d-1, experiment: latncy, system: kafka, metric: publishRate, value: 1, unit: msg/s, configuration: x, source: y}
                """);

        assertThat(cli.run("validate", file.toString())).isEqualTo(Benchmark.EXIT_FAILED);

        assertThat(cli.stderr())
                .contains("error: " + file + ":7:15: experiments[0].workload: 'workloads/none.yaml' does not exist")
                .contains(file + ":9:14: experiments[0].drivers: system 'kafka' has no driver settings here")
                .contains(file + ":11:27: figures[0].experiment: 'latncy' is no experiment of this study (did you"
                        + " mean 'latency'?)")
                .contains("3 problem(s) in 1 file(s) checked");
    }
}
