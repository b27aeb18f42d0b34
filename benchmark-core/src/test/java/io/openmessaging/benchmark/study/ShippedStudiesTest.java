package io.openmessaging.benchmark.study;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every study the repository ships reads without a problem, and its figures are the published ones: each
 * figure's value, range, bound, unit, statistic and uncertainty against the study facts ({@code
 * study/study-facts.yaml}, the golden copy of the facts every study file was written from).
 */
class ShippedStudiesTest {

    private static final Path PROJECT = Path.of("..");

    /** The facts file names the 2017 study after its title. */
    private static final Map<String, String> FACTS_KEY = Map.of(
            "confluent-2020", "confluent-2020",
            "dobbelaere-2017", "kafka-vs-rabbitmq-2017",
            "redpanda-2022", "redpanda-2022",
            "pulsar-latency-2019", "pulsar-latency-2019");

    private static JsonNode facts;

    @BeforeAll
    static void readFacts() throws Exception {
        try (InputStream in = ShippedStudiesTest.class.getResourceAsStream("/study/study-facts.yaml")) {
            facts = new ObjectMapper(new YAMLFactory()).readTree(in);
        }
    }

    @Test
    void theRepositoryShipsTheFourStudies() throws Exception {
        assertThat(StudyLoader.names(PROJECT))
                .containsExactly("confluent-2020", "dobbelaere-2017", "pulsar-latency-2019", "redpanda-2022");
    }

    @ParameterizedTest
    @ValueSource(strings = {"confluent-2020", "dobbelaere-2017", "pulsar-latency-2019", "redpanda-2022"})
    void everyFigureIsThePublishedOne(String name) throws Exception {
        Study study = StudyLoader.load(StudyLoader.fileOf(PROJECT, name), PROJECT);

        assertThat(study.name()).isEqualTo(name);
        assertThat(study.figures()).isNotEmpty();
        List<String> differences = new ArrayList<>();
        for (Figure figure : study.figures()) {
            JsonNode fact = fact(FACTS_KEY.get(name), figure.id());
            if (fact == null) {
                differences.add(figure.id() + ": not in the facts");
                continue;
            }
            compare(
                    differences,
                    figure,
                    "value",
                    figure.value(),
                    fact.get("value").asDouble());
            compare(
                    differences,
                    figure,
                    "valueMin",
                    figure.valueMin(),
                    fact.hasNonNull("value_min") ? fact.get("value_min").asDouble() : null);
            compare(
                    differences,
                    figure,
                    "unit",
                    figure.unit().toString(),
                    fact.get("unit").asText());
            compare(
                    differences,
                    figure,
                    "uncertain",
                    figure.uncertain(),
                    fact.path("uncertain").asBoolean(false));
            compare(
                    differences,
                    figure,
                    "approx",
                    figure.approx(),
                    fact.path("approx").asBoolean(false));
            compare(
                    differences,
                    figure,
                    "bound",
                    figure.bound() == null ? null : figure.bound().name(),
                    fact.hasNonNull("bound") ? fact.get("bound").asText() : null);
            String percentile =
                    fact.hasNonNull("percentile") ? fact.get("percentile").asText() : null;
            if (percentile == null || percentile.matches("avg|mean|max|p[0-9.]+")) {
                compare(
                        differences,
                        figure,
                        "percentile",
                        figure.percentile() == null ? null : figure.percentile().toString(),
                        percentile);
            }
            assertThat(fact.path("kind").asText())
                    .as(figure.id() + " is the authors' own")
                    .isNotEqualTo("cited");
        }
        assertThat(differences).isEmpty();
    }

