package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.testing.CommandLineRun;
import io.openmessaging.benchmark.workload.PayloadSearch;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code bin/benchmark study list} and {@code study show NAME} on the repository's studies: what they print and their
 * exit codes.
 */
class StudyCommandTest {

    private static final Path PROJECT = Path.of("..");

    private final CommandLineRun cli = new CommandLineRun();

    private int study(String... args) {
        return cli.run((all, out, err) -> StudyCommand.run(all, out, err, PROJECT), args);
    }

    @Test
    void listPrintsOneLinePerStudyWithItsSystemsExperimentsAndFigures() {
        assertThat(study("list")).as(cli.stderr()).isZero();

        assertThat(cli.stdout().lines())
                .hasSize(4)
                .anySatisfy(line -> assertThat(line)
                        .startsWith("confluent-2020 ")
                        .contains("kafka,pulsar,rabbitmq", " 5 experiments", "  14 figures")
                        .endsWith("Benchmarking Apache Kafka, Apache Pulsar, and RabbitMQ: Which is the Fastest?"))
                .anySatisfy(line -> assertThat(line)
                        .startsWith("pulsar-latency-2019 ")
                        .contains("pulsar,kafka", "12 experiments", " 195 figures"));
    }

    @Test
    void showPrintsTheSetupTheExperimentsWithTheirDriverSettingsAndTheFigures() {
        assertThat(study("show", "confluent-2020")).as(cli.stderr()).isZero();

        assertThat(cli.stdout())
                .startsWith(
                        "confluent-2020: Benchmarking Apache Kafka, Apache Pulsar, and RabbitMQ: Which is the Fastest?\n")
                .contains("File: studies/confluent-2020/study.yaml\n")
                .contains("  brokers      3\n")
                .contains("  versions     kafka 2.6, pulsar 2.6, rabbitmq 3.8.5, java 11\n")
                .contains(
                        "    workload   workloads/confluent-2020/1-topic-100-partitions-1kb-4-producers-500k-rate.yaml\n")
                .contains(
                        "    kafka      driver-kafka/kafka-throughput.yaml --set driver.producerConfig.linger.ms=10\n")
                .contains("    run        bin/benchmark --drivers driver-kafka/kafka-throughput.yaml --set"
                        + " driver.producerConfig.linger.ms=10"
                        + " workloads/confluent-2020/1-topic-100-partitions-1kb-4-producers-500k-rate.yaml\n")
                .contains("    overrides  producerRate=30000\n")
                .contains("\nFigures (14)\n")
                .containsPattern("  cf-001 +peak-throughput +kafka +publishRate +- +605 +MB/s +peak stable throughput")
                .containsPattern("  cf-004 +latency-200k +kafka +endToEndLatency +p99 +5 +ms ")
                .containsPattern("  cf-012 .* ~3 to 5 +x ")
                .containsPattern("  cf-021 .* msg/s +uncertain +classic queues")
                .contains("\nUncertain figures\n  cf-021: The text does not say whether");
    }

    @Test
    void anUnknownStudyIsAUsageErrorNamingTheNearestOne() {
        assertThat(study("show", "confluent-2021")).isEqualTo(Benchmark.EXIT_USAGE);

        assertThat(cli.stderr())
                .contains("error: no study 'confluent-2021' (did you mean 'confluent-2020'?); the studies are"
                        + " confluent-2020, dobbelaere-2017, pulsar-latency-2019, redpanda-2022");
        assertThat(cli.stdout()).isEmpty();
    }

    @Test
    void anUnknownActionIsAUsageErrorNamingTheActions() {
        assertThat(study("rerun", "confluent-2020")).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr())
                .contains("error: unknown study action 'rerun' (did you mean 'run'?); the actions are list, show, run,"
                        + " report");
        assertThat(study("lst")).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr()).contains("error: unknown study action 'lst' (did you mean 'list'?)");
        assertThat(study()).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(study("show")).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr()).contains("'study show' takes one study name; the studies are confluent-2020");
    }

    @Test
    void theCommandLineFindsTheStudiesOfTheInstallationRoot() {
        String before = System.getProperty(PayloadSearch.INSTALLATION_ROOT_PROPERTY);
        System.setProperty(
                PayloadSearch.INSTALLATION_ROOT_PROPERTY,
                PROJECT.toAbsolutePath().toString());
        try {
            assertThat(cli.run("study", "list")).as(cli.stderr()).isZero();
            assertThat(cli.stdout()).contains("redpanda-2022 ");
            assertThat(cli.run("study", "show", "dobbelaere-2017"))
                    .as(cli.stderr())
                    .isZero();
            assertThat(cli.stdout()).contains("kr-028");
        } finally {
            if (before == null) {
                System.clearProperty(PayloadSearch.INSTALLATION_ROOT_PROPERTY);
            } else {
                System.setProperty(PayloadSearch.INSTALLATION_ROOT_PROPERTY, before);
            }
        }
    }
}
