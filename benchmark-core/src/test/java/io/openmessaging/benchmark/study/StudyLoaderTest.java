package io.openmessaging.benchmark.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.config.ConfigException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A study file is checked like every other file: each problem at its line and column, naming its key. */
class StudyLoaderTest {

    @TempDir
    Path project;

    private Path file;

    private static final String GOOD = """
            study: demo-2024
            title: A demo
            source: a blog
            setup:
              hardware: one laptop
              brokers: 1
              versions: {kafka: "3.7"}
              replication: none
              fsync: default
              disks: one SSD
            experiments:
              - name: latency
                workload: workloads/w.yaml
                systems: [kafka]
                drivers:
                  kafka:
                    file: driver-kafka/k.yaml
                    set: [driver.producerConfig.linger.ms=1]
                overrides: [producerRate=1000]
            figures:
              - {id: d-1, experiment: latency, system: kafka, metric: endToEndLatency, percentile: p99, value: 5, unit: ms, configuration: "1 KB", source: "table 1"}
            """;

    @BeforeEach
    void layOut() throws Exception {
        Files.createDirectories(project.resolve("workloads"));
        Files.writeString(project.resolve("workloads/w.yaml"), "name: w\n");
        Files.createDirectories(project.resolve("driver-kafka"));
        Files.writeString(project.resolve("driver-kafka/k.yaml"), "name: K\ndriver: kafka\n");
        Files.createDirectories(project.resolve("driver-pulsar"));
        Files.writeString(project.resolve("driver-pulsar/p.yaml"), "name: P\ndriver: pulsar\n");
        file = project.resolve("studies/demo-2024/study.yaml");
        Files.createDirectories(file.getParent());
    }

    @Test
    void readsAGoodStudyWithPathsRelativeToTheProjectDirectory() throws Exception {
        Files.writeString(file, GOOD);

        Study study = StudyLoader.load(file, Path.of("/nonexistent"));

        assertThat(study.name()).isEqualTo("demo-2024");
        assertThat(study.setup().versions()).containsEntry("kafka", "3.7");
        assertThat(study.experiments()).singleElement().satisfies(experiment -> {
            assertThat(experiment.drivers().get("kafka").file()).isEqualTo("driver-kafka/k.yaml");
            assertThat(experiment.commandLine("kafka"))
                    .isEqualTo("bin/benchmark --drivers driver-kafka/k.yaml --set driver.producerConfig.linger.ms=1"
                            + " --set producerRate=1000 workloads/w.yaml");
        });
        assertThat(study.figures()).singleElement().satisfies(figure -> {
            assertThat(figure.percentile()).isEqualTo(Figure.Percentile.P99);
            assertThat(figure.valueText()).isEqualTo("5");
        });
        assertThat(StudyLoader.names(project)).containsExactly("demo-2024");
    }

    @Test
    void anUnknownKeyIsNamedWithTheNearestAllowedOne() throws Exception {
        Files.writeString(file, GOOD.replace("title:", "titel:").replace("workload: workloads", "workoad: workloads"));

        assertThatThrownBy(() -> StudyLoader.load(file, project))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining(file + ":2:1: unknown key 'titel' (did you mean 'title'?)")
                .hasMessageContaining("missing key 'title'");
        Files.writeString(file, GOOD.replace("workload: workloads", "workoad: workloads"));
        assertThatThrownBy(() -> StudyLoader.load(file, project))
                .hasMessageContaining(file + ":13:14: experiments[0]: unknown key 'workoad' (did you mean 'workload'?)")
                .hasMessageContaining("experiments[0]: missing key 'workload'")
                .hasMessageNotContaining("figures[0]");
    }

    @Test
    void aValueOfTheWrongTypeSaysWhatIsAllowed() throws Exception {
        Files.writeString(
                file, GOOD.replace("brokers: 1", "brokers: three").replace("metric: endToEndLatency", "metric: e2e"));

        assertThatThrownBy(() -> StudyLoader.load(file, project))
                .hasMessageContaining(file + ":6:12: setup.brokers: found 'three', expected an integer number of broker"
                        + " nodes, at least 1")
                .hasMessageContaining("figures[0].metric: found 'e2e', expected one of publishRate, publishLatency,"
                        + " endToEndLatency, throughputRatio, latencyRatio");
    }

