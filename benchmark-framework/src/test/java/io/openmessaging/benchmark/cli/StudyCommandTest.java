package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.testing.CommandLineRun;
import io.openmessaging.benchmark.workload.PayloadSearch;
import java.nio.file.Path;
import java.util.List;
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
                        .contains("kafka,pulsar,rabbitmq", " 6 experiments", "  14 figures")
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
    void showPrintsWhatIsNotPublishedAsANumberAndEachClaimWithWhatItCompares() {
        assertThat(study("show", "confluent-2020")).as(cli.stderr()).isZero();

        assertThat(cli.stdout())
                .contains("\nNot published as a number (6)\n"
                        + "  latency-200k/kafka: end-to-end latency other than p99 (p50, p75, p95, p99.9, p99.99, max);"
                        + " Figures 12 and 13, charts only\n")
                .contains("  kafka-fsync-every-message/kafka: every number for Kafka with fsync on every message: its"
                        + " peak throughput and all of its latency percentiles; Figure 7 and the dotted line of Figure"
                        + " 13, charts only\n")
                .contains("\nClaims (2)\n"
                        + "  cf-c01: Kafka's end-to-end latency (default fsync) is below Pulsar's (p99 5 against 25 ms"
                        + " at 200K msg/s)\n"
                        + "    increasing endToEndLatency p99: latency-200k/kafka < latency-200k/pulsar\n"
                        + "    figures    cf-004, cf-005\n"
                        + "    source     Confluent post, latency results\n"
                        + "  cf-c02: Kafka's peak throughput is above Pulsar's (605 against 305 MB/s)\n"
                        + "    decreasing publishRate: peak-throughput/kafka > peak-throughput/pulsar\n"
                        + "    figures    cf-001, cf-002, cf-017, cf-016, cf-015, cf-023\n"
                        + "    source     Confluent post, summary table\n");
    }

    @Test
    void showPrintsARatioClaimWithItsStatisticsAndBounds() {
        assertThat(study("show", "pulsar-latency-2019")).as(cli.stderr()).isZero();

        assertThat(cli.stdout())
                .contains("\nClaims (9)\n")
                .contains("  pl-c06: Kafka pays for fsync: at 1 partition its average publish latency with fsync is"
                        + " at least 1.5 times the default's")
                .contains("    ratio      publishLatency avg of t10-kafka-fsync-1-partition/kafka over publishLatency"
                        + " avg of t07-kafka-default-1-partition/kafka, at least 1.5\n"
                        + "    about      driver.topicConfig.flush.messages\n"
                        + "    figures    pl-t07-pub-avg, pl-t10-pub-avg\n"
                        + "    source     DataStax post, Kafka results\n")
                .contains("    ratio      publishLatency p99.9 of t07-kafka-default-1-partition/kafka over"
                        + " publishLatency p99 of t07-kafka-default-1-partition/kafka, at least 3\n"
                        + "    figures    pl-t07-pub-p99, pl-t07-pub-p99.9\n")
                .contains("    ratio      publishLatency avg of t01-pulsar-fsync-1-partition/pulsar over"
                        + " publishLatency avg of t04-pulsar-no-fsync-1-partition/pulsar, at most 1.25\n");
        long claims = cli.stdout()
                .lines()
                .filter(line -> line.matches("  pl-c\\d\\d: .*"))
                .count();
        assertThat(claims).isEqualTo(9);
    }

    @Test
    void everyShippedStudyShowsAllOfItsClaimsAndUnpublishedItems() {
        int claims = 0;
        int unpublished = 0;
        for (String name : List.of("confluent-2020", "dobbelaere-2017", "pulsar-latency-2019", "redpanda-2022")) {
            cli.reset();
            assertThat(study("show", name)).as(cli.stderr()).isZero();
            String text = cli.stdout();
            int claimsAt = text.indexOf("\nClaims (");
            claims += (int) text.substring(claimsAt)
                    .lines()
                    .filter(line -> line.matches("  [a-z]+-c\\d+: .*"))
                    .count();
            int unpublishedAt = text.indexOf("\nNot published as a number (");
            if (unpublishedAt >= 0) {
                unpublished += (int) text.substring(unpublishedAt, claimsAt)
                        .lines()
                        .filter(line -> line.startsWith("  "))
                        .count();
            }
        }
        assertThat(claims).as("the claims of the four study files").isEqualTo(19);
        assertThat(unpublished)
                .as("the unpublished items of the four study files (the 2019 one has none)")
                .isEqualTo(17);
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