    @Test
    void theConfluentHeadlineFiguresAreTheSummaryTable() throws Exception {
        Study study = StudyLoader.load(StudyLoader.fileOf(PROJECT, "confluent-2020"), PROJECT);

        assertThat(study.figures())
                .filteredOn(figure -> List.of("cf-001", "cf-002", "cf-003", "cf-004", "cf-005")
                        .contains(figure.id()))
                .extracting(Figure::id, Figure::system, Figure::metric, Figure::valueText, Figure::unit)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(
                                "cf-001", "kafka", Figure.Metric.publishRate, "605", Figure.Unit.MB_PER_S),
                        org.assertj.core.groups.Tuple.tuple(
                                "cf-002", "pulsar", Figure.Metric.publishRate, "305", Figure.Unit.MB_PER_S),
                        org.assertj.core.groups.Tuple.tuple(
                                "cf-003", "rabbitmq", Figure.Metric.publishRate, "38", Figure.Unit.MB_PER_S),
                        org.assertj.core.groups.Tuple.tuple(
                                "cf-004", "kafka", Figure.Metric.endToEndLatency, "5", Figure.Unit.MS),
                        org.assertj.core.groups.Tuple.tuple(
                                "cf-005", "pulsar", Figure.Metric.endToEndLatency, "25", Figure.Unit.MS));
    }

    @Test
    void thePulsarLatencyStudyHoldsEveryTableCellOfItsTwelveTests() throws Exception {
        Study study = StudyLoader.load(StudyLoader.fileOf(PROJECT, "pulsar-latency-2019"), PROJECT);

        assertThat(study.experiments()).hasSize(12);
        assertThat(study.figures()).filteredOn(figure -> !figure.uncertain()).hasSize(192);
        assertThat(study.figures())
                .filteredOn(Figure::uncertain)
                .extracting(Figure::id)
                .containsExactly("pl-p02", "pl-p06", "pl-p07");
        assertThat(study.figuresOf("t07-kafka-default-1-partition"))
                .filteredOn(figure -> figure.metric() == Figure.Metric.publishLatency
                        && figure.percentile() == Figure.Percentile.P99_9)
                .extracting(Figure::value)
                .containsExactly(149.616);
    }

    /** "Up to medium load": a window of 10 confirms cannot carry the Kafka latency tests' 10,000 msg/s here. */
    @Test
    void rabbitMqLatencyRunsAtHalfThePeakOfTheSameConfirmWindow() throws Exception {
        Study study = StudyLoader.load(StudyLoader.fileOf(PROJECT, "dobbelaere-2017"), PROJECT);

        Experiment latency = study.experiment("rabbitmq-latency").orElseThrow();
        Experiment peak = study.experiment(latency.peakExperiment()).orElseThrow();
        assertThat(latency.peakFraction()).isEqualTo(0.5);
        assertThat(peak.peak()).isTrue();
        assertThat(peak.drivers()).isEqualTo(latency.drivers());
    }

    private static JsonNode fact(String study, String id) {
        for (JsonNode result : facts.get(study).get("results")) {
            if (result.get("id").asText().equals(id)) {
                return result;
            }
        }
        return null;
    }

    @ParameterizedTest
    @ValueSource(strings = {"confluent-2020", "dobbelaere-2017", "pulsar-latency-2019", "redpanda-2022"})
    void everyRatioNamesItsRunsAndEveryStudyHasClaimsARunCanCheck(String name) throws Exception {
        Study study = StudyLoader.load(StudyLoader.fileOf(PROJECT, name), PROJECT);

        assertThat(study.figures())
                .filteredOn(Figure::isRatio)
                .allSatisfy(figure -> assertThat(figure.of()).isNotNull().isNotEqualTo(figure.over()));
        assertThat(study.claims()).isNotEmpty();
    }

    @Test
    void theMissingChartOnlyNumbersAreListedPerRun() throws Exception {
        Study confluent = StudyLoader.load(StudyLoader.fileOf(PROJECT, "confluent-2020"), PROJECT);

        assertThat(confluent.unpublished())
                .anySatisfy(item -> {
                    assertThat(item.experiment()).isEqualTo("latency-200k");
                    assertThat(item.what()).startsWith("end-to-end latency other than p99");
                })
                .anySatisfy(item -> assertThat(item.experiment()).isEqualTo("kafka-fsync-every-message"));
        Study dobbelaere = StudyLoader.load(StudyLoader.fileOf(PROJECT, "dobbelaere-2017"), PROJECT);
        assertThat(dobbelaere.figures())
                .filteredOn(figure -> figure.id().equals("kr-015"))
                .singleElement()
                .satisfies(figure -> assertThat(figure.of()).isEqualTo("kafka-throughput-unreplicated/kafka"));
    }

    private static void compare(List<String> differences, Figure figure, String what, Object ours, Object published) {
        if (ours == null ? published != null : !ours.equals(published)) {
            differences.add(figure.id() + " " + what + ": " + ours + ", published " + published);
        }
    }
}