    @Test
    void aWorkloadFileThatDoesNotExistIsNamed() throws Exception {
        Files.writeString(file, GOOD.replace("workloads/w.yaml", "workloads/missing.yaml"));

        assertThatThrownBy(() -> StudyLoader.load(file, project))
                .hasMessageContaining(file + ":13:15: experiments[0].workload: 'workloads/missing.yaml' does not exist"
                        + " in the project directory " + project);
    }

    @Test
    void aSystemWithoutDriverSettingsOrWithAnotherSystemsDriverFileIsRefused() throws Exception {
        Files.writeString(file, GOOD.replace("systems: [kafka]", "systems: [kafka, pulsar]"));
        assertThatThrownBy(() -> StudyLoader.load(file, project))
                .hasMessageContaining("experiments[0].drivers: system 'pulsar' has no driver settings here; give"
                        + " drivers.pulsar.file");

        Files.writeString(file, GOOD.replace("driver-kafka/k.yaml", "driver-pulsar/p.yaml"));
        assertThatThrownBy(() -> StudyLoader.load(file, project))
                .hasMessageContaining(file + ":17:15: experiments[0].drivers.kafka.file: 'driver-pulsar/p.yaml' is a"
                        + " driver file of driver 'pulsar', not of system 'kafka'");
    }

    @Test
    void aFigureNamingNoExperimentOfTheStudyIsRefusedWithTheNearestName() throws Exception {
        Files.writeString(file, GOOD.replace("experiment: latency", "experiment: latncy"));

        assertThatThrownBy(() -> StudyLoader.load(file, project))
                .hasMessageContaining("figures[0].experiment: 'latncy' is no experiment of this study (did you mean"
                        + " 'latency'?); the experiments are latency");
    }

    @Test
    void anUncertainFigureNeedsItsReasonAndSettingsGoWhereTheyBelong() throws Exception {
        Files.writeString(
                file,
                GOOD.replace("source: \"table 1\"}", "source: \"table 1\", uncertain: true}")
                        .replace("set: [driver.producerConfig.linger.ms=1]", "set: [producerRate=5]")
                        .replace("overrides: [producerRate=1000]", "overrides: [driver.replicationFactor=1]"));

        assertThatThrownBy(() -> StudyLoader.load(file, project))
                .hasMessageContaining("figures[0].uncertain: true needs a reason")
                .hasMessageContaining("experiments[0].drivers.kafka.set: 'producerRate=5' is no driver setting")
                .hasMessageContaining("experiments[0].overrides: 'driver.replicationFactor=1' is a driver setting");
    }

    @Test
    void theStudyIsNamedAfterItsFolder() throws Exception {
        Files.writeString(file, GOOD.replace("study: demo-2024", "study: other"));

        assertThatThrownBy(() -> StudyLoader.load(file, project))
                .hasMessageContaining(file + ":1:8: study: 'other' is not the name of its folder 'demo-2024'");
    }

    @Test
    void aRatioNamesTheRunsItDividesAndClaimsAndUnpublishedItemsAreRead() throws Exception {
        Files.writeString(
                file,
                GOOD.replace("systems: [kafka]", "systems: [kafka, pulsar]")
                                .replace(
                                        "overrides: [producerRate=1000]",
                                        "  pulsar: {file: driver-pulsar/p.yaml}\n    overrides: [producerRate=1000]")
                        + """
                          - {id: d-2, experiment: latency, system: kafka, metric: latencyRatio, percentile: p99, value: 2, unit: x, of: latency/pulsar, over: latency/kafka, configuration: "c", source: "s"}
                        unpublished:
                          - {experiment: latency, system: kafka, what: "p50", source: "chart only"}
                        claims:
                          - {id: c-1, text: "Kafka below Pulsar", source: "s", metric: endToEndLatency, percentile: p99, increasing: [latency/kafka, latency/pulsar]}
                          - {id: c-2, text: "jump", source: "s", metric: endToEndLatency, percentile: p99.9, ratio: {of: latency/kafka, over: latency/kafka, overPercentile: p99, min: 3}}
                        """);

        Study study = StudyLoader.load(file, project);

        assertThat(study.figures().get(1).of()).isEqualTo("latency/pulsar");
        assertThat(study.figures().get(1).over()).isEqualTo("latency/kafka");
        assertThat(study.unpublished())
                .singleElement()
                .satisfies(item -> assertThat(item.what()).isEqualTo("p50"));
        assertThat(study.claims()).hasSize(2);
        assertThat(study.claims().get(0).order()).isEqualTo(Study.Order.increasing);
        assertThat(study.claims().get(0).runs()).containsExactly("latency/kafka", "latency/pulsar");
        assertThat(study.claims().get(1).overPercentile()).isEqualTo(Figure.Percentile.P99);
        assertThat(study.claims().get(1).min()).isEqualTo(3.0);
    }

