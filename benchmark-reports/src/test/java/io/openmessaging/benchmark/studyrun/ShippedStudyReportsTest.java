package io.openmessaging.benchmark.studyrun;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.openmessaging.benchmark.study.Study;
import io.openmessaging.benchmark.study.StudyLoader;
import io.openmessaging.benchmark.testing.CoreFixtures;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The report of each shipped study, before anything ran: its published column is the study facts' value,
 * range, approximation, bound and unit (the core's golden copy of the facts, {@code study/study-facts.yaml}),
 * the uncertain ones are marked, and every measured cell says "not run".
 */
class ShippedStudyReportsTest {

    private static final Path PROJECT = Path.of("..");

    private static final Map<String, String> FACTS_KEY = Map.of(
            "confluent-2020", "confluent-2020",
            "dobbelaere-2017", "kafka-vs-rabbitmq-2017",
            "redpanda-2022", "redpanda-2022",
            "pulsar-latency-2019", "pulsar-latency-2019");

    @ParameterizedTest
    @ValueSource(strings = {"confluent-2020", "dobbelaere-2017", "pulsar-latency-2019", "redpanda-2022"})
    void thePublishedColumnIsTheFacts(String name) throws Exception {
        JsonNode facts = new ObjectMapper(new YAMLFactory())
                .readTree(CoreFixtures.path("study/study-facts.yaml").toFile())
                .get(FACTS_KEY.get(name))
                .get("results");
        Study study = StudyLoader.load(StudyLoader.fileOf(PROJECT, name), PROJECT);
        StudyRunRecord nothingRan = new StudyRunRecord();
        nothingRan.study = name;

        List<StudyReportContent.Block> blocks =
                StudyReportContent.of(StudyComparison.of(study, nothingRan, PROJECT, PROJECT));

        StudyReportContent.Table figures = blocks.stream()
                .filter(block -> block instanceof StudyReportContent.Table)
                .map(block -> (StudyReportContent.Table) block)
                .filter(table ->
                        table.header().get(0).equals("id") && table.header().contains("published"))
                .findFirst()
                .orElseThrow();
        assertThat(figures.rows()).hasSize(study.figures().size());
        List<String> differences = new ArrayList<>();
        for (List<String> row : figures.rows()) {
            JsonNode fact = null;
            for (JsonNode candidate : facts) {
                if (candidate.get("id").asText().equals(row.get(0))) {
                    fact = candidate;
                }
            }
            if (fact == null) {
                differences.add(row.get(0) + ": not in the facts");
                continue;
            }
            String expected = published(fact);
            if (!row.get(4).equals(expected)) {
                differences.add(row.get(0) + ": published '" + row.get(4) + "', the facts '" + expected + "'");
            }
            String uncertain = fact.path("uncertain").asBoolean(false) ? "uncertain" : "";
            if (!row.get(5).equals(uncertain)) {
                differences.add(row.get(0) + ": uncertain '" + row.get(5) + "', the facts '" + uncertain + "'");
            }
            if (!row.get(6).equals("not run") && !row.get(6).endsWith(" not run")) {
                differences.add(row.get(0) + ": measured '" + row.get(6) + "' before anything ran");
            }
        }
        assertThat(differences).isEmpty();
    }

    /** The facts' figure as the report writes it: {@code ~3 to 5 x}, {@code <10 ms}, {@code 305.69 MB/s}. */
    private static String published(JsonNode fact) {
        String bound = fact.path("bound").asText("");
        String value = plain(fact.get("value").asDouble());
        String range =
                fact.hasNonNull("value_min") ? plain(fact.get("value_min").asDouble()) + " to " + value : value;
        return (fact.path("approx").asBoolean(false) ? "~" : "")
                + (bound.equals("upper") ? "<" : bound.equals("lower") ? ">" : "")
                + range + " " + fact.get("unit").asText();
    }

    private static String plain(double number) {
        return number == Math.rint(number)
                ? String.valueOf((long) number)
                : BigDecimal.valueOf(number).stripTrailingZeros().toPlainString();
    }
}