    @Test
    void aRatioWithoutItsRunsAndClaimsNamingRunsTheStudyLacksAreRefused() throws Exception {
        Files.writeString(file, GOOD + """
                          - {id: d-2, experiment: latency, system: kafka, metric: throughputRatio, value: 2, unit: x, configuration: "c", source: "s"}
                          - {id: d-3, experiment: latency, system: kafka, metric: publishRate, value: 2, unit: msg/s, of: latency/kafka, configuration: "c", source: "s"}
                        unpublished:
                          - {experiment: latency, system: pulsar, what: "p50", source: "chart only"}
                        claims:
                          - {id: c-1, text: "t", source: "s", metric: publishRate, increasing: [latency/kafka, latncy/kafka]}
                          - {id: c-2, text: "t", source: "s", metric: endToEndLatency, increasing: [latency/kafka], decreasing: [latency/kafka]}
                          - {id: c-3, text: "t", source: "s", metric: endToEndLatency, percentile: p99, ratio: {of: latency/kafka, over: latency}}
                          - {id: c-4, text: "t", source: "s", metric: publishLatency, ratio: {of: latency/kafka, over: latency/kafka, min: 1}}
                        """);

        assertThatThrownBy(() -> StudyLoader.load(file, project))
                .hasMessageContaining(
                        "figures[1].of: missing for the ratio metric throughputRatio; give the run divided"
                                + " as EXPERIMENT/SYSTEM")
                .hasMessageContaining("figures[2].of: only a ratio (throughputRatio, latencyRatio) names runs")
                .hasMessageContaining("unpublished[0]: 'pulsar' is not one of the systems of experiment 'latency'")
                .hasMessageContaining(
                        "claims[0].increasing: 'latncy' is no experiment of this study (did you mean" + " 'latency'?)")
                .hasMessageContaining("claims[1]: give exactly one of increasing, decreasing or ratio, not increasing"
                        + " and decreasing")
                .hasMessageContaining("claims[2].ratio.over: 'latency' is not EXPERIMENT/SYSTEM")
                .hasMessageContaining("claims[3].percentile: missing for publishLatency");
    }

    @Test
    void theSettingsARatioOrAClaimIsAboutAreReadAndMustNameADriverWorkloadOrBrokerSetting() throws Exception {
        String twoSystems = GOOD.replace("systems: [kafka]", "systems: [kafka, pulsar]")
                .replace(
                        "overrides: [producerRate=1000]",
                        "  pulsar: {file: driver-pulsar/p.yaml}\n    overrides: [producerRate=1000]");
        Files.writeString(file, twoSystems + """
                          - {id: d-2, experiment: latency, system: kafka, metric: throughputRatio, value: 2, unit: x, of: latency/pulsar, over: latency/kafka, varies: [driver.replicationFactor], configuration: "c", source: "s"}
                        claims:
                          - {id: c-1, text: "t", source: "s", metric: publishRate, decreasing: [latency/kafka, latency/pulsar], varies: [driver.replicationFactor, broker.journalSyncData, workload.partitionsPerTopic]}
                        """);

        Study study = StudyLoader.load(file, project);

        assertThat(study.figures().get(0).varies()).isEmpty();
        assertThat(study.figures().get(1).varies()).containsExactly("driver.replicationFactor");
        assertThat(study.claims().get(0).varies())
                .containsExactly("driver.replicationFactor", "broker.journalSyncData", "workload.partitionsPerTopic");

        Files.writeString(file, twoSystems + """
                          - {id: d-2, experiment: latency, system: kafka, metric: publishRate, value: 2, unit: msg/s, varies: [driver.acks], configuration: "c", source: "s"}
                          - {id: d-3, experiment: latency, system: kafka, metric: throughputRatio, value: 2, unit: x, of: latency/pulsar, over: latency/kafka, varies: [replicationFactor], configuration: "c", source: "s"}
                        claims:
                          - {id: c-1, text: "t", source: "s", metric: publishRate, decreasing: [latency/kafka, latency/pulsar], varies: [driver.replicationFactor=2]}
                          - {id: c-2, text: "t", source: "s", metric: endToEndLatency, percentile: p99.9, ratio: {of: latency/kafka, over: latency/kafka, overPercentile: p99, min: 3}, varies: [driver.acks]}
                        """);

        assertThatThrownBy(() -> StudyLoader.load(file, project))
                .hasMessageContaining("figures[1].varies: only a ratio (throughputRatio, latencyRatio) compares two"
                        + " runs' settings; remove it")
                .hasMessageContaining("figures[2].varies: 'replicationFactor' names no setting; give driver.KEY,"
                        + " workload.KEY or broker.KEY")
                .hasMessageContaining("claims[0].varies: 'driver.replicationFactor=2' names no setting")
                .hasMessageContaining("claims[1].varies: the ratio divides two statistics of one run, which differs"
                        + " from itself in nothing; remove it");
    }

    private static final String SECOND_EXPERIMENT = """
              - name: latency-third
                workload: workloads/w.yaml
                systems: [kafka]
                drivers:
                  kafka:
                    file: driver-kafka/k.yaml
            """;

    @Test
    void peakBrokerConfigAndPeakFractionAreRead() throws Exception {
        Files.writeString(
                file,
                GOOD.replace(
                                "overrides: [producerRate=1000]",
                                "peak: true\n    brokerConfig: {kafka: [log.flush.interval.messages=1]}")
                        .replace(
                                "figures:",
                                SECOND_EXPERIMENT + "    peakExperiment: latency\n    peakFraction: 0.33\nfigures:"));

        Study study = StudyLoader.load(file, project);

        Experiment peak = study.experiments().get(0);
        assertThat(peak.peak()).isTrue();
        assertThat(peak.brokerConfigOf("kafka")).containsExactly("log.flush.interval.messages=1");
        assertThat(peak.brokerConfigOf("pulsar")).isEmpty();
        Experiment third = study.experiments().get(1);
        assertThat(third.peak()).isFalse();
        assertThat(third.peakExperiment()).isEqualTo("latency");
        assertThat(third.peakFraction()).isEqualTo(0.33);
    }

    @Test
    void aPeakFractionNeedsAnEarlierPeakExperimentOnTheSameSystems() throws Exception {
        Files.writeString(
                file,
                GOOD.replace(
                        "figures:", SECOND_EXPERIMENT + "    peakExperiment: latncy\n    peakFraction: 1.5\nfigures:"));
        assertThatThrownBy(() -> StudyLoader.load(file, project))
                .hasMessageContaining(
                        "experiments[1].peakFraction: 1.5 is out of range; give a fraction above 0, at" + " most 1");

        Files.writeString(
                file,
                GOOD.replace(
                        "figures:", SECOND_EXPERIMENT + "    peakExperiment: latncy\n    peakFraction: 0.5\nfigures:"));
        assertThatThrownBy(() -> StudyLoader.load(file, project))
                .hasMessageContaining("experiments[1].peakExperiment: 'latncy' is no earlier experiment of this study"
                        + " (did you mean 'latency'?)");

        Files.writeString(
                file,
                GOOD.replace(
                        "figures:",
                        SECOND_EXPERIMENT + "    peakExperiment: latency\n    peakFraction: 0.5\nfigures:"));
        assertThatThrownBy(() -> StudyLoader.load(file, project))
                .hasMessageContaining("experiments[1].peakExperiment: 'latency' has no peak: true");

        Files.writeString(file, GOOD.replace("figures:", SECOND_EXPERIMENT + "    peakFraction: 0.5\nfigures:"));
        assertThatThrownBy(() -> StudyLoader.load(file, project))
                .hasMessageContaining("experiments[1].peakFraction: give peakExperiment and peakFraction together");
    }

    @Test
    void brokerConfigIsAListOfSettingsPerSystemOfTheExperiment() throws Exception {
        Files.writeString(
                file, GOOD.replace("overrides: [producerRate=1000]", "brokerConfig: {pulsar: [journalSyncData]}"));

        assertThatThrownBy(() -> StudyLoader.load(file, project))
                .hasMessageContaining("experiments[0].brokerConfig.pulsar: 'journalSyncData' is no broker setting;"
                        + " write KEY=VALUE");

        Files.writeString(
                file,
                GOOD.replace("overrides: [producerRate=1000]", "brokerConfig: {pulsar: [journalSyncData=false]}"));
        assertThatThrownBy(() -> StudyLoader.load(file, project))
                .hasMessageContaining("experiments[0].brokerConfig.pulsar: 'pulsar' is not one of the experiment's"
                        + " systems [kafka]");
    }
}
